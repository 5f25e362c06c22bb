"""The Rivalist board hosted alone on a real game (tests only); see tests/tui/boards.py."""

from __future__ import annotations

from collections.abc import Callable

from engine.rivalist.game import GAME
from engine.rivalist.state import RivalistState
from rivals_tui.games.rivalist import BOARD
from tests.tui import boards


class BoardApp(boards.BoardApp):
    GAME = GAME
    BOARD = BOARD


def find_state(
    want: Callable[[RivalistState, int], bool], seed: int = 1, tries: int = 80
) -> tuple[RivalistState, int]:
    """Play random games until `want(state, seat)` holds for the seat to act."""
    return boards.find_state(GAME, lambda n: GAME.setup(GAME.Options(), 2, n), want, seed, tries)
