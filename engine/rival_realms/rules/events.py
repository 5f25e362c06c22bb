"""Answering an event: what each player may answer to the event being resolved, and what an
answer does. Its course (resolving it when it is drawn, asking each player in turn, drawing the
replacement and going back to what it interrupted) is part of the flow (rules/flow.py).
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
    LANDS,
    TOKEN_NAMES,
    EventCard,
    land_name,
    space_name,
)
from engine.rival_realms.effects import (
    draw_card,
    explore,
    take_into_hand,
    who,
)
from engine.rival_realms.queries import card_name, star_targets
from engine.rival_realms.rules.flow import ask_next, current_event
from engine.rival_realms.state import RivalRealmsState

Answer = GiveCard | SwapLands | Draw | Revive | StarStep | PerchRaven | Trade | Decline


def current(s: RivalRealmsState) -> EventCard:
    """The event being answered."""
    return current_event(s)


def answers(s: RivalRealmsState, seat: int) -> list[Answer]:
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


def perform_answer(s: RivalRealmsState, seat: int, a: Answer) -> list[Event]:
    s.stamp += 1  # (decisions performed: see the state)
    ev: list[Event] = []
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
    ask_next(s, ev)
    return ev
