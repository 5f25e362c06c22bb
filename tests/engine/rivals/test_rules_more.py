"""More of the rulebook: skills, the reaction stack, temporary effects, events, resets, loot."""

from __future__ import annotations

from engine.rivals.actions import (
    Install,
    Pass,
    PlayCard,
    React,
    ReplaceSkill,
    TargetAshak,
)
from engine.rivals.data.board import CRYSTAL, LAKE
from engine.rivals.data.catalog import CARD
from engine.rivals.data.events import EVENT_KEYS
from engine.rivals.game import GAME
from engine.rivals.rules import turn
from engine.rivals.rules.flow import expire, next_turn, phase3, phase8, phase10
from engine.rivals.state import Task
from tests.engine.rivals.helpers import (
    act,
    dice,
    give,
    hx,
    new,
    put,
    ready_to_fight,
    set_type,
    texts,
)


def table(names=("Atmos", "Korrin")):
    s = ready_to_fight(names, seat=1)
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    set_type(s, s.ashaks[0].pos, CRYSTAL)
    return s


def test_a_fourth_skill_replaces_one_and_no_skill_twice() -> None:
    s = table()
    for name in ("Marksman", "Thick Hide", "Steel Skin"):
        act(s, 1, PlayCard(give(s, 1, name)))
    dup = give(s, 1, "Marksman")
    assert GAME.why_illegal(s, 1, PlayCard(dup)) == "Marksman is already installed on your board."
    fourth = give(s, 1, "Scavenger")
    act(s, 1, PlayCard(fourth))
    assert s.phase == "replace"
    old = s.skills[1][0]
    act(s, 1, ReplaceSkill(old))
    assert old in s.box and fourth in s.skills[1] and len(s.skills[1]) == 3
    assert fourth in s.exhausted[1]  # a once-a-round skill arrives exhausted


def test_the_last_reaction_played_resolves_first() -> None:
    s = table()
    brace = give(s, 0, "Brace")
    over = give(s, 1, "Overclock")
    b = give(s, 1, "Blaster")
    act(s, 1, PlayCard(b))
    act(s, 1, TargetAshak(0))
    act(s, 0, React(brace))
    assert s.actor == 1  # the attacker may answer
    act(s, 1, React(over))
    with dice(False):
        ev = act(s, s.actor, Pass())
        while s.phase == "react":
            ev += act(s, s.actor, Pass())
    log = texts(ev)
    assert log.index("Overclock") < log.index("Brace")
    # Blaster 2 + Overclock 1; Brace adds dice, all of which fail here.
    assert s.ashaks[0].hp == 17 and brace in s.temps[0] and over in s.temps[1]


def test_temporary_cards_last_one_or_two_turns_of_the_round() -> None:
    s = table()
    s.turn_no = 1
    s.ap = 2
    act(s, 1, PlayCard(give(s, 1, "Brace")))
    act(s, 1, PlayCard(give(s, 1, "Overclock")))
    assert len(s.temps[1]) == 2
    expire(s, 1)
    assert [CARD[c].name for c in s.temps[1]] == ["Overclock"]


def test_fog_shortens_ranges_and_calm_waters_spare_lakes() -> None:
    s = table()
    put(s, 0, 0, -3)
    b = give(s, 1, "Blaster")
    assert GAME.why_illegal(s, 1, PlayCard(b)) is None
    s.event = EVENT_KEYS.index("fog")
    assert GAME.why_illegal(s, 1, PlayCard(b)) == "No target in range of Blaster."
    s.event = EVENT_KEYS.index("calm")
    lake = hx(1, -1)
    set_type(s, lake, LAKE)
    from engine.rivals.actions import Move

    act(s, 1, Move(lake))
    assert s.ashaks[1].hp == 20


def test_interface_row_and_schemas_are_renewed() -> None:
    s = table()
    row = list(s.iface_row)
    phase8(s, Task("p8"))
    assert len(s.iface_row) == 2 and set(row) <= set(s.iface_discard)
    s.round = 3
    phase10(s, Task("p10"))
    assert len(s.schema_row) == 3  # era 2 shows three schemas
    s.round = 7
    phase10(s, Task("p10"))
    assert len(s.schema_row) == 4  # era 3 shows four


def test_the_token_moves_clockwise_to_the_next_ashak_standing() -> None:
    s = new(("Atmos", "Renko", "Phae", "Oru"))
    s.first = 0
    s.ashaks[1].alive = False
    s.ashaks[1].hp = 0
    phase3(s, Task("p3"))
    assert s.first == 2
    assert all(h == [] for h in s.hand)


def test_the_killer_installs_a_card_of_its_victim() -> None:
    s = table(("Atmos", "Korrin", "Phae"))
    s.ashaks[0].hp = 1
    rail = give(s, 0, "Railgun")
    s.hand[0].remove(rail)
    s.deck[0].append(rail)
    b = give(s, 1, "Blaster")
    with dice(False):
        act(s, 1, PlayCard(b))
        act(s, 1, TargetAshak(0))
    assert s.ashaks[1].rp == 2 and s.phase == "loot" and s.actor == 1
    assert Install(rail) in GAME.legal(s, 1)
    assert all(CARD[a.card].rarity != "signature" for a in GAME.legal(s, 1) if isinstance(a, Install))
    act(s, 1, Install(rail))
    assert rail in s.hand[1] and s.deck[0] == [] and s.phase == "turn"


def test_turn_order_skips_the_eliminated() -> None:
    s = new(("Atmos", "Renko", "Phae"))
    s.turn_order = [0, 1, 2]
    s.turn_seat = 0
    s.ashaks[1].alive = False
    s.ashaks[1].hp = 0
    s.tasks = []
    next_turn(s, Task("next_turn"))
    assert s.tasks[0] == Task("turn_start", 2)


def test_every_turn_action_has_both_a_check_and_a_performer() -> None:
    # The turn phase judges an action by its class (turn.CHECKS) and carries it out by its
    # class (turn.PERFORMS): an action added to one table and not the other would be listed and
    # then fail, or be carried out without a rule deciding it.
    assert set(turn.PERFORMS) == set(turn.CHECKS)
