"""Every subject ability, the Gardener/Watchman window, and the once-per-cycle limit."""

from __future__ import annotations

from engine.rival_kings.actions import (
    Buy,
    ChooseAction,
    Decline,
    EndTurn,
    Gardener,
    GiveMarker,
    Recruit,
    Skip,
    SwapBuilding,
    SwapDisplay,
    SwapSubject,
    TakeMoney,
    UseAbility,
    Watchman,
)
from engine.rival_kings.data import CARDS, CHARACTERS
from engine.rival_kings.game import GAME
from engine.rival_kings.state import RivalKingsState
from tests.engine.rival_kings.helpers import (
    act,
    check_invariants,
    give,
    new,
    play,
    put_top,
    set_markers,
    set_purse,
    texts,
)
from tests.engine.rival_kings.test_conflicts import char_of, harmless_pile_card

QUEEN, COUNT = char_of("A", True), char_of("B", False)


def queen_turn(*subjects: str, seed: int = 21) -> RivalKingsState:
    """Two players, no conflicts: seat 0 (Queen) is on turn with Recruit pending; seat 0's last
    named subject is active."""
    s = new(2, seed)
    harmless_pile_card(s, "AB")
    give(s, 0, *subjects)
    play(s, [QUEEN, COUNT])
    assert GAME.to_act(s) == (0,) and s.stack == ["own:recruit"]
    return s


def purse(s: RivalKingsState, seat: int) -> int:
    return s.purse_ones[seat] + 2 * s.purse_twos[seat]


def test_ability_once_per_cycle_and_only_the_active_subject() -> None:
    s = queen_turn("Jailer", "Miner")  # the Miner is active, not the Jailer
    before = purse(s, 0)
    act(s, UseAbility())
    assert purse(s, 0) == before + 2
    assert UseAbility() not in GAME.legal(s, 0)
    assert GAME.why_illegal(s, 0, UseAbility()) == "You have already used a subject ability this cycle."
    check_invariants(s)


def test_jailer_collects_a_coin_per_marker() -> None:
    s = queen_turn("Jailer")
    set_markers(s, 0, 3)
    before = purse(s, 0)
    ev = act(s, UseAbility())
    assert purse(s, 0) == before + 3 and "Jailer collects 3 coins" in texts(ev)


def test_jailer_takes_only_what_the_supply_has() -> None:
    s = queen_turn("Jailer")
    set_markers(s, 0, 5)
    # Empty the supply into seat 1's purse but for a single 1-coin card.
    set_purse(s, 1, s.purse_ones[1] + s.supply_ones - 1, s.purse_twos[1] + s.supply_twos)
    before = purse(s, 0)
    act(s, UseAbility())
    assert purse(s, 0) == before + 1 and s.supply_ones == 0 and s.supply_twos == 0
    check_invariants(s)


def test_scholar_collects_a_coin_per_building() -> None:
    s = queen_turn("Mine", "Forge", "Scholar")
    before = purse(s, 0)
    act(s, UseAbility())
    assert purse(s, 0) == before + 2


def test_shepherd_collects_a_coin_per_green_card() -> None:
    s = queen_turn("Mine", "Vineyard", "Forge", "Vintner", "Shepherd")
    before = purse(s, 0)
    act(s, UseAbility())
    assert purse(s, 0) == before + 4  # Mine, Vineyard, Vintner, Shepherd


def test_vintner_settles_a_conflict() -> None:
    s = queen_turn("Vintner")
    act(s, UseAbility())
    assert s.markers[0] == 0 and s.marker_supply == 30 - 1


def test_herbalist_hands_out_a_marker() -> None:
    s = queen_turn("Herbalist")
    assert GiveMarker(1) in GAME.legal(s, 0) and GiveMarker(0) not in GAME.legal(s, 0)
    act(s, GiveMarker(1))
    assert s.markers == [1, 2]


def test_innkeeper_grants_an_extra_take_money() -> None:
    s = queen_turn("Innkeeper")
    act(s, UseAbility())
    assert s.stack == ["own:recruit", "ability:money"]
    act(s, TakeMoney(3))
    assert s.stack == ["own:recruit"]
    assert s.pile_twos[3] == 0


def test_merchant_grants_an_extra_buy() -> None:
    s = queen_turn("Merchant")
    n = len(s.buildings[0])
    act(s, UseAbility())
    assert s.stack[-1] == "ability:buy"
    act(s, Buy(0))
    assert len(s.buildings[0]) == n + 1


def test_miller_and_blacksmith_discounts() -> None:
    s = queen_turn("Miller")
    top = put_top(s, 2, "Jailer")
    assert Recruit(2, True) in GAME.legal(s, 0)
    before = purse(s, 0)
    act(s, Recruit(2, True))
    assert purse(s, 0) == before - (CARDS[top].value - 1)
    assert s.ability_used[0]
    # Blacksmith: seat 1 (Count) buys a building for 1 coin less.
    s = new(2, 22)
    harmless_pile_card(s, "AB")
    give(s, 1, "Blacksmith")
    play(s, [QUEEN, COUNT])
    act(s, Skip())
    assert GAME.to_act(s) == (1,)
    act(s, Skip())  # settle conflict
    top = put_top(s, 0, "Pavilion")
    assert Buy(0, True) in GAME.legal(s, 1) and Buy(0) in GAME.legal(s, 1)
    before = purse(s, 1)
    ev = act(s, Buy(0, True))
    assert purse(s, 1) == before - 4 and "Blacksmith: 1 coin less" in texts(ev)
    assert CARDS[top].value == 5


def test_court_lady_swaps_buildings_but_not_perfect_pairs() -> None:
    s = queen_turn("Forge", "Mill", "Court Lady")
    give(s, 1, "Mine", "Miner", "Pavilion")
    legal = [a for a in GAME.legal(s, 0) if isinstance(a, SwapBuilding)]
    mine = {CARDS[a.mine].name for a in legal}
    theirs = {CARDS[a.theirs].name for a in legal}
    assert mine == {"Forge", "Mill"} and theirs == {"Pavilion"}  # the Mine pairs with the Miner
    a = next(a for a in legal if CARDS[a.mine].name == "Forge")
    act(s, a)
    assert {CARDS[c].name for c in s.buildings[0]} == {"Pavilion", "Mill"}
    assert {CARDS[c].name for c in s.buildings[1]} == {"Mine", "Forge"}


def test_bishop_swaps_subjects_and_both_become_active() -> None:
    s = queen_turn("Garden", "Gardener", "Miner", "Bishop")
    give(s, 1, "Sailor", "Harbor", "Jailer", "Scholar")
    legal = [a for a in GAME.legal(s, 0) if isinstance(a, SwapSubject)]
    assert {CARDS[a.mine].name for a in legal} == {"Miner", "Bishop"}  # Gardener is paired
    assert {CARDS[a.theirs].name for a in legal} == {"Jailer", "Scholar"}  # Sailor is paired
    a = next(a for a in legal if CARDS[a.mine].name == "Miner" and CARDS[a.theirs].name == "Jailer")
    act(s, a)
    assert CARDS[s.subjects[0][-1]].name == "Jailer"
    assert CARDS[s.subjects[1][-1]].name == "Miner"


def test_troubadour_trades_with_the_display() -> None:
    s = queen_turn("Prison", "Troubadour")
    top = put_top(s, 2, "Court Lady")
    prison = s.buildings[0][0]
    act(s, SwapDisplay(prison, 2))
    assert s.piles[2][-1] == prison
    assert s.subjects[0][-1] == top  # the newcomer is the active subject
    assert s.buildings[0] == []
    check_invariants(s)


def test_sailor_repeats_the_one_action_in_an_equal_rank_conflict() -> None:
    s = new(2, 23)
    harmless_pile_card(s, "D")
    give(s, 0, "Sailor")
    s.markers[1] += 1
    s.marker_supply -= 1
    play(s, [char_of("D", False), char_of("D", True)])
    assert GAME.to_act(s) == (0,)
    assert UseAbility() not in GAME.legal(s, 0)  # nothing to repeat yet
    act(s, ChooseAction("money"))
    act(s, TakeMoney(0))
    assert UseAbility() in GAME.legal(s, 0)
    act(s, UseAbility())
    assert s.stack == ["sailor:money"]
    act(s, TakeMoney(1))
    assert s.pile_twos[:2] == [0, 0]
    act(s, EndTurn()) if GAME.to_act(s) == (0,) else None
    assert GAME.to_act(s) == (1,)


def test_sailor_does_nothing_without_an_equal_rank() -> None:
    s = queen_turn("Sailor")
    assert UseAbility() not in GAME.legal(s, 0)


def test_gardener_trades_characters_after_the_reveal() -> None:
    s = new(2, 24)
    harmless_pile_card(s, "AF")
    give(s, 0, "Gardener")
    trader = char_of("F", True)
    play(s, [trader, QUEEN])
    assert s.phase == "gardener" and GAME.to_act(s) == (0,)
    assert GAME.legal(s, 0) == [Gardener(1), Decline()]
    assert GAME.prompt(s, 0).section == "gardener-and-watchman"
    act(s, Gardener(1))
    assert s.played == [QUEEN, trader]
    assert s.phase == "turn" and GAME.to_act(s) == (0,)  # the Queen now acts first
    assert UseAbility() not in GAME.legal(s, 0) and s.ability_used[0]


def test_watchman_turns_the_marker_against_the_higher_rank() -> None:
    s = new(2, 25)
    harmless_pile_card(s, "AD")
    give(s, 1, "Watchman")
    play(s, [QUEEN, char_of("D", True)])
    assert s.phase == "watchman" and GAME.legal(s, 1) == [Watchman(), Decline()]
    ev = act(s, Watchman())
    assert s.markers == [2, 1]
    assert "Watchman fends off" in texts(ev)
    # The theft itself still happens.
    assert GAME.to_act(s) == (0,) and s.steal_from == [1]


def test_no_watchman_window_without_a_higher_rank_conflict() -> None:
    s = new(2, 26)
    harmless_pile_card(s, "AB")
    give(s, 1, "Watchman")
    play(s, [QUEEN, COUNT])
    assert s.phase == "turn"


def test_watchman_cannot_fend_off_the_herbalist() -> None:
    s = new(2, 27)
    harmless_pile_card(s, "AD")
    give(s, 0, "Herbalist")
    give(s, 1, "Watchman")
    play(s, [QUEEN, char_of("D", True)])
    act(s, Watchman())
    assert s.watch[1] and s.markers == [2, 1]
    act(s, GiveMarker(1))
    assert s.markers == [2, 2]


def test_recruiting_changes_the_active_subject_and_the_ability_offered() -> None:
    s = queen_turn("Miner")
    put_top(s, 3, "Jailer")
    set_markers(s, 0, 2)
    act(s, Recruit(3))
    # Turn continues: the Jailer is now active and the ability is still unused this cycle.
    assert GAME.to_act(s) == (0,)
    assert GAME.legal(s, 0) == [EndTurn(), UseAbility()]
    assert "Jailer" in GAME.describe(s, UseAbility())
    act(s, UseAbility())
    assert GAME.to_act(s) == (1,)


def test_characters_with_figure_symbol_text() -> None:
    assert "figure" in CHARACTERS[QUEEN].text
