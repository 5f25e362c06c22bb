"""The Rivals board hosted alone on a real game state (tests only); see tests/tui/boards.py."""

from __future__ import annotations

from collections.abc import Callable

from engine.rivals.game import GAME
from engine.rivals.state import RivalsState
from rivals_tui.games.rivals import BOARD
from tests.tui import boards


class BoardApp(boards.BoardApp):
    GAME = GAME
    BOARD = BOARD


def new_state(seats: int, seed: int) -> RivalsState:
    return GAME.setup(GAME.Options(), seats, seed)


def find_state(
    seats: int, want: Callable[[RivalsState, int], bool], seed: int = 1, tries: int = 40
) -> tuple[RivalsState, int]:
    """Play random games until `want(state, seat)` holds for the seat to act."""
    return boards.find_state(GAME, lambda n: new_state(seats, n), want, seed, tries)
