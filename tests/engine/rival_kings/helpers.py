"""Shared helpers for the Rival Kings tests: invariants and a random driver."""

from __future__ import annotations

from typing import Any

from engine.core import Event, Rng
from engine.rival_kings import GAME
from engine.rival_kings.data import CARDS, TOTAL_MARKERS
from engine.rival_kings.state import RKState


def check_invariants(s: RKState) -> None:
    """Every card, coin and marker accounted for; nobody below zero."""
    cards = [c for p in s.piles for c in p]
    for i in range(s.seats):
        cards += s.buildings[i] + s.subjects[i]
    assert len(cards) == len(set(cards)), "a card is in two places"
    coin_cards = (
        sum(s.pile_ones) + sum(s.pile_twos) + s.supply_ones + s.supply_twos
        + sum(s.purse_ones) + sum(s.purse_twos)
    )
    assert len(cards) + coin_cards == 64
    assert sum(s.pile_ones) + sum(s.purse_ones) + s.supply_ones == s.total_ones
    assert sum(s.pile_twos) + sum(s.purse_twos) + s.supply_twos == s.total_twos
    # The coin cards are exactly the cards that never reached a pile: their backs add up.
    assert s.total_ones + s.total_twos == 32
    for x in [*s.pile_ones, *s.pile_twos, *s.purse_ones, *s.purse_twos, s.supply_ones, s.supply_twos]:
        assert x >= 0
    assert all(m >= 0 for m in s.markers) and s.marker_supply >= 0
    assert sum(s.markers) + s.marker_supply == TOTAL_MARKERS
    assert all(CARDS[c].kind == "building" for i in range(s.seats) for c in s.buildings[i])
    assert all(CARDS[c].kind == "subject" for i in range(s.seats) for c in s.subjects[i])
    # Characters: 12 in all, each in exactly one place.
    chars = [c for h in s.hands for c in h] + [c for c in s.played if c is not None]
    chars += [c for x in s.spent for c in x] + s.aside + s.pile_shown
    assert sorted(chars) == list(range(12))
    assert len(s.crests) <= 2 * s.seats
    for i in range(s.seats):
        assert sum(1 for c in s.crests if c.owner == i) <= 2


def random_game(seed: int, seats: int, check: bool = False) -> tuple[RKState, list[tuple[int, Any]], list[Event]]:
    """Play a whole game with uniformly random legal decisions; returns state, history, events."""
    s = GAME.setup(GAME.Options(), seats, seed)
    rng = Rng.from_seed(seed * 7919 + seats)
    history: list[tuple[int, Any]] = []
    events: list[Event] = []
    while GAME.outcome(s) is None:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal(s, seat)
        a = legal[rng.below(len(legal))]
        events.extend(GAME.apply(s, seat, a))
        history.append((seat, a))
        if check:
            check_invariants(s)
        assert len(history) < 20000
    return s, history, events
