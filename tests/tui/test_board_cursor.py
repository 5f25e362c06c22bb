"""The line boards' cursor, the same on every board: its line is never hidden under a "more" mark,
and a resize scrolls the board no further than the cursor needs."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.registry import GAMES
from rivals_tui.glyphs import LINES
from tests.tui.flow import until
from tests.tui.test_legends import BOARD_GAMES, LegendBoardApp

MARKS = (LINES.more_up, LINES.more_down)


def cursor_row(board: Any) -> str:
    """What the board draws on the row of the cursor's line ("" when that line is out of sight)."""
    y = board._line_of(board._index()) - board._top
    return board.render_line(y).text if 0 <= y < board.size.height else ""


@pytest.mark.parametrize("game_id", BOARD_GAMES)
async def test_the_cursors_line_is_never_under_a_more_mark(game_id: str) -> None:
    game = GAMES[game_id]
    rng = random.Random(game_id)
    state = game.setup(game.Options(), 2, 5)
    for _ in range(30):  # past the set-up, into a board with more in it
        game.apply(state, game.to_act(state)[0], rng.choice(game.legal(state, game.to_act(state)[0])))
    app = LegendBoardApp(game, state, game.to_act(state)[0])
    async with app.run_test(size=(46, 9)) as pilot:
        await pilot.pause()
        board = app.board
        assert len(board.table().lines) > board.size.height, "the board fits: nothing to scroll"
        for key in ["down"] * 12 + ["up"] * 12:
            await pilot.press(key)
            row = cursor_row(board)
            assert row and not row.startswith(MARKS), (key, board.cursor_key, board._top)


async def test_after_a_resize_the_board_scrolls_no_further_than_the_cursor_needs() -> None:
    """Shrunk, the board scrolls to keep the cursor in sight; grown back, it shows its first
    lines again (the player's own header) rather than staying scrolled."""
    game = GAMES["rival_realms"]
    state = game.setup(game.Options(), 2, 4)
    app = LegendBoardApp(game, state, 0)
    async with app.run_test(size=(46, 12)) as pilot:
        await pilot.pause()
        board = app.board
        assert len(board.table().lines) > 12
        board._set_cursor(next(k for k in board.table().keys if k[0] == "deck"))
        await pilot.pause()
        assert board._top == 0
        await pilot.resize_terminal(46, 6)
        await until(pilot, lambda: board.size.height == 6, timeout=5)
        assert board._top > 0 and cursor_row(board)
        await pilot.resize_terminal(46, 12)
        await until(pilot, lambda: board.size.height == 12, timeout=5)
        assert board._top == 0 and cursor_row(board)
        assert "pts" in board.render_line(0).text  # the header: name and points
