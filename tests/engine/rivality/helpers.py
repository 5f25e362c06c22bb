"""Shared helpers for the Rivality tests: invariants, a random driver and scenario builders."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.rivality.data import LIMIT, TILES, pos_of
from engine.rivality.effects import new_cell
from engine.rivality.game import GAME
from engine.rivality.options import RivalityOptions
from engine.rivality.queries import controller
from engine.rivality.rules.flow import begin_turn
from engine.rivality.state import RivalityState
from tests.support.playout import random_game as play_random

_TILES_1_TO_24 = list(range(1, 25))


def check_invariants(s: RivalityState) -> None:
    """Golems conserved per colour, never more than five on a tile (a tile waiting for a removal
    decision holds exactly five plus the golems still to go), tiles each in one place."""
    g = s.golems
    cells = len(s.pos)
    assert len(g) == 3 * cells == 3 * len(s.tile)
    for c in range(cells):
        here = g[3 * c : 3 * c + 3]
        extra = s.cut_left if c == s.cut_cell else 0
        assert sum(here) - extra <= LIMIT, (c, sum(here))
        assert min(here) >= 0
    for k in range(s.sides):
        assert s.supply[k] >= 0
        assert s.supply[k] + sum(g[k::3]) == s.start[k], k
    for k in range(s.sides, 3):
        assert sum(g[k::3]) == 0
    tiles = [t for t in s.tile] + [t for p in s.piles for t in p] + [t for h in s.hands for t in h]
    assert len(tiles) == len(set(tiles))
    if s.mode == "duel":
        assert len(tiles) == len(TILES)
        assert s.tile[0] == 0 and s.at[s.pos[0]] == 0
    else:
        assert sorted(tiles) == _TILES_1_TO_24
    assert {s.at[p] for p in s.pos} == set(range(cells))
    assert not set(s.frontier) & set(s.at)
    for c in range(cells):
        if s.cut_cell != c:
            assert s.ctrl[c] == controller(s, c)


def random_game(
    seed: int, seats: int, expert: bool = False, level: str = "normal", check: bool = False
) -> tuple[RivalityState, list[tuple[int, Any]], list[Event]]:
    options = RivalityOptions(expert=expert, solo_level=level)
    return play_random(GAME, options, seats, seed, check_invariants if check else None, limit=2000)


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def P(x: int, y: int) -> int:
    return pos_of(x, y)


# -- building scenarios -------------------------------------------------------------------------
def new(seats: int = 2, seed: int = 1, expert: bool = False, level: str = "normal") -> RivalityState:
    """A fresh game with the first player ready to choose a tile (no mulligan pending)."""
    s = GAME.setup(RivalityOptions(expert=expert, solo_level=level), seats, seed)
    s.phase = "tile"
    s.mulligan_done = True
    return s


def _take(s: RivalityState, t: int) -> None:
    for row in [*s.piles, *s.hands]:
        if t in row:
            row.remove(t)
            return
    raise KeyError(t)


def put(
    s: RivalityState, t: int, x: int, y: int, rot: int = 0, golems: dict[int, int] | None = None, by: int = -1
) -> int:
    """Lay tile `t` straight onto the battlefield at (x, y) with the given golems per side (taken
    from the supplies); returns its cell."""
    _take(s, t)
    c = new_cell(s, pos_of(x, y), t, rot, by)
    for side, n in (golems or {}).items():
        s.golems[c * 3 + side] += n
        s.supply[side] -= n
    from engine.rivality.queries import controller

    s.ctrl[c] = controller(s, c)
    return c


def set_golems(s: RivalityState, c: int, golems: dict[int, int]) -> None:
    """Set the golems on cell c (the difference comes from or goes back to the supplies)."""
    from engine.rivality.queries import controller

    for side in range(s.sides):
        n = golems.get(side, 0)
        s.supply[side] -= n - s.golems[c * 3 + side]
        s.golems[c * 3 + side] = n
    s.ctrl[c] = controller(s, c)


def hand(s: RivalityState, seat: int, *tiles: int) -> None:
    """Give `seat` exactly these tiles; the tiles it held go back under its pile."""
    side = s.side_of[seat]
    old = s.hands[seat]
    s.hands[seat] = []
    for t in tiles:
        if t in old:
            old.remove(t)
        else:
            _take(s, t)
    s.piles[side][:0] = old
    s.hands[seat] = list(tiles)
    if s.phase in ("tile", "place") and s.turn == seat:
        begin_turn(s, seat)


def act(s: RivalityState, a: Any) -> list[Event]:
    seat = GAME.to_act(s)[0]
    assert a in GAME.legal(s, seat), (a, GAME.legal(s, seat))
    return GAME.apply(s, seat, a)


def lay(s: RivalityState, t: int, x: int, y: int, rot: int) -> list[Event]:
    """The player on turn lays tile t (it must be in hand) at (x, y) facing rot."""
    from engine.rivality.actions import ChooseTile, Orient, PlaceAt

    ev: list[Event] = []
    if s.phase == "tile":
        ev += act(s, ChooseTile(t))
    assert s.chosen == t
    ev += act(s, PlaceAt(pos_of(x, y)))
    ev += act(s, Orient(rot))
    return ev


def on(s: RivalityState, x: int, y: int) -> list[int]:
    """Golems per colour on the tile at (x, y)."""
    c = s.at[pos_of(x, y)]
    return s.golems[c * 3 : c * 3 + 3]
