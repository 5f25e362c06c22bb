"""Attacks, shields, defence, wounds and the ultimate gauge, with the rulebook's worked examples."""

from __future__ import annotations

from engine.rivals.actions import (
    ActivateToken,
    Pass,
    PayOptional,
    PlayCard,
    React,
    TargetAshak,
)
from engine.rivals.data.board import CRYSTAL, FOREST
from engine.rivals.game import GAME
from engine.rivals.geometry import DIST
from engine.rivals.rules.combat import defence_dice
from engine.rivals.rules.flow import turn_start
from engine.rivals.state import Task
from tests.engine.rivals.helpers import (
    act,
    dice,
    give,
    put,
    ready_to_fight,
    set_type,
    texts,
)


def duel(a: str = "Atmos", b: str = "Korrin"):
    return ready_to_fight((a, b), seat=1)


def test_atmos_takes_3_wounds_and_the_attacker_gains_6_ultimate_points() -> None:
    s = duel()
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    set_type(s, s.ashaks[0].pos, CRYSTAL)
    bone = give(s, 1, "Bone Cracker")
    with dice(False):
        act(s, 1, PlayCard(bone))
        act(s, 1, TargetAshak(0))
    assert s.ashaks[0].hp == 17
    assert s.ashaks[1].ult == 6  # 3 wounds + 3 bonus: Atmos had 20 HP before the attack


def test_every_salvo_charges_the_bonus_from_the_hp_before_the_attack() -> None:
    s = duel()
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    set_type(s, s.ashaks[0].pos, CRYSTAL)
    s.ashaks[0].hp = 16
    db = give(s, 1, "Double Blaster")
    with dice(False):
        act(s, 1, PlayCard(db))
        act(s, 1, TargetAshak(0))
    assert s.ashaks[0].hp == 12
    # 4 wounds + 4 bonus: Atmos had 16 HP before the attack, though only 14 before the 2nd salvo
    assert s.ashaks[1].ult == 8


def test_an_attack_on_an_ashak_under_15_hp_charges_no_bonus() -> None:
    s = duel()
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    set_type(s, s.ashaks[0].pos, CRYSTAL)
    s.ashaks[0].hp = 14
    db = give(s, 1, "Double Blaster")
    with dice(False):
        act(s, 1, PlayCard(db))
        act(s, 1, TargetAshak(0))
    assert (s.ashaks[0].hp, s.ashaks[1].ult) == (10, 4)


def test_bone_cracker_range_is_checked_before_its_step() -> None:
    s = duel()
    put(s, 0, 0, -3)
    put(s, 1, 0, 0)
    bone = give(s, 1, "Bone Cracker")
    assert GAME.why_illegal(s, 1, PlayCard(bone)) == "No target in range of Bone Cracker."
    put(s, 1, 0, -1)
    assert GAME.why_illegal(s, 1, PlayCard(bone)) is None
    with dice(True):
        act(s, 1, PlayCard(bone))
        act(s, 1, TargetAshak(0))
    assert DIST[s.ashaks[1].pos][s.ashaks[0].pos] == 1  # stepped one hex toward Atmos


def test_double_blaster_grants_a_free_physical_card_after_4_damage() -> None:
    s = duel()
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    set_type(s, s.ashaks[0].pos, CRYSTAL)
    db = give(s, 1, "Double Blaster")
    blaster = give(s, 1, "Blaster")
    s.ap = 1
    with dice(False):
        act(s, 1, PlayCard(db))
        act(s, 1, TargetAshak(0))
    assert s.ashaks[0].hp == 16
    assert s.phase == "freephys" and s.ap == 0
    assert GAME.why_illegal(s, 1, PlayCard(blaster)) is None
    with dice(False):
        act(s, 1, PlayCard(blaster))
        act(s, 1, TargetAshak(0))
    assert s.ashaks[0].hp == 14 and s.phase == "turn"


def test_double_blaster_fully_defended_grants_nothing() -> None:
    s = duel()
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    db = give(s, 1, "Double Blaster")
    give(s, 1, "Blaster")
    with dice(True):
        act(s, 1, PlayCard(db))
        act(s, 1, TargetAshak(0))
    assert s.ashaks[0].hp == 20 and s.phase == "turn"


def test_a_shield_absorbs_only_the_first_of_three_salvos() -> None:
    s = duel()
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    set_type(s, s.ashaks[0].pos, CRYSTAL)
    s.shield[s.ashaks[0].pos] = 0
    shot = give(s, 1, "Triple Shot")
    with dice(False):
        act(s, 1, PlayCard(shot))
        ev = act(s, 1, TargetAshak(0))
    assert "absorbs a salvo" in texts(ev)
    assert s.shield[s.ashaks[0].pos] == -1
    assert s.ashaks[0].hp == 16  # two salvos of 2 got through


def test_an_attack_from_inside_the_shield_ignores_it() -> None:
    s = duel()
    h = put(s, 0, 0, -2)
    put(s, 1, 0, -2)
    set_type(s, h, CRYSTAL)
    s.shield[h] = 0
    bone = give(s, 1, "Bone Cracker")
    with dice(False):
        act(s, 1, PlayCard(bone))
        act(s, 1, TargetAshak(0))
    assert s.ashaks[0].hp == 17 and s.shield[h] == 0


def test_psychic_spike_loses_1_hp_and_the_discard_heals_2() -> None:
    s = duel()
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    s.ashaks[1].hp = 10
    spike = give(s, 1, "Psychic Spike")
    spare = give(s, 1, "Blaster")
    act(s, 1, PlayCard(spike))
    act(s, 1, TargetAshak(0))
    assert s.phase == "optional"
    act(s, 1, PayOptional(spare))
    assert s.ashaks[0].hp == 19 and s.ashaks[1].hp == 12
    assert spare in s.discard[1]


def test_defence_dice_forest_and_anticipation() -> None:
    s = duel()
    h = put(s, 0, 0, -2)
    set_type(s, h, CRYSTAL)
    assert defence_dice(s, 0) == 2
    set_type(s, h, FOREST)
    assert defence_dice(s, 0) == 3
    s.ashaks[0].tokens = 1
    s.ashaks[0].active_tokens = 1
    assert defence_dice(s, 0) == 5


def test_the_defender_may_activate_a_token_in_the_window() -> None:
    s = duel()
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    s.ashaks[0].tokens = 2
    blaster = give(s, 1, "Blaster")
    act(s, 1, PlayCard(blaster))
    act(s, 1, TargetAshak(0))
    assert s.phase == "react" and s.actor == 0
    act(s, 0, ActivateToken())
    assert s.ashaks[0].active_tokens == 1
    with dice(True):
        act(s, 0, Pass())
    assert s.ashaks[0].hp == 20


def test_no_window_for_a_defender_without_cards_or_tokens() -> None:
    s = duel()
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    blaster = give(s, 1, "Blaster")
    with dice(False):
        act(s, 1, PlayCard(blaster))
        act(s, 1, TargetAshak(0))
    assert s.phase == "turn" and s.ashaks[0].hp == 18


def test_a_reaction_card_cancels_the_attack() -> None:
    s = duel()
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    wall = give(s, 0, "Firewall")
    blaster = give(s, 1, "Blaster")
    act(s, 1, PlayCard(blaster))
    act(s, 1, TargetAshak(0))
    act(s, 0, React(wall))
    assert s.actor == 0  # the attacker has no card left to answer with: back to the defender
    with dice(False):
        ev = act(s, 0, Pass())
    assert "cancelled" in texts(ev)
    assert s.ashaks[0].hp == 20 and wall in s.discard[0]


def test_poison_costs_1_hp_at_the_start_of_turn_and_charges_the_poisoner() -> None:
    s = duel()
    s.ashaks[0].poison = [1, 1]
    with dice(False):
        turn_start(s, Task("turn_start", 0))
    assert s.ashaks[0].hp == 18 and s.ashaks[1].ult == 2 and s.ashaks[0].poison == [1, 1]
    with dice(True):
        turn_start(s, Task("turn_start", 0))
    assert s.ashaks[0].hp == 16 and s.ashaks[0].poison == []


def test_poison_that_kills_rolls_no_die_for_the_eliminated_ashak() -> None:
    s = duel()
    s.ashaks[0].poison = [1, 1]
    s.ashaks[0].hp = 1
    with dice(False):
        ev = turn_start(s, Task("turn_start", 0))
    assert not s.ashaks[0].alive
    words = texts(ev)
    assert "is eliminated" in words
    # Nothing more about its poison tokens once it is out.
    assert "poison token" not in words.split("is eliminated")[1]


def test_a_kill_scores_2_rp_and_installs_a_card_of_the_victim() -> None:
    s = duel()
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    s.ashaks[0].hp = 2
    s.deck[0].append(give(s, 0, "Railgun"))
    s.hand[0].remove(s.deck[0][-1])
    blaster = give(s, 1, "Blaster")
    with dice(False):
        act(s, 1, PlayCard(blaster))
        ev = act(s, 1, TargetAshak(0))
    assert not s.ashaks[0].alive and "eliminated" in texts(ev)
    # Two seats: the kill is also the last survivor's win.
    assert GAME.outcome(s) is not None and GAME.outcome(s).winners == (1,)


def test_skip_optional_and_mods_flow() -> None:
    s = duel()
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    blaster = give(s, 1, "Blaster")
    mod = give(s, 1, "Hollow Point")
    act(s, 1, PlayCard(blaster))
    assert s.phase == "mods"
    from engine.rivals.actions import AddMod

    act(s, 1, AddMod(mod))
    assert s.phase == "target"
    with dice(False):
        act(s, 1, TargetAshak(0))
    assert s.ashaks[0].hp == 17 and mod in s.discard[1]
