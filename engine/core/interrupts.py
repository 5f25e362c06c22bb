"""Interrupts (`Prompt.declines`): a chance to act in someone else's turn, usually declined.

One judge of when nobody needs to be asked, used by the match (the app and the table server),
by the search and by a remote terminal: a bot whose only move worth weighing is a decline, or a
person who may do nothing but decline."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import Game, Prompt


def worth_considering(game: Game[Any, Any, Any], moves: Sequence[Any]) -> Sequence[Any]:
    """The moves a thinking bot weighs: without the game's `ai_avoid` kinds, unless nothing else
    is left. Rivals avoids taking a half-played card back (a bot that judges one move ahead would
    otherwise start a card, take it back and start it again forever whenever ending its turn
    looks worse than both) and the plain pass of an interrupt (it decides once a turn)."""
    avoid = game.ai_avoid
    if not avoid:
        return moves
    kept = [m for m in moves if not isinstance(m, avoid)]
    return kept or moves


def decline_ways(prompt: Prompt, choices: Sequence[tuple[Any, str | None]]) -> list[Any]:
    """The ways to decline the interrupt `prompt` asks, the plain pass last (none: not one)."""
    return [a for a, _ in choices[-prompt.declines :]] if prompt.declines else []


def forced_decline(game: Game[Any, Any, Any], state: Any, seat: int, bot: bool) -> Any | None:
    """The decline `seat` makes without being asked, or None when it has a real choice: a bot's
    when declining is the only move it would weigh, a person's (the plain pass) when declining
    is all it may do."""
    if not game.interrupts:
        return None
    prompt = game.prompt(state, seat)
    if not prompt.declines:
        return None
    ways = decline_ways(prompt, game.choices(state, seat))
    legal = game.legal(state, seat)
    if bot:
        moves = worth_considering(game, legal)
        return moves[0] if len(moves) == 1 and moves[0] in ways else None
    return ways[-1] if all(a in ways for a in legal) else None
