"""The flow between decisions: beginning and ending turns, redrawing (with the solo Raven's
thefts), a gem's theft, an event drawn on the way (who is asked, the replacement card, and back
to the draw it interrupted), the end of the game with equal turns.

Automatic steps here use public facts only: a redraw is made for the player only when the deck
is the one place left to draw from (the nests are face up and the deck's size is known).
"""

from __future__ import annotations

from engine.core.game import Event
from engine.core.words import count
from engine.rival_realms.data import (
    CREATURE_KIND,
    EVENT_BY_ID,
    EVENTS,
    HAND_SIZE,
    LANDS,
    EventCard,
    event_of,
)
from engine.rival_realms.effects import (
    claim_quests,
    deck_regions,
    draw_card,
    raven_flip,
    reshuffle_aside,
    said,
    who,
)
from engine.rival_realms.queries import card_name, star_targets
from engine.rival_realms.state import RivalRealmsState


def hand_target(s: RivalRealmsState) -> int:
    """The hand size a redraw fills up to (enchantments may change it)."""
    return HAND_SIZE + 1 if "deep_satchel" in s.enchantments else HAND_SIZE


def other_nest(s: RivalRealmsState, seat: int) -> int:
    """The nest that is not `seat`'s own (solo: the Raven's)."""
    return 1 - seat if s.seats == 2 else 1


def begin_turn(s: RivalRealmsState, seat: int, ev: list[Event]) -> None:
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


def game_over(s: RivalRealmsState, ev: list[Event]) -> None:
    s.phase = "over"
    s.actor = -1
    ev.append(Event(f"The game is over. {s.reason}".strip(), reveal=True, kind="over"))


def end_turn(s: RivalRealmsState, ev: list[Event]) -> None:
    """The active player ends their turn: quests, then the redraw."""
    seat = s.turn
    claim_quests(s, seat, ev)
    if not s.end_triggered and all(s.regions[seat]):  # (no empty space left)
        s.end_triggered = True
        s.reason = f"{who(seat)} summoned the last region of their realm."
        ev.append(Event(f"{who(seat)}'s realm is full: the game ends after this turn.", kind="end"))
    s.phase = "redraw"
    s.deck_draws = 0
    continue_redraw(s, ev)


def continue_redraw(s: RivalRealmsState, ev: list[Event]) -> None:
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
            start_event(s, seat, got, "redraw", ev)
            return
    finish_redraw(s, ev)


def finish_redraw(s: RivalRealmsState, ev: list[Event]) -> None:
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


def next_turn(s: RivalRealmsState, ev: list[Event]) -> None:
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


def pass_turn(s: RivalRealmsState, ev: list[Event]) -> None:
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


def steal_sources(s: RivalRealmsState, seat: int) -> bool:
    return deck_regions(s) > 0 or bool(s.nests[seat]) or bool(s.nests[other_nest(s, seat)])


def continue_steal(s: RivalRealmsState, ev: list[Event]) -> None:
    """After each of a gem's draws: draw again, or go back to the turn."""
    seat = s.turn
    if s.steal_left > 0 and not steal_sources(s, seat):
        ev.append(Event("There is nothing left to take.", seat=seat))
        s.steal_left = 0
    s.actor = seat
    s.phase = "steal" if s.steal_left > 0 else "turn"


# --- an event drawn on the way ---------------------------------------------------------------
# A player is asked only when they have something to decide; whether they do is read from public
# facts (hand sizes, nests, used tokens, the realm), so skipping never reveals a hand. What the
# answers are and do is in rules/events.py.


def current_event(s: RivalRealmsState) -> EventCard:
    """The event being resolved."""
    return EVENTS[EVENT_BY_ID[s.event_now]]


def start_event(s: RivalRealmsState, seat: int, card: int, back: str, ev: list[Event]) -> None:
    """Event `card` was drawn by `seat` while doing `back` ("redraw" or "steal")."""
    e = event_of(card)
    s.event_now = e.id
    s.resolved_events.append(e.id)
    s.event_turn = True
    s.event_drawer = seat
    s.event_back = back
    s.phase = "event"
    ev.append(Event(f"Event: {e.name}. {e.text}", reveal=True, kind="event"))
    active = s.turn
    s.responders = [i for i in (active, 1 - active) if not s.passed[i]]
    if not e.answer:
        _resolve_auto(s, e, ev)
        s.responders = []
    ask_next(s, ev)


def _resolve_auto(s: RivalRealmsState, e: EventCard, ev: list[Event]) -> None:
    if e.id == "gentle_rain":
        for seat in s.responders:
            if draw_card(s, seat, ev) == 0:
                ev.append(Event("The deck holds no region card to draw."))
    elif e.id == "homing_raven":
        if s.raven >= 0:
            s.raven = -1
            ev.append(Event("The Raven flies back beside the deck."))
        else:
            ev.append(Event("The Raven already perches beside the deck."))
    elif e.id == "ravens_mischief":
        active = s.turn
        for nest in (active, 1 - active):
            raven_flip(s, nest, ev)


def needs_answer(s: RivalRealmsState, seat: int) -> bool:
    """Whether `seat` has anything to decide for the current event (public facts only)."""
    a = current_event(s).answer
    hand = len(s.hands[seat])
    if a == "give":
        if s.event_now == "merchant":
            return hand > 0 and deck_regions(s) > 0
        return hand > 0
    if a == "lands":
        return True
    if a == "nest":
        return bool(s.nests[seat])
    if a == "revive":
        return any(t in CREATURE_KIND for t in s.used[seat])
    if a == "star":
        return bool(star_targets(s, seat))
    if a == "raven":
        return any(not s.valleys[seat][m] and s.raven != seat * LANDS + m for m in range(LANDS))
    if a == "stash":
        return hand > HAND_SIZE
    if a == "trade":
        return hand > 0 and bool(s.nests[seat])
    return False


def ask_next(s: RivalRealmsState, ev: list[Event]) -> None:
    """Ask the next player who has something to decide, or finish the event."""
    while s.responders:
        seat = s.responders[0]
        if needs_answer(s, seat):
            s.actor = seat
            if current_event(s).answer == "stash" and s.stash_left == 0:
                s.stash_left = len(s.hands[seat]) - HAND_SIZE
            return
        s.responders.pop(0)
        ev.append(Event(f"{current_event(s).name} passes {who(seat)} by: nothing to decide.", seat=seat))
    finish_event(s, ev)


def finish_event(s: RivalRealmsState, ev: list[Event]) -> None:
    """The event is over: the drawer draws a replacement, then play goes back where it was."""
    drawer, back = s.event_drawer, s.event_back
    s.event_now = ""
    s.event_drawer = -1
    s.event_back = ""
    s.stash_left = 0
    s.phase = back
    s.actor = s.turn
    if draw_card(s, drawer, ev) == 0 and deck_regions(s) == 0:
        ev.append(Event("No region card is left to replace the event."))
    if back == "redraw":
        continue_redraw(s, ev)
    else:
        continue_steal(s, ev)
