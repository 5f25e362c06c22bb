"""Reading and changing the Wildtech: hex types, the border, sight, moves, shields, scouting."""

from __future__ import annotations

from engine.core import Event
from engine.rivals.data.board import (
    FACE_TYPES,
    FACES,
    FOREST,
    LAKE,
    LONG_FACES,
    TILE_HEXES,
    TILE_OF,
    VOLCANO,
    VOLCANO_TILE,
    face_types,
)
from engine.rivals.hexes import DIST, N_HEX, NEIGHBOURS, sight_paths
from engine.rivals.state import RivalsState

UNKNOWN = ""
HEX_SLOT: tuple[int, ...] = tuple(TILE_HEXES[TILE_OF[h]].index(h) for h in range(len(TILE_OF)))
NEIGHBOUR_TILES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((n, TILE_OF[n]) for n in NEIGHBOURS[h]) for h in range(len(TILE_OF))
)


def hex_type(s: RivalsState, h: int) -> str:
    """The printed type of hex `h`: "" while its tile is unrevealed (or its face is hidden)."""
    t = TILE_OF[h]
    if t == VOLCANO_TILE:
        return VOLCANO
    if not s.revealed[t] or s.face[t] < 0:
        return UNKNOWN
    return FACE_TYPES[s.face[t]][s.orient[t]][HEX_SLOT[h]]


def present(s: RivalsState, h: int) -> bool:
    return not s.fallen[TILE_OF[h]]


def standable(s: RivalsState, h: int) -> bool:
    """On the Wildtech and revealed: somewhere an Ashak may stand."""
    t = TILE_OF[h]
    return not s.fallen[t] and s.revealed[t]


def border_hexes(s: RivalsState) -> list[int]:
    """Hexes still on the Wildtech that touch the void (a fallen hex or the map's edge)."""
    out = []
    for h in range(N_HEX):
        if s.fallen[TILE_OF[h]]:
            continue
        nb = NEIGHBOURS[h]
        if len(nb) < 6 or any(s.fallen[TILE_OF[n]] for n in nb):
            out.append(h)
    if not out and not s.fallen[VOLCANO_TILE]:
        out.append(0)
    return out


def enemy_shield(s: RivalsState, h: int, seat: int) -> bool:
    o = s.shield[h]
    return o >= 0 and o != seat


def reachable(s: RivalsState, seat: int, start: int, budget: int) -> dict[int, int]:
    """Hexes a move of up to `budget` hexes can end on, with the budget it leaves (>= 0).

    Lakes end a move; entering an opposing shield costs two; unrevealed or fallen hexes cannot be
    entered."""
    best: dict[int, int] = {}
    frontier = [(start, budget)]
    fallen, revealed, shield, face, orient = s.fallen, s.revealed, s.shield, s.face, s.orient
    while frontier:
        nxt = []
        for h, left in frontier:
            for n, t in NEIGHBOUR_TILES[h]:
                if fallen[t] or not revealed[t] or n == start:
                    continue
                o = shield[n]
                rem = left - (2 if o >= 0 and o != seat else 1)
                if rem < 0 or best.get(n, -1) >= rem:
                    continue
                best[n] = rem
                if rem > 0 and not (
                    t != VOLCANO_TILE and FACE_TYPES[face[t]][orient[t]][HEX_SLOT[n]] == LAKE
                ):
                    nxt.append((n, rem))
        frontier = nxt
    return best


def teleport_targets(s: RivalsState, start: int, dist: int) -> list[int]:
    """Revealed hexes within `dist` of `start` (teleports ignore what lies between)."""
    row = DIST[start]
    return [h for h in range(N_HEX) if 0 < row[h] <= dist and standable(s, h)]


def has_sight(
    s: RivalsState, seat: int, src: int, dst: int, target: int, target_drone: int = -1
) -> bool:
    """Line of sight from `seat` at `src` to hex `dst` aimed at seat `target` (-1: a shield or
    the drone of seat `target_drone`).

    Blockers on the way: any other Ashak that is not the target, shields not raised by `seat`
    and, in drone mode, opposing drones (not the one aimed at). Volcanoes, the void, allied
    drones and unrevealed tiles do not block."""
    shield = s.shield
    others = [s.pos[o] for o in range(s.seats) if o != seat and o != target and s.alive[o]]
    if s.drone_mode:
        others += [
            s.d_pos[o] for o in range(s.seats) if o != seat and o != target_drone and s.d_pos[o] >= 0
        ]
    for path in sight_paths(src, dst):
        for h in path:
            if h < 0:
                continue
            o = shield[h]
            if (o >= 0 and o != seat) or h in others:
                break
        else:
            return True
    return False


def shields_of(s: RivalsState, seat: int) -> list[int]:
    return [h for h in range(N_HEX) if s.shield[h] == seat]


def defence_forest(s: RivalsState, h: int) -> bool:
    return hex_type(s, h) == FOREST


def reveal(s: RivalsState, t: int) -> list[Event]:
    """Flip tile `t` to a random orientation (never chosen)."""
    if s.revealed[t]:
        return []
    s.revealed[t] = True
    n = 2 if s.face[t] in LONG_FACES else 3
    s.orient[t] = s.rng.below(n)
    names = "-".join(x.capitalize() for x in face_types(s.face[t], s.orient[t]))
    return [Event(f"Tile {t} is revealed: {names}.", kind="reveal", reveal=True)]


def scoutable(s: RivalsState, seat: int) -> list[int]:
    """Unrevealed tiles next to the seat's hex."""
    h = s.pos[seat]
    out: list[int] = []
    for n in NEIGHBOURS[h]:
        t = TILE_OF[n]
        if not s.revealed[t] and not s.fallen[t] and t not in out:
            out.append(t)
    return sorted(out)


def face_name(face: int) -> str:
    return "-".join(x.capitalize() for x in FACES[face])
