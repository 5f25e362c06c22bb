"""The evaluation the AI relies on: it follows the score and sees a capture waiting to be made."""

from __future__ import annotations

from engine.ai import make_bot
from engine.rivality.ai import pending_gain, placement_gain
from engine.rivality.data import pos_of
from engine.rivality.game import GAME
from tests.engine.rivality.helpers import hand, new, put


def test_evaluation_prefers_the_side_holding_more_tiles() -> None:
    s = new()
    s.phase = "over"
    put(s, 22, 1, 0, 0, {0: 3})
    put(s, 13, 0, 1, 0, {1: 1})
    assert GAME.evaluate(s, 0) == 1.0 and GAME.evaluate(s, 1) == 0.0
    s.phase = "tile"
    s.hands = [[], []]
    assert GAME.evaluate(s, 0) > 0.5 > GAME.evaluate(s, 1)


def test_a_capture_on_offer_counts_for_the_player_about_to_lay() -> None:
    s = new()
    put(s, 22, 1, 0, 0, {1: 1})
    hand(s, 0, 5, 3)  # the Plain with 4x1 can take the Fortress (two shields, 2 get through)
    assert placement_gain(s, 5, pos_of(1, 1), 0, 0) > 0
    assert placement_gain(s, 5, pos_of(1, 1), 2, 0) == 0  # facing away: nothing happens
    assert pending_gain(s) >= 4
    before = GAME.evaluate(s, 0)
    hand(s, 0, 3, 2)  # tiles that cannot reach it with enough golems
    assert GAME.evaluate(s, 0) < before


def test_greedy_beats_random() -> None:
    wins = 0
    for i in range(6):
        seat = i % 2
        bots = {seat: make_bot("greedy", i), 1 - seat: make_bot("random", i)}
        s = GAME.setup(GAME.Options(), 2, 50 + i)
        while GAME.outcome(s) is None:
            who = GAME.to_act(s)[0]
            GAME.apply(s, who, bots[who].choose(GAME, GAME.view(s, who), who))
        out = GAME.outcome(s)
        assert out is not None
        wins += seat in out.winners
    assert wins >= 5
