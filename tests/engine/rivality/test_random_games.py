"""Seeded random full games for every seat count, solo and expert: they end with an outcome and
the invariants hold at every step; the same seed and actions give the same game."""

from __future__ import annotations

import pytest

from engine.rivality.game import GAME
from tests.engine.rivality.helpers import check_invariants, random_game

CASES = [(2, False, 90), (3, False, 75), (4, False, 75), (2, True, 75), (3, True, 60), (4, True, 50)]


@pytest.mark.parametrize(("seats", "expert", "games"), CASES)
def test_random_games_end_with_outcome_and_invariants(seats: int, expert: bool, games: int) -> None:
    for seed in range(games):
        s, history, _ = random_game(seed, seats, expert=expert, check=True)
        out = GAME.outcome(s)
        assert out is not None and len(out.scores) == seats and out.winners
        assert GAME.to_act(s) == ()
        # Ended because every tile was played or a side ran out of golems.
        assert (not any(s.hands) and not any(s.piles)) or 0 in s.supply
        check_invariants(s)


@pytest.mark.parametrize("level", ["beginner", "normal", "seasoned"])
def test_random_solo_games(level: str) -> None:
    for seed in range(50):
        s, history, _ = random_game(seed, 1, level=level, check=True)
        out = GAME.outcome(s)
        assert out is not None and len(out.scores) == 1
        assert 0 in s.supply or not history or "no empty tile" in out.reason
        check_invariants(s)


def test_same_seed_and_actions_give_the_same_game() -> None:
    for seats, expert in ((1, False), (2, False), (3, True), (4, True)):
        a, history, _ = random_game(99, seats, expert=expert)
        b = GAME.setup(GAME.Options(expert=expert), seats, 99)
        for seat, act in history:
            GAME.apply(b, seat, act)
        assert a == b
        c, history2, _ = random_game(99, seats, expert=expert)
        assert history2 == history and c == a
