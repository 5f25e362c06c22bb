"""The bot protocol and the two simple bots: uniform random, and greedy one-ply on `evaluate`.

A bot sees only what its seat may see: it receives `game.view(state, seat)` and, when it needs
to look ahead, samples the hidden parts itself with `game.determinize`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.core.errors import IllegalAction
from engine.core.game import Game
from engine.core.interrupts import worth_considering
from engine.core.rng import Rng

StopCheck = Callable[[], bool]


class Bot(Protocol):
    """Something that picks one legal action for a seat from that seat's view."""

    name: str

    def choose(
        self, game: Game[Any, Any, Any], view: Any, seat: int, *, should_stop: StopCheck | None = None
    ) -> Any:
        """One action from `game.legal(view, seat)`."""
        ...


def rewards(game: Game[Any, Any, Any], state: Any, seats: int) -> list[float]:
    """Each seat's result in [0, 1]: at the end 1 for a win (shared 1/k when k seats tie for
    first) and 0 for a loss; before the end the game's own evaluation."""
    out = game.outcome(state)
    if out is None:
        return [game.evaluate(state, i) for i in range(seats)]
    share = 1.0 / len(out.winners) if out.winners else 0.0
    return [share if i in out.winners else 0.0 for i in range(seats)]


def legal_list(game: Game[Any, Any, Any], state: Any, seat: int) -> Sequence[Any]:
    moves = game.legal(state, seat)
    if not moves:
        raise IllegalAction(f"Seat {seat} has no legal action to choose from.")
    return moves


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int, name: str = "random") -> None:
        self.name = name
        self.rng = Rng.from_seed(seed)

    def choose(
        self, game: Game[Any, Any, Any], view: Any, seat: int, *, should_stop: StopCheck | None = None
    ) -> Any:
        return self.rng.choice(legal_list(game, view, seat))


class GreedyBot:
    """Tries each legal action one ply deep and keeps the one the game's evaluation likes best.

    Hidden information is averaged over `samples` determinizations; the same samples are used
    for every action so that the comparison is fair. When the choice is simultaneous, the other
    seats still owing a choice in the same step pick at random in the sample, so that the choice
    is judged after the reveal it leads to. With `mistake_rate` > 0 the bot sometimes plays a
    random legal action instead (the easy level). Ties go to the first action in legal order.
    """

    def __init__(self, seed: int, samples: int = 4, mistake_rate: float = 0.0, name: str = "greedy") -> None:
        self.name = name
        self.samples = samples
        self.mistake_rate = mistake_rate
        self.rng = Rng.from_seed(seed)

    def choose(
        self, game: Game[Any, Any, Any], view: Any, seat: int, *, should_stop: StopCheck | None = None
    ) -> Any:
        moves = worth_considering(game, legal_list(game, view, seat))
        if len(moves) == 1:
            return moves[0]
        if self.mistake_rate > 0 and self.rng.random() < self.mistake_rate:
            return self.rng.choice(moves)
        worlds = [game.determinize(view, seat, self.rng) for _ in range(self.samples)]
        ranked = rank_moves(game, worlds, seat, moves, self.rng, should_stop)
        return ranked[0][1]


def rank_moves(
    game: Game[Any, Any, Any],
    worlds: Sequence[Any],
    seat: int,
    moves: Sequence[Any],
    rng: Rng,
    should_stop: StopCheck | None = None,
    value: Callable[[Any, int], float] | None = None,
) -> list[tuple[float, Any]]:
    """(score, move) for each move, best first, each move judged one ply deep on the same sampled
    `worlds` (its result averaged over the samples it is legal in). Equal scores keep legal order.
    A move no sample allows scores -1. `should_stop` ends the ranking early (the moves not judged
    yet score -1): the greedy bot and the search's root shortlist both rank this way. `value`
    replaces `game.evaluate` (the search's shortlist passes `Game.ai_search_evaluate`)."""
    others = [s for s in game.to_act(worlds[0]) if s != seat] if worlds else []
    scored: list[tuple[float, int, Any]] = []
    stopped = False
    for i, move in enumerate(moves):
        total, counted = 0.0, 0
        for world in () if stopped else worlds:
            d = game.clone(world)
            try:
                game.apply(d, seat, move)
            except IllegalAction:
                continue  # this sample contradicts the move; judge it on the others
            _finish_step(game, d, others, rng)
            total += rewards_for(game, d, seat, value)
            counted += 1
        scored.append((total / counted if counted else -1.0, i, move))
        if should_stop is not None and should_stop():
            stopped = True
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [(v, m) for v, _i, m in scored]


def rewards_for(
    game: Game[Any, Any, Any], state: Any, seat: int, value: Callable[[Any, int], float] | None = None
) -> float:
    out = game.outcome(state)
    if out is None:
        return game.evaluate(state, seat) if value is None else value(state, seat)
    return 1.0 / len(out.winners) if seat in out.winners else 0.0


def _finish_step(game: Game[Any, Any, Any], state: Any, others: Sequence[int], rng: Rng) -> None:
    """Let the seats that chose at the same time as us pick at random, so the step resolves."""
    for other in others:
        if game.outcome(state) is not None or other not in game.to_act(state):
            continue
        moves = game.legal(state, other)
        if moves:
            game.perform(state, other, rng.choice(moves))
