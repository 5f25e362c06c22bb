"""A game can pin the search's rollout depth (Rivality scores leaves with its evaluation at once)."""

from __future__ import annotations

from engine.ai.ismcts import ISMCTSBot
from engine.registry import GAMES
from tests.support.goofspiel import GoofOptions, Goofspiel


def test_the_games_rollout_depth_wins_over_the_bots_default() -> None:
    rivality = GAMES["rivality"]
    s = rivality.setup(rivality.Options(), 2, 5)
    seat = rivality.to_act(s)[0]
    bot = ISMCTSBot(seed=1, budget=5.0, max_iterations=20, rollout_depth=10)
    move = bot.choose(rivality, rivality.view(s, seat), seat)
    assert move in rivality.legal(s, seat)
    assert bot._depth == 0
    # A game without the attribute keeps the bot's own setting.
    goof = Goofspiel()
    g = goof.setup(GoofOptions(), 2, 1)
    bot.choose(goof, goof.view(g, 0), 0)
    assert bot._depth == 10
