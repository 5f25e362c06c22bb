"""The search's own value of a position (`RivalRealms.ai_search_evaluate`): a seat bound to pass
keeps only the points it has scored."""

from __future__ import annotations

from engine.rival_realms import ai
from engine.rival_realms.actions import PASS
from engine.rival_realms.data import GEM
from engine.rival_realms.game import GAME
from engine.rival_realms.scoring import score
from engine.rival_realms.state import RealmsState
from tests.engine.rival_realms.helpers import clear_realm, give_token, lay, new, set_hand


def stuck() -> RealmsState:
    """Seat 0 at the start of its turn, unable to act: seventeen explored regions, and the one
    empty space (upper 1) takes only a card below 1."""
    s = new(places=(0, 0))
    clear_realm(s, 0)
    for p, card in zip(range(1, 18), [1, *range(4, 20)], strict=True):
        lay(s, 0, p, card, explored=True)
    s.adventurer[0] = 1
    set_hand(s, 0, [2, 3])
    assert s.actor == 0 and PASS in GAME.legal(s, 0)
    return s


def test_a_seat_bound_to_pass_keeps_only_its_points_in_the_search() -> None:
    s = stuck()
    assert ai.bound_to_pass(s, 0) and not ai.bound_to_pass(s, 1)
    assert ai.search_estimate(s, 0) == score(s, 0) < ai.estimate(s, 0)
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


def test_solo_keeps_the_evaluation() -> None:
    s = new(seats=1)
    assert GAME.ai_search_evaluate(s, 0) == GAME.evaluate(s, 0)
