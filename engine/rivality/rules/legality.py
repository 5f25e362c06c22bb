"""What a seat may decide in each phase, and why not: per phase, the actions worth showing
(`*_candidates`, legal or greyed) and the one verdict on an action (`*_reason`: None, or the
sentence a player reads). The phase table (rules/phases.py) builds each phase's options from
them; `*_legal` lists the allowed actions without writing refusals, for the search (the
conformance suite checks it gives the allowed options)."""

from __future__ import annotations

from engine.rivality.actions import (
    CAST_DELAYED,
    CHOOSE_TILE,
    MOVE_MAGICIAN,
    PLACE_AT,
    REMOVE_GOLEM,
    Action,
    CastDelayed,
    ChooseTile,
    MoveMagician,
    Mulligan,
    Orient,
    PlaceAt,
    RemoveGolem,
)
from engine.rivality.data import HITS_ADJACENT
from engine.rivality.effects import tied_enemies
from engine.rivality.queries import is_empty
from engine.rivality.state import RivalityState

ORIENTS: tuple[Orient, ...] = tuple(Orient(r) for r in range(4))
_MULLIGANS: tuple[Mulligan, ...] = (Mulligan(True), Mulligan(False))
NO_REDRAW = "Only the first player may redraw, before the first tile, when no tile reaches the Mana Well."

# An action of a type the current phase does not decide, by its type.
MISPLACED: dict[type, str] = {
    Mulligan: NO_REDRAW,
    ChooseTile: "You are not choosing a tile now.",
    PlaceAt: "You are not laying a tile now.",
    Orient: "You are not turning a tile now.",
    RemoveGolem: "No tile is over the limit with tied opponents now.",
    CastDelayed: "No delayed spells are waiting for your choice.",
    MoveMagician: "You are not moving your magician now.",
}


def may_redraw(s: RivalityState, seat: int) -> bool:
    """The mulligan offer: the first player, before the first tile, when no tile of the hand can
    reach the Mana Well (only a distance-1 spell can, from the square next to it)."""
    return (
        s.phase == "mulligan"
        and seat == 0
        and not s.mulligan_done
        and not any(t >= 0 and HITS_ADJACENT[t] for t in s.hands[0])
    )


# -- the mulligan ----------------------------------------------------------------------------------
def mulligan_candidates(s: RivalityState, seat: int) -> list[Action]:
    return list(_MULLIGANS) if may_redraw(s, seat) else []


def mulligan_reason(s: RivalityState, seat: int, a: Mulligan) -> str | None:
    return None if may_redraw(s, seat) else NO_REDRAW


# -- a duel turn: which tile, where, which way -----------------------------------------------------
def tile_candidates(s: RivalityState, seat: int) -> list[Action]:
    return [CHOOSE_TILE[t] for t in s.hands[seat]]


def tile_reason(s: RivalityState, seat: int, a: ChooseTile) -> str | None:
    return None if a.tile in s.hands[seat] else "That tile is not in your hand."


def place_candidates(s: RivalityState, seat: int) -> list[Action]:
    return [PLACE_AT[p] for p in s.frontier]


def place_reason(s: RivalityState, seat: int, a: PlaceAt) -> str | None:
    if a.pos in s.frontier:
        return None
    if a.pos in s.at:
        return "A tile already lies there."
    return "A tile must touch the side of a tile already on the battlefield."


def orient_candidates(s: RivalityState, seat: int) -> list[Action]:
    return list(ORIENTS)


def orient_reason(s: RivalityState, seat: int, a: Orient) -> str | None:
    return None if a.rot in (0, 1, 2, 3) else "A tile faces north (0), east (1), south (2) or west (3)."


# -- decisions inside a turn's resolution ----------------------------------------------------------
def remove_candidates(s: RivalityState, seat: int) -> list[Action]:
    return [REMOVE_GOLEM[k] for k in tied_enemies(s)]


def remove_reason(s: RivalityState, seat: int, a: RemoveGolem) -> str | None:
    if a.side in tied_enemies(s):
        return None
    if a.side == s.caster:
        return "You remove your own golems only when no enemy golem is left on the tile."
    return "Remove a golem of one of the opponents tied for the most golems on the tile."


def _delayed_choices(s: RivalityState) -> list[int]:
    return [r for r in s.delayed if s.ctrl[r >> 2] == s.caster]


def delayed_candidates(s: RivalityState, seat: int) -> list[Action]:
    return [CAST_DELAYED[r] for r in _delayed_choices(s)]


def delayed_reason(s: RivalityState, seat: int, a: CastDelayed) -> str | None:
    if a.spell in _delayed_choices(s):
        return None
    return "That spell is not one of your delayed spells waiting to fire."


# -- solo: the magician's move ---------------------------------------------------------------------
def move_legal(s: RivalityState, seat: int) -> list[Action]:
    return [MOVE_MAGICIAN[p] for p in s.reach]


def move_candidates(s: RivalityState, seat: int) -> list[Action]:
    """The tiles the magician may move to, then those it cannot move to now (greyed, so a
    player learns why)."""
    ok = set(s.reach)
    out = move_legal(s, seat)
    out += [MOVE_MAGICIAN[s.pos[c]] for c in range(len(s.pos)) if s.pos[c] not in ok and c not in s.mage]
    return out


def move_reason(s: RivalityState, seat: int, a: MoveMagician) -> str | None:
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
