"""Setting up a Rivality table: the Mana Well and two-tile hands for the duel (2-4 players), or
the solo layout against Souramoun. The options are checked by the game before this runs."""

from __future__ import annotations

from engine.core import Rng
from engine.rivality.data import (
    GOLEMS,
    HAND_SIZE,
    HITS_ADJACENT,
    IS_FORTRESS,
    MANA_WELL,
    ORIGIN,
    PILE_A,
    PILE_B,
    STEP,
    TILES,
)
from engine.rivality.geometry import SOLO_AT, SOLO_COLS, SOLO_POS, SOLO_ROWS
from engine.rivality.options import RivalityOptions
from engine.rivality.queries import solo_reachable
from engine.rivality.state import RivalityState


def shuffle_pile(rng: Rng, pile: list[int]) -> None:
    """Shuffle until the bottom tile (index 0) is not a Fortress."""
    if all(IS_FORTRESS[t] for t in pile):
        rng.shuffle(pile)
        return
    rng.shuffle(pile)
    while IS_FORTRESS[pile[0]]:
        rng.shuffle(pile)


def setup(opts: RivalityOptions, seats: int, seed: int) -> RivalityState:
    rng = Rng.from_seed(seed)
    if seats == 1:
        return _setup_solo(opts, rng)
    sides = 3 if seats == 3 else 2
    side_of = [i % 2 for i in range(seats)] if seats == 4 else list(range(seats))
    if seats == 3:
        # Each player's eight tiles hold exactly two Fortresses.
        forts = [t for t in range(1, len(TILES)) if IS_FORTRESS[t]]
        rest = [t for t in range(1, len(TILES)) if not IS_FORTRESS[t]]
        rng.shuffle(forts)
        rng.shuffle(rest)
        piles = [forts[2 * i : 2 * i + 2] + rest[6 * i : 6 * i + 6] for i in range(3)]
    else:
        piles = [list(PILE_A), list(PILE_B)]
    for p in piles:
        shuffle_pile(rng, p)
    golems = GOLEMS[seats]
    s = RivalityState(
        seats=seats,
        mode="duel",
        expert=opts.expert,
        level=opts.solo_level,
        rng=rng,
        sides=sides,
        side_of=side_of,
        phase="tile",
        turn=0,
        actor=0,
        turns=0,
        pos=[ORIGIN],
        tile=[MANA_WELL],
        rot=[0],
        faceup=[True],
        by=[-1],
        golems=[0, 0, 0],
        ctrl=[-1],
        at={ORIGIN: 0},
        frontier=[ORIGIN + st for st in STEP],
        mage=[-1] * sides,
        supply=[golems] * sides,
        start=[golems] * sides,
        piles=piles,
        hands=[[] for _ in range(seats)],
    )
    for _ in range(HAND_SIZE):
        for seat in range(seats):
            s.hands[seat].append(s.piles[side_of[seat]].pop())
    if not any(HITS_ADJACENT[t] for t in s.hands[0]):
        s.phase = "mulligan"
    return s


def _setup_solo(opts: RivalityOptions, rng: Rng) -> RivalityState:
    mine = list(PILE_A)
    theirs = list(PILE_B)
    rng.shuffle(mine)
    rng.shuffle(theirs)
    # Row-major from the top: Souramoun's lands (rows 0-2, face down, upside down), then yours.
    half = SOLO_COLS * SOLO_ROWS // 2
    s = RivalityState(
        seats=1,
        mode="solo",
        expert=False,
        level=opts.solo_level,
        rng=rng,
        sides=2,
        side_of=[0],
        phase="move",
        turn=0,
        actor=0,
        turns=0,
        pos=list(SOLO_POS),
        tile=theirs + mine,
        rot=[2] * half + [0] * half,
        faceup=[False] * half + [True] * half,
        by=[-1] * (2 * half),
        golems=[0] * (6 * half),
        ctrl=[-1] * (2 * half),
        at=dict(SOLO_AT),
        frontier=[],
        mage=[-1, -1],
        supply=[GOLEMS[1], GOLEMS[1]],
        start=[GOLEMS[1], GOLEMS[1]],
        piles=[[], []],
        hands=[[]],
    )
    s.reach = solo_reachable(s)
    return s
