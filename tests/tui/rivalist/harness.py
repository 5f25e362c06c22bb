"""A small app hosting the Rivalist board alone, fed from a real game (tests only)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from textual.app import App, ComposeResult

from engine.core import Event
from engine.rivalist import GAME, RVState
from rivals_tui.games.rivalist import BOARD
from rivals_tui.widgets.board import GameBoard


def find_state(want: Callable[[RVState, int], bool], seed: int = 1, tries: int = 80) -> tuple[RVState, int]:
    """Play random games until `want(state, seat)` holds for the seat to act."""
    for n in range(tries):
        rng = random.Random(seed * 1000 + n)
        s = GAME.setup(GAME.Options(), 2, seed * 1000 + n)
        while GAME.to_act(s):
            seat = GAME.to_act(s)[0]
            if want(s, seat):
                return s, seat
            GAME.apply(s, seat, rng.choice(GAME.legal(s, seat)))
    raise AssertionError("no such moment in the sample games")


class BoardApp(App[None]):
    """Shows one seat's view of `state` on the board and records what the board posts."""

    def __init__(self, state: RVState, seat: int) -> None:
        super().__init__()
        self.state = state
        self.seat = seat
        self.chosen: list[Any] = []
        self.details: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:
        yield BOARD(GAME, id="board")

    def on_mount(self) -> None:
        self.refresh_board([])

    @property
    def board(self) -> Any:
        return self.query_one(GameBoard)

    def refresh_board(self, events: list[Event]) -> None:
        board = self.board
        board.show(GAME.view(self.state, self.seat), self.seat, GAME.legal(self.state, self.seat), events)
        board.focus_board()

    def on_game_board_action_chosen(self, msg: GameBoard.ActionChosen) -> None:
        self.chosen.append(msg.action)

    def on_game_board_detail_changed(self, msg: GameBoard.DetailChanged) -> None:
        self.details.append((msg.title, msg.text))
