"""Read-only facts about the battlefield, shared by the rules, the preview, the AI and the board:
who controls a tile, its shields, which seat decides for a side, where the solo magician may go,
and whether a ring of tiles besieges the tile inside it."""

from __future__ import annotations

from collections.abc import Sequence

from engine.rivality.data import LIMIT, SHIELDS
from engine.rivality.geometry import SOLO_COLS, SOLO_NEIGHBOURS, SOLO_ROWS
from engine.rivality.state import RivalityState


def controller(s: RivalityState, c: int) -> int:
    """The side with strictly the most golems on cell c, or -1 (empty or tied)."""
    g = s.golems
    b = c * 3
    return control_of(g[b], g[b + 1], g[b + 2])


def control_of(a0: int, a1: int, a2: int) -> int:
    """The side with strictly the most of these golems (Salmon, Mauve, Turquoise), or -1."""
    if a0 > a1 and a0 > a2:
        return 0
    if a1 > a0 and a1 > a2:
        return 1
    if a2 > a0 and a2 > a1:
        return 2
    return -1


def shields_of(s: RivalityState, c: int) -> int:
    """Shields cell c raises against an enemy of its controller (entrenchment included)."""
    k = s.ctrl[c]
    if k < 0:
        return 0
    t = s.tile[c]
    base = SHIELDS[t] if t >= 0 else 0
    return base + (1 if s.golems[c * 3 + k] == LIMIT else 0)


def entrenched(s: RivalityState, c: int) -> bool:
    k = s.ctrl[c]
    return k >= 0 and s.golems[c * 3 + k] == LIMIT


def seat_for(s: RivalityState, side: int) -> int:
    """The seat that decides for `side` now: the player on turn if it is theirs, else the next
    seat of that side in turn order."""
    if s.side_of[s.turn] == side:
        return s.turn
    for k in range(1, s.seats + 1):
        seat = (s.turn + k) % s.seats
        if s.side_of[seat] == side:
            return seat
    return s.turn


def side_seats(s: RivalityState, side: int) -> list[int]:
    return [i for i in range(s.seats) if s.side_of[i] == side]


def is_empty(s: RivalityState, c: int) -> bool:
    """Solo: no golem and no magician on cell c."""
    b = c * 3
    return s.golems[b] + s.golems[b + 1] + s.golems[b + 2] == 0 and c not in s.mage


def solo_reachable(s: RivalityState) -> list[int]:
    """Solo: the positions the magician may end its move on, in cell order."""
    g = s.golems
    mages = s.mage
    if mages[0] < 0:
        first = SOLO_COLS * (SOLO_ROWS - 1)
        return [s.pos[c] for c in range(first, first + SOLO_COLS) if is_empty(s, c)]
    seen = 1 << mages[0]
    stack = [mages[0]]
    ends = 0
    while stack:
        for n in SOLO_NEIGHBOURS[stack.pop()]:
            bit = 1 << n
            if seen & bit:
                continue
            seen |= bit
            b = n * 3
            if g[b] + g[b + 1] + g[b + 2] == 0:
                if n != mages[1]:
                    ends |= bit
            elif g[b] > 0:
                stack.append(n)
    return [s.pos[c] for c in range(SOLO_COLS * SOLO_ROWS) if ends >> c & 1]


def besieger(ring: Sequence[int], holder: int, sides: int, active: int) -> int:
    """The side that takes a tile held by `holder` (-1: contested or empty) whose four side
    neighbours are controlled by `ring` (-1 for a missing or uncontrolled neighbour), or -1 when
    the tile is not besieged. `active` is the side whose turn completed the ring.

    One side must control all four neighbours; only with three sides may two opponents share
    the ring (RULES_NOTES.md, Expert rules). With two sides — two players, or four in two teams —
    a ring split between the sides besieges nothing. The besieged tile's own controller never
    appears in the ring. With a shared ring the side holding more of it takes the tile; on a tie
    the side on turn when it shares the ring, else the first tied side after it in turn order."""
    if len(ring) != 4 or min(ring) < 0 or holder in ring:
        return -1
    present = set(ring)
    if len(present) > (2 if sides == 3 else 1):
        return -1
    if len(present) == 1:
        return ring[0]
    counts = {k: ring.count(k) for k in present}
    top = max(counts.values())
    tied = [k for k in present if counts[k] == top]
    if active in tied:
        return active
    return min(tied, key=lambda k: (k - active) % sides)
