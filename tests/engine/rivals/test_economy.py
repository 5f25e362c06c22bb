"""Collecting, anticipation tokens, sponsors' rewards and spending resources."""

from __future__ import annotations

from engine.rivals.actions import (
    BuyPoint,
    BuySchema,
    BuyToken,
    Collect,
    Consult,
    Install,
    Negotiate,
    PickSchema,
    Reward,
    StopBuying,
    StopInstalling,
    Uninstall,
)
from engine.rivals.data.board import ANTICIPATION, CRYSTAL, FOREST, INTERFACE, LAKE
from engine.rivals.game import GAME
from tests.engine.rivals.helpers import act, give, lay, new, ready_to_fight


def table():
    return ready_to_fight(("Atmos", "Korrin"))


def test_an_enhanced_interface_hex_shows_four_cards_and_installs_two() -> None:
    s = table()
    lay(s, 0, -2, 3, (FOREST, CRYSTAL, INTERFACE), 2)
    act(s, 0, Collect())
    assert (s.ashaks[0].resins, s.ashaks[0].crystals) == (2 + 1, 0 + 1)
    act(s, 0, Consult(True))
    assert len(s.consult) == 4
    first, second = s.consult[0], s.consult[1]
    act(s, 0, Install(first))
    act(s, 0, Install(second))
    assert {first, second} <= set(s.hand[0]) and s.consult == [] and s.phase == "turn"


def test_a_plain_interface_hex_installs_one_and_may_install_none() -> None:
    s = table()
    lay(s, 0, -2, 3, (FOREST, CRYSTAL, INTERFACE), 0)
    act(s, 0, Collect())
    assert s.ashaks[0].resins == 2 + 3  # the enhanced forest
    act(s, 0, Consult(True))
    assert len(s.consult) == 2
    looked = list(s.consult)
    act(s, 0, StopInstalling())
    assert set(looked) <= set(s.iface_discard) and s.hand[0] == []


def test_anticipation_tokens_cost_two_resources_and_the_first_is_free_when_enhanced() -> None:
    s = table()
    s.ashaks[0].crystals, s.ashaks[0].resins = 1, 0
    t = lay(s, 0, -2, 3, (ANTICIPATION, ANTICIPATION, CRYSTAL), 0)
    act(s, 0, Collect())
    assert s.ashaks[0].crystals == 2  # one from the crystal hex
    assert BuyToken("free") in GAME.legal(s, 0)
    act(s, 0, BuyToken("free"))
    act(s, 0, BuyToken("cc"))
    assert s.ashaks[0].tokens == 2 and s.ashaks[0].crystals == 0
    assert s.phase == "turn"  # nothing left to pay with
    assert s.drought[t] == 1  # the tile dries once the collect is over


def test_a_lake_tile_collects_nothing_from_its_lake() -> None:
    s = table()
    lay(s, 0, -2, 3, (FOREST, ANTICIPATION, LAKE), 2)
    s.ashaks[0].resins = 0
    act(s, 0, Collect())
    if s.phase == "tokens":
        act(s, 0, StopBuying())
    assert s.ashaks[0].resins == 1 and s.ashaks[0].crystals == 0


def test_sponsor_rewards_schema_and_uninstalls() -> None:
    s = table()
    s.sponsor[s.ashaks[0].pos] = 2
    s.ashaks[0].tokens = 2
    act(s, 0, Negotiate())
    row = list(s.schema_row)
    act(s, 0, Reward("schema"))
    act(s, 0, PickSchema(row[0]))
    assert row[0] in s.hand[0] and len(s.schema_row) == 2 and s.ashaks[0].rp == 1
    s.sponsor[s.ashaks[0].pos] = 2
    junk = give(s, 0, "Blaster")
    act(s, 0, Negotiate())
    act(s, 0, Reward("uninstall"))
    act(s, 0, Uninstall(junk))
    assert junk in s.box and s.ashaks[0].rp == 2


def test_spending_crystals_and_resins() -> None:
    s = table()
    s.ashaks[0].crystals, s.ashaks[0].resins = 12, 5
    s.deck[0] = [give(s, 1, "Blaster")]
    s.hand[1] = []
    junk = give(s, 0, "Psywave")
    act(s, 0, Uninstall(junk))
    assert junk in s.box and len(s.hand[0]) == 1 and s.ashaks[0].crystals == 10  # a card drawn back
    act(s, 0, BuySchema("resin"))
    assert s.phase == "schema" and s.ashaks[0].resins == 0
    act(s, 0, PickSchema(-1))
    act(s, 0, BuyPoint("crystal"))
    assert s.ashaks[0].rp == 1 and s.ashaks[0].crystals == 0
    assert GAME.why_illegal(s, 0, BuyPoint("mix")) == "That is not possible now."


def test_no_ultimate_in_the_first_turn_of_the_game() -> None:
    s = new(("Atmos", "Korrin"))
    seat = s.actor
    s.ashaks[seat].ult = 20
    from engine.rivals.actions import UseUltimate

    assert GAME.why_illegal(s, seat, UseUltimate()) == "No attacks in the very first turn of the game."
