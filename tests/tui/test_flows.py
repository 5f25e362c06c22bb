"""Pilot flows: what a player does from the menu to the end of a game, and back again."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.screens.new_game import NewGameScreen
from rivals_tui.screens.pass_keyboard import PassScreen
from tests.tui.conftest import make_app


async def settle(pilot) -> None:  # type: ignore[no-untyped-def]
    """Let AI workers finish and their messages land."""
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def play_out(pilot, max_moves: int = 60) -> None:  # type: ignore[no-untyped-def]
    """Choose the first offered action whenever it is a human's turn, until the game is over."""
    app = pilot.app
    for _ in range(max_moves):
        await settle(pilot)
        if isinstance(app.screen, GameOverScreen):
            return
        if isinstance(app.screen, PassScreen):
            await pilot.press("enter")
            continue
        assert isinstance(app.screen, GameScreen)
        await pilot.press("enter")
    raise AssertionError("the game did not end")


async def test_new_game_against_ai_reaches_game_over(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#seed", Input).value = "11"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        session = app.screen.session
        assert [s.kind for s in session.seats] == ["human", "ai"]
        await play_out(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        out = session.outcome()
        assert out is not None and sum(out.scores) > 0
