"""Reading and changing the Wildtech: hex types, the border, sight, moves, shields, scouting."""

from __future__ import annotations

from engine.core import Event
from engine.rivals.data.board import (
    FACE_TYPES,
    LAKE,
    LONG_FACES,
    TILE_OF,
    VOLCANO_TILE,
    face_types,
)
from engine.rivals.geometry import BY_DISTANCE, DIST, NEIGHBOURS, UP_TO, away, toward
from engine.rivals.queries import HEX_SLOT, enemy_shield, standable
from engine.rivals.state import RivalsState

NEIGHBOUR_TILES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((n, TILE_OF[n]) for n in NEIGHBOURS[h]) for h in range(len(TILE_OF))
)


def reachable(s: RivalsState, seat: int, start: int, budget: int, goal: int = -1) -> dict[int, int]:
    """Hexes a move of up to `budget` hexes can end on, with the budget it leaves (>= 0).

    Lakes end a move; entering an opposing shield costs two; unrevealed or fallen hexes cannot be
    entered. With a `goal`, only ways that can still end there are explored (asking whether one
    hex is reachable costs a few steps instead of the whole neighbourhood)."""
    if budget <= 2 and goal < 0:
        return _reachable_near(s, seat, start, budget)
    best: dict[int, int] = {}
    frontier = [(start, budget)]
    fallen, revealed, shield = s.fallen, s.revealed, s.shield
    to_goal = DIST[goal] if goal >= 0 else None
    while frontier:
        nxt = []
        for h, left in frontier:
            for n, t in NEIGHBOUR_TILES[h]:
                if fallen[t] or not revealed[t] or n == start:
                    continue
                o = shield[n]
                rem = left - (2 if o >= 0 and o != seat else 1)
                if rem < 0 or best.get(n, -1) >= rem or (to_goal is not None and to_goal[n] > rem):
                    continue
                best[n] = rem
                if rem > 0 and not _stops(s, n, t):
                    nxt.append((n, rem))
        frontier = nxt
    return best


def _stops(s: RivalsState, h: int, t: int) -> bool:
    """Whether entering hex `h` (on revealed tile `t`) ends a move: a lake."""
    return t != VOLCANO_TILE and FACE_TYPES[s.face[t]][s.orient[t]][HEX_SLOT[h]] == LAKE


# For each hex: its neighbours (with their tiles), each with the hexes one step farther out from
# the first hex. A move of at most two hexes enters a neighbour most cheaply straight away and
# reaches the ring beyond only through it, so these pairs are every way a short move can go.
ONWARD: tuple[tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...], ...] = tuple(
    tuple(
        (n, t, tuple((m, u) for m, u in NEIGHBOUR_TILES[n] if DIST[start][m] == 2))
        for n, t in NEIGHBOUR_TILES[start]
    )
    for start in range(len(TILE_OF))
)


def _reachable_near(s: RivalsState, seat: int, start: int, budget: int) -> dict[int, int]:
    """`reachable` for a budget of at most two hexes, through the precomputed two rings."""
    best: dict[int, int] = {}
    fallen, revealed, shield = s.fallen, s.revealed, s.shield
    for n, t, onward in ONWARD[start]:
        if fallen[t] or not revealed[t]:
            continue
        o = shield[n]
        rem = budget - (2 if o >= 0 and o != seat else 1)
        if rem < 0:
            continue
        best[n] = rem
        if rem == 0 or _stops(s, n, t):
            continue
        for m, u in onward:  # rem is 1 here: only an unshielded hex can be entered
            if fallen[u] or not revealed[u] or m in best:
                continue
            o = shield[m]
            if o < 0 or o == seat:
                best[m] = 0
    return best


def move_targets(s: RivalsState, seat: int, start: int, budget: int) -> list[int]:
    """The hexes `reachable` finds, in order: the menu's list. A move of one or two hexes (every
    move but a card's longer ones) walks the two precomputed rings without keeping budgets."""
    if budget not in (1, 2):
        return sorted(reachable(s, seat, start, budget))
    fallen, revealed, shield, face, orient = s.fallen, s.revealed, s.shield, s.face, s.orient
    out: list[int] = []
    for n, t, onward in ONWARD[start]:
        if fallen[t] or not revealed[t]:
            continue
        o = shield[n]
        if o >= 0 and o != seat:  # entering an opposing shield takes both hexes of the move
            if budget == 2:
                out.append(n)
            continue
        out.append(n)
        # (`_stops`, written out: the menu asks it of every neighbour at every step)
        if budget == 1 or (t != VOLCANO_TILE and FACE_TYPES[face[t]][orient[t]][HEX_SLOT[n]] == LAKE):
            continue
        for m, u in onward:  # one hex left: only an unshielded (or own-shield) hex can be entered
            if not fallen[u] and revealed[u] and m not in out:  # (two ways may lead there)
                o = shield[m]
                if o < 0 or o == seat:
                    out.append(m)
    out.sort()
    return out


def forced_steps(s: RivalsState, owner: int, here: int, there: int, kind: str, left: int) -> list[int]:
    """Where a forced step may go next from `here`, for a piece of seat `owner` with `left`
    hexes of it to go: one hex farther from `there` for a push, one nearer for a pull or an
    approach. The movement rules hold: only hexes an Ashak may stand on, and an opposing shield
    only with two hexes left, since entering one takes both (see `step_cost`)."""
    near = away(here, there) if kind == "push" else toward(here, there)
    return [h for h in near if standable(s, h) and (left >= 2 or not enemy_shield(s, h, owner))]


def step_cost(s: RivalsState, owner: int, h: int) -> int:
    """Hexes of movement it takes a piece of seat `owner` to enter hex `h`: two into an
    opposing shield, one otherwise."""
    return 2 if enemy_shield(s, h, owner) else 1


def reaches(s: RivalsState, seat: int, start: int, budget: int, goal: int) -> bool:
    """Whether a move of up to `budget` hexes from `start` can end on `goal` (as `reachable`
    finds it): for a move of one or two hexes, through the ways `WAYS` lists from `start` to
    `goal` (the goal's own hex first, then the hexes a two-hex move passes through)."""
    if budget not in (1, 2):
        return goal in reachable(s, seat, start, budget, goal=goal)
    way = WAYS[start].get(goal)
    if way is None:  # farther than two hexes (or `start` itself)
        return False
    u, vias = way
    fallen, revealed, shield = s.fallen, s.revealed, s.shield
    if fallen[u] or not revealed[u]:
        return False
    o = shield[goal]
    opposing = o >= 0 and o != seat  # entering it takes both hexes of the move
    if not vias:  # a neighbour
        return budget == 2 or not opposing
    if opposing or budget == 1:  # two hexes away: the second one must cost a single hex
        return False
    for n, t in vias:  # the first hex: standing, not an opposing shield, not a lake
        if fallen[t] or not revealed[t]:
            continue
        o = shield[n]
        if (o < 0 or o == seat) and not _stops(s, n, t):
            return True
    return False


# For each hex, every hex one or two hexes away, with its tile and the neighbours (with their
# tiles) a two-hex move to it passes through (none for a neighbour): facts of the map, so
# judging one move looks at those few hexes only.
WAYS: tuple[dict[int, tuple[int, tuple[tuple[int, int], ...]]], ...] = tuple(
    {
        **{n: (t, ()) for n, t, _ in ONWARD[start]},
        **{
            m: (TILE_OF[m], tuple((n, t) for n, t, onward in ONWARD[start] if any(x == m for x, _ in onward)))
            for _, _, onward in ONWARD[start]
            for m, _ in onward
        },
    }
    for start in range(len(TILE_OF))
)


def teleport_targets(s: RivalsState, start: int, dist: int) -> list[int]:
    """Revealed hexes within `dist` of `start`, in order (teleports ignore what lies between)."""
    near = BY_DISTANCE[start][: UP_TO[start][min(dist, len(UP_TO[start]) - 1)]]
    return sorted([h for h in near if standable(s, h)])


def reveal(s: RivalsState, t: int) -> list[Event]:
    """Flip tile `t` to a random orientation (never chosen)."""
    if s.revealed[t]:
        return []
    s.revealed[t] = True
    n = 2 if s.face[t] in LONG_FACES else 3
    s.orient[t] = s.rng.below(n)
    # Spaced, so that a narrow log wraps between the hex types rather than inside one.
    names = ", ".join(x.capitalize() for x in face_types(s.face[t], s.orient[t]))
    return [Event(f"Tile {t} is revealed: {names}.", kind="reveal", reveal=True)]
