"""What a seat may decide now, and why not: `candidates` lists every action worth showing in the
current phase (legal or greyed), `reason` is the one place each rule is decided (None, or the
sentence a player reads), and `legal` is a faster path for the search that gives the same list
(the conformance suite checks it does)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rivality.actions import (
    CAST_DELAYED,
    CHOOSE_TILE,
    MOVE_MAGICIAN,
    PLACE_AT,
    REMOVE_GOLEM,
    CastDelayed,
    ChooseTile,
    MoveMagician,
    Mulligan,
    Orient,
    PlaceAt,
    RemoveGolem,
    RYAction,
)
from engine.rivality.battlefield import is_empty
from engine.rivality.data import HITS_ADJACENT
from engine.rivality.effects import tied_enemies
from engine.rivality.state import RYState

_ORIENTS: tuple[Orient, ...] = tuple(Orient(r) for r in range(4))
_MULLIGANS: tuple[Mulligan, ...] = (Mulligan(True), Mulligan(False))


def may_redraw(s: RYState, seat: int) -> bool:
    """The mulligan offer: the first player, before the first tile, when no tile of the hand can
    reach the Mana Well (only a distance-1 spell can, from the square next to it)."""
    return (
        s.phase == "mulligan"
        and seat == 0
        and not s.mulligan_done
        and not any(t >= 0 and HITS_ADJACENT[t] for t in s.hands[0])
    )


def _delayed_choices(s: RYState) -> list[int]:
    return [r for r in s.delayed if s.ctrl[r >> 2] == s.caster]


# -- the legal list, phase by phase (fast: interned actions, no reasons computed) ----------------
_LEGAL: dict[str, Callable[[RYState, int], list[Any]]] = {
    "move": lambda s, seat: [MOVE_MAGICIAN[p] for p in s.reach],
    "mulligan": lambda s, seat: list(_MULLIGANS) if may_redraw(s, seat) else [],
    "remove": lambda s, seat: [REMOVE_GOLEM[k] for k in tied_enemies(s)],
    "delayed": lambda s, seat: [CAST_DELAYED[r] for r in _delayed_choices(s)],
}


def legal(s: RYState, seat: int) -> list[RYAction]:
    if seat != s.actor:
        return []
    # The three decisions of every duel turn come first, without a table lookup: the search
    # asks for legal lists millions of times.
    ph = s.phase
    if ph == "place":
        return [PLACE_AT[p] for p in s.frontier]
    if ph == "orient":
        return list(_ORIENTS)
    if ph == "tile":
        return [CHOOSE_TILE[t] for t in s.hands[seat]]
    handler = _LEGAL.get(ph)
    return handler(s, seat) if handler is not None else []


def candidates(s: RYState, seat: int) -> list[RYAction]:
    """The legal actions, and in solo the tiles the magician cannot move to now (greyed, so a
    player learns why)."""
    out = legal(s, seat)
    if s.phase == "move" and seat == s.actor:
        ok = set(s.reach)
        out = out + [
            MOVE_MAGICIAN[s.pos[c]] for c in range(len(s.pos)) if s.pos[c] not in ok and c not in s.mage
        ]
    return out


# -- reasons: one function per action type -------------------------------------------------------
def reason(s: RYState, seat: int, a: RYAction) -> str | None:
    return _REASONS[type(a)](s, seat, a)


def _mulligan(s: RYState, seat: int, a: Mulligan) -> str | None:
    if may_redraw(s, seat):
        return None
    return "Only the first player may redraw, before the first tile, when no tile reaches the Mana Well."


def _choose(s: RYState, seat: int, a: ChooseTile) -> str | None:
    if s.phase != "tile":
        return "You are not choosing a tile now."
    return None if a.tile in s.hands[seat] else "That tile is not in your hand."


def _place(s: RYState, seat: int, a: PlaceAt) -> str | None:
    if s.phase != "place":
        return "You are not laying a tile now."
    if a.pos in s.frontier:
        return None
    if a.pos in s.at:
        return "A tile already lies there."
    return "A tile must touch the side of a tile already on the battlefield."


def _orient(s: RYState, seat: int, a: Orient) -> str | None:
    if s.phase != "orient":
        return "You are not turning a tile now."
    return None if a.rot in (0, 1, 2, 3) else "A tile faces north (0), east (1), south (2) or west (3)."


def _remove(s: RYState, seat: int, a: RemoveGolem) -> str | None:
    if s.phase != "remove":
        return "No tile is over the limit with tied opponents now."
    if a.side in tied_enemies(s):
        return None
    if a.side == s.caster:
        return "You remove your own golems only when no enemy golem is left on the tile."
    return "Remove a golem of one of the opponents tied for the most golems on the tile."


def _delayed(s: RYState, seat: int, a: CastDelayed) -> str | None:
    if s.phase != "delayed":
        return "No delayed spells are waiting for your choice."
    if a.spell in _delayed_choices(s):
        return None
    return "That spell is not one of your delayed spells waiting to fire."


def _move(s: RYState, seat: int, a: MoveMagician) -> str | None:
    if s.phase != "move":
        return "You are not moving your magician now."
    if a.pos in s.reach:
        return None
    c = s.at.get(a.pos)
    if c is None:
        return "There is no tile there."
    if s.mage[0] < 0:
        return "Your magician enters through one of the four tiles of the bottom row."
    if not is_empty(s, c):
        return "Your magician must stop on an empty tile."
    return "Your magician may only pass through tiles holding at least one of your golems."


_REASONS: dict[type, Callable[[RYState, int, Any], str | None]] = {
    Mulligan: _mulligan,
    ChooseTile: _choose,
    PlaceAt: _place,
    Orient: _orient,
    RemoveGolem: _remove,
    CastDelayed: _delayed,
    MoveMagician: _move,
}
