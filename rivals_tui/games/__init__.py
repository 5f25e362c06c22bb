"""Per-game boards: `BOARDS` maps a game id to its `GameBoard` subclass.

A game without a board of its own is played on `GenericBoard` (the prompt and a list of legal
actions). A board package lives in `rivals_tui/games/<game_id>/` and exposes `BOARD`; it is
imported the first time that game is played, so one game's board can never stop another game
(or the menu) from working. See `rivals_tui/widgets/board.py` for the interface.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from engine.core import Game
from rivals_tui.widgets.board import GameBoard, GenericBoard

BOARDS: dict[str, type[GameBoard]] = {}


def board_class(game_id: str) -> type[GameBoard]:
    """The board for `game_id`: registered in BOARDS, found in rivals_tui.games.<game_id>, or generic."""
    if game_id not in BOARDS:
        try:
            module = importlib.import_module(f"{__name__}.{game_id}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{game_id}":
                raise  # the board exists but is broken: say so rather than hide it
            BOARDS[game_id] = GenericBoard
        else:
            BOARDS[game_id] = getattr(module, "BOARD", GenericBoard)
    return BOARDS[game_id]


def board_for(
    game: Game[Any, Any, Any],
    names: Sequence[str] = (),
    best: int | None = None,
    say: Callable[[str], None] | None = None,
) -> GameBoard:
    """A fresh board widget for `game` (its own if it has one, else the generic one), given what
    it shows besides the view: the seats' names, the player's personal best, where it speaks."""
    return board_class(game.id)(game, names=names, best=best, say=say, id="board")
