"""What each decision does, once its phase's rules have allowed it (rules/phases.py names the
function of each phase). Laying a tile (the orientation is the turn's last decision) starts the
resolution; the other decisions resume it."""

from __future__ import annotations

from engine.core import Event
from engine.rivality.actions import (
    CastDelayed,
    ChooseTile,
    MoveMagician,
    Mulligan,
    Orient,
    PlaceAt,
    RemoveGolem,
)
from engine.rivality.data import DIR_NAMES, HAND_SIZE, LABEL
from engine.rivality.effects import new_cell
from engine.rivality.geometry import QUEUE_ORDER
from engine.rivality.rules.flow import exhausted
from engine.rivality.rules.resolution import resume
from engine.rivality.rules.solo import move_magician
from engine.rivality.setup import shuffle_pile
from engine.rivality.state import RivalityState
from engine.rivality.texts import colour, player, seat_with_colour, tile_name, where


def choose_tile(s: RivalityState, seat: int, a: ChooseTile) -> list[Event]:
    s.chosen = a.tile
    s.phase = "place"
    return []


def place(s: RivalityState, seat: int, a: PlaceAt) -> list[Event]:
    s.target = a.pos
    s.phase = "orient"
    return []


def orient(s: RivalityState, seat: int, a: Orient) -> list[Event]:
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
    ev = [
        Event(
            f"{seat_with_colour(s, seat)} lays the {LABEL[t]} at {where(s, s.target)}, front facing "
            f"{DIR_NAMES[rot]}; the magician and a {colour(s, side)} golem arrive.",
            seat,
            kind="lay",
            reveal=True,
        )
    ]
    if exhausted(s, side, ev):
        return ev
    s.queue = [c * 4 + e for e in QUEUE_ORDER[t][rot]]
    s.caster = side
    s.stage = "own"
    resume(s, ev)
    return ev


def mulligan(s: RivalityState, seat: int, a: Mulligan) -> list[Event]:
    """Keep, or draw two new tiles and shuffle the old two back (the new hand is a private
    reveal to the first player)."""
    s.mulligan_done = True
    s.phase = "tile"
    if not a.redraw:
        return [Event(f"{player(0)} keeps the starting tiles.", 0)]
    old = s.hands[0]
    pile = s.piles[s.side_of[0]]
    s.hands[0] = [pile.pop() for _ in range(min(HAND_SIZE, len(pile)))]
    pile.extend(old)
    shuffle_pile(s.rng, pile)
    text = f"{player(0)} cannot reach the Mana Well: both tiles go back, two more are drawn"
    names = " and ".join(tile_name(t) for t in s.hands[0])
    return [
        Event(text + " and the pile is reshuffled.", 0),
        Event(f"You redraw: {names}.", 0, to=(0,), reveal=True),
    ]


def remove_golem(s: RivalityState, seat: int, a: RemoveGolem) -> list[Event]:
    s.golems[s.cut_cell * 3 + a.side] -= 1
    s.supply[a.side] += 1
    s.cut_left -= 1
    ev = [Event(f"{player(seat)} sends a {colour(s, a.side)} golem back to its supply.", seat)]
    resume(s, ev)
    return ev


def cast_delayed(s: RivalityState, seat: int, a: CastDelayed) -> list[Event]:
    s.delayed.remove(a.spell)
    s.queue = [a.spell]
    ev: list[Event] = []
    resume(s, ev)
    return ev


def move(s: RivalityState, seat: int, a: MoveMagician) -> list[Event]:
    ev: list[Event] = []
    move_magician(s, a.pos, ev)
    return ev
