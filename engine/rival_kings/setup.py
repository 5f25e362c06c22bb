"""Rival Kings set-up: the four piles, the money under them, purses, markers and the first hands."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.rival_kings.data import (
    BUILDING_IDS,
    CARDS,
    CHARACTERS,
    HAND_SIZE,
    PILE_SIZE,
    START_MARKERS,
    SUBJECT_IDS,
    TOTAL_MARKERS,
)
from engine.rival_kings.options import RivalKingsOptions
from engine.rival_kings.state import RivalKingsState


def new_game(options: RivalKingsOptions, seats: int, seed: int) -> RivalKingsState:
    """Shuffle the cards into two building and two subject piles; the 32 cards left over are the
    money (their backs say 1 or 2 coins): one 2-coin card under each pile, and a 2 and three 1s
    in each purse. Then deal the first characters."""
    rng = Rng.from_seed(seed)
    b = list(BUILDING_IDS)
    sub = list(SUBJECT_IDS)
    rng.shuffle(b)
    rng.shuffle(sub)
    piles = [b[:PILE_SIZE], b[PILE_SIZE : 2 * PILE_SIZE], sub[:PILE_SIZE], sub[PILE_SIZE : 2 * PILE_SIZE]]
    left = b[2 * PILE_SIZE :] + sub[2 * PILE_SIZE :]
    ones = sum(1 for c in left if CARDS[c].back == 1)
    twos = len(left) - ones
    s = RivalKingsState(
        seats=seats,
        rng=rng,
        phase="choose",
        round=1,
        cycle=1,
        piles=piles,
        pile_ones=[0] * 4,
        pile_twos=[1] * 4,
        supply_ones=ones - 3 * seats,
        supply_twos=twos - 4 - seats,
        purse_ones=[3] * seats,
        purse_twos=[1] * seats,
        total_ones=ones,
        total_twos=twos,
        buildings=[[] for _ in range(seats)],
        subjects=[[] for _ in range(seats)],
        markers=[START_MARKERS] * seats,
        marker_supply=TOTAL_MARKERS - START_MARKERS * seats,
        hands=[[] for _ in range(seats)],
        played=[None] * seats,
        spent=[[] for _ in range(seats)],
        aside=[],
        pile_shown=[],
        pile_card=None,
        tie=[False] * seats,
        crests=[],
        ability_used=[False] * seats,
        watch=[False] * seats,
        window=[],
        to_go=[],
        turn=-1,
        steal_from=[],
        stack=[],
        cursor=0,
        single=[""] * seats,
        stall_end=options.stalemate,
    )
    deal(s)
    return s


def deal(s: RivalKingsState) -> None:
    """Start a round: all 12 characters shuffled, 3 to each hand. With three players the rest lie
    aside unseen; with two they form the face-down pile that turns up one card a cycle."""
    chars = list(range(len(CHARACTERS)))
    s.rng.shuffle(chars)
    for i in range(s.seats):
        s.hands[i] = sorted(chars[i * HAND_SIZE : (i + 1) * HAND_SIZE])
    s.aside = chars[s.seats * HAND_SIZE :]
    s.pile_shown = []
    s.spent = [[] for _ in range(s.seats)]
