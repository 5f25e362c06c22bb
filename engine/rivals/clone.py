"""A structural copy of the state built from its attrs fields (lists copied one level deep,
lists of lists two levels, the Rng by value; ints, strings and frozen records shared)."""

from __future__ import annotations

import attrs

from engine.core.rng import Rng
from engine.rivals.state import RivalsState

_NESTED = tuple(f.name for f in attrs.fields(RivalsState) if str(f.type).startswith("list[list"))
_FLAT = tuple(
    f.name for f in attrs.fields(RivalsState) if str(f.type).startswith("list[") and f.name not in _NESTED
)


def clone(s: RivalsState) -> RivalsState:
    c = attrs.evolve(s)
    for name in _FLAT:
        setattr(c, name, getattr(s, name)[:])
    for name in _NESTED:
        setattr(c, name, [x[:] for x in getattr(s, name)])
    c.rng = Rng(s.rng.state)
    return c
