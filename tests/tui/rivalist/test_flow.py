"""A whole Rivalist game through the real app against the AI, played with the board's own keys
(Enter on the focused piece, c to construct, d to discard), ending on the score table broken
down by category."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from engine.ai import make_bot
from engine.core import SeatSpec
from engine.core.match import Match
from engine.rivalist.actions import Construct, Discard
from engine.rivalist.game import GAME
from rivals_tui.app import RivalsApp
from rivals_tui.games.rivalist import BOARD
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.session import LocalSession
from rivals_tui.settings import Settings
from saves.store import SaveStore
from tests.tui.flow import jump_near_end, settle


def rv_app(tmp_path: Path, seed: int, from_age: int = 1) -> tuple[RivalsApp, LocalSession]:
    """The app on a seeded game against an easy bot; with `from_age`, both sides' earlier
    decisions are made by easy bots first, so the screen takes over at the start of that Age."""
    settings = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", confirm_moves=False, ai_pace=0.0).save(settings)
    store = SaveStore(tmp_path / "saves", games={"rivalist": GAME})
    match = Match.new(GAME, GAME.Options(), [SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")], seed)
    bot = make_bot("easy", seed)
    while match.state.age < from_age or match.to_act() != (0,):
        seat = match.to_act()[0]
        match.submit(seat, bot.choose(GAME, match.view(seat), seat))
    session = LocalSession(match, store)
    app = RivalsApp(games={"rivalist": GAME}, store=store, settings_path=settings, session=session)
    return app, session


@pytest.mark.paints  # a crash painting any state along the way fails it
async def test_a_whole_game_against_the_ai_by_board_keys_ends_on_the_category_table(tmp_path: Path) -> None:
    # Ages I and II are played by bots (the draft and earlier Ages have flows of their own); Age
    # III's first and last moves, to the category table, are played on the board by its keys.
    app, session = rv_app(tmp_path, seed=8, from_age=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert isinstance(app.screen.query_one("#board"), BOARD)
        moves = 0
        for step in range(400):
            if isinstance(app.screen, GameOverScreen):
                break
            if step == 4:
                # The middle of Age III is jumped over (tests/tui/flow.py); its end is by keys.
                await jump_near_end(pilot, left=8, seed=8)
            legal = session.legal(0)
            assert legal, "the human is always the one to decide once the bot has moved"
            before = len(session.match.history)
            key = "c" if Construct() in legal else "d" if Discard() in legal else "enter"
            await pilot.press(key)
            await settle(pilot)
            assert len(session.match.history) > before, f"{key} did nothing"
            moves += 1
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert moves > 6
        out = session.outcome()
        assert out is not None
        table = over.query_one(DataTable)
        labels = [str(table.get_row_at(r)[0]) for r in range(table.row_count)]
        # Every scoring category of the game is a row, then the totals.
        assert labels == [
            "Military",
            "Blue buildings",
            "Yellow buildings",
            "Green buildings",
            "Unions (purple)",
            "Wonders",
            "Progress tokens",
            "Treasury (1 per 3 coins)",
            "Total",
        ]
        assert [str(v) for v in table.get_row_at(table.row_count - 1)[1:]] == [str(s) for s in out.scores]
        reason = str(over.query_one("#over-reason", Static).content)
        assert ("Ann" in reason or "Bot" in reason) and "Player" not in reason
