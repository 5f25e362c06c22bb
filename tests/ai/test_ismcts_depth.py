"""A game can pin the search's rollout depth (Rivality scores leaves with its evaluation at once)."""

from __future__ import annotations

from engine.ai.ismcts import ISMCTSBot
from engine.registry import GAMES
from tests.support.goofspiel import GoofOptions, Goofspiel, GoofState


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


class ShortGoof(Goofspiel):
    """Goofspiel whose search looks only at the best bid of a one-ply ranking, with half the
    iterations."""

    ai_root_moves = 1
    ai_iteration_scale = 0.5


def test_a_games_root_shortlist_and_iteration_scale_steer_the_search() -> None:
    from engine.ai.bots import rank_moves

    game = ShortGoof()
    s = game.setup(GoofOptions(), 2, 3)
    view = game.view(s, 0)
    bot = ISMCTSBot(seed=4, budget=5.0, max_iterations=40, rollout_depth=0)
    move = bot.choose(game, view, 0)
    assert bot.last_iterations == 20  # half of the cap
    # The move searched is the one the one-ply ranking put first, on the bot's own samples.
    twin = ISMCTSBot(seed=4)
    worlds = [game.determinize(view, 0, twin.rng) for _ in range(3)]
    assert move == rank_moves(game, worlds, 0, list(game.legal(view, 0)), twin.rng)[0][1]
    # Without the hooks the same bot weighs every bid and runs its whole cap.
    plain = ISMCTSBot(seed=4, budget=5.0, max_iterations=40, rollout_depth=0)
    plain.choose(Goofspiel(), view, 0)
    assert plain.last_iterations == 40


class TwoRoundGoof(Goofspiel):
    """Goofspiel whose "turn" is two rounds (prizes 1-2, 3-4, ...), remembering the rounds seen by
    every evaluation the search makes."""

    def __init__(self, horizon: bool) -> None:
        self.horizon = horizon
        self.scored_at: list[int] = []

    def ai_turn_mark(self, s: GoofState) -> int | None:
        return (len(s.shown) - 1) // 2 if self.horizon else None

    def evaluate(self, s: GoofState, seat: int) -> float:
        self.scored_at.append(len(s.shown))
        return 0.5 + (s.scores[seat] - s.scores[1 - seat]) / 100


def test_a_turn_horizon_scores_every_leaf_where_the_turn_ends() -> None:
    game = TwoRoundGoof(horizon=True)
    s = game.setup(GoofOptions(), 2, 3)  # the first prize is shown: rounds 1 and 2 make a turn
    bot = ISMCTSBot(seed=2, budget=5.0, max_iterations=60, rollout_depth=0)
    move = bot.choose(game, game.view(s, 0), 0)
    assert move in game.legal(s, 0)
    # Every iteration's leaf is judged once both rounds of the turn are bid (the second one
    # greedily, one ply deep, when the tree stops after the first); nothing is judged later.
    assert game.scored_at.count(3) >= 60
    assert max(game.scored_at) == 3
    # Without the horizon the same search scores leaves wherever its tree stopped, rounds later.
    plain = TwoRoundGoof(horizon=False)
    ISMCTSBot(seed=2, budget=5.0, max_iterations=300, rollout_depth=0).choose(plain, plain.view(s, 0), 0)
    assert max(plain.scored_at) > 3


def test_only_the_games_that_say_so_give_their_search_another_value() -> None:
    # The search scores its leaves with `ai_search_evaluate`; by default it is `evaluate`, so the
    # search plays every other game as before.
    for game in GAMES.values():
        if game.id in ("rival_realms", "rivality"):
            continue
        s = game.setup(game.Options(), 2, 3)
        assert game.ai_search_evaluate(s, 0) == game.evaluate(s, 0), game.id
