"""Hex geometry on the Wildtech: neighbours, distances, the border, lines of sight, steps.

Hexes are the indices of `data.board.HEXES`. Lines of sight follow the straight line between
hex centres; where that line runs exactly between two hexes (through the middle of the edge they
share) there are two shortest paths (the line nudged to either side), and one clear path is
enough. The paths are worked out in whole numbers, once per pair, and cached.
"""

from __future__ import annotations

from functools import cache

from engine.rivals.data.board import DIRECTIONS, HEX_INDEX, HEXES

N_HEX = len(HEXES)


def _neighbours(i: int) -> tuple[int, ...]:
    q, r = HEXES[i]
    return tuple(HEX_INDEX[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in HEX_INDEX)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(N_HEX))


def _dist(a: int, b: int) -> int:
    (q1, r1), (q2, r2) = HEXES[a], HEXES[b]
    dq, dr = q1 - q2, r1 - r2
    return max(abs(dq), abs(dr), abs(dq + dr))


DIST: tuple[tuple[int, ...], ...] = tuple(tuple(_dist(a, b) for b in range(N_HEX)) for a in range(N_HEX))
# For each hex, the others nearest first (in hex order at each distance), and for each distance
# d how many of them lie within d: the hexes within d of `h` are BY_DISTANCE[h][:UP_TO[h][d]].
# (A stable sort: the hex itself, alone at distance 0, comes first and is left out.)
BY_DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(range(N_HEX), key=DIST[a].__getitem__)[1:]) for a in range(N_HEX)
)
UP_TO: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 for b in range(N_HEX) if 0 < DIST[a][b] <= d) for d in range(max(DIST[a]) + 1))
    for a in range(N_HEX)
)


def _nearest(x: int, y: int, n: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The hex centres nearest the point (x/n, y/n) in axial coordinates (n > 0), worked out in
    whole numbers: the same hex twice, or, when the point is the midpoint of an edge, the two
    hexes that edge separates. Of those two, the one with the larger first tied coordinate comes
    first: all ties along one line are between the same two coordinates, so the first hexes all
    lie on the same side of the line.

    On a line between two hex centres n hexes apart, sampled at whole fractions k/n, one cube
    coordinate is always whole (the one that changes by n), so a sample is never a corner; it is
    a midpoint exactly when the other two coordinates both end in one half."""
    z = -x - y
    halves = [2 * v % (2 * n) == n for v in (x, y, z)]
    if not any(halves):
        # Nothing ties: each coordinate rounds to its own nearest whole number, and as one of
        # them is whole the three still add up to zero.
        q, r = (2 * x + n) // (2 * n), (2 * y + n) // (2 * n)
        return (q, r), (q, r)
    # Two coordinates end in a half and the third is whole: the first hex rounds the first of
    # the two up, the second rounds it down (and the other tied one the opposite way).
    if halves[0] and halves[1]:  # q and r tie
        q, r = (x + n) // n, y // n
        return (q, r), (q - 1, r + 1)
    if halves[0]:  # q and z tie, r is whole
        q, r = (x + n) // n, y // n
        return (q, r), (q - 1, r)
    q, r = x // n, (y + n) // n  # r and z tie, q is whole
    return (q, r), (q, r - 1)


@cache
def sight_paths(a: int, b: int) -> tuple[tuple[int, ...], ...]:
    """The hexes strictly between `a` and `b` on each shortest straight path (one or two).

    The line is sampled once per hex of distance. Where a sample falls on the midpoint of an
    edge, the line runs between two hexes there; one path takes the hex on one side of every
    such edge, the other the hex on the other side, so the two are the line nudged a hair either
    way. Whole-number arithmetic decides every tie the same in all six directions, and the path
    from `b` back to `a` is the same hexes in reverse."""
    n = DIST[a][b]
    if n <= 1:
        return ((),)
    (q1, r1), (q2, r2) = HEXES[a], HEXES[b]
    one: list[int] = []
    other: list[int] = []
    for k in range(1, n):
        h1, h2 = _nearest(q1 * n + (q2 - q1) * k, r1 * n + (r2 - r1) * k, n)
        # The Wildtech is a hexagon, so a line between two of its hexes never leaves it.
        one.append(HEX_INDEX[h1])
        other.append(HEX_INDEX[h2])
    paths = (tuple(one), tuple(other))
    return paths if paths[0] != paths[1] else paths[:1]


def toward(frm: int, to: int) -> tuple[int, ...]:
    """Neighbours of `frm` one step closer to `to`."""
    d = DIST[frm][to]
    return tuple(n for n in NEIGHBOURS[frm] if DIST[n][to] < d)


def away(frm: int, src: int) -> tuple[int, ...]:
    """Neighbours of `frm` one step farther from `src`."""
    d = DIST[frm][src]
    return tuple(n for n in NEIGHBOURS[frm] if DIST[n][src] > d)


def within(centre: int, lo: int, hi: int) -> tuple[int, ...]:
    """Hexes at a distance from `centre` between lo and hi (hi < 0: no upper bound)."""
    row = DIST[centre]
    return tuple(h for h in range(N_HEX) if row[h] >= lo and (hi < 0 or row[h] <= hi))
