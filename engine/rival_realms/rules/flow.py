"""The flow between decisions: beginning and ending turns, redrawing (with the solo Raven's
thefts), a gem's theft, the end of the game with equal turns.

Automatic steps here use public facts only: a redraw is made for the player only when the deck
is the one place left to draw from (the nests are face up and the deck's size is known).
"""

from __future__ import annotations

from engine.core.game import Event
from engine.core.words import count
from engine.rival_realms.data import HAND_SIZE
from engine.rival_realms.effects import (
    claim_quests,
    deck_regions,
    draw_card,
    raven_flip,
    reshuffle_aside,
    said,
    who,
)
from engine.rival_realms.realm import card_name
from engine.rival_realms.state import RealmsState


def hand_target(s: RealmsState) -> int:
    """The hand size a redraw fills up to (enchantments may change it)."""
    return HAND_SIZE + 1 if "deep_satchel" in s.enchantments else HAND_SIZE


def other_nest(s: RealmsState, seat: int) -> int:
    """The nest that is not `seat`'s own (solo: the Raven's)."""
    return 1 - seat if s.seats == 2 else 1


def begin_turn(s: RealmsState, seat: int, ev: list[Event]) -> None:
    s.turn = seat
    s.actor = seat
    s.phase = "turn"
    s.action = ""
    s.explored_now = 0
    s.walked = False
    s.came_from = -1
    s.steal_left = 0
    s.deck_draws = 0
    s.event_turn = False
    s.turns[seat] += 1
    ev.append(_TURN_BEGINS[seat])


# Said at every turn: built once (events are frozen).
_TURN_BEGINS: tuple[Event, ...] = tuple(
    Event(f"{who(seat)}'s turn.", seat=seat, kind="turn") for seat in (0, 1)
)


def game_over(s: RealmsState, ev: list[Event]) -> None:
    s.phase = "over"
    s.actor = -1
    ev.append(Event(f"The game is over. {s.reason}".strip(), reveal=True, kind="over"))


def end_turn(s: RealmsState, ev: list[Event]) -> None:
    """The active player ends their turn: quests, then the redraw."""
    seat = s.turn
    claim_quests(s, seat, ev)
    if s.regions[seat].count(0) == 0 and not s.end_triggered:
        s.end_triggered = True
        s.reason = f"{who(seat)} summoned the last region of their realm."
        ev.append(Event(f"{who(seat)}'s realm is full: the game ends after this turn.", kind="end"))
    s.phase = "redraw"
    s.deck_draws = 0
    continue_redraw(s, ev)


def continue_redraw(s: RealmsState, ev: list[Event]) -> None:
    """Draw for the player while the deck is the only source; stop at a real choice (a card in
    a nest the player may take from), at an event, or when the hand is full or nothing is left
    to draw (then the turn is over)."""
    seat = s.turn
    enchantments = s.enchantments
    target = hand_target(s) if enchantments else HAND_SIZE
    open_nests = bool(enchantments) and "open_nests" in enchantments
    while len(s.hands[seat]) < target:
        if s.nests[seat] or (open_nests and s.nests[other_nest(s, seat)]):
            s.actor = seat
            return
        got = draw_card(s, seat, ev)
        if not got:
            break  # the deck holds no region card
        s.deck_draws += 1
        if got >= 100:
            # Imported here: events.py builds on this module. Only reached when an event is drawn.
            from engine.rival_realms.rules.events import start_event

            start_event(s, seat, got, "redraw", ev)
            return
    finish_redraw(s, ev)


def finish_redraw(s: RealmsState, ev: list[Event]) -> None:
    """The hand is full (or nothing is left to draw): the solo Raven copies the deck draws, the
    events set aside go back into the deck, and the next turn begins."""
    if s.deck_draws and s.seats == 1:  # solo
        if not s.espresso:
            n = s.deck_draws
            flips = 0
            for nest in (1, 0):
                for _ in range(n):
                    flips += raven_flip(s, nest, ev)
            if flips:
                e = _RAVEN_COPIES.get(n)
                if e is None:
                    text = f"The Raven copies your {count(n, 'deck draw')}, nest by nest."
                    e = _RAVEN_COPIES[n] = Event(text)
                ev.append(e)
        else:
            ev.append(said("The Double Espresso keeps the Raven away until your extra turn."))
    s.deck_draws = 0
    if s.aside:
        reshuffle_aside(s, ev)
    next_turn(s, ev)


_RAVEN_COPIES: dict[int, Event] = {}  # deck draws copied: the line said (built once per number)


def next_turn(s: RealmsState, ev: list[Event]) -> None:
    """Who plays next: an extra turn, the final turn, the same player while the other has passed,
    or nobody (the game is over)."""
    cur = s.turn
    if s.espresso and not s.passed[cur]:
        s.espresso = False
        ev.append(said(f"{who(cur)} takes the extra turn of the Double Espresso.", seat=cur))
        begin_turn(s, cur, ev)
        return
    s.espresso = False
    if all(s.passed):
        if not s.reason:
            s.reason = "You passed." if s.solo else "Both players have passed."
        game_over(s, ev)
        return
    if s.end_triggered:
        other = s.opponent(cur)
        if not s.solo and cur == s.start and not s.passed[other] and not s.final_turn:
            s.final_turn = True
            ev.append(said(f"{who(other)} takes the final turn.", seat=other))
            begin_turn(s, other, ev)
            return
        game_over(s, ev)
        return
    other = cur if s.seats == 1 else 1 - cur  # s.opponent(cur)
    begin_turn(s, cur if s.passed[other] else other, ev)


def pass_turn(s: RealmsState, ev: list[Event]) -> None:
    seat = s.turn
    s.passed[seat] = True
    s.espresso = False
    hand = ", ".join(card_name(c) for c in s.hands[seat]) or "no cards"
    ev.append(
        Event(
            f"{who(seat)} cannot act, shows their hand ({hand}) and passes for the rest of the game.",
            seat=seat,
            reveal=True,
        )
    )
    reshuffle_aside(s, ev)
    if all(s.passed) and not s.reason:
        s.reason = "You passed." if s.solo else "Both players have passed."
        s.end_triggered = True
    next_turn(s, ev)


def steal_sources(s: RealmsState, seat: int) -> bool:
    return deck_regions(s) > 0 or bool(s.nests[seat]) or bool(s.nests[other_nest(s, seat)])


def continue_steal(s: RealmsState, ev: list[Event]) -> None:
    """After each of a gem's draws: draw again, or go back to the turn."""
    seat = s.turn
    if s.steal_left > 0 and not steal_sources(s, seat):
        ev.append(Event("There is nothing left to take.", seat=seat))
        s.steal_left = 0
    s.actor = seat
    s.phase = "steal" if s.steal_left > 0 else "turn"
