"""The Rivality board hosted alone on a real game state (tests only); see tests/tui/boards.py."""

from __future__ import annotations

from collections.abc import Callable

from engine.rivality.game import GAME
from engine.rivality.options import RivalityOptions
from engine.rivality.state import RivalityState
from rivals_tui.games.rivality import BOARD
from tests.tui import boards


class BoardApp(boards.BoardApp):
    GAME = GAME
    BOARD = BOARD


def new_state(seats: int, seed: int, expert: bool = False) -> RivalityState:
    return GAME.setup(RivalityOptions(expert=expert), seats, seed)


def find_state(
    seats: int,
    want: Callable[[RivalityState, int], bool],
    expert: bool = False,
    seed: int = 1,
    tries: int = 80,
) -> tuple[RivalityState, int]:
    """Play random games until `want(state, seat)` holds for the seat to act."""
    return boards.find_state(GAME, lambda n: new_state(seats, n, expert), want, seed, tries)
