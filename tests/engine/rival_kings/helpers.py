"""Shared helpers for the Rival Kings tests: invariants and a random driver."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.rival_kings.data import CARDS, TOTAL_MARKERS
from engine.rival_kings.game import GAME
from engine.rival_kings.options import RivalKingsOptions
from engine.rival_kings.state import RivalKingsState
from tests.support.playout import random_game as play_random


def check_invariants(s: RivalKingsState) -> None:
    """Every card, coin and marker accounted for; nobody below zero."""
    cards = [c for p in s.piles for c in p]
    for i in range(s.seats):
        cards += s.buildings[i] + s.subjects[i]
    assert len(cards) == len(set(cards)), "a card is in two places"
    coin_cards = (
        sum(s.pile_ones)
        + sum(s.pile_twos)
        + s.supply_ones
        + s.supply_twos
        + sum(s.purse_ones)
        + sum(s.purse_twos)
    )
    assert len(cards) + coin_cards == 64
    # The money's total value never changes: coins only move between supply, piles and purses.
    value = s.supply_ones + 2 * s.supply_twos + sum(s.pile_ones) + sum(s.purse_ones)
    value += 2 * (sum(s.pile_twos) + sum(s.purse_twos))
    assert value == s.total_ones + 2 * s.total_twos
    assert sum(s.pile_ones) + sum(s.purse_ones) + s.supply_ones == s.total_ones
    assert sum(s.pile_twos) + sum(s.purse_twos) + s.supply_twos == s.total_twos
    # The coin cards are exactly the cards lying neither on a pile nor in front of a player.
    money = set(range(64)) - set(cards)
    assert sum(CARDS[c].back == 1 for c in money) == s.total_ones
    assert sum(CARDS[c].back == 2 for c in money) == s.total_twos
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


def random_game(
    seed: int, seats: int, check: bool = False
) -> tuple[RivalKingsState, list[tuple[int, Any]], list[Event]]:
    """Play a whole game with uniformly random legal decisions; returns state, history, events."""
    return play_random(GAME, GAME.Options(), seats, seed, check_invariants if check else None)


# -- building scenarios -------------------------------------------------------------------------
def new(seats: int, seed: int = 1, **options: Any) -> RivalKingsState:
    return GAME.setup(RivalKingsOptions(**options), seats, seed)


def give_char(s: RivalKingsState, seat: int, cid: int) -> None:
    """Put character `cid` into seat's hand, swapping with whatever held it (keeps all 12 in play)."""
    if cid in s.hands[seat]:
        return
    mine = next(c for c in s.hands[seat])
    for h in [*s.hands, s.aside]:
        if cid in h:
            h[h.index(cid)] = mine
            break
    s.hands[seat][s.hands[seat].index(mine)] = cid
    for h in s.hands:
        h.sort()


def play(s: RivalKingsState, cids: list[int]) -> list[Event]:
    """Every seat lays the given character; returns the events of the reveal and what follows."""
    for seat, cid in enumerate(cids):
        give_char(s, seat, cid)
    events: list[Event] = []
    for seat, cid in enumerate(cids):
        events = GAME.apply(s, seat, _choose(cid))
    return events


def _choose(cid: int) -> Any:
    from engine.rival_kings.actions import ChooseCharacter

    return ChooseCharacter(cid)


def take_card(s: RivalKingsState, name: str) -> int:
    """Remove a card with this name from the piles or the money and return its id."""
    for p in s.piles:
        for c in p:
            if CARDS[c].name == name:
                p.remove(c)
                return c
    used = {c for p in s.piles for c in p} | {c for r in s.buildings + s.subjects for c in r}
    for c in range(64):
        if CARDS[c].name == name and c not in used:
            # It was lying among the coins: take one coin card of that back out of the supply.
            if CARDS[c].back == 1:
                s.supply_ones -= 1
                s.total_ones -= 1
            else:
                s.supply_twos -= 1
                s.total_twos -= 1
            return c
    raise KeyError(name)


def give(s: RivalKingsState, seat: int, *names: str) -> list[int]:
    ids = []
    for name in names:
        c = take_card(s, name)
        (s.buildings if CARDS[c].kind == "building" else s.subjects)[seat].append(c)
        ids.append(c)
    return ids


def put_top(s: RivalKingsState, pile: int, name: str) -> int:
    c = take_card(s, name)
    s.piles[pile].append(c)
    return c


def set_purse(s: RivalKingsState, seat: int, ones: int, twos: int) -> None:
    """Set a purse, moving the difference to or from the supply (coins stay accounted for)."""
    s.supply_ones += s.purse_ones[seat] - ones
    s.supply_twos += s.purse_twos[seat] - twos
    s.purse_ones[seat] = ones
    s.purse_twos[seat] = twos
    assert s.supply_ones >= 0 and s.supply_twos >= 0


def set_markers(s: RivalKingsState, seat: int, n: int) -> None:
    s.marker_supply += s.markers[seat] - n
    s.markers[seat] = n


def act(s: RivalKingsState, a: Any) -> list[Event]:
    """Apply `a` for the seat on turn, insisting it is legal."""
    seat = GAME.to_act(s)[0]
    assert a in GAME.legal(s, seat), (a, GAME.legal(s, seat))
    return GAME.apply(s, seat, a)


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
