"""The registry of playable games: id -> Game, loaded lazily.

The id names the game everywhere: the save file's tag, the screen, the help file, the CLI.
Add a game by listing its package here; the package has a light `meta.py` with `INFO` (a
`GameInfo`) and a rules module exposing `GAME`. Importing this module reads only the `meta.py`
files, so the game list is known without loading any rules.
"""

from __future__ import annotations

import importlib

from engine.core.game import AnyGame
from engine.core.info import Catalog, GameInfo

# In menu order. Each entry is a package under engine/ with a meta.py defining INFO.
GAME_PACKAGES: tuple[str, ...] = ("rival_kings", "rival_realms", "rivalist", "rivality", "rivals")

INFOS: dict[str, GameInfo] = {}
for _pkg in GAME_PACKAGES:
    _info: GameInfo = importlib.import_module(f"engine.{_pkg}.meta").INFO
    INFOS[_info.id] = _info

GAMES = Catalog(INFOS)


def get_game(game_id: str) -> AnyGame:
    """The game with this id; KeyError with the known ids if there is none."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES) or "none"
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None
