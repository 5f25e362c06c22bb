"""Set-up, turns, combat, the end and scoring of the 2-4 player game."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.rivality.actions import ChooseTile, Mulligan, Orient, PlaceAt, RemoveGolem
from engine.rivality.data import HITS_ADJACENT, IS_FORTRESS, ORIGIN, PILE_A, PILE_B, pos_of
from engine.rivality.game import GAME
from engine.rivality.options import RivalityOptions
from engine.rivality.queries import shields_of
from engine.rivality.rules.flow import begin_turn
from tests.engine.rivality.helpers import act, hand, lay, new, on, put, set_golems, texts

SALMON, MAUVE, TURQUOISE = 0, 1, 2


# -- set-up --------------------------------------------------------------------------------------
def test_two_player_setup() -> None:
    for seed in range(40):
        s = GAME.setup(RivalityOptions(), 2, seed)
        assert s.supply == [30, 30] and s.sides == 2
        assert [len(h) for h in s.hands] == [2, 2] and [len(p) for p in s.piles] == [10, 10]
        assert sorted(s.piles[0] + s.hands[0]) == list(PILE_A)
        assert sorted(s.piles[1] + s.hands[1]) == list(PILE_B)
        assert not any(IS_FORTRESS[p[0]] for p in s.piles)  # the bottom tile is never a Fortress
        assert s.pos == [ORIGIN] and s.golems == [0, 0, 0] and s.ctrl == [-1]


def test_three_player_setup_deals_two_fortresses_each() -> None:
    for seed in range(40):
        s = GAME.setup(RivalityOptions(), 3, seed)
        assert s.supply == [20, 20, 20] and s.sides == 3
        for seat in range(3):
            mine = s.piles[seat] + s.hands[seat]
            assert len(mine) == 8 and sum(IS_FORTRESS[t] for t in mine) == 2
            assert not IS_FORTRESS[s.piles[seat][0]]


def test_four_players_sit_in_alternating_teams_sharing_supply_and_pile() -> None:
    s = GAME.setup(RivalityOptions(), 4, 3)
    assert s.side_of == [0, 1, 0, 1] and s.supply == [30, 30] and len(s.piles) == 2
    assert [len(h) for h in s.hands] == [2, 2, 2, 2] and [len(p) for p in s.piles] == [8, 8]
    assert sorted(s.piles[0] + s.hands[0] + s.hands[2]) == list(PILE_A)


def _mulligan_seed() -> int:
    for seed in range(500):
        s = GAME.setup(RivalityOptions(), 2, seed)
        if s.phase == "mulligan":
            return seed
    raise AssertionError("no seed deals an unreachable first hand")


def test_mulligan_offered_only_when_no_tile_reaches_the_well() -> None:
    for seed in range(60):
        s = GAME.setup(RivalityOptions(), 2, seed)
        reach = any(HITS_ADJACENT[t] for t in s.hands[0])
        assert (s.phase == "mulligan") == (not reach)
        if reach:
            with pytest.raises(IllegalAction):
                GAME.apply(s, 0, Mulligan(True))


def test_mulligan_redraws_and_reshuffles() -> None:
    s = GAME.setup(RivalityOptions(), 2, _mulligan_seed())
    old = s.hands[0][:]
    assert GAME.legal(s, 0) == [Mulligan(True), Mulligan(False)]
    assert GAME.prompt(s, 0).secret
    act(s, Mulligan(True))
    assert set(s.hands[0]).isdisjoint(old) and len(s.hands[0]) == 2
    assert set(old) <= set(s.piles[0]) and len(s.piles[0]) == 10
    assert not IS_FORTRESS[s.piles[0][0]]
    assert s.phase == "tile" and all(isinstance(a, ChooseTile) for a in GAME.legal(s, 0))


def test_keeping_the_hand() -> None:
    s = GAME.setup(RivalityOptions(), 2, _mulligan_seed())
    old = s.hands[0][:]
    act(s, Mulligan(False))
    assert s.hands[0] == old and s.phase == "tile"


# -- a turn ------------------------------------------------------------------------------------
def test_a_turn_lays_adjacent_moves_the_magician_and_draws() -> None:
    s = new()
    hand(s, 0, 5, 4)
    assert {a.tile for a in GAME.legal(s, 0)} == {5, 4}
    act(s, ChooseTile(5))
    assert sorted(a.pos for a in GAME.legal(s, 0)) == sorted(ORIGIN + d for d in (-128, 1, 128, -1))
    with pytest.raises(IllegalAction, match="touch"):
        GAME.apply(s, 0, PlaceAt(pos_of(2, 0)))
    with pytest.raises(IllegalAction, match="already"):
        GAME.apply(s, 0, PlaceAt(ORIGIN))
    act(s, PlaceAt(pos_of(0, 1)))
    assert GAME.legal(s, 0) == [Orient(r) for r in range(4)]
    pile = len(s.piles[0])
    ev = act(s, Orient(0))  # the 4x1 front spell faces north onto the Well
    assert on(s, 0, 1) == [1, 0, 0] and on(s, 0, 0) == [4, 0, 0]
    assert s.mage[SALMON] == s.at[pos_of(0, 1)]
    assert s.supply[SALMON] == 25 and len(s.hands[0]) == 2 and len(s.piles[0]) == pile - 1
    assert s.turn == 1 and s.phase == "tile"
    assert any(e.to == (0,) and "draw" in e.text for e in ev)  # the drawn tile is private


def test_magician_moves_with_each_new_tile() -> None:
    s = new()
    hand(s, 0, 5, 4)
    lay(s, 5, 0, 1, 0)
    first = s.mage[SALMON]
    begin_turn(s, 0)
    hand(s, 0, 4, 3)
    lay(s, 4, 1, 1, 0)
    assert s.mage[SALMON] != first and s.mage[SALMON] == s.at[pos_of(1, 1)]


def test_spell_onto_an_enemy_magician_is_lost_and_onto_nothing_is_lost() -> None:
    s = new()
    c = put(s, 13, 1, 0, 0, {MAUVE: 1})
    s.mage[MAUVE] = c
    hand(s, 0, 4, 5)
    ev = lay(s, 4, 1, 1, 1)  # left 2x1 north onto Mauve's magician; front 2x2 east onto nothing
    assert on(s, 1, 0) == [0, 1, 0]
    assert "enemy magician" in texts(ev) and "no tile lies there" in texts(ev)


def test_contested_tiles_raise_no_shields_and_distance_three_ignores_them() -> None:
    s = new()
    fort = put(s, 22, 1, 0, 0, {MAUVE: 1, SALMON: 1})
    assert shields_of(s, fort) == 0
    hand(s, 0, 4, 5)
    lay(s, 4, 1, 1, 1)
    assert s.golems[fort * 3 : fort * 3 + 3] == [3, 1, 0]  # no losses on a contested Fortress


def test_distance_three_spell_ignores_fortress_shields() -> None:
    s = new()
    put(s, 14, 0, -1, 0, {MAUVE: 1})
    put(s, 15, 0, -2, 0, {MAUVE: 1})
    fort = put(s, 22, 0, -3, 0, {MAUVE: 2})
    hand(s, 0, 6, 5)
    lay(s, 6, 0, 1, 0)  # Cottage: front 2 golems at distance 3, north from (0, 1) onto (0, -2)
    assert s.golems[fort * 3 : fort * 3 + 3] == [0, 2, 0]
    assert on(s, 0, -2) == [2, 1, 0]
    s = new()
    put(s, 14, 0, -1, 0, {MAUVE: 1})
    fort = put(s, 22, 0, -2, 0, {MAUVE: 2})
    hand(s, 0, 6, 5)
    ev = lay(s, 6, 0, 1, 0)
    assert s.golems[fort * 3 : fort * 3 + 3] == [2, 2, 0]  # both arrive despite two shields
    assert "shields ignored" in texts(ev)


def test_entrenchment_adds_a_shield_even_on_a_plain() -> None:
    s = new()
    plain = put(s, 13, 1, 0, 0, {MAUVE: 5})
    assert shields_of(s, plain) == 1
    hand(s, 0, 4, 5)
    lay(s, 4, 1, 1, 1)  # 2 attackers: one lost to the entrenchment shield, then the limit
    assert s.golems[plain * 3 : plain * 3 + 3] == [1, 4, 0]


def test_own_golems_removed_only_when_alone_over_the_limit() -> None:
    s = new()
    plain = put(s, 13, 1, 0, 0, {SALMON: 4})
    hand(s, 0, 4, 5)
    supply = s.supply[SALMON]
    lay(s, 4, 1, 1, 1)
    assert s.golems[plain * 3 : plain * 3 + 3] == [5, 0, 0]
    assert s.supply[SALMON] == supply - 2  # the new tile's golem, 2 summoned, 1 sent back


def test_three_players_remove_the_most_numerous_opponent_and_choose_on_a_tie() -> None:
    s = new(3)
    plain = put(s, 13, 1, 0, 0, {MAUVE: 2, TURQUOISE: 2})
    hand(s, 0, 4, 5)
    ev = lay(s, 4, 1, 1, 1)  # 2 Salmon golems: 6 on the Plain, Mauve and Turquoise tied
    assert s.phase == "remove" and GAME.to_act(s) == (0,)
    assert GAME.legal(s, 0) == [RemoveGolem(MAUVE), RemoveGolem(TURQUOISE)]
    assert "Over five" not in texts(ev)
    assert GAME.why_illegal(s, 0, RemoveGolem(SALMON)) is not None
    act(s, RemoveGolem(TURQUOISE))
    assert s.golems[plain * 3 : plain * 3 + 3] == [2, 2, 1]
    assert s.phase != "remove" and s.ctrl[plain] == -1  # Salmon and Mauve tie at 2


def test_three_players_most_numerous_first_without_a_choice() -> None:
    s = new(3)
    plain = put(s, 13, 1, 0, 0, {MAUVE: 3, TURQUOISE: 1})
    hand(s, 0, 4, 5)
    lay(s, 4, 1, 1, 1)  # 6 golems: Mauve has the most, one of its golems goes
    assert s.golems[plain * 3 : plain * 3 + 3] == [2, 2, 1]


def test_game_stops_at_once_when_a_side_places_its_last_golem() -> None:
    s = new()
    put(s, 13, 1, 0, 0, {MAUVE: 1})
    s.supply[SALMON] = 3
    s.start[SALMON] = 3 + sum(s.golems[0::3])
    hand(s, 0, 4, 5)
    ev = lay(s, 4, 1, 1, 1)  # the tile golem then 2 summoned: the supply is empty
    assert s.phase == "over" and s.supply[SALMON] == 0
    assert "placed every golem" in texts(ev)
    assert GAME.outcome(s) is not None


def test_game_ends_when_every_tile_is_played() -> None:
    s = new()
    s.piles = [[], []]
    s.hands = [[4], []]
    begin_turn(s, 0)
    assert s.phase == "place"  # a single tile is laid without choosing it
    lay(s, 4, 0, 1, 0)
    assert s.phase == "over" and "Every tile" in s.reason


# -- scoring -------------------------------------------------------------------------------------
def _scored(s):  # type: ignore[no-untyped-def]
    s.phase = "over"
    out = GAME.outcome(s)
    assert out is not None
    return out


def test_tile_under_own_magician_does_not_count() -> None:
    s = new()
    a = put(s, 22, 1, 0, 0, {SALMON: 1})  # Fortress 4
    put(s, 13, 0, 1, 0, {SALMON: 1})  # Plain 1
    s.mage[SALMON] = a
    out = _scored(s)
    assert out.scores == (1, 0)


def test_mana_well_holder_takes_tied_tiles_and_wins_ties() -> None:
    s = new()
    set_golems(s, 0, {MAUVE: 1})
    put(s, 22, 1, 0, 0, {SALMON: 2, MAUVE: 2})  # tied Fortress: to the Well holder
    put(s, 10, 0, 1, 0, {SALMON: 1})  # Salmon's Fortress
    out = _scored(s)
    assert out.scores == (4, 7)
    s = new()
    set_golems(s, 0, {MAUVE: 1})
    put(s, 13, 1, 0, 0, {SALMON: 2})
    put(s, 14, 0, 1, 0, {SALMON: 2})
    put(s, 15, -1, 0, 0, {SALMON: 1})  # Salmon 3, Mauve 3 (the Well)
    out = _scored(s)
    assert out.scores == (3, 3) and out.winners == (1,) and "Mana Well" in out.tiebreak


def test_three_players_unallocated_tie_and_well_holder_winning_from_last_place() -> None:
    s = new(3)
    set_golems(s, 0, {TURQUOISE: 1})
    put(s, 22, 1, 0, 0, {SALMON: 2, MAUVE: 2, TURQUOISE: 1})  # tied without the holder: nobody
    put(s, 10, 0, 1, 0, {SALMON: 1})
    put(s, 23, -1, 0, 0, {MAUVE: 1})
    out = _scored(s)
    assert out.scores == (4, 4, 3)
    assert out.winners == (2,)  # the two others are tied: the Well holder wins from last place


def test_no_well_holder_shares_a_tie() -> None:
    s = new()
    put(s, 13, 1, 0, 0, {SALMON: 1})
    put(s, 14, 0, 1, 0, {MAUVE: 1})
    out = _scored(s)
    assert out.scores == (1, 1) and out.winners == (0, 1)


def test_four_players_score_as_teams() -> None:
    s = new(4)
    put(s, 13, 1, 0, 0, {SALMON: 1})
    put(s, 22, 0, 1, 0, {MAUVE: 1})
    out = _scored(s)
    assert out.scores == (1, 4, 1, 4) and out.winners == (1, 3)


def test_score_lines_add_up() -> None:
    from tests.engine.rivality.helpers import random_game

    for seats in (2, 3, 4):
        for expert in (False, True):
            s, _, _ = random_game(5, seats, expert=expert)
            out = GAME.outcome(s)
            assert out is not None
            for i in range(seats):
                assert sum(line.values[i] for line in out.lines) == out.scores[i]


def test_the_log_names_each_seat_with_its_colour() -> None:
    """Issue 9: the board shows colours, the log seats; the log says both ("Player 2 (Mauve)"),
    and the app swaps the seat for the player's name."""
    from engine.core import name_seats

    s = new(2)
    put(s, 13, 1, 0, 0, {SALMON: 1})
    begin_turn(s, 1)
    hand(s, 1, 14, 16)
    ev = lay(s, 14, 2, 0, 3)  # front 3x1 west onto Salmon's Plain: Mauve takes it
    t = texts(ev)
    assert "Player 2 (Mauve) lays the Dolmen Plain" in t
    assert "Player 2 (Mauve) now controls it" in t
    assert "Bob (Mauve) lays" in name_seats(t, ["Ann", "Bob"])
    s4 = new(4)
    s4.supply[MAUVE] = 1
    begin_turn(s4, 1)
    hand(s4, 1, 14, 16)
    ev = lay(s4, 14, 1, 0, 0)  # its one golem arrives with the magician: the supply is empty
    assert "The Mauve team (Player 2 and Player 4) placed every golem" in texts(ev)
