"""One random-game driver for every game's tests: uniformly random legal decisions from a seeded
Rng, an optional invariant check after every step, and a bound that turns a game that never ends
into a failure instead of a hang."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event, Game, Rng


def random_game(
    game: Game[Any, Any, Any],
    options: Any,
    seats: int,
    seed: int,
    check: Callable[[Any], None] | None = None,
    limit: int = 20000,
) -> tuple[Any, list[tuple[int, Any]], list[Event]]:
    """Play a whole game; returns the final state, the decisions and every event."""
    s = game.setup(options, seats, seed)
    rng = Rng.from_seed(seed * 7919 + seats)
    history: list[tuple[int, Any]] = []
    events: list[Event] = []
    while game.outcome(s) is None:
        seat = game.to_act(s)[0]
        legal = game.legal(s, seat)
        a = legal[rng.below(len(legal))]
        events.extend(game.apply(s, seat, a))
        history.append((seat, a))
        if check is not None:
            check(s)
        assert len(history) < limit, f"{game.title} did not end after {limit} decisions"
    return s, history, events
