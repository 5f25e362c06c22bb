"""Expert rules: besieged tiles. After every spell of a turn has been cast, a tile whose four side
neighbours are all held by one side (with three players, possibly by two opponents together) is
taken: the besieger's golems on it stay, every other golem goes home, and one more of the
besieger's golems arrives. Taking a tile may complete another ring, so this repeats until
nothing changes. The rule itself is `battlefield.besieger`, which the preview uses too."""

from __future__ import annotations

from engine.core import Event
from engine.rivality.data import STEP
from engine.rivality.queries import besieger
from engine.rivality.rules.flow import exhausted
from engine.rivality.state import RivalityState
from engine.rivality.texts import colour, golems, side_name, tile_name, where


def ring(s: RivalityState, c: int) -> list[int]:
    """Controllers of cell c's four side neighbours (-1 for a missing or uncontrolled one)."""
    p = s.pos[c]
    out = []
    for st in STEP:
        n = s.at.get(p + st)
        out.append(-1 if n is None else s.ctrl[n])
    return out


def settle_sieges(s: RivalityState, ev: list[Event]) -> bool:
    """Take every besieged tile. True when a besieger's supply ran out, which ends the game."""
    active = s.side_of[s.turn]
    changed = True
    while changed:
        changed = False
        for c in range(len(s.pos)):
            w = besieger(ring(s, c), s.ctrl[c], s.sides, active)
            if w < 0:
                continue
            if any(s.mage[k] == c for k in range(s.sides) if k != w):
                continue  # a magician cannot be driven out by a siege
            _take(s, c, w, ev)
            changed = True
            if exhausted(s, w, ev):
                return True
    return False


def _take(s: RivalityState, c: int, w: int, ev: list[Event]) -> None:
    b = c * 3
    gone = []
    for k in range(s.sides):
        if k != w and s.golems[b + k]:
            gone.append(f"{golems(s.golems[b + k])} of {colour(s, k)}")
            s.supply[k] += s.golems[b + k]
            s.golems[b + k] = 0
    s.golems[b + w] += 1
    s.supply[w] -= 1
    s.ctrl[c] = w
    ev.append(
        Event(
            f"The {tile_name(s.tile[c])} at {where(s, s.pos[c])} is besieged: {side_name(s, w)} takes it"
            + (f" ({', '.join(gone)} back to the supply)" if gone else "")
            + " and puts a golem on it.",
            kind="siege",
        )
    )
