"""The evaluation the AI relies on: it follows the score and sees a capture waiting to be made."""

from __future__ import annotations

from engine.ai import make_bot
from engine.rivality.ai import pending_gain, placement_gain
from engine.rivality.data import pos_of
from engine.rivality.game import GAME
from engine.rivality.scoring import side_scores
from tests.engine.rivality.helpers import hand, new, put, set_golems


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


def test_solo_a_tile_under_the_magician_still_counts() -> None:
    # The magician moves on before the game ends, so the tile it stands on scores in the end: a
    # Fortress held by three golems under it puts me ahead of a Souramoun who holds nothing.
    s = GAME.setup(GAME.Options(), 1, 1)
    c = next(c for c in range(12, 24) if s.tile[c] in (10, 11, 12))
    set_golems(s, c, {0: 3})
    s.mage[0] = c
    s.reach = []  # no move to look at: the reading is the tiles alone
    assert GAME.evaluate(s, 0) > 0.5


def test_solo_a_position_is_read_by_the_moves_it_leaves_open() -> None:
    # Before the magician enters, the same deal is read higher when the entry left open is the
    # one whose move (Souramoun's answer included) ends with the better score.
    s = GAME.setup(GAME.Options(), 1, 3)
    after = {}
    for a in GAME.legal(s, 0):
        d = GAME.clone(s)
        GAME.apply(d, 0, a)
        mine, theirs = side_scores(d)
        after[a.pos] = mine - theirs
    best, worst = max(after, key=after.__getitem__), min(after, key=after.__getitem__)
    assert after[best] > after[worst]
    s.reach = [best]
    high = GAME.evaluate(s, 0)
    s.reach = [worst]
    assert high > GAME.evaluate(s, 0)


def test_solo_hard_reads_a_finished_game_by_its_margin_too() -> None:
    # Hard's and expert's search read a finished solo game by the result and the margin over
    # Souramoun (ai.solo_result), normal's by the result alone, and the duel's by the result.
    s = GAME.setup(GAME.Options(), 1, 1)
    read = GAME.ai_level(s, "hard").finished
    assert read is not None and GAME.ai_level(s, "expert").finished is read
    assert GAME.ai_level(s, "normal").finished is None
    assert GAME.ai_level(GAME.setup(GAME.Options(), 2, 1), "hard").finished is None
    mine = [c for c in range(12, 24) if s.tile[c] in (10, 11, 12)]  # Fortresses, worth 4 each
    s.phase = "over"
    values = []
    for held in (0, 1, 2):  # no Fortress (a loss by nothing to nothing), one, two
        for c in mine[:held]:
            set_golems(s, c, {0: 1})
        out = GAME.outcome(s)
        assert out is not None and (out.winners == (0,)) == (held > 0)
        values.append(read(s, 0))
    # A win counts more than any loss, and a wider win more than a narrower one.
    assert values[0] < 0.25 < 0.75 < values[1] < values[2] <= 1.0
