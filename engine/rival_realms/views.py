"""What a seat may see (`view`) and a full state consistent with it (`determinize`, for the AI).

Hidden: the opponent's hand (until they pass and show it), the order and contents of the deck,
and, in solo, the cards the Raven removed. Hidden card numbers read 0; the RNG is zeroed.
Everything else — realms, tokens, nests, the events in play, hand sizes — is public.
"""

from __future__ import annotations

from engine.core.copying import copier
from engine.core.rng import Rng
from engine.rival_realms.data import CARD_COUNT, EVENT_BASE, EVENT_BY_ID
from engine.rival_realms.state import RivalRealmsState


def clone_state(s: RivalRealmsState) -> RivalRealmsState:
    """A deep copy, generated from the attrs fields (the same copier GameBase.clone uses)."""
    return _COPY(s)


_COPY = copier(RivalRealmsState)


def view(s: RivalRealmsState, seat: int | None) -> RivalRealmsState:
    v = clone_state(s)
    for i in range(s.seats):
        if i != seat and not s.passed[i]:
            v.hands[i] = [0] * len(s.hands[i])
    v.deck = [0] * len(s.deck)
    v.removed = [0] * len(s.removed)
    v.rng = Rng(0)
    return v


def determinize(v: RivalRealmsState, seat: int, rng: Rng) -> RivalRealmsState:
    d = clone_state(v)
    known: set[int] = set()
    for realm in d.regions:
        known.update(c for c in realm if c)
    for nest in d.nests:
        known.update(nest)
    for hand in d.hands:
        known.update(c for c in hand if c)
    pool = [c for c in range(1, CARD_COUNT + 1) if c not in known]
    aside_ids = {c - EVENT_BASE for c in d.aside}
    hidden_events = [
        EVENT_BASE + EVENT_BY_ID[e]
        for e in d.event_cards
        if e not in d.resolved_events and EVENT_BY_ID[e] not in aside_ids
    ]
    rng.shuffle(pool)
    for i in range(d.seats):
        hand = d.hands[i]
        if any(c == 0 for c in hand):
            d.hands[i] = sorted(c if c else pool.pop() for c in hand)
    d.removed = [pool.pop() for _ in d.removed]
    deck = pool + hidden_events
    rng.shuffle(deck)
    d.deck = deck
    d.rng = rng.fork()
    return d
