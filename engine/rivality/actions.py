"""Rivality decisions. Each is frozen, has a short text form, and is interned (see `Interned`)
so building legal lists allocates nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

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


# The most frequent decisions first: every move is checked with isinstance against this tuple.
ACTION_TYPES: tuple[type, ...] = (
    PlaceAt,
    Orient,
    ChooseTile,
    MoveMagician,
    Mulligan,
    RemoveGolem,
    CastDelayed,
)

# Every decision of the game: the action type parameter of its Game.
Action = Mulligan | ChooseTile | PlaceAt | Orient | RemoveGolem | CastDelayed | MoveMagician

A = TypeVar("A")


class Interned(dict[Any, A]):
    """The one shared instance of `cls(arg)` for each argument: `PLACE_AT[pos]`. Building a legal
    list is then a dictionary lookup per action, with no allocation once an action exists."""

    def __init__(self, cls: Callable[[Any], A]) -> None:
        super().__init__()
        self.cls = cls

    def __missing__(self, arg: Any) -> A:
        a = self[arg] = self.cls(arg)
        return a


CHOOSE_TILE: Interned[ChooseTile] = Interned(ChooseTile)
PLACE_AT: Interned[PlaceAt] = Interned(PlaceAt)
REMOVE_GOLEM: Interned[RemoveGolem] = Interned(RemoveGolem)
CAST_DELAYED: Interned[CastDelayed] = Interned(CastDelayed)
MOVE_MAGICIAN: Interned[MoveMagician] = Interned(MoveMagician)
