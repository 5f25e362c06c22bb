"""Drawing decisions: the redraw at the end of a turn (deck or own nest, one card at a time,
looking at each) and a gem's theft (two cards from the deck and either nest)."""

from __future__ import annotations

from engine.core.game import Event
from engine.rival_realms.actions import DRAW_DECK, DRAWS_OTHER, DRAWS_OWN, Draw
from engine.rival_realms.effects import deck_regions, draw_card, take_into_hand, who
from engine.rival_realms.queries import card_name
from engine.rival_realms.rules.flow import continue_redraw, continue_steal, other_nest, start_event
from engine.rival_realms.state import RivalRealmsState


def _other_allowed(s: RivalRealmsState) -> bool:
    """Whether the nest that is not yours is open: always for a gem, under Open Nests in a redraw."""
    return s.phase == "steal" or "open_nests" in s.enchantments


def draw_legal(s: RivalRealmsState, seat: int) -> list[Draw]:
    out: list[Draw] = []
    if deck_regions(s) > 0:
        out.append(DRAW_DECK)
    out.extend([DRAWS_OWN[c] for c in s.nests[seat]])
    if _other_allowed(s):
        out.extend([DRAWS_OTHER[c] for c in s.nests[other_nest(s, seat)]])
    return out


def draw_reason(s: RivalRealmsState, seat: int, a: Draw) -> str | None:
    if a.source == "deck":
        if a.card:
            return "Cards from the deck are drawn unseen."
        return None if deck_regions(s) > 0 else "The deck holds no region card."
    if a.source == "own":
        return None if a.card in s.nests[seat] else "That card is not in your Raven's Nest."
    if a.source == "other":
        if not _other_allowed(s):
            return "You may never redraw from your opponent's Raven's Nest."
        return None if a.card in s.nests[other_nest(s, seat)] else "That card is not in that Raven's Nest."
    return "Draw from the deck or a Raven's Nest."


# A card taken from a nest, by seat, nest, table size and card: its line (built once).
_TAKEN: dict[int, Event] = {}


def draw_perform(s: RivalRealmsState, seat: int, a: Draw) -> list[Event]:
    s.stamp += 1  # (decisions performed: see the state)
    ev: list[Event] = []
    back = s.phase
    if back == "steal":
        s.steal_left -= 1
    if a.source == "deck":
        if back == "redraw":
            s.deck_draws += 1
        got = draw_card(s, seat, ev)
        if got >= 100:
            start_event(s, seat, got, back, ev)
            return ev
    else:
        nest = seat if a.source == "own" else other_nest(s, seat)
        s.nests[nest].remove(a.card)
        take_into_hand(s, seat, a.card)
        key = ((seat * 2 + nest) * 2 + s.seats) * 64 + a.card
        e = _TAKEN.get(key)
        if e is None:
            if nest == seat:
                whose = "their own nest"
            else:
                whose = "the Raven's nest" if s.seats == 1 else f"{who(nest)}'s nest"
            text = f"{who(seat)} takes {card_name(a.card)} from {whose}."
            e = _TAKEN[key] = Event(text, seat=seat, kind="draw")
        ev.append(e)
    if back == "redraw":
        continue_redraw(s, ev)
    else:
        continue_steal(s, ev)
    return ev
