"""Pilot flows through the real app: a whole game against an AI and a whole solo game, played
with the keyboard on the Rivality board (Enter on what the board offers, r to turn a tile)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.core import SeatSpec
from engine.core.match import Match
from engine.rivality.game import GAME
from engine.rivality.options import RivalityOptions
from rivals_tui.app import RivalsApp
from rivals_tui.games.rivality import BOARD
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.session import LocalSession
from rivals_tui.settings import Settings
from rivals_tui.widgets.action_picker import ActionPicker
from saves.store import SaveStore
from tests.tui.flow import jump_near_end, settle


def app_for(tmp_path: Path, match: Match) -> RivalsApp:
    settings = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", confirm_moves=False, ai_pace=0.0).save(settings)
    store = SaveStore(tmp_path / "saves", games={"rivality": GAME})
    return RivalsApp(
        games={"rivality": GAME}, store=store, settings_path=settings, session=LocalSession(match, store)
    )


async def play_by_keys(pilot: Any, max_keys: int = 400) -> int:
    """Press Enter (and r now and then) whenever the human decides, until the game is over or
    `max_keys` keys have been pressed; returns how many were."""
    app = pilot.app
    for n in range(max_keys):
        await settle(pilot)
        if isinstance(app.screen, GameOverScreen):
            return n
        if isinstance(app.screen, ActionPicker):
            await pilot.press("enter")
            continue
        assert isinstance(app.screen, GameScreen)
        board = app.screen.query_one(BOARD)
        assert board.rendered_text()
        if n % 3 == 0:
            await pilot.press("r")
        await pilot.press("enter")
    return max_keys


@pytest.mark.paints  # a crash painting any state along the way fails it
async def test_a_whole_game_against_the_ai_by_keyboard(tmp_path: Path) -> None:
    seats = [SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")]
    app = app_for(tmp_path, Match.new(GAME, RivalityOptions(), seats, 5))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await play_by_keys(pilot, max_keys=12) == 12
        # The middle of the game is jumped over (tests/tui/flow.py); its end is played by keys.
        await jump_near_end(pilot, left=10, seed=5)
        keys = await play_by_keys(pilot)
        assert keys >= 3
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert over.session.outcome() is not None


async def test_a_whole_solo_game_by_keyboard(tmp_path: Path) -> None:
    # Seed 30: pressing Enter every turn beats Souramoun (the game-over screen cannot yet show a
    # game without winners; see the report of the board's first commit).
    app = app_for(tmp_path, Match.new(GAME, RivalityOptions(solo_level="seasoned"), [SeatSpec("Ann")], 30))
    async with app.run_test(size=(80, 24)) as pilot:
        keys = await play_by_keys(pilot)
        assert 3 <= keys < 400
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert over.session.outcome().winners == (0,)
