"""The Rival Kings board hosted alone on a real match (tests only); see tests/tui/boards.py."""

from __future__ import annotations

from typing import Any

from engine.rival_kings.game import GAME
from engine.rival_kings.state import RivalKingsState
from rivals_tui.games.rival_kings import BOARD
from tests.tui import boards


class BoardApp(boards.BoardApp):
    GAME = GAME
    BOARD = BOARD


def find_state(seats: int, want: Any, seed: int = 1, tries: int = 60) -> tuple[RivalKingsState, int]:
    """Play random games until `want(state, seat)` holds for the seat to act."""
    return boards.find_state(GAME, lambda n: GAME.setup(GAME.Options(), seats, n), want, seed, tries)
