"""Sampling at the mulligan (issue 8): while the first player is offered a redraw, every full
state the AI samples for another seat must give the first player a hand that cannot reach the
Mana Well — the offer is made only then — and the conformance checks must catch a sampler that
forgets it."""

from __future__ import annotations

import pytest

from engine.core import Rng
from engine.rivality.data import HITS_ADJACENT, IS_FORTRESS
from engine.rivality.game import GAME, Rivality
from engine.rivality.options import RivalityOptions
from engine.rivality.state import RivalityState
from tests.support.conformance import Checker, ContractBroken, conformance_game


def mulligan_table(seats: int) -> tuple[RivalityState, int]:
    for seed in range(2000):
        s = GAME.setup(RivalityOptions(), seats, seed)
        if s.phase == "mulligan":
            return s, seed
    raise AssertionError(f"no seed offers a redraw with {seats} players")


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_sample_behind_the_offer_keeps_the_first_hand_out_of_reach(seats: int) -> None:
    s, _ = mulligan_table(seats)
    for seat in range(1, seats):
        v = GAME.view(s, seat)
        for k in range(200):
            d = GAME.determinize(v, seat, Rng(k))
            assert GAME.view(d, seat) == v
            assert not any(HITS_ADJACENT[t] for t in d.hands[0]), (seat, d.hands[0])
            assert len(GAME.legal(d, 0)) == 2  # redraw or keep, as in the real game
            if seats == 3:  # each player's eight tiles still hold exactly two Fortresses
                for side in range(3):
                    tiles = d.hands[side] + d.piles[side]
                    assert sum(IS_FORTRESS[t] for t in tiles) == 2


class CarelessSampler(Rivality):
    """The sampler as it was: deals the first player's hand without looking at the offer."""

    def determinize(self, v: RivalityState, seat: int, rng: Rng) -> RivalityState:
        d = super().determinize(v, seat, rng)
        if d.phase == "mulligan" and seat != 0:
            pile = d.piles[d.side_of[0]]
            j = next(i for i, t in enumerate(pile) if HITS_ADJACENT[t])
            d.hands[0][0], pile[j] = pile[j], d.hands[0][0]
        return d


def test_the_contract_checks_catch_a_sampler_that_ignores_the_offer() -> None:
    s, _ = mulligan_table(2)
    with pytest.raises(ContractBroken, match="no legal move"):
        Checker(CarelessSampler(), Rng(1)).check_view(s, 1)
    Checker(GAME, Rng(1)).check_view(s, 1)  # the real sampler passes the same check


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_whole_game_from_a_redraw_offer_keeps_the_contract(seats: int) -> None:
    _, seed = mulligan_table(seats)
    assert conformance_game(GAME, RivalityOptions(), seats, seed) > 0
