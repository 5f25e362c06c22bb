"""A spectator's board (a server's table watched, seat None) never speaks as if the watcher held a
seat: no "Your nest", "Your hand", "You:" drawn on any of the five boards, at random moments of
real games and at two sizes. (Card texts in the detail panel address whoever holds the card, as
rules do; they are not the board's own words.)"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from textual.app import App, ComposeResult

from engine.core import Game
from engine.registry import GAMES
from rivals_tui.games import board_class
from rivals_tui.widgets.board import GameBoard

SEATED_WORDS = re.compile(r"\b(You|Your|Yours|you|your|yours)\b")


class WatchedBoard(App[None]):
    """One board alone, shown as a spectator sees it."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        yield board_class(self.game.id)(self.game, id="board")


@pytest.mark.parametrize(
    ("game_id", "seats", "options"),
    [
        ("rival_kings", 3, {}),
        ("rivalist", 2, {}),
        ("rivality", 2, {"expert": True}),
        ("rival_realms", 2, {}),
        ("rival_realms", 1, {}),
        ("rivals", 3, {}),
    ],
)
@pytest.mark.parametrize("size", [(46, 12), (80, 24), (120, 40)])
async def test_a_spectators_board_names_every_seat(
    game_id: str, seats: int, options: dict[str, Any], size: tuple[int, int]
) -> None:
    game = GAMES[game_id]
    rng = random.Random(f"{game_id}{seats}{size}")
    state = game.setup(game.Options(**options), seats, rng.randrange(1, 10_000))
    app = WatchedBoard(game)
    drawn = 0
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = app.query_one(GameBoard)
        steps = 0
        while game.to_act(state) and drawn < 8:
            seat = game.to_act(state)[0]
            events = game.apply(state, seat, rng.choice(game.legal(state, seat)))
            steps += 1
            if steps % 5:
                continue
            board.show(game.view(state, None), None, (), events)
            board._table = None
            lines = board.rendered_text().splitlines() + [item.title for item in board.table().items]
            seated = [line for line in lines if SEATED_WORDS.search(line)]
            assert not seated, f"{game_id} after {steps} moves: {seated}"
            drawn += 1
    assert drawn >= 3
