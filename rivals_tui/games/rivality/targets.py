"""Which legal Rivality decisions a piece of the board stands for (Enter on it), from the legal
list alone: the board never decides rules. No Textual import."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.rivality.actions import (
    CastDelayed,
    ChooseTile,
    MoveMagician,
    Mulligan,
    Orient,
    PlaceAt,
    RemoveGolem,
)
from engine.rivality.data import pos_of
from engine.rivality.state import RivalityState

Key = tuple[Any, ...]


def key_pos(key: Key) -> int | None:
    """The packed position of a field key, None for other pieces."""
    if key[0] != "cell":
        return None
    return pos_of(key[1], key[2])


def actions_at(v: RivalityState, legal: Sequence[Any], key: Key, rot: int) -> list[Any]:
    """The legal actions Enter on `key` may take (several open a short picker)."""
    if not legal or v is None:
        return []
    first = legal[0]
    if key[0] == "hand":
        i = key[1]
        if isinstance(first, Mulligan):
            return list(legal)
        if isinstance(first, ChooseTile):
            seat = v.actor
            hand = v.hands[seat] if 0 <= seat < len(v.hands) else []
            if i < len(hand):
                return [a for a in legal if isinstance(a, ChooseTile) and a.tile == hand[i]]
        return []
    p = key_pos(key)
    if p is None:
        return []
    if isinstance(first, PlaceAt):
        return [a for a in legal if a.pos == p]
    if isinstance(first, MoveMagician):
        return [a for a in legal if a.pos == p]
    if isinstance(first, Orient):
        return [a for a in legal if a.rot == rot] if p == v.target else []
    if isinstance(first, RemoveGolem):
        return list(legal) if v.cut_cell >= 0 and v.pos[v.cut_cell] == p else []
    if isinstance(first, CastDelayed):
        return [a for a in legal if v.pos[a.spell >> 2] == p]
    return []


def is_target(v: RivalityState, legal: Sequence[Any], key: Key, rot: int) -> bool:
    return bool(actions_at(v, legal, key, rot))


def target_positions(v: RivalityState, legal: Sequence[Any]) -> set[int]:
    """Field squares where Enter does something now (to mark them)."""
    out: set[int] = set()
    for a in legal:
        if isinstance(a, (PlaceAt, MoveMagician)):
            out.add(a.pos)
        elif isinstance(a, Orient):
            out.add(v.target)
        elif isinstance(a, RemoveGolem) and v.cut_cell >= 0:
            out.add(v.pos[v.cut_cell])
        elif isinstance(a, CastDelayed):
            out.add(v.pos[a.spell >> 2])
    return out
