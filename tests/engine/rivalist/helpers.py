"""Shared helpers for the Rivalist tests: invariants, a random driver and scenario builders."""

from __future__ import annotations

from typing import Any

from engine.core import Event, Rng
from engine.rivalist.data import AGE_DECKS, CAPITAL, CARDS, COLOUR, UNIONS, WONDERS
from engine.rivalist.effects import add_card
from engine.rivalist.game import GAME
from engine.rivalist.setup import deal
from engine.rivalist.state import RivalistState
from tests.support.playout import random_game as play_random


def dealt_cards(s: RivalistState) -> list[int]:
    """Every card of the Ages dealt so far, wherever it lies (pyramid, box, cities, wonders, discard,
    the card in hand)."""
    cards = [c for c in s.pyramid if c >= 0] + s.box + s.unseen + s.discard + s.city[0] + s.city[1]
    cards += [c for row in s.wonder_cards for c in row if c >= 0]
    if s.taken >= 0:
        cards.append(s.taken)
    return cards


def _dealt_by(age: int) -> set[int]:
    """The cards of every Age dealt by Age `age` (the unions join Age 3)."""
    expected: set[int] = set()
    for a in range(1, age + 1):
        expected |= set(AGE_DECKS[a])
    if age == 3:
        expected |= set(UNIONS)
    return expected


# Worked out once: check_invariants runs after every decision of the random games.
_DEALT_BY_AGE = {age: _dealt_by(age) for age in range(4)}
_ALL_WONDERS = list(range(len(WONDERS)))
_ALL_TOKENS = list(range(10))


def check_invariants(s: RivalistState) -> None:
    """Coins never negative, every card in exactly one place, the pawn on the track, derived
    counts matching the cities."""
    assert all(c >= 0 for c in s.coins), s.coins
    assert -CAPITAL <= s.pawn <= CAPITAL
    cards = dealt_cards(s)
    assert len(cards) == len(set(cards)), "a card is in two places"
    assert set(cards) == _DEALT_BY_AGE[s.age]
    ws = s.wonders[0] + s.wonders[1] + s.wonders_out + s.draft_pool + s.draft_deck
    assert sorted(ws) == _ALL_WONDERS
    assert len(s.wonders[0]) <= 4 and len(s.wonders[1]) <= 4
    toks = s.board_tokens + s.tokens[0] + s.tokens[1] + s.unused_tokens
    assert sorted(toks) == _ALL_TOKENS
    for i in (0, 1):
        assert len(s.wonder_cards[i]) == len(s.wonders[i])
        prod = [0] * 5
        cols = [0] * 7
        for c in s.city[i]:
            cols[COLOUR[c]] += 1
            if COLOUR[c] <= 1:
                prod = [a + b for a, b in zip(prod, CARDS[c].produce, strict=True)]
        assert prod == s.prod[i]
        assert cols == s.colours[i]
    assert sum(1 for row in s.wonder_cards for c in row if c >= 0) <= 7
    if s.age and not s.over:
        acc = [i for i in range(20) if s.pyramid[i] >= 0 and s.face_up[i]]
        assert set(s.access) <= set(acc)


def random_game(seed: int, check: bool = False) -> tuple[RivalistState, list[tuple[int, Any]], list[Event]]:
    """Play a whole game with uniformly random legal decisions; returns state, history, events."""
    return play_random(GAME, GAME.Options(), 2, seed, check_invariants if check else None, limit=1000)


def states(seed: int, every: int = 3) -> list[RivalistState]:
    """Copies of every `every`-th position of a random game (and of the first)."""
    s = GAME.setup(GAME.Options(), 2, seed)
    rng = Rng.from_seed(seed)
    out = [GAME.clone(s)]
    n = 0
    while GAME.outcome(s) is None:
        legal = GAME.legal(s, s.current)
        GAME.apply(s, s.current, legal[rng.below(len(legal))])
        n += 1
        if n % every == 0:
            out.append(GAME.clone(s))
    return out


def card_id(name: str) -> int:
    return next(c.id for c in CARDS if c.name == name)


def wonder_id(name: str) -> int:
    return next(w.id for w in WONDERS if w.name == name)


# -- building scenarios -------------------------------------------------------------------------
def drafted(seed: int = 1) -> RivalistState:
    """A new game with the draft done (each seat took the first Wonder offered): Age I, take phase."""
    s = GAME.setup(GAME.Options(), 2, seed)
    while s.phase == "draft":
        GAME.apply(s, s.current, GAME.legal(s, s.current)[0])
    return s


def at_age(age: int, seed: int = 1) -> RivalistState:
    """A drafted game moved straight to `age`'s pyramid, Player 1 to take a card."""
    s = drafted(seed)
    if age > 1:
        deal(s, age)
    s.current = 0
    s.phase = "take"
    return s


def give(s: RivalistState, seat: int, *names: str) -> None:
    """Put cards straight into seat's city (no effects, no payment), as if built earlier."""
    for n in names:
        c = card_id(n)
        add_card(s, seat, c)
        if CARDS[c].symbol >= 0:
            s.symbols[seat][CARDS[c].symbol] += 1


def holding(s: RivalistState, seat: int, name: str) -> RivalistState:
    """`seat` has just taken card `name` and must now decide what to do with it."""
    s.taken = card_id(name)
    s.phase = "use"
    s.current = seat
    return s


def with_wonders(s: RivalistState, seat: int, *names: str) -> None:
    """Replace seat's unbuilt wonders with these."""
    s.wonders[seat] = [wonder_id(n) for n in names]
    s.wonder_cards[seat] = [-1] * len(names)


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
