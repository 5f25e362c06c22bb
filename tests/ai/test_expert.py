"""The expert level: hard's search with more worlds shared by a turn-horizon search."""

from __future__ import annotations

from engine.ai import EXPERT_TURN_WORLDS, make_bot
from engine.ai.ismcts import TURN_WORLDS
from engine.core import Rng
from tests.support.goofspiel import GoofOptions, Goofspiel, GoofState


class TwoRoundGoof(Goofspiel):
    """Goofspiel whose "turn" is two rounds (prizes 1-2, 3-4, ...), counting the worlds the
    search samples."""

    def __init__(self) -> None:
        self.sampled = 0

    def ai_turn_mark(self, s: GoofState) -> int | None:
        return (len(s.shown) - 1) // 2

    def determinize(self, v: GoofState, seat: int, rng: Rng) -> GoofState:
        self.sampled += 1
        return super().determinize(v, seat, rng)


def test_the_expert_shares_more_worlds_than_hard() -> None:
    assert EXPERT_TURN_WORLDS > TURN_WORLDS
    game = TwoRoundGoof()
    s = game.setup(GoofOptions(cards=7), 2, 3)
    for level, worlds in (("hard", TURN_WORLDS), ("expert", EXPERT_TURN_WORLDS)):
        game.sampled = 0
        make_bot(level, 1).choose(game, game.view(s, 0), 0)
        assert game.sampled == worlds, level
