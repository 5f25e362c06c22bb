"""Hex geometry on the Wildtech: neighbours, distances, the border, lines of sight, steps.

Hexes are the indices of `data.board.HEXES`. Lines of sight follow the straight line between
hex centres; where that line runs exactly along the edge between two hexes there are two
shortest paths (drawn with a nudge to either side), and one clear path is enough. The paths are
computed once per pair and cached.
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


def _round_cube(x: float, y: float, z: float) -> tuple[int, int]:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    return rx, ry


@cache
def sight_paths(a: int, b: int) -> tuple[tuple[int, ...], ...]:
    """The hexes strictly between `a` and `b` on each shortest straight path (one or two)."""
    n = DIST[a][b]
    if n <= 1:
        return ((),)
    (q1, r1), (q2, r2) = HEXES[a], HEXES[b]
    paths: list[tuple[int, ...]] = []
    for eps in (1e-6, -1e-6):
        x1, y1 = q1 + eps, r1 + eps
        x2, y2 = q2 + eps, r2 + eps
        z1, z2 = -x1 - y1, -x2 - y2
        hexes = []
        for k in range(1, n):
            t = k / n
            q, r = _round_cube(x1 + (x2 - x1) * t, y1 + (y2 - y1) * t, z1 + (z2 - z1) * t)
            hexes.append(HEX_INDEX.get((q, r), -1))
        path = tuple(hexes)
        if path not in paths:
            paths.append(path)
    return tuple(paths)


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
