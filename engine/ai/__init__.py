"""Game-agnostic bots (random, greedy, information-set MCTS), their levels, and `make_bot`.

Every bot has `name` and `choose(game, view, seat, *, should_stop=None)`: it receives only the
seat's view and returns one action from `game.legal(view, seat)`. `should_stop` lets a caller
running the bot in a worker thread cancel a long search (the bot then answers at once).
"""

from __future__ import annotations

from engine.ai.bots import Bot, GreedyBot, RandomBot
from engine.ai.ismcts import ISMCTSBot

LEVELS = ("easy", "normal", "hard", "expert")

# What each level plays. Hard thinks for at most a second and at most HARD_ITERATIONS iterations,
# whichever comes first; on this project's 2-core reference machine the cap usually comes first,
# which keeps play repeatable. Rollouts stop after ROLLOUT_DEPTH decisions and are scored by the
# game's evaluation. Measured in 2-player Rival Kings with the arena at 200 iterations: rollouts
# cut at 20 decisions beat full-length ones 18-2 at a third of the cost; cut at 10 they played
# level with 20 (7-5) at three quarters of that; greedy (evaluated) rollouts added nothing.
HARD_BUDGET = 1.0
HARD_ITERATIONS = 500
# Expert is hard's search given a few seconds: for players who beat hard and will wait for it.
EXPERT_BUDGET = 4.0
EXPERT_ITERATIONS = 2500
EXPERT_TURN_WORLDS = 30
# Normal is a shorter search that ignores a game's turn horizon (`Game.ai_turn_mark`): in
# Rival Realms a search with the horizon is near its best after a few dozen iterations, and
# normal with it played level with hard (21 of 40 two-seat games, --cap-only); without it hard
# wins about seven games in ten (docs/AI.md).
NORMAL_BUDGET = 0.3
NORMAL_ITERATIONS = 100
# Normal also plays no random moves after a new node: it scores the position where its tree
# stops (a game that pins its own rollout depth keeps it). In Rival Kings normal with hard's ten
# random moves was too close to hard (hard 61.5% [48.0, 73.5] of 52 two-seat games); without them hard
# wins about four in five (docs/AI.md).
NORMAL_ROLLOUT_DEPTH = 0
# And normal reads positions with the game's `evaluate`, not the search's own value
# (`Game.ai_search_evaluate`): in Rivality that value plays the rival's reply, and normal with it
# stood too close to hard (57.5% of 40 two-seat games).
ROLLOUT_DEPTH = 10
EXPLORATION = 0.7
EASY_MISTAKES = 0.35

KINDS = (*LEVELS, "random", "greedy", "ismcts")


def make_bot(level: str, seed: int) -> Bot:
    """A bot for a level ("easy", "normal", "hard", "expert") or a kind ("random", "greedy", "ismcts")."""
    if level == "easy":
        return GreedyBot(seed, samples=2, mistake_rate=EASY_MISTAKES, name="easy")
    if level == "normal":
        return ISMCTSBot(
            seed,
            budget=NORMAL_BUDGET,
            max_iterations=NORMAL_ITERATIONS,
            exploration=EXPLORATION,
            rollout_depth=NORMAL_ROLLOUT_DEPTH,
            name="normal",
            horizon=False,
            own_value=False,
        )
    if level == "hard":
        return ISMCTSBot(
            seed,
            budget=HARD_BUDGET,
            max_iterations=HARD_ITERATIONS,
            exploration=EXPLORATION,
            rollout_depth=ROLLOUT_DEPTH,
            name="hard",
        )
    if level == "expert":
        return ISMCTSBot(
            seed,
            budget=EXPERT_BUDGET,
            max_iterations=EXPERT_ITERATIONS,
            exploration=EXPLORATION,
            rollout_depth=ROLLOUT_DEPTH,
            name="expert",
            turn_worlds=EXPERT_TURN_WORLDS,
        )
    if level == "random":
        return RandomBot(seed)
    if level == "greedy":
        return GreedyBot(seed)
    if level == "ismcts":
        return ISMCTSBot(seed)
    raise ValueError(f"unknown bot level {level!r} (known: {', '.join(KINDS)})")


__all__ = ["KINDS", "LEVELS", "Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "make_bot"]
