"""How the search levels play Rivalist: expert's rollouts run twice as long as hard's after each
new node; hard and normal keep their own."""

from __future__ import annotations

from engine.ai import ISMCTSBot, make_bot
from engine.core import SAME_SEARCH
from engine.rivalist.game import EXPERT_ROLLOUT_DEPTH, GAME
from tests.engine.rivalist.helpers import states


def test_only_experts_rollouts_are_longer() -> None:
    played = states(3, every=1)
    draft = played[0]
    age_two = next(s for s in played if s.age == 2 and GAME.outcome(s) is None)
    for s in (draft, age_two):
        assert GAME.ai_level(s, "expert").rollout_depth == EXPERT_ROLLOUT_DEPTH == 20
        assert GAME.ai_level(s, "hard") == GAME.ai_level(s, "normal") == SAME_SEARCH
        # Each level's search reads its depth: normal none, hard its own ten, expert twenty.
        for level, depth in (("normal", 0), ("hard", 10), ("expert", 20)):
            bot = make_bot(level, 1)
            assert isinstance(bot, ISMCTSBot)
            bot.max_iterations = 3
            seat = GAME.to_act(s)[0]
            bot.choose(GAME, GAME.view(s, seat), seat)
            assert bot._depth == depth, level
