"""Shared helpers for the Rival Realms tests: invariants, a random driver, scenario builders."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core import Event
from engine.rival_realms.actions import MakeValley, PerchRaven, PlaceAdventurer
from engine.rival_realms.data import (
    CARD_COUNT,
    COLS,
    EVENT_BASE,
    EVENT_BY_ID,
    LANDS,
    SPACES,
    TOKEN_SET,
)
from engine.rival_realms.game import GAME
from engine.rival_realms.options import RivalRealmsOptions
from engine.rival_realms.state import RivalRealmsState
from tests.support.playout import random_game as play_random

# What check_invariants compares against, worked out once: it runs after every decision of the
# thousand random games (tests/engine/rival_realms/test_random_games.py).
_ALL_CARDS = list(range(1, CARD_COUNT + 1))
_TOKENS = sorted(TOKEN_SET)
_ROWS = [(row0, row0 + COLS) for row0 in (0, COLS, 2 * COLS)]


def check_invariants(s: RivalRealmsState) -> None:
    """Every region card, event card and adventure token is in exactly one place, and the realms
    obey their shape rules."""
    cards = [c for r in s.regions for c in r if c]
    cards += [c for h in s.hands for c in h] + [c for c in s.deck if c < EVENT_BASE]
    cards += [c for n in s.nests for c in n] + list(s.removed)
    cards.sort()
    assert cards == _ALL_CARDS, Counter(cards).most_common(3)
    events = [c for c in s.deck if c >= EVENT_BASE] + list(s.aside)
    events += [EVENT_BASE + EVENT_BY_ID[e] for e in s.resolved_events]
    assert sorted(events) == sorted(EVENT_BASE + EVENT_BY_ID[e] for e in s.event_cards)
    assert all(c < EVENT_BASE for h in s.hands for c in h)
    for seat in range(s.seats):
        tokens = [t for t in s.board_tokens[seat] if t] + s.supply[seat] + s.used[seat]
        if s.phase != "valleys":  # the tokens come out of the box once the Valleys are chosen
            assert sorted(tokens) == _TOKENS, (seat, tokens)
        r = s.regions[seat]
        for start, stop in _ROWS:
            row = [c for c in r[start:stop] if c]
            assert row == sorted(row) and len(set(row)) == len(row)
        explored = s.explored[seat]
        assert all(r[p] for p in range(SPACES) if explored[p])
        assert sum(s.valleys[seat]) == 6 or s.phase == "valleys"  # a Mirror may move one between rows
        assert s.hands[seat] == sorted(s.hands[seat])
    if s.raven >= 0:
        assert s.raven < s.seats * LANDS and not s.valleys[s.raven // LANDS][s.raven % LANDS]
    assert all(-1 <= q < s.seats for q in s.quests)


def random_game(
    seed: int, seats: int = 2, options: RivalRealmsOptions | None = None, check: bool = False
) -> tuple[RivalRealmsState, list[tuple[int, Any]], list[Event]]:
    return play_random(
        GAME, options or RivalRealmsOptions(), seats, seed, check_invariants if check else None, 5000
    )


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


VALLEYS_ABC = (1, 2, 4, 6, 8, 9)  # three per row, used by most scenarios


def new(
    seats: int = 2,
    seed: int = 1,
    options: RivalRealmsOptions | None = None,
    valleys: tuple[int, ...] = VALLEYS_ABC,
    raven: tuple[int, int] = (0, 0),
    places: tuple[int, int] = (0, 0),
) -> RivalRealmsState:
    """A game past set-up: the given Valleys, the Raven on that (owner, Mountain), adventurers
    placed in `places` (start player first). Tokens and hands come from the seed."""
    s = GAME.setup(options or RivalRealmsOptions(), seats, seed)
    for m in valleys:
        GAME.apply(s, s.start, MakeValley(m))
    if seats == 2:
        GAME.apply(s, 1 - s.start, PerchRaven(*raven))
    for i in range(seats):
        GAME.apply(s, s.actor, PlaceAdventurer(places[i]))
    assert s.phase == "turn"
    return s


def clear_realm(s: RivalRealmsState, seat: int) -> None:
    """Take every token off `seat`'s realm into limbo-free storage: tests then place what they need.
    Tokens removed this way go to the seat's used pile so the token count stays whole."""
    for p in range(SPACES):
        t = s.board_tokens[seat][p]
        if t:
            s.board_tokens[seat][p] = ""
            s.used[seat].append(t)


def give_token(s: RivalRealmsState, seat: int, token: str) -> None:
    """Move one `token` of `seat` (from anywhere) into their supply."""
    for pile in (s.used[seat], s.supply[seat]):
        if token in pile:
            pile.remove(token)
            break
    else:
        p = s.board_tokens[seat].index(token)
        s.board_tokens[seat][p] = ""
    s.supply[seat].append(token)


def put_token(s: RivalRealmsState, seat: int, token: str, space: int) -> None:
    """Move one `token` of `seat` (from its supply, used pile or realm) onto `space`."""
    for pile in (s.used[seat], s.supply[seat]):
        if token in pile:
            pile.remove(token)
            break
    else:
        p = s.board_tokens[seat].index(token)
        s.board_tokens[seat][p] = ""
    s.board_tokens[seat][space] = token


def set_hand(s: RivalRealmsState, seat: int, cards: list[int]) -> None:
    """Give `seat` exactly `cards`, swapping them with cards from the deck (and back)."""
    for c in s.hands[seat]:
        s.deck.insert(0, c)
    s.hands[seat] = []
    for c in cards:
        take_card(s, c)
        s.hands[seat].append(c)
    s.hands[seat].sort()


def take_card(s: RivalRealmsState, c: int) -> None:
    """Remove card c from wherever it is (deck, a hand, a nest, a realm, removed)."""
    for pile in (s.deck, *s.hands, *s.nests, s.removed):
        if c in pile:
            pile.remove(c)
            return
    for realm, ex in zip(s.regions, s.explored, strict=True):
        if c in realm:
            p = realm.index(c)
            realm[p] = 0
            ex[p] = False
            return
    raise AssertionError(f"card {c} is nowhere")


def lay(s: RivalRealmsState, seat: int, space: int, card: int, explored: bool = False) -> None:
    """Put `card` into `space` of `seat`'s realm directly (from wherever it was)."""
    take_card(s, card)
    s.regions[seat][space] = card
    s.explored[seat][space] = explored


def return_to_deck(s: RivalRealmsState, seat: int, space: int) -> None:
    c = s.regions[seat][space]
    s.regions[seat][space] = 0
    s.explored[seat][space] = False
    s.deck.insert(0, c)


def unable_to_act() -> RivalRealmsState:
    """Seat 0 at the start of its turn, unable to act (it may only pass): seventeen explored
    regions, and the one empty space (upper 1) takes only a card below 1; its hand is 2 and 3."""
    s = new(places=(0, 0))
    clear_realm(s, 0)
    for p, card in zip(range(1, 18), [1, *range(4, 20)], strict=True):
        lay(s, 0, p, card, explored=True)
    s.adventurer[0] = 1
    set_hand(s, 0, [2, 3])
    return s


def token_beyond_a_walk(token: str = "bear") -> RivalRealmsState:
    """Player 1's turn begins with no cards in hand and no token in supply. The adventurer
    stands on explored middle 1; explored middle 2 holds `token` (as a Magic Mirror exchange can
    leave one); unexplored middle 3 (15 Forest) lies beyond it. Every other space is empty:
    nothing can be summoned."""
    s = new(places=(6, 0))
    clear_realm(s, 0)
    lay(s, 0, 6, 5, explored=True)
    lay(s, 0, 7, 9, explored=True)
    lay(s, 0, 8, 15)  # Forest: the Bear guides into it
    put_token(s, 0, token, 7)
    set_hand(s, 0, [])
    assert s.adventurer[0] == 6 and s.supply[0] == [] and s.actor == 0 and s.action == ""
    return s
