"""The search's own reading of a position: a rival about to lay is given its best placement before
the position is judged, so the search sees the reply (and the last word) the greedy bot only
estimates."""

from __future__ import annotations

from engine.core import SAME_SEARCH
from engine.rivality.ai import SOLO_HARD
from engine.rivality.ai_search import expert_evaluate, search_evaluate
from engine.rivality.data import pos_of
from engine.rivality.game import GAME
from engine.rivality.scoring import side_scores
from engine.rivality.state import RivalityState
from tests.engine.rivality.helpers import hand, new, put, set_golems


def _last_tile_for_mauve(fortress_golems: int) -> RivalityState:
    """Mauve lays the game's last tile, the Plain that summons four golems next to it. Salmon
    holds two well-guarded Plains and a Fortress with `fortress_golems` golems on it."""
    s = new()
    put(s, 1, -1, 0, 0, {0: 3})
    put(s, 2, 0, 1, 0, {0: 3})
    put(s, 10, 1, 0, 0, {0: fortress_golems})
    s.turn = s.actor = 1
    hand(s, 1, 17)
    s.hands[0] = []
    s.piles = [[], []]
    assert s.phase == "place" and s.chosen == 17
    return s


def test_the_search_sees_the_last_tile_take_the_game() -> None:
    s = _last_tile_for_mauve(1)
    # Laid beside the Fortress, the last tile's four golems beat its two shields and its one
    # defender: Mauve ends with 4 points to Salmon's 2. The greedy bot's reading only credits
    # half of that capture and still has Salmon ahead; the search's reading has Salmon lost.
    assert GAME.evaluate(s, 0) > 0.5
    assert GAME.ai_search_evaluate(s, 0) == 0.0
    assert GAME.ai_search_evaluate(s, 1) == 1.0


def test_an_entrenched_fortress_survives_the_last_tile() -> None:
    # Five golems add a shield: one attacker gets through and Salmon keeps the Fortress (6 to 0).
    s = _last_tile_for_mauve(5)
    assert GAME.ai_search_evaluate(s, 0) == 1.0


def test_near_the_end_the_search_sees_who_lays_last() -> None:
    # Salmon holds three Fortresses by a single golem each and the Mana Well; Mauve three
    # Fortresses, entrenched. On points Salmon leads 15 to 12, but the readings weigh thin holds
    # low and put Mauve ahead. Salmon has one golem left: after Mauve's tile (whose spells can
    # change no tile's holder from any square), Salmon's lay empties the supply and ends the game
    # on those points.
    s = new()
    set_golems(s, 0, {0: 5})
    for t, x in ((10, -6), (11, 6), (12, 12)):
        put(s, t, x, 0, 0, {0: 1})
    for t, y in ((22, -6), (23, 6), (24, 12)):
        put(s, t, 0, y, 0, {1: 5})
    s.turn = s.actor = 1
    hand(s, 1, 13)
    hand(s, 0, 3)
    s.piles = [[], []]
    s.supply[0] = 1
    assert side_scores(s) == [15, 12]
    assert GAME.evaluate(s, 0) < 0.5 < GAME.ai_search_evaluate(s, 0)


def test_the_search_horizon_is_the_turn() -> None:
    s = new()
    mark = GAME.ai_turn_mark(s)
    assert mark is not None
    seat = s.turn
    GAME.apply(s, seat, GAME.legal(s, seat)[0])
    assert GAME.ai_turn_mark(s) == mark  # the tile is chosen: the same turn
    while s.turn == seat:
        GAME.apply(s, seat, GAME.legal(s, seat)[0])
    assert GAME.ai_turn_mark(s) != mark  # the next player's turn


def test_a_value_worked_out_once_is_not_given_to_another_position() -> None:
    # The search keeps the values it has worked out: the same position asked again gets the same
    # value, and one that differs only in where the golems stand gets its own. Here four golems
    # move from the two Plains to the Fortress, which the last tile then cannot take.
    s = _last_tile_for_mauve(1)
    assert GAME.ai_search_evaluate(s, 0) == 0.0
    assert GAME.ai_search_evaluate(s, 0) == 0.0
    set_golems(s, s.at[pos_of(-1, 0)], {0: 1})
    set_golems(s, s.at[pos_of(0, 1)], {0: 1})
    set_golems(s, s.at[pos_of(1, 0)], {0: 5})
    assert GAME.ai_search_evaluate(s, 0) == 1.0


def _spent_more_by_salmon() -> RivalityState:
    """Salmon lays next; each side holds two entrenched Plains, and Salmon has five more golems
    on the Mana Well: 15 golems left to Mauve's 20."""
    s = new()
    put(s, 1, -1, 0, 0, {0: 5})
    put(s, 2, 0, -1, 0, {0: 5})
    put(s, 13, 1, 0, 0, {1: 5})
    put(s, 14, 0, 1, 0, {1: 5})
    set_golems(s, 0, {0: 5})
    assert s.supply == [15, 20] and s.turn == 0
    return s


def test_expert_reads_golems_left_in_a_supply_as_a_cost_and_hard_does_not() -> None:
    s = _spent_more_by_salmon()
    assert GAME.ai_level(s, "expert").evaluate is expert_evaluate
    assert GAME.ai_level(s, "hard") == GAME.ai_level(s, "normal") == SAME_SEARCH
    # Salmon, nearer the end of its supply, is nearer to ending the game: expert's reading has it
    # better off than hard's does, and Mauve worse.
    assert expert_evaluate(s, 0) > search_evaluate(s, 0)
    assert expert_evaluate(s, 1) < search_evaluate(s, 1)
    # At three seats and in solo, expert searches as hard does.
    three = new(seats=3)
    assert GAME.ai_level(three, "expert") == GAME.ai_level(three, "hard") == SAME_SEARCH
    solo = new(seats=1)
    assert GAME.ai_level(solo, "expert") is GAME.ai_level(solo, "hard") is SOLO_HARD
