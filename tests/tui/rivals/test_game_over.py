"""The Rivals game-over screen at 80×24 with six seats: every name on one line over its Ashak,
the standing row in words, and Esc on the final board back to the scores."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import DataTable

from engine.core import SeatSpec
from engine.core.match import Match
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.game import GAME
from rivals_tui.screens.game_over import GameOverScreen
from tests.tui.boards import screen_app, settle


def finished(seed: int) -> Match:
    seats = [SeatSpec("Player 1")] + [SeatSpec(f"AI {i + 2}", "ai", "easy") for i in range(5)]
    m = Match.new(GAME, GAME.Options(), seats, seed)
    rng = random.Random(seed)
    while not m.over:
        seat = m.to_act()[0]
        m.submit(seat, rng.choice(list(m.legal(seat))))
    return m


async def test_the_six_seat_score_table_names_each_ashak_and_says_who_stands(tmp_path: Path) -> None:
    m = finished(4)  # three Ashaks still standing
    app = screen_app(tmp_path, m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        table = over.query_one(DataTable)
        for i, column in enumerate(list(table.columns.values())[1:]):
            head = str(column.label).split("\n")
            # The name whole on its first line (no "Player" over "1"), the Ashak under it.
            assert head[0].startswith(m.seats[i].name), head
            assert head[-1].endswith(ASHAKS[m.state.ashaks[i].kind].name), head
        rows = {str(table.get_row_at(r)[0]): table.get_row_at(r)[1:] for r in range(table.row_count)}
        assert list(rows) == ["Rival Points", "Health", "Still standing"]
        assert rows["Still standing"] == ["yes" if a.alive else "no" for a in m.state.ashaks]
        # The table fits the screen: no column pushed off to the right.
        assert sum(c.get_render_width(table) for c in table.columns.values()) <= 80 - 4


async def test_esc_on_the_final_board_goes_back_to_the_scores(tmp_path: Path) -> None:
    app = screen_app(tmp_path, finished(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        await pilot.press("b")
        await pilot.pause()
        assert over.showing_board
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is over and not over.showing_board  # the scores again, not the menu
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not over  # from the scores, Esc goes to the menu as before
