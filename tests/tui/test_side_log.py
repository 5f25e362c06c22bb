"""The side log keeps its last line in sight when the same update makes the detail panel above
it taller (after a scout, the hex's detail grows as the log gains the tile's line)."""

from __future__ import annotations

from pathlib import Path

from engine.core import SeatSpec
from engine.core.match import Match
from engine.registry import GAMES
from rivals_tui.screens.game import GameScreen
from rivals_tui.widgets.detail import DetailPanel
from rivals_tui.widgets.log import WrappingLog
from tests.tui.boards import screen_app, settle


async def test_the_log_keeps_its_end_in_sight_when_the_detail_panel_grows(tmp_path: Path) -> None:
    game = GAMES["rival_kings"]
    seats = [SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy"), SeatSpec("Cy", "ai", "easy")]
    match = Match.new(game, game.Options(), seats, 4)
    while len(match.history) < 40 or 0 not in match.to_act():
        seat = match.to_act()[0]
        match.submit(seat, match.legal(seat)[-1])
    app = screen_app(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        log = screen.query_one("#log", WrappingLog)
        detail = screen.query_one("#detail", DetailPanel)
        screen._show_detail("Short", "One line.")
        await settle(pilot)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        before = detail.size.height
        # One update: a line for the log, and a text several lines longer for the panel.
        log.add("The newest event.")
        screen._show_detail("Long", " ".join(["A detail text that takes many lines."] * 12))
        await settle(pilot)
        # The log follows its end after the refresh that the resize asks for; on a loaded
        # machine that refresh can come a frame or two later.
        for _ in range(10):
            if log.scroll_y == log.max_scroll_y:
                break
            await pilot.pause(0.05)
        assert detail.size.height >= before + 3
        assert log.scroll_y == log.max_scroll_y, "the newest event is below the log's edge"
