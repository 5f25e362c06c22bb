"""Rival Kings' expert at two seats branches its tree on both seats' characters and plays its
rollouts by a rule of thumb; hard, normal and expert from three seats keep the usual search."""

from __future__ import annotations

import attrs

from engine.core import SAME_SEARCH
from engine.core.rng import Rng
from engine.rival_kings.actions import Buy, EndTurn, Recruit, Skip, TakeMoney
from engine.rival_kings.ai import rollout_move
from engine.rival_kings.game import GAME
from engine.rival_kings.options import RivalKingsOptions
from engine.rival_kings.state import RivalKingsState

# Card ids (engine/rival_kings/data.py): the Garden pairs with the Gardener.
GARDEN, GARDENER, WATCHMAN, COURT_LADY = 0, 32, 33, 35


def new(seats: int, seed: int = 4) -> RivalKingsState:
    return GAME.setup(RivalKingsOptions(), seats, seed)


def test_expert_splits_the_secret_choice_and_reads_the_rule_of_thumb_at_two_seats_only() -> None:
    two, three = new(2), new(3)
    expert = GAME.ai_level(two, "expert")
    assert expert.rollout_policy is rollout_move
    assert expert.split_secret_choices
    assert expert.iterations == 3.0  # (the deal opens on the character choice)
    s = new(2)
    s.phase = "turn"
    assert GAME.ai_level(s, "expert") == attrs.evolve(expert, iterations=1.0)
    assert GAME.ai_level(two, "hard") == SAME_SEARCH
    assert GAME.ai_level(two, "normal") == SAME_SEARCH
    assert GAME.ai_level(three, "expert") == SAME_SEARCH


def test_the_rule_of_thumb_takes_the_card_that_scores_most_and_the_richest_money() -> None:
    s = new(2)
    rng = Rng.from_seed(1)
    s.purse_ones[0], s.purse_twos[0] = 10, 0
    s.buildings[0], s.subjects[0] = [GARDEN], []
    s.piles[2][-1], s.piles[3][-1] = COURT_LADY, GARDENER  # the Gardener makes a perfect pair
    assert rollout_move(s, 0, [Recruit(2), Recruit(3), Skip()], rng) == Recruit(3)
    s.piles[3][-1] = WATCHMAN  # two lone cards: the dearer one scores no more
    assert rollout_move(s, 0, [Recruit(2), Recruit(3), Skip()], rng) == Recruit(3)
    s.pile_ones[:] = [1, 0, 3, 0]
    s.pile_twos[:] = [0, 1, 0, 0]
    assert rollout_move(s, 0, [*(TakeMoney(p) for p in range(4)), Skip()], rng) == TakeMoney(2)
    assert rollout_move(s, 0, [Buy(0), Skip()], rng) == Buy(0)
    assert rollout_move(s, 0, [EndTurn()], rng) == EndTurn()
