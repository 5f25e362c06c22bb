"""How the hard bot searches a Rivals position: with three seats or more it looks to the end of
its own turn (the rest of the turn played greedily, every leaf scored there); with two seats, and
in drone mode, it searches as it was tuned to (random rollouts of a few decisions), and expert's
rollouts there are greedy."""

from __future__ import annotations

import math

import pytest

from engine.ai import ISMCTSBot, make_bot
from engine.core import SAME_SEARCH
from engine.rivals.actions import EndTurn, Move
from engine.rivals.data.board import TILE_OF, ZONE_CARDS
from engine.rivals.game import GAME
from engine.rivals.options import RivalsOptions
from engine.rivals.state import RivalsState
from tests.engine.rivals.helpers import dice, fighting, give, new, pass_windows, put, ready_to_fight

SIX = ("Atmos", "Renko", "Phae", "Korrin", "Sylva", "Vex")


def hard(seed: int = 3) -> ISMCTSBot:
    bot = make_bot("hard", seed)
    assert isinstance(bot, ISMCTSBot)
    bot.budget = math.inf  # the iteration cap alone: the same choice on any machine
    return bot


@pytest.mark.parametrize("seats", [3, 6])
def test_the_turn_horizon_holds_for_one_whole_turn_from_three_seats(seats: int) -> None:
    s = new(SIX[:seats])
    fighting(s, 0)
    mark = GAME.ai_turn_mark(s)
    assert mark is not None
    GAME.apply(s, 0, next(a for a in GAME.legal(s, 0) if isinstance(a, Move)))
    assert GAME.ai_turn_mark(s) == mark  # still seat 0's turn, one AP spent
    assert s.phase == "interrupt"  # the others' window after the move: still in the turn
    assert GAME.ai_turn_mark(s) == mark
    pass_windows(s)
    GAME.apply(s, 0, EndTurn())
    assert s.turn_seat == 1
    assert GAME.ai_turn_mark(s) != mark  # the next seat's turn has begun


def test_two_seats_drone_mode_and_set_up_keep_the_plain_search() -> None:
    assert GAME.ai_turn_mark(new(("Atmos", "Renko"))) is None
    drone = GAME.setup(RivalsOptions(drone=True), 2, 4)
    assert GAME.ai_turn_mark(drone) is None
    assert GAME.ai_turn_mark(GAME.setup(RivalsOptions(), 6, 4)) is None  # choosing Ashaks


def test_at_two_seats_only_experts_rollouts_are_greedy() -> None:
    for s in (new(("Atmos", "Renko")), GAME.setup(RivalsOptions(drone=True), 2, 4)):
        assert GAME.ai_level(s, "expert").rollout_greed == 1.0
        assert GAME.ai_level(s, "hard") == GAME.ai_level(s, "normal") == SAME_SEARCH
    # From three seats the turn horizon already plays the rest of the turn greedily.
    three = new(("Atmos", "Renko", "Phae"))
    assert GAME.ai_level(three, "expert") == SAME_SEARCH


def finish_turn(s: RivalsState, seat: int) -> None:
    """Let the hard bot play `seat`'s turn to its end; anyone else asked (a reaction) passes."""
    bot = hard()
    start = s.turn_seat
    while s.turn_seat == start and GAME.outcome(s) is None:
        actor = GAME.to_act(s)[0]
        mine = actor == seat
        GAME.apply(s, actor, bot.choose(GAME, GAME.view(s, seat), seat) if mine else GAME.legal(s, actor)[0])


def six_seats_fighting() -> RivalsState:
    """Six seats, every tile revealed, empty hands, seat 0 in a turn where it may attack."""
    return ready_to_fight(SIX)


def test_at_six_seats_the_hard_bot_finishes_off_a_rival_in_range() -> None:
    s = six_seats_fighting()
    put(s, 0, 0, 0)
    put(s, 1, 0, -2)  # two hexes away: in the Blaster's range (1-3), in sight
    s.ashaks[1].hp = 1
    give(s, 0, "Blaster")
    with dice(False):  # no defence die saves the rival
        finish_turn(s, 0)
    assert not s.ashaks[1].alive
    assert s.ashaks[0].rp == 2


def test_at_six_seats_the_hard_bot_steps_off_a_tile_that_falls_this_round() -> None:
    # Round 3, era 1's last: three of its six zone cards are shown, so the other three drop their
    # tiles at this round's end whatever order they are in. Seat 0 stands on one of those tiles,
    # a step from safe ground.
    s = six_seats_fighting()
    s.round = 3
    for z in (3, 4, 5):
        s.zone_deck.remove(z)
        s.zones_shown.append(z)
        for t in ZONE_CARDS[z].drops:
            s.fallen[t] = True
    for seat, (q, r) in zip(range(1, 6), ((0, 1), (1, 0), (-1, 1), (1, -1), (0, 2)), strict=True):
        put(s, seat, q, r)
    put(s, 0, 3, -4)  # tile 9, next to tiles 27 and 33 (era 2)
    doomed = {t for z in (0, 1, 2) for t in ZONE_CARDS[z].drops}
    assert TILE_OF[s.ashaks[0].pos] in doomed
    finish_turn(s, 0)
    assert TILE_OF[s.ashaks[0].pos] not in doomed
