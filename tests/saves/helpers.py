"""Shared helpers for the save tests: the toy game, seeded playouts and match comparison."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import Rng, SeatSpec
from engine.core.match import Match
from tests.support.goofspiel import Bid, GoofOptions, Goofspiel

GOOF = Goofspiel()
GOOF_GAMES = {"goofspiel": GOOF}


def seats(n: int) -> list[SeatSpec]:
    kinds = [("human", "normal"), ("ai", "hard"), ("ai", "easy"), ("human", "normal")]
    names = ["Ada", "Bram", "Cleo", "Dov", "Eli", "Fen"]
    return [SeatSpec(names[i], *kinds[i % len(kinds)]) for i in range(n)]


def playout(game: Any, options: Any, n_seats: int, seed: int) -> Iterator[Match]:
    """A seeded random game: yields the match before the first decision and after every one."""
    m = Match.new(game, options, seats(n_seats), seed)
    rng = Rng.from_seed(seed * 7919 + n_seats)
    yield m
    while not m.over:
        to_act = m.to_act()
        seat = to_act[rng.below(len(to_act))]
        m.submit(seat, rng.choice(list(m.legal(seat))))
        yield m


def goof_match(moves: list[tuple[int, int]], n_seats: int = 2, seed: int = 5, cards: int = 5) -> Match:
    """A Goofspiel match after the given (seat, card) bids."""
    m = Match.new(GOOF, GoofOptions(cards=cards), seats(n_seats), seed)
    for seat, card in moves:
        m.submit(seat, Bid(card))
    return m


def assert_same_match(loaded: Match, original: Match) -> None:
    """Everything a player sees after loading is what they saw before saving."""
    assert loaded.game.id == original.game.id
    assert loaded.options == original.options
    assert loaded.seats == original.seats
    assert loaded.seed == original.seed
    assert loaded.series == original.series
    assert loaded.history == original.history
    assert loaded.stand_ins == original.stand_ins
    assert loaded.state == original.state
    assert [[e.text for e in evs] for evs in loaded.log] == [[e.text for e in evs] for evs in original.log]
    assert loaded.log == original.log
    assert loaded.to_act() == original.to_act()
    for seat in original.to_act():
        assert list(loaded.legal(seat)) == list(original.legal(seat))
    assert loaded.outcome() == original.outcome()
