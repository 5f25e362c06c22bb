"""Shared helpers for the Rivality tests: invariants, a random driver and scenario builders."""

from __future__ import annotations

from typing import Any

from engine.core import Event, Rng
from engine.rivality import GAME, RVOptions, RVState
from engine.rivality.data import LIMIT, TILES, pos_of


def check_invariants(s: RVState) -> None:
    """Golems conserved per colour, never more than five on a tile (a tile waiting for a removal
    decision holds exactly five plus the golems still to go), tiles each in one place."""
    g = s.golems
    assert len(g) == 3 * len(s.pos) == 3 * len(s.tile)
    for c in range(len(s.pos)):
        total = g[3 * c] + g[3 * c + 1] + g[3 * c + 2]
        extra = s.cut_left if c == s.cut_cell else 0
        assert total - extra <= LIMIT, (c, total)
        assert min(g[3 * c : 3 * c + 3]) >= 0
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
        assert sorted(tiles) == list(range(1, 25))
    assert {s.at[p] for p in s.pos} == set(range(len(s.pos)))
    assert not set(s.frontier) & set(s.at)
    for c in range(len(s.pos)):
        if s.cut_cell != c:
            from engine.rivality.game import controller

            assert s.ctrl[c] == controller(s, c)


def random_game(
    seed: int, seats: int, expert: bool = False, level: str = "normal", check: bool = False
) -> tuple[RVState, list[tuple[int, Any]], list[Event]]:
    s = GAME.setup(RVOptions(expert=expert, solo_level=level), seats, seed)
    rng = Rng.from_seed(seed * 7919 + seats)
    history: list[tuple[int, Any]] = []
    events: list[Event] = []
    while GAME.outcome(s) is None:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal(s, seat)
        a = legal[rng.below(len(legal))]
        events.extend(GAME.apply(s, seat, a))
        history.append((seat, a))
        if check:
            check_invariants(s)
        assert len(history) < 2000
    return s, history, events


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def P(x: int, y: int) -> int:
    return pos_of(x, y)
