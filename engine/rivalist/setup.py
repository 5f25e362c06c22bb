"""Rivalist set-up: the wonder draft's first group, the progress tokens, and dealing an Age.

The eleven Wonders are shuffled once: four are revealed for the first draft group, four wait
face down for the second, three never come out. Five of the ten progress tokens go on the
board; the rest stay out of the game, unseen (the Library of Alexandria may pick one).
"""

from __future__ import annotations

from engine.core.rng import Rng
from engine.rivalist.data import (
    AGE_DECKS,
    BOARD_TOKENS,
    COVERED_BY,
    DRAFT_ROUND,
    LAYOUTS,
    PYRAMID_SIZE,
    START_COINS,
    TOKEN_NAMES,
    UNIONS,
    UNIONS_DEALT,
    WONDERS,
)
from engine.rivalist.state import RivalistState


def new_state(seed: int) -> RivalistState:
    """A game at the start of the draft: Player 1 picks first among four revealed Wonders."""
    rng = Rng.from_seed(seed)
    ws = list(range(len(WONDERS)))
    rng.shuffle(ws)
    ts = list(range(len(TOKEN_NAMES)))
    rng.shuffle(ts)
    return RivalistState(
        rng=rng,
        phase="draft",
        current=0,
        age=0,
        draft_pool=ws[:DRAFT_ROUND],
        draft_deck=ws[DRAFT_ROUND:],
        draft_round=0,
        draft_picks=0,
        wonders=[[], []],
        wonder_cards=[[], []],
        wonders_out=[],
        pyramid=[],
        face_up=[],
        access=[],
        box=[],
        unseen=[],
        taken=-1,
        city=[[], []],
        discard=[],
        coins=[START_COINS, START_COINS],
        pawn=0,
        loot_small=[True, True],
        loot_big=[True, True],
        symbols=[[0] * 7, [0] * 7],
        board_tokens=ts[:BOARD_TOKENS],
        tokens=[[], []],
        unused_tokens=sorted(ts[BOARD_TOKENS:]),
        prod=[[0] * 5, [0] * 5],
        choice_raw=[0, 0],
        choice_goods=[0, 0],
        fixed=[[False] * 5, [False] * 5],
        colours=[[0] * 7, [0] * 7],
        chains=[0, 0],
    )


def deal(s: RivalistState, age: int) -> None:
    """Lay out `age`'s pyramid from its shuffled deck; the cards left over stay out unseen.
    In Age III three of the seven unions are shuffled in among seventeen Age cards."""
    s.unseen.extend(s.box)
    deck = list(AGE_DECKS[age])
    s.rng.shuffle(deck)
    if age == 3:
        unions = list(UNIONS)
        s.rng.shuffle(unions)
        keep = PYRAMID_SIZE - UNIONS_DEALT
        dealt = deck[:keep] + unions[:UNIONS_DEALT]
        s.box = deck[keep:] + unions[UNIONS_DEALT:]
        s.rng.shuffle(dealt)
    else:
        dealt = deck[:PYRAMID_SIZE]
        s.box = deck[PYRAMID_SIZE:]
    s.age = age
    s.pyramid = dealt
    s.face_up = [f for (_r, _x, f) in LAYOUTS[age]]
    by = COVERED_BY[age]
    s.access = [i for i in range(PYRAMID_SIZE) if not by[i]]
