"""A small app hosting the Rival Kings board alone, fed from a real match (tests only)."""

from __future__ import annotations

import random
from typing import Any

from textual.app import App, ComposeResult

from engine.core import Event
from engine.rival_kings import GAME
from engine.rival_kings.state import RKState
from rivals_tui.games.rival_kings import BOARD
from rivals_tui.widgets.board import GameBoard


def random_state(seats: int, seed: int, moves: int) -> RKState:
    """A game after `moves` random legal decisions (fewer if it ends first)."""
    rng = random.Random(seed)
    s = GAME.setup(GAME.Options(), seats, seed)
    for _ in range(moves):
        owing = GAME.to_act(s)
        if not owing:
            break
        seat = owing[0]
        GAME.apply(s, seat, rng.choice(GAME.legal(s, seat)))
    return s


class BoardApp(App[None]):
    """Shows one seat's view of `state` on the board and records what the board posts."""

    def __init__(self, state: RKState, seat: int) -> None:
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
