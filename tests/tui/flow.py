"""Shared steps of the Pilot flows: waiting for the screen and the AI, taking the picker's first
choice, and jumping a game on the screen to its last few decisions.

Whole-game flows check that a game started on the screen ends on the score table. Playing every
one of several hundred decisions through Textual checks nothing more than the first few and the
last few do, and costs most of a minute each; so a flow makes its first decisions by keys, jumps
(`jump_near_end`) and makes the last ones by keys again.
"""

from __future__ import annotations

import contextlib
import random
import time
from typing import Any

from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from engine.core.match import Match
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.new_game import NewGameScreen
from rivals_tui.session import LocalSession


async def settle(pilot: Pilot[Any], rounds: int = 2) -> None:
    """Let the screen settle and any AI worker finish (a cancelled one is simply over)."""
    for _ in range(rounds):
        with contextlib.suppress(WorkerCancelled):
            await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def new_game_form(pilot: Pilot[Any]) -> NewGameScreen:
    """Open the new-game form from the menu (n) and return it."""
    await pilot.press("n")
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, NewGameScreen)
    return form


async def until(pilot: Pilot[Any], condition: Any, timeout: float = 60.0) -> None:
    """Pause until `condition()` holds (AI workers included), failing after `timeout` seconds:
    a wait on what the test needs, not on a guess of how long it takes (the timeout is a hang guard,
    generous enough for a machine at load 20)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the app never got there")
        with contextlib.suppress(WorkerCancelled):
            await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def pick_first(pilot: Pilot[Any]) -> None:
    """Take the first action the action picker offers (a decision by keyboard alone)."""
    await pilot.press("a")
    await pilot.pause()
    await pilot.press("enter")
    await settle(pilot)


def random_ending(match: Match, seed: int) -> list[tuple[int, Any]]:
    """The whole history of a copy of `match` played on to its end with random legal choices."""
    copy = Match.new(match.game, match.options, match.seats, match.seed, series=match.series)
    copy.rebuild(match.history)
    rng = random.Random(seed)
    while not copy.over:
        seat = copy.to_act()[0]
        copy.submit(seat, rng.choice(list(copy.legal(seat))))
    return copy.history


def near_end(match: Match, left: int, seed: int) -> Match:
    """A new match with the same table, `left` decisions before the end of a random ending of
    `match` (never before where `match` already is)."""
    history = random_ending(match, seed)
    keep = max(len(match.history), len(history) - left)
    late = Match.new(match.game, match.options, match.seats, match.seed, series=match.series)
    late.rebuild(history[:keep])
    return late


async def jump_near_end(pilot: Pilot[Any], left: int, seed: int) -> None:
    """Move the game on the screen to `left` decisions before a random ending, once no AI is
    thinking; the session saves the jump and the screen catches up as after a resume."""
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen) and isinstance(screen.session, LocalSession)
    session = screen.session
    for _ in range(50):
        await settle(pilot)
        if screen.thinking is None and any(not session.seats[x].is_ai for x in session.to_act()):
            break
    else:
        raise AssertionError("no human came to decide")
    late = near_end(session.match, left, seed)
    session.match.history, session.match.log, session.match.state = late.history, late.log, late.state
    session.save()
    screen.advance()
    await settle(pilot)
