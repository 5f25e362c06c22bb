"""The AI's evaluation: the score as it stands, plus what the realm, the hand and the tokens are
still likely to bring.

`estimate` is an expected final score; `evaluate` turns the difference with the rival (solo:
with the Raven's score) into a value in [0, 1]. The weights were tuned by greedy self-play and by
greedy games against the Raven (RULES_NOTES.md, "AI").
"""

from __future__ import annotations

import math

from engine.rival_realms.data import (
    CARPET,
    COLS,
    CORNERS,
    CREATURE_KIND,
    CREATURES,
    ESPRESSO,
    GEM,
    KIND,
    MIRROR,
    QUEST_INDEX,
    SOLO_TARGET,
    creature_fits,
)
from engine.rival_realms.queries import empty_gaps, loose_tokens, steps
from engine.rival_realms.rules.turn import can_act
from engine.rival_realms.scoring import outcome, quest_points, score
from engine.rival_realms.state import RivalRealmsState

CARD_FITS = 0.8  # a card in hand that can still be summoned somewhere
CARD_STUCK = 0.3  # one that fits nowhere now (it can still pay for a step)
CREATURE_WORTH = 0.9
TOKEN_WORTH = {ESPRESSO: 1.5, CARPET: 1.2, MIRROR: 0.5}
UNEXPLORED_WORTH = 0.45  # a summoned region not explored yet: likely explored later
ROOM_PER_SPACE = 3.0  # numbers of room an empty space needs to be likely filled
QUEST_HOPE = 0.6  # share of a quest's points credited for progress (squared)
# Points of difference that move the value from 0.5 to about 0.73. Solo compares with a fixed
# target, so only the order of values matters there; the duel needs differences of a point or two
# to show in the value, or the search's visit counts cannot tell moves apart.
SCALE_SOLO = 6.0
SCALE_DUEL = 2.0


def _open_spaces(regions: list[int]) -> tuple[float, tuple[tuple[int, int, int, int], ...]]:
    """How many empty spaces are likely still to be filled (each counts its chance), and the
    runs of empty spaces (realm.empty_gaps)."""
    gaps = empty_gaps(regions)
    room: dict[tuple[int, int], int] = {}
    for lo, hi, first, after in gaps:
        room[(lo, hi)] = room.get((lo, hi), 0) + after - first  # only whole empty rows share a key
    chance = 0.0
    for (lo, hi), k in room.items():
        chance += min(float(k), (hi - lo - 1) / ROOM_PER_SPACE)
    return chance, gaps


def _quest_hope(s: RivalRealmsState, seat: int) -> float:
    regions, explored = s.regions[seat], s.explored[seat]
    hope = 0.0
    for q, holder in enumerate(s.quests):
        if holder >= 0:
            continue
        if q < 3:
            part = (COLS - regions[q * COLS : q * COLS + COLS].count(0)) / 6
        elif q == QUEST_INDEX["wanderer"]:
            part = len({KIND[r] for r, e in zip(regions, explored, strict=True) if e}) / 5
        elif q == QUEST_INDEX["tea"]:
            have = s.supply[seat] + s.used[seat]
            part = sum(1 for c in CREATURES if c in have) / 6
        else:
            part = sum(1 for p in CORNERS if explored[p]) / 4
        hope += QUEST_HOPE * quest_points(s, q) * part * part
    return hope


def estimate(s: RivalRealmsState, seat: int) -> float:
    """`seat`'s expected final score: points now plus the worth of what it still holds."""
    pts = float(score(s, seat))
    if s.phase == "over":
        return pts
    regions, explored = s.regions[seat], s.explored[seat]
    fillable, gaps = _open_spaces(regions)
    pts += 0.9 * fillable  # an empty space filled later is worth a point back
    cards = 0.0
    for c in s.hands[seat]:
        if c == 0:
            cards += (CARD_FITS + CARD_STUCK) / 2
        elif any(lo < c < hi for lo, hi, _a, _b in gaps):
            cards += CARD_FITS
        else:
            cards += CARD_STUCK
    pts += min(cards, 0.8 * regions.count(0) + 2.0)
    pts += UNEXPLORED_WORTH * sum(1 for r, e in zip(regions, explored, strict=True) if r and not e)
    for t in s.supply[seat]:
        pts += CREATURE_WORTH if t in CREATURE_KIND else TOKEN_WORTH.get(t, 0.0)
    return pts + _quest_hope(s, seat)


def evaluate(s: RivalRealmsState, seat: int) -> float:
    mine = estimate(s, seat)
    if s.solo:
        return 1.0 / (1.0 + math.exp(-(mine - SOLO_TARGET[s.level]) / SCALE_SOLO))
    return 1.0 / (1.0 + math.exp(-(mine - estimate(s, 1 - seat)) / SCALE_DUEL))


# The search's own reading of a position (`search_evaluate`, for normal and hard; the greedy bot
# keeps `evaluate`). Play-testing found the game decided by who passes first (the first to pass
# lost almost every game), and the player who passed first had usually explored two or three
# regions and summoned its realm into runs of spaces that only a few numbers still fit. So the
# search credits more for regions left to explore, the choice of next steps, and room in a run of
# empty spaces measured by the numbers still to come; and it treats a seat bound to pass as done.
SEARCH_UNEXPLORED = 0.75  # `estimate` gives 0.45: an exploring step paid by a card then barely pays
MOBILITY_KINDS = 0.4  # per region type among the adventurer's possible next steps (up to 3)
MOBILITY_PAID = 0.5  # per such type the hand or a creature can pay for (up to 2)
ROOM_SPREAD = 2.0  # numbers per space at which a run's credit reaches 1 - 1/e of a space each


def bound_to_pass(s: RivalRealmsState, seat: int) -> bool:
    """Whether `seat` has passed, or will have to when its next turn begins: judged only where a
    turn begins (the search's leaves), on a hand that is known (a sampled world's) and without a
    gem (which may steal a card that fits)."""
    if s.passed[seat]:
        return True
    if s.phase != "turn" or s.action != "" or s.explored_now or GEM in s.supply[seat]:
        return False
    hand = s.hands[seat]
    return 0 not in hand and not can_act(s, seat)


def room_credit(regions: list[int], placed: set[int]) -> float:
    """How many of the realm's empty spaces are likely to be filled, judged by the numbers still
    to come (in neither realm) that fit each run: k * (1 - exp(-F / (k * ROOM_SPREAD))) for a run
    of k spaces that F numbers fit. Unlike `estimate`'s min(k, room / 3) it keeps rising with the
    room, so a middling number summoned at a row's left end (leaving a run few numbers fit) reads
    worse than the same number in the middle."""
    room: dict[tuple[int, int], int] = {}
    for lo, hi, first, after in empty_gaps(regions):
        room[(lo, hi)] = room.get((lo, hi), 0) + after - first  # only whole empty rows share a key
    credit = 0.0
    for (lo, hi), k in room.items():
        free = sum(1 for n in range(lo + 1, hi) if n not in placed)
        credit += k * (1.0 - math.exp(-free / (k * ROOM_SPREAD)))
    return credit


def mobility(s: RivalRealmsState, seat: int) -> tuple[int, int]:
    """(region types among the unexplored regions the adventurer can step into next, how many of
    those types the hand or a creature can pay for, one lying on the way included), as at the
    start of an action (`came_from` is the walk of the seat whose turn it is, not necessarily
    `seat`'s)."""
    if s.adventurer[seat] < 0:
        return 0, 0
    regions, explored = s.regions[seat], s.explored[seat]
    found = steps(s, seat, fresh=True)
    kinds = {KIND[regions[k >> 5]] for k in found if not explored[k >> 5]}
    if not kinds:
        return 0, 0
    payable = {KIND[c] for c in s.hands[seat] if c}
    creatures = [t for t in s.supply[seat] if t in CREATURE_KIND]
    if loose_tokens(s, seat):  # a creature lying within the walk is picked up and can pay too
        laid = s.board_tokens[seat]
        creatures += [laid[k >> 5] for k in found if explored[k >> 5] and laid[k >> 5] in CREATURE_KIND]
    paid = sum(1 for k in kinds if k in payable or any(creature_fits(t, k) for t in creatures))
    return len(kinds), paid


def search_estimate(s: RivalRealmsState, seat: int, placed: set[int]) -> float:
    """`estimate` as the search reads it (`placed`: the numbers in either realm). A seat bound to
    pass keeps only the points it has scored, as its rival plays on alone."""
    if s.phase == "over" or bound_to_pass(s, seat):
        return float(score(s, seat))
    regions, explored = s.regions[seat], s.explored[seat]
    pts = estimate(s, seat)
    # The room credit takes the place of `estimate`'s credit for empty spaces likely to be filled.
    pts += 0.9 * (room_credit(regions, placed) - _open_spaces(regions)[0])
    unexplored = sum(1 for r, e in zip(regions, explored, strict=True) if r and not e)
    pts += (SEARCH_UNEXPLORED - UNEXPLORED_WORTH) * unexplored
    kinds, paid = mobility(s, seat)
    return pts + MOBILITY_KINDS * min(kinds, 3) + MOBILITY_PAID * min(paid, 2)


def search_evaluate(s: RivalRealmsState, seat: int) -> float:
    """The search's value (`Game.ai_search_evaluate`); the greedy bot keeps `evaluate`."""
    placed = {n for realm in s.regions for n in realm if n}
    mine = search_estimate(s, seat, placed)
    if s.solo:
        return 1.0 / (1.0 + math.exp(-(mine - SOLO_TARGET[s.level]) / SCALE_SOLO))
    return 1.0 / (1.0 + math.exp(-(mine - search_estimate(s, 1 - seat, placed)) / SCALE_DUEL))


# How expert reads a duel it has played out to the end (`duel_result`): winning makes three
# quarters of the value, the margin (squashed over this many points) the rest, so that among
# lines that all end in a win, or all in a loss, it still plays for points.
DUEL_MARGIN_WEIGHT = 0.25
DUEL_MARGIN_SCALE = 5.0


def duel_result(s: RivalRealmsState, seat: int) -> float:
    """A finished duel as expert's search reads it (`LevelSearch.finished`)."""
    out = outcome(s)
    assert out is not None
    won = 1.0 / len(out.winners) if seat in out.winners else 0.0
    margin = score(s, seat) - score(s, 1 - seat)
    return (1 - DUEL_MARGIN_WEIGHT) * won + DUEL_MARGIN_WEIGHT / (1.0 + math.exp(-margin / DUEL_MARGIN_SCALE))
