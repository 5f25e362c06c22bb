"""The AI alone against Souramoun: hard's search reads a position by playing the game out without
peeking at the face-down tiles, and normal takes one look at each move (docs/AI.md, Rivality
solo)."""

from __future__ import annotations

import math

from engine.ai import NORMAL_ITERATIONS, ISMCTSBot, make_bot
from engine.core.rng import Rng
from engine.rivality import ai_solo
from engine.rivality.game import GAME, NORMAL_CAP
from engine.rivality.state import RivalityState


def _solo_after(moves: int, seed: int = 2) -> RivalityState:
    """A solo deal after the magician's first `moves` moves (the first one open each time)."""
    s = GAME.setup(GAME.Options(), 1, seed)
    for _ in range(moves):
        GAME.apply(s, 0, GAME.legal(s, 0)[0])
    assert s.phase == "move" and len(s.reach) > 1
    return s


def test_hard_reads_a_solo_position_by_the_game_played_out() -> None:
    # The value is the result of the game's end: half for beating Souramoun, half for the
    # player's score (out of 40).
    s = _solo_after(2)
    end = ai_solo.playout(s)
    out = GAME.outcome(end)
    assert out is not None
    won = 1.0 if out.winners else 0.0
    assert GAME.ai_search_evaluate(s, 0) == 0.5 * won + 0.5 * out.scores[0] / 40
    assert GAME.ai_search_evaluate(s, 0) != GAME.evaluate(s, 0)  # (normal's and greedy's reading)


def test_the_play_out_does_not_peek_at_the_face_down_tiles() -> None:
    # The same position with its face-down tiles dealt in other places: the play-out's move is the
    # same, since the player would know only which tiles are face down, not where.
    s = _solo_after(1)
    hidden = [c for c in range(len(s.tile)) if not s.faceup[c]]
    assert len(hidden) > 6
    chosen = set()
    for shift in range(len(hidden)):
        d = GAME.clone(s)
        for i, c in enumerate(hidden):
            d.tile[c] = s.tile[hidden[(i + shift) % len(hidden)]]
        chosen.add(ai_solo.blind_move(d, Rng.from_seed(9)))
    assert len(chosen) == 1


def test_solo_normal_looks_once_at_each_move() -> None:
    # Alone, normal's usual search plays about as well as hard's; there it looks once at each
    # move (docs/AI.md, Rivality solo). At two seats, and for hard, the caps are the levels' own.
    assert NORMAL_CAP == NORMAL_ITERATIONS
    solo = _solo_after(1)
    duel = GAME.setup(GAME.Options(), 2, 2)
    looked = {}
    for name, state, level in (("solo", solo, "normal"), ("duel", duel, "normal"), ("solo", solo, "hard")):
        bot = make_bot(level, 5)
        assert isinstance(bot, ISMCTSBot)
        bot.budget = math.inf
        seat = GAME.to_act(state)[0]
        bot.choose(GAME, GAME.view(state, seat), seat)
        looked[name, level] = bot.last_iterations
    assert looked == {("solo", "normal"): len(solo.reach), ("duel", "normal"): 100, ("solo", "hard"): 500}
