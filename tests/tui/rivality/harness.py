"""A small app hosting the Rivality board alone, fed from a real game state (tests only)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from textual.app import App, ComposeResult

from engine.core import Event
from engine.rivality import GAME
from engine.rivality.state import RVOptions, RVState
from rivals_tui.games.rivality import BOARD
from rivals_tui.widgets.board import GameBoard


def new_state(seats: int, seed: int, expert: bool = False) -> RVState:
    return GAME.setup(RVOptions(expert=expert), seats, seed)


def find_state(
    seats: int, want: Callable[[RVState, int], bool], expert: bool = False, seed: int = 1, tries: int = 80
) -> tuple[RVState, int]:
    """Play random games until `want(state, seat)` holds for the seat to act."""
    for n in range(tries):
        rng = random.Random(seed * 1000 + n)
        s = new_state(seats, seed * 1000 + n, expert)
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

    def play(self, action: Any) -> list[Event]:
        """Apply `action` for the seat to act and show the result, as the game screen would."""
        seat = GAME.to_act(self.state)[0]
        events = GAME.apply(self.state, seat, action)
        self.refresh_board(events)
        return events

    def on_game_board_action_chosen(self, msg: GameBoard.ActionChosen) -> None:
        self.chosen.append(msg.action)

    def on_game_board_detail_changed(self, msg: GameBoard.DetailChanged) -> None:
        self.details.append((msg.title, msg.text))
