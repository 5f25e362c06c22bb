"""What is known about a game before its rules are loaded: `GameInfo`, and `Catalog`.

Starting the app, listing saves and building the new-game form need each game's id, title, seat
counts and options, but not its rules. Each game package has a light `meta.py` holding its
`GameInfo`; the rules module named there is imported only when the game is first used.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from engine.core.game import AnyGame


@attrs.frozen
class GameInfo:
    """A game's card in the catalog. `rules` is the module defining `GAME` ("engine.rivality.game")."""

    id: str
    title: str
    players: range
    options: type[Any]
    rules: str
    supports_series: bool = False

    @classmethod
    def of(cls, game: AnyGame) -> GameInfo:
        """The info of an already loaded game (toy games in tests)."""
        return cls(
            game.id, game.title, game.players, game.Options, type(game).__module__, game.supports_series
        )

    def load(self) -> AnyGame:
        game: AnyGame = importlib.import_module(self.rules).GAME
        return game


class Catalog(Mapping[str, AnyGame]):
    """id -> Game, loading each game's rules the first time it is looked up. `info(id)` and
    iteration never load rules."""

    def __init__(self, infos: Mapping[str, GameInfo], loaded: Mapping[str, AnyGame] | None = None) -> None:
        self._infos = dict(infos)
        self._loaded: dict[str, AnyGame] = dict(loaded or {})

    @classmethod
    def of(cls, *games: AnyGame) -> Catalog:
        """A catalog of games already loaded (tests, toy games)."""
        return cls({g.id: GameInfo.of(g) for g in games}, {g.id: g for g in games})

    def info(self, game_id: str) -> GameInfo:
        return self._infos[game_id]

    def infos(self) -> list[GameInfo]:
        return list(self._infos.values())

    def is_loaded(self, game_id: str) -> bool:
        return game_id in self._loaded

    def __getitem__(self, game_id: str) -> AnyGame:
        game = self._loaded.get(game_id)
        if game is None:
            game = self._infos[game_id].load()
            self._loaded[game_id] = game
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self._infos)

    def __len__(self) -> int:
        return len(self._infos)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._infos

    def find(self, text: str) -> str | None:
        """The id a user meant: exact, or ignoring case, spaces and dashes ("Rival-Kings")."""
        if text in self._infos:
            return text
        key = text.strip().lower().replace("-", "_").replace(" ", "_")
        for gid, info in self._infos.items():
            if key in (gid.lower(), info.title.lower().replace(" ", "_")):
                return gid
        return None
