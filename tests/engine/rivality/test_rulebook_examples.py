"""The rulebook's worked examples, played through the engine."""

from __future__ import annotations

from engine.rivality.queries import shields_of
from engine.rivality.rules.flow import begin_turn
from tests.engine.rivality.helpers import hand, lay, new, on, put, set_golems, texts

SALMON, MAUVE = 0, 1


def mauve_to_play(s):  # type: ignore[no-untyped-def]
    begin_turn(s, 1)


def test_mana_well_attack_with_the_limit() -> None:
    # The Well holds 2 Mauve and 2 Salmon golems; Mauve's Cottage sends 3 golems two spaces west.
    s = new()
    set_golems(s, 0, {SALMON: 2, MAUVE: 2})
    put(s, 1, 1, 0, 0, {SALMON: 1})
    mauve_to_play(s)
    hand(s, 1, 18, 13)
    supply = s.supply[:]
    ev = lay(s, 18, 2, 0, 0)  # front north, so the left spell (3 golems, distance 2) faces west
    assert on(s, 0, 0) == [0, 5, 0]
    assert s.supply[SALMON] == supply[SALMON] + 2  # the two Salmon golems go home
    assert s.ctrl[0] == MAUVE and shields_of(s, 0) == 1  # entrenched: five of Mauve's golems
    assert "lost" in texts(ev)  # the front spell (distance 3 north) finds no tile


def test_range_two_spell_lands_with_no_tile_in_between() -> None:
    s = new()
    put(s, 14, 1, 0, 0, {MAUVE: 1})
    put(s, 15, 2, 0, 0, {MAUVE: 1})
    cottage = put(s, 20, 2, 1, 0, {SALMON: 2})
    hand(s, 0, 4, 5)
    lay(s, 4, 0, 1, 1)  # front east: 2 golems at distance 2 over the empty space (1, 1)
    assert s.golems[cottage * 3 : cottage * 3 + 3] == [4, 0, 0]  # reinforcements: no shield loss
    assert on(s, 0, 0) == [2, 0, 0]  # the left spell (2 at distance 1) faces north onto the Well


def test_the_same_spell_into_an_enemy_cottage_loses_a_golem_to_the_shield() -> None:
    s = new()
    put(s, 14, 1, 0, 0, {MAUVE: 1})
    put(s, 15, 2, 0, 0, {MAUVE: 1})
    cottage = put(s, 20, 2, 1, 0, {MAUVE: 2})
    hand(s, 0, 4, 5)
    ev = lay(s, 4, 0, 1, 1)
    assert s.golems[cottage * 3 : cottage * 3 + 3] == [1, 2, 0]
    assert "shields destroy 1" in texts(ev)


def test_fortress_with_three_attackers() -> None:
    s = new()
    fort = put(s, 22, 1, 0, 0, {MAUVE: 1})
    hand(s, 0, 11, 5)
    lay(s, 11, 1, 1, 1)  # left spell (3 golems, distance 1) faces north onto the Fortress
    # Two of the three crash on the two shields; one gets through: the Fortress is contested.
    assert s.golems[fort * 3 : fort * 3 + 3] == [1, 1, 0]
    assert s.ctrl[fort] == -1


def test_two_attackers_never_pass_a_fortress() -> None:
    s = new()
    fort = put(s, 22, 1, 0, 0, {MAUVE: 1})
    hand(s, 0, 4, 5)
    lay(s, 4, 1, 1, 1)  # left spell 2x1 north onto the Fortress
    assert s.golems[fort * 3 : fort * 3 + 3] == [0, 1, 0]


def test_dolmen_plain_at_seven_golems() -> None:
    s = new()
    plain = put(s, 13, 1, 0, 0, {MAUVE: 4, SALMON: 1})
    hand(s, 0, 4, 5)
    supply = s.supply[MAUVE]
    lay(s, 4, 1, 1, 1)  # 2 golems onto the Plain: 7 in all, the active player removes 2 Mauve
    assert s.golems[plain * 3 : plain * 3 + 3] == [3, 2, 0]
    assert s.ctrl[plain] == SALMON
    assert s.supply[MAUVE] == supply + 2


def _trap(rot: int) -> tuple[object, list[str]]:
    s = new(expert=True)
    put(s, 3, 0, -1, 2, {SALMON: 1}, by=SALMON)  # left spell 3x1 faces east, onto the empty (1, -1)
    mauve_to_play(s)
    hand(s, 1, 16, 13)
    ev = lay(s, 16, 1, -1, rot)
    return s, [e.text for e in ev]


def test_delayed_spell_trap_turned_by_the_attacker() -> None:
    # Mauve faces its front (2 golems, distance 1) west onto Salmon's Plain and takes it; the
    # Plain's waiting spell now belongs to Mauve and lands 3 golems on Mauve's new tile.
    s, ev = _trap(3)
    assert on(s, 0, -1) == [1, 2, 0]
    assert on(s, 1, -1) == [0, 4, 0]
    assert any("Delayed left spell" in t for t in ev)


def test_delayed_spell_trap_springs_on_a_magician() -> None:
    # Facing away, Mauve leaves Salmon in control: the delayed spell hits the tile where Mauve's
    # magician stands, which only a delayed spell may do.
    s, ev = _trap(1)
    assert on(s, 1, -1) == [3, 1, 0]
    assert s.ctrl[s.at[s.pos[s.mage[MAUVE]]]] == SALMON


def test_master_stroke_siege() -> None:
    s = new(expert=True)
    set_golems(s, 0, {SALMON: 2})
    fort = put(s, 23, 0, 1, 0, {MAUVE: 5})
    put(s, 13, 1, 1, 0, {SALMON: 1})
    put(s, 14, -1, 1, 0, {SALMON: 1})
    cottage = put(s, 19, 0, 2, 0, {MAUVE: 2})
    hand(s, 0, 5, 4)
    mauve_supply = s.supply[MAUVE]
    ev = lay(s, 5, 1, 2, 3)  # 4 golems west onto the Cottage: 1 lost to its shield, 3 take it
    assert s.golems[cottage * 3 : cottage * 3 + 3] == [3, 2, 0]
    assert s.golems[fort * 3 : fort * 3 + 3] == [1, 0, 0]
    assert s.supply[MAUVE] == mauve_supply + 5
    assert "besieged" in texts(ev)
