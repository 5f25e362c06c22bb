"""Turns begin and end, and the game ends: the draw after a turn, the next seat with tiles, a
supply running out, and the end of a solo turn."""

from __future__ import annotations

from engine.core import Event
from engine.rivality.data import HAND_SIZE, LABEL
from engine.rivality.queries import solo_reachable
from engine.rivality.state import RivalityState
from engine.rivality.texts import player, side_label


def begin_turn(s: RivalityState, seat: int) -> None:
    """`seat` starts a turn; with one tile left it is chosen already."""
    s.turn = seat
    s.actor = seat
    s.chosen = -1
    s.target = -1
    s.placed = -1
    s.stage = ""
    if len(s.hands[seat]) == 1:
        s.chosen = s.hands[seat][0]
        s.phase = "place"
    else:
        s.phase = "tile"


def end_turn(s: RivalityState, ev: list[Event]) -> None:
    """The player on turn draws back up (privately: a reveal to them alone), then the next seat
    holding tiles plays; when nobody does, the game ends."""
    seat = s.turn
    pile = s.piles[s.side_of[seat]]
    if pile and len(s.hands[seat]) < HAND_SIZE:
        t = pile.pop()
        s.hands[seat].append(t)
        ev.append(Event(f"{player(seat)} draws a tile.", seat))
        ev.append(Event(f"You draw a {LABEL[t]}.", seat, to=(seat,), reveal=True))
    s.turns += 1
    for k in range(1, s.seats + 1):
        nxt = (seat + k) % s.seats
        if s.hands[nxt]:
            begin_turn(s, nxt)
            return
    s.reason = "Every tile has been played."
    finish(s, ev)


def solo_end_turn(s: RivalityState, ev: list[Event]) -> None:
    s.turns += 1
    s.stage = ""
    s.placed = -1
    s.reach = solo_reachable(s)
    if not s.reach:
        s.reason = "Your magician has no empty tile left to move to."
        finish(s, ev)
        return
    s.phase = "move"
    s.actor = 0


def exhausted(s: RivalityState, side: int, ev: list[Event]) -> bool:
    """End the game when `side` has placed its last golem; True when it did."""
    if s.supply[side] > 0:
        return False
    who = side_label(s, side)
    s.reason = f"{who[0].upper()}{who[1:]} placed every golem: the game stops at once."
    finish(s, ev)
    return True


def finish(s: RivalityState, ev: list[Event]) -> None:
    s.phase = "over"
    s.actor = -1
    s.queue = []
    s.delayed = []
    s.cut_left = 0
    s.cut_cell = -1
    ev.append(Event(s.reason, kind="end"))
