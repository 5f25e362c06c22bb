"""The search's own value of a position (`RivalRealms.ai_search_evaluate`): a seat bound to pass
keeps only the points it has scored."""

from __future__ import annotations

import math

from engine.ai import ISMCTSBot, make_bot
from engine.rival_realms import ai
from engine.rival_realms.actions import PASS
from engine.rival_realms.data import GEM, KIND
from engine.rival_realms.game import GAME
from engine.rival_realms.options import RivalRealmsOptions
from engine.rival_realms.scoring import score
from engine.rival_realms.state import RivalRealmsState
from tests.engine.rival_realms.helpers import clear_realm, give_token, lay, new, set_hand, unable_to_act


def stuck() -> RivalRealmsState:
    s = unable_to_act()
    assert s.actor == 0 and PASS in GAME.legal(s, 0)
    return s


def test_a_seat_bound_to_pass_keeps_only_its_points_in_the_search() -> None:
    s = stuck()
    assert ai.bound_to_pass(s, 0) and not ai.bound_to_pass(s, 1)
    placed = {n for realm in s.regions for n in realm if n}
    assert ai.search_estimate(s, 0, placed) == score(s, 0) < ai.estimate(s, 0)
    assert GAME.ai_search_evaluate(s, 0) < GAME.evaluate(s, 0)
    assert GAME.ai_search_evaluate(s, 1) > GAME.evaluate(s, 1)
    GAME.apply(s, 0, PASS)
    assert ai.bound_to_pass(s, 0)  # for the rest of the game


def test_a_seat_is_judged_only_where_a_turn_begins_and_without_a_gem() -> None:
    s = stuck()
    give_token(s, 0, GEM)  # it may steal a card that fits
    assert not ai.bound_to_pass(s, 0)
    s = stuck()
    s.action = "summon"  # in the middle of its turn: its next hand is not drawn yet
    assert not ai.bound_to_pass(s, 0)


FULL_ROWS = [*range(20, 26), *range(30, 36)]  # the middle and lower sub-realms filled


def test_solo_the_search_reads_its_own_value_against_the_ravens_target() -> None:
    # Alone, the search judges room in a run by the numbers still to come too: a 34 at the left
    # end of an empty row leaves less room than one in the middle, and the search's value sets
    # the two further apart than `evaluate` does.
    left, middle = new(seats=1), new(seats=1)
    left.regions[0] = [34, 0, 0, 0, 0, 0, *FULL_ROWS]
    middle.regions[0] = [0, 0, 34, 0, 0, 0, *FULL_ROWS]
    plain = GAME.evaluate(middle, 0) - GAME.evaluate(left, 0)
    assert GAME.ai_search_evaluate(middle, 0) - GAME.ai_search_evaluate(left, 0) > 2 * plain > 0


def test_room_is_judged_by_the_numbers_still_to_come() -> None:
    # A 34 summoned at the left end of an empty row leaves five spaces that only 35-50 fit; in the
    # middle it leaves room on both sides. `estimate` finds them alike; the search does not.
    left, middle = [34, 0, 0, 0, 0, 0, *FULL_ROWS], [0, 0, 34, 0, 0, 0, *FULL_ROWS]
    assert ai._open_spaces(left)[0] == ai._open_spaces(middle)[0]
    assert ai.room_credit(left, {34}) < ai.room_credit(middle, {34})
    # Numbers already in either realm fit nowhere: a run whose numbers are all placed is dead.
    gap = [10, 0, 13, 14, 15, 16, *FULL_ROWS]
    assert ai.room_credit(gap, set()) > ai.room_credit(gap, {11, 12}) == 0.0


def test_mobility_counts_the_types_of_the_next_steps_and_those_the_hand_can_pay() -> None:
    s = new(places=(0, 0))
    clear_realm(s, 0)
    for p in range(18):
        s.regions[0][p] = 0
        s.explored[0][p] = False
    take = [1, 2, 3]  # 1 and 2 beside each other in the upper row, 3 beside 2
    for p, card in zip((0, 1, 2), take, strict=True):
        lay(s, 0, p, card, explored=p == 0)
    s.adventurer[0] = 0
    kinds = {KIND[2]}  # only the region right of the adventurer can be entered next
    set_hand(s, 0, [c for c in range(4, 51) if KIND[c] not in kinds][:5])
    assert ai.mobility(s, 0) == (1, 0)
    set_hand(s, 0, [next(c for c in range(4, 51) if KIND[c] == KIND[2])])
    assert ai.mobility(s, 0) == (1, 1)
    # `came_from` (no stepping straight back) belongs to whoever is moving: judged as at the start
    # of an action, the step into space 1 is still seen.
    s.came_from = 1
    assert ai.mobility(s, 0) == (1, 1)
    assert GAME.ai_search_evaluate(s, 0) > 0.0


def test_solo_normal_searches_a_quarter_of_its_duel_iterations() -> None:
    # Alone, normal's usual search plays about as well as hard's; there it looks less
    # (docs/AI.md, Rival Realms solo). Hard's search is the same at one seat as at two.
    looked = {}
    for seats in (1, 2):
        state = new(seats=seats)
        seat = GAME.to_act(state)[0]
        for level in ("normal", "hard"):
            bot = make_bot(level, 5)
            assert isinstance(bot, ISMCTSBot)
            bot.budget = math.inf
            bot.choose(GAME, GAME.view(state, seat), seat)
            looked[seats, level] = bot.last_iterations
    assert looked == {(1, "normal"): 5, (2, "normal"): 20, (1, "hard"): 100, (2, "hard"): 100}


def test_in_a_duel_expert_plays_each_line_out_and_hard_reads_its_value() -> None:
    # Expert reads where a line ends (docs/AI.md, "Expert against hard"); hard, normal, set-up
    # and solo search as before.
    duel = new(seats=2)
    expert = GAME.ai_level(duel, "expert")
    assert expert.play_out and expert.finished is ai.duel_result
    assert not GAME.ai_level(duel, "hard").play_out and GAME.ai_level(duel, "hard").finished is None
    assert not GAME.ai_level(duel, "normal").play_out
    assert not GAME.ai_level(GAME.setup(RivalRealmsOptions(), 2, 1), "expert").play_out
    assert not GAME.ai_level(new(seats=1), "expert").play_out


def test_expert_reads_a_finished_duel_by_its_result_then_its_margin() -> None:
    s = new(seats=2)
    s.phase = "over"
    assert score(s, 0) == score(s, 1)  # nothing scored yet: a shared victory
    even = ai.duel_result(s, 0)
    assert even == ai.duel_result(s, 1) == 0.75 * 0.5 + 0.25 * 0.5
    # Seat 0 ahead by one gem, then by five: won either way, worth more by the wider margin, and
    # the loser's value falls as the winner's rises.
    read = []
    for gems in (1, 4):
        s.supply[0] = [t for t in s.supply[0] if t != GEM] + [GEM] * gems
        s.supply[1] = [t for t in s.supply[1] if t != GEM]
        assert score(s, 0) - score(s, 1) == gems
        read.append((ai.duel_result(s, 0), ai.duel_result(s, 1)))
    (win1, loss1), (win4, loss4) = read
    assert 0.75 + 0.125 < win1 < win4 < 1.0
    assert 0.0 < loss4 < loss1 < 0.125
