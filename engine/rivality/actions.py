"""Rivality decisions. Each is frozen, has a short text form, and is interned (see `intern`)
so building legal lists allocates nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import attrs


@attrs.frozen
class Mulligan:
    """First player only, when neither tile can reach the Mana Well: redraw (True) or keep."""

    redraw: bool

    def __str__(self) -> str:
        return "mulligan" if self.redraw else "keep"


@attrs.frozen
class ChooseTile:
    """Pick the tile (id) from your hand to lay this turn."""

    tile: int

    def __str__(self) -> str:
        return f"tile {self.tile}"


@attrs.frozen
class PlaceAt:
    """Lay the chosen tile at packed position `pos` (data.pos_of)."""

    pos: int

    def __str__(self) -> str:
        return f"at {self.pos}"


@attrs.frozen
class Orient:
    """Turn the laid tile so its front edge faces `rot` (0 north, 1 east, 2 south, 3 west)."""

    rot: int

    def __str__(self) -> str:
        return f"orient {self.rot}"


@attrs.frozen
class RemoveGolem:
    """Over the limit with tied opponents: take one golem of `side` off the tile."""

    side: int

    def __str__(self) -> str:
        return f"remove {self.side}"


@attrs.frozen
class CastDelayed:
    """Expert: cast this delayed spell next (`spell` = cell * 4 + edge)."""

    spell: int

    def __str__(self) -> str:
        return f"delayed {self.spell}"


@attrs.frozen
class MoveMagician:
    """Solo: enter or move your magician to packed position `pos`."""

    pos: int

    def __str__(self) -> str:
        return f"move {self.pos}"


ACTION_TYPES: tuple[type, ...] = (
    Mulligan,
    ChooseTile,
    PlaceAt,
    Orient,
    RemoveGolem,
    CastDelayed,
    MoveMagician,
)

# Every decision of the game: the action type parameter of its Game.
RYAction = Mulligan | ChooseTile | PlaceAt | Orient | RemoveGolem | CastDelayed | MoveMagician

Action = Mulligan | ChooseTile | PlaceAt | Orient | RemoveGolem | CastDelayed | MoveMagician

T = TypeVar("T")
_CACHE: dict[tuple[Any, Any], Any] = {}


def intern(cls: Callable[[Any], T], arg: Any) -> T:
    """The one shared instance of `cls(arg)`."""
    key = (cls, arg)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = cls(arg)
    return cast(T, a)
