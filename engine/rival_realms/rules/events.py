"""Events: resolving one when it is drawn, asking each player in turn (the active player first),
then drawing the replacement card and going back to what was interrupted.

A player is asked only when they have something to decide; whether they do is read from public
facts (hand sizes, nests, used tokens, the realm), so skipping never reveals a hand.
"""

from __future__ import annotations

from engine.core.game import Event
from engine.rival_realms.actions import (
    DECLINE,
    Decline,
    Draw,
    GiveCard,
    PerchRaven,
    Revive,
    StarStep,
    SwapLands,
    Trade,
)
from engine.rival_realms.data import (
    CREATURE_KIND,
    EVENT_BY_ID,
    EVENTS,
    HAND_SIZE,
    LANDS,
    TOKEN_NAMES,
    EventCard,
    event_of,
    land_name,
    space_name,
)
from engine.rival_realms.effects import (
    deck_regions,
    draw_card,
    explore,
    raven_flip,
    take_into_hand,
    who,
)
from engine.rival_realms.realm import card_name, star_targets
from engine.rival_realms.rules.flow import continue_redraw, continue_steal
from engine.rival_realms.state import RealmsState

Answer = GiveCard | SwapLands | Draw | Revive | StarStep | PerchRaven | Trade | Decline


def current(s: RealmsState) -> EventCard:
    return EVENTS[EVENT_BY_ID[s.event_now]]


def start_event(s: RealmsState, seat: int, card: int, back: str, ev: list[Event]) -> None:
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
    advance(s, ev)


def _resolve_auto(s: RealmsState, e: EventCard, ev: list[Event]) -> None:
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


def needs_answer(s: RealmsState, seat: int) -> bool:
    """Whether `seat` has anything to decide for the current event (public facts only)."""
    a = current(s).answer
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


def advance(s: RealmsState, ev: list[Event]) -> None:
    """Ask the next player who has something to decide, or finish the event."""
    while s.responders:
        seat = s.responders[0]
        if needs_answer(s, seat):
            s.actor = seat
            if current(s).answer == "stash" and s.stash_left == 0:
                s.stash_left = len(s.hands[seat]) - HAND_SIZE
            return
        s.responders.pop(0)
        ev.append(Event(f"{current(s).name} passes {who(seat)} by: nothing to decide.", seat=seat))
    finish(s, ev)


def finish(s: RealmsState, ev: list[Event]) -> None:
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


def answers(s: RealmsState, seat: int) -> list[Answer]:
    """Every legal answer of `seat` to the current event."""
    e = current(s)
    out: list[Answer] = []
    hand = s.hands[seat]
    if e.answer in ("give", "stash"):
        out.extend(GiveCard(c) for c in hand)
    elif e.answer == "lands":
        v = s.valleys[seat]
        out.extend(SwapLands(a, b) for a in range(LANDS) for b in range(a + 1, LANDS) if v[a] != v[b])
    elif e.answer == "nest":
        out.extend(Draw("own", c) for c in s.nests[seat])
    elif e.answer == "revive":
        seen: list[str] = []
        for t in s.used[seat]:
            if t in CREATURE_KIND and t not in seen:
                seen.append(t)
                out.append(Revive(t))
    elif e.answer == "star":
        out.extend(StarStep(p) for p in star_targets(s, seat))
    elif e.answer == "raven":
        base = seat * LANDS
        out.extend(
            PerchRaven(seat, m) for m in range(LANDS) if not s.valleys[seat][m] and s.raven != base + m
        )
    elif e.answer == "trade":
        out.extend(Trade(c, n) for c in hand for n in s.nests[seat])
    if e.optional:
        out.append(DECLINE)
    return out


def perform_answer(s: RealmsState, seat: int, a: Answer, ev: list[Event]) -> None:
    e = current(s)
    name = who(seat)
    done = True
    if isinstance(a, Decline):
        ev.append(Event(f"{name} lets {e.name} pass.", seat=seat))
    elif isinstance(a, GiveCard):
        s.hands[seat].remove(a.card)
        if e.answer == "stash":
            s.nests[seat].append(a.card)
            s.stash_left -= 1
            done = s.stash_left <= 0
            ev.append(Event(f"{name} puts {card_name(a.card)} into their own nest.", seat=seat))
        else:
            s.nests[1 - seat].append(a.card)
            ev.append(Event(f"{name} puts {card_name(a.card)} into {who(1 - seat)}'s nest.", seat=seat))
            if e.id == "merchant":
                draw_card(s, seat, ev)
    elif isinstance(a, SwapLands):
        v = s.valleys[seat]
        v[a.a], v[a.b] = v[a.b], v[a.a]
        base = seat * LANDS
        if s.raven in (base + a.a, base + a.b):
            s.raven = base + a.b if s.raven == base + a.a else base + a.a
        ev.append(Event(f"{name} swaps the land cards {land_name(a.a)} and {land_name(a.b)}.", seat=seat))
    elif isinstance(a, Draw):
        s.nests[seat].remove(a.card)
        take_into_hand(s, seat, a.card)
        ev.append(Event(f"{name} takes {card_name(a.card)} from their nest.", seat=seat))
    elif isinstance(a, Revive):
        s.used[seat].remove(a.creature)
        s.supply[seat].append(a.creature)
        ev.append(Event(f"{name} takes back the {TOKEN_NAMES[a.creature]}.", seat=seat))
    elif isinstance(a, StarStep):
        s.adventurer[seat] = a.space
        if seat == s.turn:
            s.came_from = -1
        ev.append(Event(f"{name}'s adventurer steps into {space_name(a.space)}.", seat=seat))
        explore(s, seat, a.space, ev)
    elif isinstance(a, PerchRaven):
        s.raven = seat * LANDS + a.land
        ev.append(Event(f"{name} calls the Raven onto their Mountain {land_name(a.land)}.", seat=seat))
    elif isinstance(a, Trade):
        s.hands[seat].remove(a.card)
        s.nests[seat].remove(a.nest_card)
        s.nests[seat].append(a.card)
        take_into_hand(s, seat, a.nest_card)
        ev.append(
            Event(
                f"{name} trades {card_name(a.card)} for {card_name(a.nest_card)} from their nest.", seat=seat
            )
        )
    if done:
        s.stash_left = 0
        s.responders.pop(0)
    advance(s, ev)
