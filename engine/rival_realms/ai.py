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


# The search's credit for a run of k empty spaces with F numbers still to come between its
# neighbours (not in either realm): k * (1 - exp(-F / (k * SEARCH_ROOM))). `estimate`'s
# min(k, room / 3) is flat once a run has three numbers per space, so a 34 summoned at a row's
# left end looks as good as one in its middle: the greedy bot, keeping the first of equal moves,
# plays it left, and the search saw no reason not to. This credit keeps rising with the room.
SEARCH_ROOM = 2.0


def _search_room(regions: list[int], placed: set[int]) -> float:
    room: dict[tuple[int, int], int] = {}
    for lo, hi, first, after in empty_gaps(regions):
        room[(lo, hi)] = room.get((lo, hi), 0) + after - first  # whole empty rows share a key
    credit = 0.0
    for (lo, hi), k in room.items():
        free = sum(1 for n in range(lo + 1, hi) if n not in placed)
        credit += k * (1.0 - math.exp(-free / (k * SEARCH_ROOM)))
    return credit


def search_estimate(s: RealmsState, seat: int, placed: set[int]) -> float:
    """`estimate` with the search's credit for empty spaces (`placed`: the numbers in either
    realm)."""
    pts = estimate(s, seat)
    if s.phase == "over":
        return pts
    regions = s.regions[seat]
    return pts + 0.9 * (_search_room(regions, placed) - _open_spaces(regions)[0])


def margin(s: RealmsState, seat: int) -> float:
    """`seat`'s expected lead over its rival, as the search reads it."""
    placed = {n for realm in s.regions for n in realm if n}
    return search_estimate(s, seat, placed) - search_estimate(s, 1 - seat, placed)


# (root, seat, that seat's margin at the root) for the last root the search asked about: one
# decision's leaves all share a root, so its margin is worked out once. A whole tuple is swapped
# in, so two searches in two threads each read a consistent one.
_last_root: list[tuple[object, int, float]] = [(None, -1, 0.0)]


def search_evaluate(s: RealmsState, seat: int, root: RealmsState) -> float:
    """The search's value (`Game.ai_search_evaluate`): the logistic of how much the leaf's margin
    gains on the root's, not of the margin itself. `evaluate` saturates once a seat leads or
    trails by five points or more (every move then scores 0.98 or 0.02), and its values for the
    search's few moves then differ by less than the noise of a hundred iterations; measured from
    the root they spread as in an even game. The greedy bot keeps `evaluate` (the order of its
    one-ply values is the same either way)."""
    if s.solo:
        return evaluate(s, seat)
    known = _last_root[0]
    if known[0] is not root or known[1] != seat:
        known = _last_root[0] = (root, seat, margin(root, seat))
    gain = margin(s, seat) - known[2]
    return 1.0 / (1.0 + math.exp(-gain / SCALE_DUEL))
