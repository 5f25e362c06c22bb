"""The expert level's own game settings: its iteration scale, how many turns its horizon spans,
and the worlds its turn-horizon search shares."""

from __future__ import annotations

from engine.ai import EXPERT_TURN_WORLDS, make_bot
from engine.ai.ismcts import TURN_WORLDS, ISMCTSBot
from engine.core import Rng
from tests.support.goofspiel import GoofOptions, Goofspiel, GoofState


class TwoRoundGoof(Goofspiel):
    """Goofspiel whose "turn" is two rounds (prizes 1-2, 3-4, ...), remembering the rounds seen by
    every evaluation the search makes and how many worlds it sampled."""

    ai_iteration_scale = 0.5

    def __init__(self, expert_turns: int = 1, expert_scale: float | None = None) -> None:
        self.ai_expert_turns = expert_turns
        self.ai_expert_scale = expert_scale
        self.scored_at: list[int] = []
        self.sampled = 0

    def ai_turn_mark(self, s: GoofState) -> int | None:
        return (len(s.shown) - 1) // 2

    def evaluate(self, s: GoofState, seat: int) -> float:
        self.scored_at.append(len(s.shown))
        return 0.5 + (s.scores[seat] - s.scores[1 - seat]) / 100

    def determinize(self, v: GoofState, seat: int, rng: Rng) -> GoofState:
        self.sampled += 1
        return super().determinize(v, seat, rng)


def search(game: TwoRoundGoof, *, expert: bool, iterations: int = 40) -> ISMCTSBot:
    s = game.setup(GoofOptions(cards=7), 2, 3)  # the first prize shown: rounds 1-2 make a turn
    bot = ISMCTSBot(seed=2, budget=60.0, max_iterations=iterations, rollout_depth=0, expert=expert)
    assert bot.choose(game, game.view(s, 0), 0) in game.legal(s, 0)
    return bot


def test_the_expert_reads_its_own_iteration_scale() -> None:
    assert search(TwoRoundGoof(expert_scale=2.0), expert=True).last_iterations == 80
    # Another level keeps the game's scale for every level, and so does expert without its own.
    assert search(TwoRoundGoof(expert_scale=2.0), expert=False).last_iterations == 20
    assert search(TwoRoundGoof(), expert=True).last_iterations == 20


def test_a_two_turn_horizon_scores_leaves_after_the_next_turn() -> None:
    game = TwoRoundGoof(expert_turns=2)
    search(game, expert=True)
    # Both rounds of this turn and both of the next are bid (greedily below the tree) before a
    # leaf is judged: four prizes shown, the fifth turned up.
    assert max(game.scored_at) == 5
    assert game.scored_at.count(5) >= 20
    # The other levels stop where this turn ends, as does expert in a game that asks for one turn.
    for game, expert in ((TwoRoundGoof(expert_turns=2), False), (TwoRoundGoof(), True)):
        search(game, expert=expert)
        assert max(game.scored_at) == 3


def test_the_expert_shares_more_worlds_than_hard() -> None:
    assert EXPERT_TURN_WORLDS > TURN_WORLDS
    game = TwoRoundGoof()
    s = game.setup(GoofOptions(cards=7), 2, 3)
    for level, worlds in (("hard", TURN_WORLDS), ("expert", EXPERT_TURN_WORLDS)):
        game.sampled = 0
        make_bot(level, 1).choose(game, game.view(s, 0), 0)
        assert game.sampled == worlds, level
