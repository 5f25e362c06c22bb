"""Thinking, as the status line shows it: while an expert seat thinks, a bar and a percentage that
move on a few times a second, and every key still works; the hint asks expert at this keyboard,
says so, shows its own bar and is called off by a move; which bots get a bar.

Budget: 4 s. An expert here thinks for EXPERT_BUDGET seconds (the hint for a minute) with no
iteration cap, so that its search is still running while the test looks; leaving the game (or a
move, for the hint) calls it off, so no test waits for it.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static
from textual.worker import WorkerState

import engine.ai
from engine.ai import make_bot
from engine.core import SeatSpec
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.rules import RulesScreen
from rivals_tui.session import LocalSession
from rivals_tui.thinking import Thinker, bar
from tests.tui.conftest import goof_match, make_app, make_store

EXPERT_BUDGET = 8.0
BAR = re.compile(r"\[([#-]{10})\] +(\d+)%")


@pytest.fixture
def slow_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine.ai, "EXPERT_BUDGET", EXPERT_BUDGET)
    monkeypatch.setattr(engine.ai, "EXPERT_ITERATIONS", 10**9)


def status(app: Any) -> str:
    lines = app.screen.query("#status")
    return str(lines.first(Static).render()) if lines else ""


def shown_bar(app: Any, words: str) -> tuple[int, int] | None:
    """The bar after `words` in the status line: its filled cells and its percentage."""
    text = status(app)
    at = text.find(words)
    found = BAR.match(text, at + len(words) + 1) if at >= 0 else None
    return (found.group(1).count("#"), int(found.group(2))) if found else None


async def wait_for(pilot: Any, condition: Any, timeout: float = 20.0) -> None:
    """Pause until `condition()` holds; never waits on the workers (one is thinking for seconds)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"the screen never got there: {status(pilot.app)!r}"
        await pilot.pause(0.02)


async def test_while_an_expert_thinks_its_bar_moves_on_and_the_keys_work(
    tmp_path: Path, slow_expert: None
) -> None:
    store = make_store(tmp_path)
    session = LocalSession(goof_match([SeatSpec("Ann"), SeatSpec("Bot", "ai", "expert")]), store)
    app = make_app(tmp_path, store=store, session=session)
    thinking = "Bot (AI) is thinking…"
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen._my_turn())
        await pilot.press("enter")  # Ann bids; the expert thinks about its own bid
        await wait_for(pilot, lambda: (shown_bar(app, thinking) or (0, 0))[1] >= 1)
        cells, _ = shown_bar(app, thinking) or (0, 0)
        # The keys work meanwhile: the rules open over the game and close again.
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        # The bar goes on filling by itself, the expert still thinking.
        await wait_for(pilot, lambda: (shown_bar(app, thinking) or (0, 0))[0] > cells)
        assert len(session.match.history) == 1
        await pilot.press("q")  # back to the menu: the search is called off


async def test_the_hint_asks_expert_here_shows_its_bar_and_a_move_calls_it_off(
    tmp_path: Path, slow_expert: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine.ai, "EXPERT_BUDGET", 60.0)  # longer than any wait below
    store = make_store(tmp_path)
    session = LocalSession(goof_match([SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")]), store)
    app = make_app(tmp_path, store=store, session=session)
    asking = "Asking the AI (expert)…"
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen._my_turn())
        await pilot.press("h")
        await wait_for(pilot, lambda: (shown_bar(app, asking) or (0, 0))[1] >= 1)
        screen = app.screen

        def hinting() -> bool:
            return any(w.group == "hint" and w.state == WorkerState.RUNNING for w in screen.workers)

        assert hinting()
        await pilot.press("enter")  # Ann bids without waiting for the advice
        # The hint was for the position before the move: it stops thinking, and its line goes.
        await wait_for(pilot, lambda: not hinting())
        await wait_for(pilot, lambda: len(session.match.history) >= 2)
        assert asking not in status(app)
        await pilot.press("q")


def test_the_bar_is_ascii_and_a_number() -> None:
    assert bar(0.0) == "[----------]   0%"
    assert bar(0.42) == "[####------]  42%"
    assert bar(1.0) == "[##########] 100%"
    assert bar(1.7) == "[##########] 100%"


def test_only_a_think_longer_than_a_second_gets_a_bar() -> None:
    # Easy does not search; hard's second is over before a bar could say anything.
    assert not Thinker("…", make_bot("easy", 1)).measured
    assert not Thinker("…", make_bot("hard", 1)).measured
    expert = Thinker("AI 2 (AI) is thinking…", make_bot("expert", 1))
    assert expert.measured
    # Until its worker begins the search, the bar is empty (not what the last search reached).
    assert expert.shown() == "AI 2 (AI) is thinking… [----------]   0%"
