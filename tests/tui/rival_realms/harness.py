"""The Rival Realms board hosted alone on a real game (tests only); see tests/tui/boards.py."""

from __future__ import annotations

from typing import Any

from engine.rival_realms.game import GAME
from engine.rival_realms.state import RivalRealmsState
from rivals_tui.games.rival_realms import BOARD
from tests.tui import boards


class BoardApp(boards.BoardApp):
    GAME = GAME
    BOARD = BOARD


def find_state(
    seats: int, want: Any, seed: int = 1, tries: int = 60, **options: Any
) -> tuple[RivalRealmsState, int]:
    """Play random games until `want(state, seat)` holds for the seat to act."""
    return boards.find_state(GAME, lambda n: GAME.setup(GAME.Options(**options), seats, n), want, seed, tries)
