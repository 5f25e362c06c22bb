"""Bots never stall a game (issue 8): without the optional idle-game ending only an empty pile
ends Rival Kings, so a table of bots must keep buying. The evaluation makes coins lose value to a
bot while nobody buys (engine/rival_kings/ai.py); these games must end by an empty pile."""

from __future__ import annotations

import pytest

from engine.ai import GreedyBot
from engine.rival_kings.actions import Recruit, Skip
from engine.rival_kings.ai import coin_weight, evaluate
from engine.rival_kings.game import GAME
from tests.engine.rival_kings.helpers import act, put_top, set_purse
from tests.engine.rival_kings.test_abilities import queen_turn


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_table_of_bots_ends_by_emptying_a_pile(seats: int) -> None:
    s = GAME.setup(GAME.Options(), seats, 7)
    assert not s.stall_end
    bots = [GreedyBot(seed=i, samples=1) for i in range(seats)]
    longest_idle = decisions = 0
    while GAME.outcome(s) is None:
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, bots[seat].choose(GAME, GAME.view(s, seat), seat))
        longest_idle = max(longest_idle, s.idle_cycles)
        decisions += 1
        assert decisions < 3000, "the bots stalled"
    assert any(not p for p in s.piles)
    assert longest_idle <= 2


def test_after_an_idle_cycle_any_affordable_card_beats_keeping_the_coins() -> None:
    # Near the end (a pile down to its last card) a lone 4-point card is not worth 4 coins to a
    # bot at first; once a whole cycle has passed without a purchase, it is.
    prefer = {}
    for idle in (0, 1):
        s = queen_turn(seed=44)
        put_top(s, 2, "Court Lady")  # value 4, no partner in seat 0's rows
        del s.piles[1][:-1]  # building pile 2: one card left
        set_purse(s, 0, 0, 2)
        s.idle_cycles = idle
        keep, buy = GAME.clone(s), GAME.clone(s)
        act(keep, Skip())
        act(buy, Recruit(2))
        prefer[idle] = "buy" if evaluate(buy, 0) > evaluate(keep, 0) else "keep"
    assert prefer == {0: "keep", 1: "buy"}
    assert coin_weight(s) < 0.25
