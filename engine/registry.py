"""The registry of playable games: id -> Game object.

The id names the game everywhere: the save file's tag, the screen, the help file, the CLI.
Add a game by listing its package here; the package exposes `GAME`.
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.core.game import Game

# In menu order. Each entry is a package under engine/ that defines GAME.
GAME_PACKAGES: tuple[str, ...] = ("rival_kings", "rivalist", "rivality")

GAMES: dict[str, Game[Any]] = {}
for _pkg in GAME_PACKAGES:
    _game = importlib.import_module(f"engine.{_pkg}").GAME
    GAMES[_game.id] = _game


def get_game(game_id: str) -> Game[Any]:
    """The game with this id; KeyError with the known ids if there is none."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES) or "none"
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None
