"""The rulebook's worked examples: Example Two (where a 23 may be summoned) and Example Three
(the seven-step adventure, ending with the realm, hands, nests and tokens it describes)."""

from __future__ import annotations

from engine.rival_realms.actions import END_TURN, Go, Summon
from engine.rival_realms.data import KIND, SPACES
from engine.rival_realms.game import GAME
from engine.rival_realms.queries import step_preview, summon_slots
from tests.engine.rival_realms.helpers import clear_realm, give_token, lay, new, put_token, set_hand, texts

MIDDLE = 6  # first space of the middle sub-realm


def test_example_two_a_23_fits_between_8_and_30_only() -> None:
    s = new()
    lay(s, 0, MIDDLE + 0, 8)
    lay(s, 0, MIDDLE + 3, 30)
    set_hand(s, 0, [2, 23, 33, 41, 47])
    assert [p for p in summon_slots(s, 0, 23) if MIDDLE <= p < MIDDLE + 6] == [MIDDLE + 1, MIDDLE + 2]
    legal = GAME.legal(s, 0)
    assert Summon(23, MIDDLE + 1) in legal and Summon(23, MIDDLE + 2) in legal
    for slot in (MIDDLE + 4, MIDDLE + 5):
        assert Summon(23, slot) not in legal
        assert GAME.why_illegal(s, 0, Summon(23, slot)) == (
            "23 cannot go there: the Middle Realm must increase left to right and 30 lies to its left."
        )
    # Each sub-realm counts on its own: the 23 also fits anywhere in the empty upper row.
    assert all(Summon(23, p) in legal for p in range(6))


def _example_three():  # type: ignore[no-untyped-def]
    # Valleys: upper/middle columns 1, 4, 6 and middle/lower columns 1, 4, 5. The Raven perches
    # on the start player's Mountain upper/middle 2.
    s = new(valleys=(0, 3, 5, 6, 9, 10), raven=(0, 1), places=(14, 0))
    clear_realm(s, 0)
    for space, card in ((6, 22), (7, 28), (12, 23), (13, 32), (14, 35)):
        lay(s, 0, space, card, explored=True)
    for space, card in ((1, 38), (2, 46), (3, 49), (8, 43), (9, 44)):
        lay(s, 0, space, card)
    put_token(s, 0, "goat", 1)
    put_token(s, 0, "bear", 9)
    put_token(s, 0, "mirror", 8)
    give_token(s, 0, "troll")
    set_hand(s, 0, [3, 14, 17, 26, 40])
    s.adventurer[0] = 14
    return s


def test_example_three_seven_steps() -> None:
    s = _example_three()
    nest_before = list(s.nests[1])
    # Steps 1-2: walk freely over 35, 32, 23, 22 and 28 (a Valley, then the Raven's Mountain) and
    # explore the 38 Forest with the 3 Forest card, collecting the Billy Goat.
    assert KIND[3] == KIND[38] == KIND[43] and KIND[14] == KIND[44] == KIND[49]
    ev = GAME.apply(s, 0, Go(1, 7, card=3))
    assert "collects the Billy Goat" in texts(ev)
    # Step 3: the Billy Goat just collected guides the adventurer into the 46 Highlands.
    assert Go(2, 1, creature="goat") in GAME.legal(s, 0)
    GAME.apply(s, 0, Go(2, 1, creature="goat"))
    # Step 4: the 14 Hills card pays for the 49 Hills.
    GAME.apply(s, 0, Go(3, 2, card=14))
    # Step 5: the Troll from the supply guides the adventurer across the Valley into 44; the
    # Bear there is collected.
    ev = GAME.apply(s, 0, Go(9, 3, creature="troll"))
    assert "collects the Bear" in texts(ev)
    # Step 6: the Bear pays for the 43 Forest, where the Magic Mirror lies.
    ev = GAME.apply(s, 0, Go(8, 9, creature="bear"))
    assert "collects the Magic Mirror" in texts(ev)
    # The adventurer cannot turn straight back into 44.
    assert (
        GAME.why_illegal(s, 0, Go(9, 8)) == "You may not turn around and go straight back the way you came."
    )
    # Step 7: the turn ends.
    assert END_TURN in GAME.legal(s, 0)

    realm = s.regions[0]
    explored = {realm[p] for p in range(SPACES) if s.explored[0][p]}
    assert explored == {22, 23, 28, 32, 35, 38, 43, 44, 46, 49}
    assert realm[s.adventurer[0]] == 43
    assert s.hands[0] == [17, 26, 40]
    assert s.nests[1] == [*nest_before, 3, 14]  # used cards go to the opponent's nest
    assert sorted(t for t in s.used[0] if t in ("goat", "troll", "bear")) == ["bear", "goat", "troll"]
    assert "mirror" in s.supply[0]
    assert s.explored_now == 5


def test_example_three_previewed_before_each_step() -> None:
    s = _example_three()
    first = step_preview(s, 0, 1, 7)
    assert first is not None and first.explores
    # The walk over 32, 23, 22 and 28, then into 38; the Billy Goat waits there.
    assert [s.regions[0][p] for p in first.path] == [32, 23, 22, 28, 38]
    assert first.tokens == ("goat",) and (3, "") in first.payments
    assert step_preview(s, 0, 2, 1) is None  # 46 is not one step away yet


def test_example_two_greyed_slots_say_why() -> None:
    s = new()
    lay(s, 0, MIDDLE + 0, 8)
    lay(s, 0, MIDDLE + 3, 30)
    set_hand(s, 0, [2, 23, 33, 41, 47])
    greyed = dict(GAME.choices(s, 0))
    assert greyed[Summon(23, MIDDLE + 1)] is None
    why = greyed[Summon(23, MIDDLE + 4)]
    assert why is not None and "30 lies to its left" in why
