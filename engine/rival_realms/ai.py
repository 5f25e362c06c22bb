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
    KIND,
    MIRROR,
    QUEST_INDEX,
    SOLO_TARGET,
)
from engine.rival_realms.realm import empty_gaps
from engine.rival_realms.scoring import quest_points, score
from engine.rival_realms.state import RealmsState

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


def _quest_hope(s: RealmsState, seat: int) -> float:
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


def estimate(s: RealmsState, seat: int) -> float:
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


def evaluate(s: RealmsState, seat: int) -> float:
    mine = estimate(s, seat)
    if s.solo:
        return 1.0 / (1.0 + math.exp(-(mine - SOLO_TARGET[s.level]) / SCALE_SOLO))
    return 1.0 / (1.0 + math.exp(-(mine - estimate(s, 1 - seat)) / SCALE_DUEL))
