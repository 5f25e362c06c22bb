"""Expert rules: delayed spells, besieged tiles, expert scoring."""

from __future__ import annotations

from engine.rivality.actions import CastDelayed
from engine.rivality.game import GAME
from engine.rivality.rules.flow import begin_turn
from tests.engine.rivality.helpers import act, hand, lay, new, on, put, set_golems, texts

SALMON, MAUVE, TURQUOISE = 0, 1, 2


def test_lost_spells_are_just_lost_without_the_expert_rules() -> None:
    s = new(expert=False)
    put(s, 3, 0, -1, 2, {SALMON: 1}, by=SALMON)
    begin_turn(s, 1)
    hand(s, 1, 16, 13)
    lay(s, 16, 1, -1, 1)
    assert on(s, 1, -1) == [0, 1, 0]


def test_several_delayed_spells_of_one_side_fire_in_the_order_it_chooses() -> None:
    s = new(expert=True)
    a = put(s, 3, 0, -1, 2, {SALMON: 1}, by=SALMON)  # left 3x1 faces east onto (1, -1)
    b = put(s, 1, 1, 1, 1, {SALMON: 1}, by=SALMON)  # left 3x2 faces north onto (1, -1)
    begin_turn(s, 1)
    hand(s, 1, 17, 13)
    lay(s, 17, 1, -1, 1)
    # Mauve laid the tile, but the choice is Salmon's: its spells, its order.
    assert s.phase == "delayed" and GAME.to_act(s) == (0,)
    assert GAME.prompt(s, 0).section == "delayed-spells"
    assert sorted(x.spell for x in GAME.legal(s, 0)) == [a * 4 + 0, b * 4 + 0]
    # The choice names each spell's golems, in the right number (the Dolmen Plain's front: one).
    assert GAME.describe(s, CastDelayed(b * 4 + 0)).endswith(" (3 golems)")
    assert GAME.describe(s, CastDelayed(b * 4 + 1)).endswith(" (1 golem)")
    ev = act(s, CastDelayed(b * 4 + 0))
    assert on(s, 1, -1) == [5, 0, 0]  # 3 + 3 Salmon against 1 Mauve: Mauve's goes, then one own
    assert s.phase == "tile" and s.turn == 0  # back to the normal turn order
    assert texts(ev).index("(3x2 north)") < texts(ev).index("(3x1 east)")


def test_delayed_spells_from_a_contested_tile_never_fire() -> None:
    s = new(expert=True)
    put(s, 3, 0, -1, 2, {SALMON: 1, MAUVE: 1})
    begin_turn(s, 1)
    hand(s, 1, 16, 13)
    ev = lay(s, 16, 1, -1, 1)
    assert on(s, 1, -1) == [0, 1, 0]
    assert "never fires" in texts(ev)


def test_delayed_spells_of_other_players_come_before_the_active_players() -> None:
    s = new(expert=True)
    put(s, 3, 0, -1, 2, {MAUVE: 1})  # Mauve's waiting spell, 3 golems onto (1, -1)
    put(s, 14, 1, 1, 1, {SALMON: 1})  # Salmon's: left 1x2 north onto (1, -1)
    hand(s, 0, 17, 4)
    ev = lay(s, 17, 1, -1, 1)  # Salmon lays; Mauve fires first (3 arrive), then Salmon's 1
    t = texts(ev)
    assert t.index("3x1 east") < t.index("1x2 north")
    assert on(s, 1, -1) == [2, 3, 0]


def _siege_3p(well: int, right: int, left: int) -> object:
    s = new(3, expert=True)
    set_golems(s, 0, {well: 1})
    target = put(s, 13, 0, 1, 0, {TURQUOISE: 1})
    put(s, 14, 1, 1, 0, {right: 1})
    put(s, 15, -1, 1, 0, {left: 1})
    hand(s, 0, 5, 4)
    lay(s, 5, 0, 2, 2)  # Salmon completes the ring; its spell goes south onto nothing
    return s, target


def test_three_player_siege_tie_goes_to_whoever_completed_it() -> None:
    s, target = _siege_3p(SALMON, MAUVE, MAUVE)
    assert s.golems[target * 3 : target * 3 + 3] == [1, 0, 0]


def test_three_player_siege_goes_to_the_most_besieging_tiles() -> None:
    s, target = _siege_3p(MAUVE, MAUVE, MAUVE)
    assert s.golems[target * 3 : target * 3 + 3] == [0, 1, 0]


def test_no_siege_while_the_defender_holds_a_neighbour_or_a_magician_stands_there() -> None:
    s, target = _siege_3p(TURQUOISE, MAUVE, MAUVE)
    assert s.golems[target * 3 : target * 3 + 3] == [0, 0, 1]
    s = new(expert=True)
    set_golems(s, 0, {SALMON: 1})
    t = put(s, 13, 0, 1, 0, {MAUVE: 1})
    s.mage[MAUVE] = t
    put(s, 14, 1, 1, 0, {SALMON: 1})
    put(s, 15, -1, 1, 0, {SALMON: 1})
    hand(s, 0, 5, 4)
    lay(s, 5, 0, 2, 2)
    assert s.golems[t * 3 : t * 3 + 3] == [0, 1, 0]


def test_siege_needs_four_tiles_around() -> None:
    s = new(expert=True)
    set_golems(s, 0, {SALMON: 1})
    t = put(s, 13, 0, 1, 0, {MAUVE: 1})
    put(s, 14, 1, 1, 0, {SALMON: 1})
    hand(s, 0, 5, 4)
    lay(s, 5, 0, 2, 2)  # three Salmon neighbours and an empty space: no siege
    assert s.golems[t * 3 : t * 3 + 3] == [0, 1, 0]


def test_expert_scoring_loses_a_point_for_enemy_golems_present() -> None:
    s = new(expert=True)
    put(s, 22, 1, 0, 0, {SALMON: 3, MAUVE: 1})  # Fortress 4 - 1
    put(s, 19, 0, 1, 0, {MAUVE: 2, SALMON: 1})  # Cottage 2 - 1
    put(s, 13, -1, 0, 0, {MAUVE: 1})  # Plain 1
    s.phase = "over"
    out = GAME.outcome(s)
    assert out is not None and out.scores == (3, 2)
    assert any(line.values == (-1, -1) for line in out.lines)


def test_four_players_a_partner_chooses_the_order_of_their_teams_delayed_spells() -> None:
    s = new(4, expert=True)
    put(s, 3, 0, -1, 2, {SALMON: 1})
    put(s, 1, 1, 1, 1, {SALMON: 1})
    begin_turn(s, 1)  # Player 2 (Mauve) lays; Player 3 is the next Salmon seat
    hand(s, 1, 17, 13)
    lay(s, 17, 1, -1, 1)
    assert s.phase == "delayed" and GAME.to_act(s) == (2,)


# -- sieges with two sides (issue 8): one side must hold the whole ring --------------------------
def _ring(seats: int, well: int, right: int, left: int, laying_seat: int = 0) -> tuple[object, int]:
    """A contested Plain at (0, 1) with the Mana Well above it and tiles right and left; the
    seat on turn closes the ring below it with a Plain whose only spell points away."""
    s = new(seats, expert=True)
    set_golems(s, 0, {well: 1})
    target = put(s, 13, 0, 1, 0, {SALMON: 1, MAUVE: 1})
    put(s, 14, 1, 1, 0, {right: 1})
    put(s, 15, -1, 1, 0, {left: 1})
    if laying_seat:
        begin_turn(s, laying_seat)
    hand(s, laying_seat, 5, 4)
    lay(s, 5, 0, 2, 2)
    return s, target


def test_two_players_a_ring_shared_by_both_sides_besieges_nothing() -> None:
    s, target = _ring(2, SALMON, MAUVE, MAUVE)  # Salmon: the Well and the new tile; Mauve: two
    assert s.golems[target * 3 : target * 3 + 3] == [1, 1, 0]
    assert s.ctrl[target] == -1


def test_two_players_one_side_holding_the_whole_ring_takes_the_tile() -> None:
    s, target = _ring(2, SALMON, SALMON, SALMON)
    assert s.golems[target * 3 : target * 3 + 3] == [2, 0, 0]  # Mauve's golem home, one more Salmon


def test_four_players_a_ring_shared_by_the_two_teams_besieges_nothing() -> None:
    s, target = _ring(4, SALMON, MAUVE, MAUVE)
    assert s.golems[target * 3 : target * 3 + 3] == [1, 1, 0]
    # Partners hold the ring together: Player 3 (Salmon) closes it, the Salmon team takes it.
    s, target = _ring(4, SALMON, SALMON, SALMON, laying_seat=2)
    assert s.golems[target * 3 : target * 3 + 3] == [2, 0, 0]


def test_three_players_two_opponents_share_a_ring_but_not_three_colours() -> None:
    s, target = _ring(3, MAUVE, MAUVE, MAUVE)  # Mauve holds three of the four, Salmon one
    assert s.golems[target * 3 : target * 3 + 3] == [0, 2, 0]
    s, target = _ring(3, TURQUOISE, MAUVE, MAUVE)  # Salmon, Mauve and Turquoise around it
    assert s.golems[target * 3 : target * 3 + 3] == [1, 1, 0]


def test_the_preview_foresees_exactly_the_sieges_the_rules_carry_out() -> None:
    from engine.rivality.data import pos_of
    from engine.rivality.preview import preview

    for seats, ring, taken in [
        (2, (SALMON, MAUVE, MAUVE), False),
        (2, (SALMON, SALMON, SALMON), True),
        (4, (SALMON, MAUVE, MAUVE), False),
        (3, (MAUVE, MAUVE, MAUVE), True),
        (3, (TURQUOISE, MAUVE, MAUVE), False),
    ]:
        s = new(seats, expert=True)
        set_golems(s, 0, {ring[0]: 1})
        put(s, 13, 0, 1, 0, {SALMON: 1, MAUVE: 1})
        put(s, 14, 1, 1, 0, {ring[1]: 1})
        put(s, 15, -1, 1, 0, {ring[2]: 1})
        hand(s, 0, 5, 4)
        pv = preview(s, 5, pos_of(0, 2), 2)
        assert [sg.pos for sg in pv.sieges] == ([pos_of(0, 1)] if taken else []), (seats, ring)
        ev = lay(s, 5, 0, 2, 2)
        assert ("besieged" in texts(ev)) == taken
