"""Per-game boards: `BOARDS` maps a game id to its `GameBoard` subclass.

A game without an entry is played on `GenericBoard` (the prompt and a list of legal actions).
A game package under `rivals_tui/games/<game_id>/` registers itself by exposing `BOARD`; it is
listed in `BOARD_PACKAGES` and imported lazily so a broken board never stops the menu.
See `rivals_tui/widgets/board.py` for the interface.
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.core import Game
from rivals_tui.widgets.board import GameBoard, GenericBoard

# Board packages under rivals_tui/games/, each exposing BOARD: type[GameBoard].
BOARD_PACKAGES: tuple[str, ...] = ("rival_kings",)

BOARDS: dict[str, type[GameBoard]] = {}


def _load() -> None:
    for pkg in BOARD_PACKAGES:
        if pkg in BOARDS:
            continue
        try:
            module = importlib.import_module(f"rivals_tui.games.{pkg}")
        except ModuleNotFoundError as exc:
            # Not written yet: the generic board serves until it is.
            if exc.name is not None and exc.name.startswith(f"rivals_tui.games.{pkg}"):
                continue
            raise
        board = getattr(module, "BOARD", None)
        if board is not None:
            BOARDS[pkg] = board


def board_for(game: Game[Any]) -> GameBoard:
    """A fresh board widget for `game`: its own if registered, else the generic one."""
    _load()
    cls = BOARDS.get(game.id, GenericBoard)
    return cls(game, id="board")
