"""What pieces do when they move: exploring and collecting tokens, paying for a step, the Magic
Mirror's exchanges, quests changing hands, and the region deck being drawn (events included).

Every change that a player did not choose word for word is reported as an Event.
"""

from __future__ import annotations

from bisect import insort

from engine.core.game import Event, seat_label
from engine.rival_realms.data import (
    CORNERS,
    EVENT_BASE,
    LANDS,
    QUESTS,
    TOKEN_NAMES,
    event_of,
    space_name,
)
from engine.rival_realms.queries import card_name
from engine.rival_realms.scoring import quest_points, quests_met
from engine.rival_realms.state import RivalRealmsState

_WHO: tuple[str, ...] = (seat_label(0), seat_label(1))


def who(seat: int) -> str:
    """How texts name a seat ("Player 1")."""
    return _WHO[seat]


# Log lines that recur word for word (a card drawn, a region explored, a token collected) are
# built once and shared: events are frozen, and building one costs as much as the rest of a
# small decision. Each table is keyed by small ints and is bounded by the pieces in the game.
_DRAWN: dict[int, Event] = {}  # seat * 64 + card: "You draw ..."
_DRAWS_SEEN: tuple[Event, ...] = tuple(
    Event(f"{who(seat)} draws a card from the deck.", seat=seat, to=(1 - seat,), reveal=True, kind="draw")
    for seat in (0, 1)
)
_EXPLORES: dict[int, Event] = {}  # (seat * 64 + card) * 32 + space
_COLLECTS: dict[tuple[int, str, int], Event] = {}
_DROPS: dict[int, Event] = {}  # (nest * 64 + card) * 2 + solo: the Raven's flips


_SAID: dict[tuple[str, int | None, str], Event] = {}


def said(text: str, seat: int | None = None, kind: str = "") -> Event:
    """The public log line `text` as an Event, shared with every earlier identical one (the
    wording is worked out anyway; the record is not built again). Bounded: the table starts
    afresh past a few thousand lines."""
    key = (text, seat, kind)
    e = _SAID.get(key)
    if e is None:
        if len(_SAID) >= 20_000:
            _SAID.clear()
        e = _SAID[key] = Event(text, seat=seat, kind=kind)
    return e


def _drawn(seat: int, card: int) -> Event:
    key = seat * 64 + card
    e = _DRAWN.get(key)
    if e is None:
        text = f"You draw {card_name(card)}."
        e = _DRAWN[key] = Event(text, seat=seat, to=(seat,), reveal=True, kind="draw")
    return e


def collect(s: RivalRealmsState, seat: int, p: int, ev: list[Event]) -> None:
    """The adventurer is in space p: claim the token lying there, if any."""
    t = s.board_tokens[seat][p]
    if t:
        s.board_tokens[seat][p] = ""
        s.supply[seat].append(t)
        key = (seat, t, p)
        e = _COLLECTS.get(key)
        if e is None:
            text = f"{who(seat)} collects the {TOKEN_NAMES[t]} in {space_name(p)}."
            e = _COLLECTS[key] = Event(text, seat=seat, kind="token")
        ev.append(e)


def explore(s: RivalRealmsState, seat: int, p: int, ev: list[Event]) -> None:
    """Turn the region in p to explored and claim its token."""
    if not s.explored[seat][p]:
        s.explored[seat][p] = True
        card = s.regions[seat][p]
        key = (seat * 64 + card) * 32 + p
        e = _EXPLORES.get(key)
        if e is None:
            text = f"{who(seat)} explores {card_name(card)} in {space_name(p)}."
            e = _EXPLORES[key] = Event(text, seat=seat, kind="explore")
        ev.append(e)
    if s.board_tokens[seat][p]:
        collect(s, seat, p, ev)


def spend_card(s: RivalRealmsState, seat: int, card: int) -> None:
    """A region card leaves the hand for the opponent's Raven's Nest."""
    s.hands[seat].remove(card)
    s.nests[s.nest_for_used(seat)].append(card)


def spend_token(s: RivalRealmsState, seat: int, token: str) -> None:
    s.supply[seat].remove(token)
    s.used[seat].append(token)


def take_into_hand(s: RivalRealmsState, seat: int, card: int) -> None:
    insort(s.hands[seat], card)


def claim_quests(s: RivalRealmsState, seat: int, ev: list[Event]) -> None:
    """Quests still open that `seat` now meets go to `seat` (first come, first served)."""
    quests = s.quests
    if -1 not in quests:
        return
    for q in quests_met(s, seat):
        quests[q] = seat
        ev.append(
            Event(
                f"{who(seat)} completes the quest {QUESTS[q].name} ({quest_points(s, q)} points).",
                seat=seat,
                kind="quest",
            )
        )


# --- the Magic Mirror ----------------------------------------------------------------------


def mirror(s: RivalRealmsState, seat: int, kind: str, a: int, b: int, ev: list[Event]) -> None:
    """Exchange two pieces (already checked legal) and apply the Mirror's follow-up rules."""
    if kind == "land":
        v = s.valleys[seat]
        v[a], v[b] = v[b], v[a]
        base = seat * LANDS
        if s.raven == base + a:
            s.raven = base + b
        elif s.raven == base + b:
            s.raven = base + a
        return
    if kind == "token":
        t = s.board_tokens[seat]
        t[a], t[b] = t[b], t[a]
        here = s.adventurer[seat]
        if here in (a, b):
            collect(s, seat, here, ev)  # a token arriving under the adventurer is claimed at once
        return
    r, x = s.regions[seat], s.explored[seat]
    was_a, was_b = x[a], x[b]
    r[a], r[b] = r[b], r[a]
    x[a], x[b] = was_b, was_a
    # An explored card sent into an unexplored corner arrives face down (unexplored).
    for corner, corner_was, other_was in ((a, was_a, was_b), (b, was_b, was_a)):
        if corner in CORNERS and not corner_was and other_was:
            x[corner] = False
            ev.append(
                Event(f"The card now in the {space_name(corner)} corner turns back to unexplored.", seat=seat)
            )
    here = s.adventurer[seat]
    if here in (a, b) and not x[here]:
        ev.append(Event(f"An unexplored region arrives under {who(seat)}'s adventurer.", seat=seat))
        explore(s, seat, here, ev)


# --- the region deck ---------------------------------------------------------------------


def deck_events(s: RivalRealmsState) -> int:
    """Event cards still in the deck (public: the events in play are known, and every drawn one
    was shown)."""
    return len(s.event_cards) - len(s.resolved_events) - len(s.aside)


def deck_regions(s: RivalRealmsState) -> int:
    """Region cards left in the deck (public)."""
    if not s.event_cards:
        return len(s.deck)  # the usual game: no events, the deck is all region cards
    return len(s.deck) - len(s.event_cards) + len(s.resolved_events) + len(s.aside)


def note_deck_empty(s: RivalRealmsState, ev: list[Event]) -> None:
    if not s.end_triggered and deck_regions(s) == 0:
        s.end_triggered = True
        s.reason = "The last region card has left the deck."
        ev.append(Event("The last region card has left the deck: the game ends after this turn.", kind="end"))


def draw_card(s: RivalRealmsState, seat: int, ev: list[Event]) -> int:
    """Draw from the deck for `seat` until a region card comes or an event must be resolved.

    Returns the region card drawn, an event card (>= EVENT_BASE) that must now be resolved, or 0
    when the deck holds no region card. Events after the turn's first are set aside."""
    while deck_regions(s) > 0:
        c = s.deck.pop()
        if c < EVENT_BASE:  # (not is_event(c))
            insort(s.hands[seat], c)
            # A card leaving the hidden deck is information becoming known (to the drawer): marked
            # as a reveal, so undo never crosses it and the other seat's log is compared only
            # up to it (another sample of the deck might have turned up an event instead).
            e = _DRAWN.get(seat * 64 + c)
            ev.append(e if e is not None else _drawn(seat, c))
            if s.seats == 2:
                ev.append(_DRAWS_SEEN[seat])
            if not s.end_triggered and deck_regions(s) == 0:
                note_deck_empty(s, ev)
            return c
        name = event_of(c).name
        if s.event_turn:
            s.aside.append(c)
            ev.append(
                Event(
                    f"{who(seat)} draws the event {name}: one event a turn, so it is set aside.",
                    seat=seat,
                    reveal=True,
                )
            )
            continue
        ev.append(Event(f"{who(seat)} draws the event {name}!", seat=seat, reveal=True, kind="event"))
        return c
    return 0


def reshuffle_aside(s: RivalRealmsState, ev: list[Event]) -> None:
    """Events set aside this turn go back into the deck, which is shuffled."""
    if s.aside:
        s.deck.extend(s.aside)
        s.aside.clear()
        s.rng.shuffle(s.deck)
        ev.append(Event("The events set aside are shuffled back into the deck."))


def raven_flip(s: RivalRealmsState, nest: int, ev: list[Event]) -> bool:
    """The Raven flips the top region card of the deck face up into `nest` (events met on the
    way are set aside). False when the deck has no region card left."""
    while deck_regions(s) > 0:
        c = s.deck.pop()
        if c >= EVENT_BASE:  # (is_event(c))
            s.aside.append(c)
            ev.append(
                Event(f"The Raven turns up the event {event_of(c).name} and sets it aside.", reveal=True)
            )
            continue
        s.nests[nest].append(c)
        solo = s.seats == 1
        key = (nest * 64 + c) * 2 + solo
        e = _DROPS.get(key)
        if e is None:
            owner = "the Raven's nest" if solo and nest == 1 else f"{who(nest)}'s nest"
            text = f"The Raven drops {card_name(c)} into {owner}."
            e = _DROPS[key] = Event(text, reveal=True, kind="raven")
        ev.append(e)
        if not s.end_triggered and deck_regions(s) == 0:
            note_deck_empty(s, ev)
        return True
    return False
