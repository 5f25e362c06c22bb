"""Rivality's move notation (engine.core.notation): squares as "x,y" from the Mana Well (solo: of
the layout), the words the board's detail panel uses; directions and edges by name; sides by
colour.

    mulligan | keep          tile 7             place 1,-2         face north
    remove mauve             fire 1,-2 left     move 2,3
"""

from __future__ import annotations

import re
from typing import Any

from engine.core.notation import Codec, Form, Named, Notation
from engine.rivality.actions import (
    ACTION_TYPES,
    CastDelayed,
    ChooseTile,
    MoveMagician,
    Mulligan,
    Orient,
    PlaceAt,
    RemoveGolem,
)
from engine.rivality.data import COLOURS, DIR_NAMES, EDGE_NAMES, OFFSET, pos_of, xy_of

_XY = re.compile(r"(-?[0-9]{1,2}),(-?[0-9]{1,2})")


class Square(Codec):
    """A packed position as "x,y" (data.xy_of)."""

    name = "x,y"

    def write(self, s: Any, value: Any) -> str | None:
        x, y = xy_of(value)
        return f"{x},{y}"

    def read(self, s: Any, ws: tuple[str, ...]) -> Any:
        m = _XY.fullmatch(ws[0])
        if m is None:
            return None
        x, y = int(m.group(1)), int(m.group(2))
        return pos_of(x, y) if -OFFSET <= x < OFFSET and -OFFSET <= y < OFFSET else None


class Spell(Codec):
    """A delayed spell (`cell * 4 + edge`) as the square of its tile and the edge: "1,-2 left"."""

    width = 2
    name = "x,y> <edge"

    def write(self, s: Any, value: Any) -> str | None:
        cell, edge = value >> 2, value & 3
        if not 0 <= cell < len(s.pos) or edge >= len(EDGE_NAMES):
            return None
        x, y = xy_of(s.pos[cell])
        return f"{x},{y} {EDGE_NAMES[edge]}"

    def read(self, s: Any, ws: tuple[str, ...]) -> Any:
        pos = SQUARE.read(s, ws[:1])
        cell = s.at.get(pos) if pos is not None else None
        if cell is None or ws[1] not in EDGE_NAMES:
            return None
        return cell * 4 + EDGE_NAMES.index(ws[1])


SQUARE = Square()
COLOUR = Named("colour", {i: c.lower() for i, c in enumerate(COLOURS)})

NOTATION = Notation(
    "Rivality",
    ACTION_TYPES,
    [
        Form(Mulligan, "mulligan", redraw=True),
        Form(Mulligan, "keep", redraw=False),
        Form(ChooseTile, "tile {tile}"),
        Form(PlaceAt, "place {pos}", pos=SQUARE),
        Form(Orient, "face {rot}", rot=Named("direction", dict(enumerate(DIR_NAMES)))),
        Form(RemoveGolem, "remove {side}", side=COLOUR),
        Form(CastDelayed, "fire {spell}", spell=Spell()),
        Form(MoveMagician, "move {pos}", pos=SQUARE),
    ],
)
