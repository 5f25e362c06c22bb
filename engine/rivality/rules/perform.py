"""What each decision does, once `legality.reason` has allowed it: a dispatch table from the
action's type to a short handler. Laying a tile (the orientation is the turn's last decision)
starts the resolution; the other decisions resume it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event
from engine.rivality.actions import (
    CastDelayed,
    ChooseTile,
    MoveMagician,
    Mulligan,
    Orient,
    PlaceAt,
    RemoveGolem,
    RYAction,
)
from engine.rivality.data import DIR_NAMES, HAND_SIZE, LABEL
from engine.rivality.effects import new_cell
from engine.rivality.geometry import QUEUE_ORDER
from engine.rivality.rules.flow import exhausted
from engine.rivality.rules.resolution import resume
from engine.rivality.rules.solo import move_magician
from engine.rivality.setup import shuffle_pile
from engine.rivality.state import RYState
from engine.rivality.texts import colour, player, seat_with_colour, tile_name, where


def perform(s: RYState, seat: int, a: RYAction) -> list[Event]:
    ev: list[Event] = []
    _HANDLERS[type(a)](s, seat, a, ev)
    return ev


def _choose(s: RYState, seat: int, a: ChooseTile, ev: list[Event]) -> None:
    s.chosen = a.tile
    s.phase = "place"


def _place(s: RYState, seat: int, a: PlaceAt, ev: list[Event]) -> None:
    s.target = a.pos
    s.phase = "orient"


def _orient(s: RYState, seat: int, a: Orient, ev: list[Event]) -> None:
    """Lay the chosen tile: the magician and one golem arrive, then its spells are cast. The
    tile was hidden in the hand until now, so its laying is a reveal."""
    rot = a.rot
    side = s.side_of[seat]
    t = s.chosen
    s.hands[seat].remove(t)
    c = new_cell(s, s.target, t, rot, side)
    s.placed = c
    s.last = side
    s.mage[side] = c
    s.golems[c * 3 + side] = 1
    s.supply[side] -= 1
    s.ctrl[c] = side
    ev.append(
        Event(
            f"{seat_with_colour(s, seat)} lays the {LABEL[t]} at {where(s, s.target)}, front facing "
            f"{DIR_NAMES[rot]}; the magician and a {colour(s, side)} golem arrive.",
            seat,
            kind="lay",
            reveal=True,
        )
    )
    if exhausted(s, side, ev):
        return
    s.queue = [c * 4 + e for e in QUEUE_ORDER[t][rot]]
    s.caster = side
    s.stage = "own"
    resume(s, ev)


def _mulligan(s: RYState, seat: int, a: Mulligan, ev: list[Event]) -> None:
    """Keep, or draw two new tiles and shuffle the old two back (the new hand is a private
    reveal to the first player)."""
    s.mulligan_done = True
    s.phase = "tile"
    if not a.redraw:
        ev.append(Event(f"{player(0)} keeps the starting tiles.", 0))
        return
    old = s.hands[0]
    pile = s.piles[s.side_of[0]]
    s.hands[0] = [pile.pop() for _ in range(min(HAND_SIZE, len(pile)))]
    pile.extend(old)
    shuffle_pile(s.rng, pile)
    text = f"{player(0)} cannot reach the Mana Well: both tiles go back, two more are drawn"
    ev.append(Event(text + " and the pile is reshuffled.", 0))
    names = " and ".join(tile_name(t) for t in s.hands[0])
    ev.append(Event(f"You redraw: {names}.", 0, to=(0,), reveal=True))


def _remove(s: RYState, seat: int, a: RemoveGolem, ev: list[Event]) -> None:
    s.golems[s.cut_cell * 3 + a.side] -= 1
    s.supply[a.side] += 1
    s.cut_left -= 1
    ev.append(Event(f"{player(seat)} sends a {colour(s, a.side)} golem back to its supply.", seat))
    resume(s, ev)


def _delayed(s: RYState, seat: int, a: CastDelayed, ev: list[Event]) -> None:
    s.delayed.remove(a.spell)
    s.queue = [a.spell]
    resume(s, ev)


def _move(s: RYState, seat: int, a: MoveMagician, ev: list[Event]) -> None:
    move_magician(s, a.pos, ev)


_HANDLERS: dict[type, Callable[[RYState, int, Any, list[Event]], None]] = {
    ChooseTile: _choose,
    PlaceAt: _place,
    Orient: _orient,
    Mulligan: _mulligan,
    RemoveGolem: _remove,
    CastDelayed: _delayed,
    MoveMagician: _move,
}
