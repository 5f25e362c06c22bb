"""Construction costs: own production, trading prices, fixed prices, chains, discards."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.rivalist.actions import Construct, Discard
from engine.rivalist.data import BRICK, CARDS, LUMBER, NEEDS, TRADE, WONDER_NEEDS, WONDERS
from engine.rivalist.game import GAME
from engine.rivalist.rules.costs import bought_units, card_price, trade_cost, trade_prices
from engine.rivalist.scoring import breakdown
from tests.engine.rivalist.helpers import at_age, card_id, give, holding, states


def test_price_is_two_plus_the_rivals_brown_and_grey_production() -> None:
    s = at_age(1)
    assert trade_prices(s, 0) == [2, 2, 2, 2, 2]
    give(s, 1, "Timber Camp", "Lumber Yard", "Gem Cutter")
    assert trade_prices(s, 0)[LUMBER] == 5 and trade_prices(s, 0)[4] == 3
    # Choice production on a yellow card or a Wonder does not raise the rival's price.
    give(s, 1, "Caravanserai")
    s.choice_goods[1] += 1
    assert trade_prices(s, 0) == [5, 2, 2, 2, 3]


def test_buying_every_missing_unit_and_paying_the_bank() -> None:
    s = at_age(2)
    give(s, 1, "Timber Camp", "Lumber Yard")
    holding(s, 0, "Courthouse")  # needs Lumber x2 and Diamond x1
    s.coins = [20, 4]
    assert card_price(s, 0, card_id("Courthouse")) == (5 + 5 + 2, 12)
    GAME.apply(s, 0, Construct())
    assert s.coins == [8, 4]  # the rival gets nothing: the coins go to the bank
    assert card_id("Courthouse") in s.city[0]


def test_own_production_is_reused_every_turn() -> None:
    s = at_age(1)
    give(s, 0, "Ore Vein")
    holding(s, 0, "Bathhouse")
    GAME.apply(s, 0, Construct())
    assert s.coins[0] == 7
    holding(s, 0, "City Walls")  # two Ore: one made, one bought
    GAME.apply(s, 0, Construct())
    assert s.coins[0] == 5


def test_depot_fixes_the_price_at_one_coin_whatever_the_rival_makes() -> None:
    s = at_age(1)
    give(s, 1, "Clay Bank", "Brickworks")
    assert trade_prices(s, 0)[BRICK] == 5
    give(s, 0, "Brick Depot")
    assert trade_prices(s, 0)[BRICK] == 1
    give(s, 0, "Customs House")
    assert trade_prices(s, 0)[3:] == [1, 1]


def test_choice_producer_covers_the_dearest_missing_unit() -> None:
    s = at_age(2)
    give(s, 1, "Gem Cutter", "Gem Workshop")  # Diamond costs 4, Paper 2
    give(s, 0, "Forum")  # your pick of Paper or Diamond
    assert card_price(s, 0, card_id("Laboratory"))[0] == 2 + 4  # Lumber 2 + one Diamond 4


def test_printed_coins_go_to_the_bank_and_are_not_trading() -> None:
    s = at_age(1)
    holding(s, 0, "Sawpit")
    s.tokens[1].append(TRADE)
    GAME.apply(s, 0, Construct())
    assert s.coins == [6, 7]


def test_trade_token_owner_receives_the_trading_coins() -> None:
    s = at_age(1)
    s.tokens[1].append(TRADE)
    holding(s, 0, "Stables")  # Lumber x1 bought for 2
    GAME.apply(s, 0, Construct())
    assert s.coins == [5, 9]


def test_chain_builds_for_free() -> None:
    s = at_age(2)
    give(s, 0, "Stables")
    holding(s, 0, "Horse Guard")
    s.coins[0] = 0
    assert card_price(s, 0, card_id("Horse Guard")) == (0, 0)
    GAME.apply(s, 0, Construct())
    assert card_id("Horse Guard") in s.city[0] and s.coins[0] == 0
    assert s.current == 1  # the turn passed after the free build


def test_free_card_costs_nothing() -> None:
    s = at_age(1)
    holding(s, 0, "Watchtower")
    GAME.apply(s, 0, Construct())
    assert s.coins[0] == 7


def test_unaffordable_card_is_greyed_with_the_price() -> None:
    s = at_age(3)
    holding(s, 0, "Praetorian Hall")  # 8 coins printed
    assert Construct() not in GAME.legal(s, 0)
    greyed = dict(GAME.choices(s, 0))
    assert greyed[Construct()] == "Praetorian Hall costs you 8 coins; you have 7 coins."
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Construct())
    assert s.coins[0] == 7 and s.phase == "use"


def test_confirm_line_says_exactly_what_you_pay() -> None:
    s = at_age(1)
    give(s, 1, "Clay Bank")
    holding(s, 0, "Garrison")
    assert "Brick x1 from the bank: 3 coins" in GAME.describe(s, Construct())
    give(s, 0, "Sawpit")
    s2 = holding(s, 0, "Horse Guard")
    assert "Brick x1 from the bank: 3 coins" in GAME.describe(s2, Construct())
    give(s, 0, "Stables")
    assert "free through the chain" in GAME.describe(holding(s, 0, "Horse Guard"), Construct())


def test_discard_pays_two_plus_one_per_yellow_card() -> None:
    s = at_age(1)
    holding(s, 0, "Palisade")
    GAME.apply(s, 0, Discard())
    assert s.coins[0] == 9 and card_id("Palisade") in s.discard
    give(s, 0, "Tavern", "Ore Depot")
    holding(s, 0, "Stage")
    GAME.apply(s, 0, Discard())
    assert s.coins[0] == 13


@pytest.mark.parametrize(
    ("name", "city", "coins"),
    [
        ("Tavern", (), 4),
        ("Brewery", (), 6),
        ("Lighthouse", ("Tavern", "Ore Depot"), 3),  # 1 per yellow card, itself included
        ("Chamber of Commerce", ("Gem Cutter", "Paper Mill"), 6),  # 3 per grey card
        ("Port", ("Timber Camp", "Deep Mine", "Gem Cutter"), 4),  # 2 per brown card
        ("Armory", ("Watchtower", "Garrison", "Stables"), 3),  # 1 per red card
    ],
)
def test_commercial_buildings_pay_when_built(name: str, city: tuple[str, ...], coins: int) -> None:
    s = at_age(3)
    give(s, 0, *city)
    holding(s, 0, name)
    s.coins[0] = price = card_price(s, 0, s.taken)[0]
    GAME.apply(s, 0, Construct())
    assert s.coins[0] == coins, price


def test_arena_pays_two_per_built_wonder_and_is_worth_three() -> None:
    s = at_age(3)
    s.wonders[0] = [0, 1, 2]
    s.wonder_cards[0] = [1, 2, -1]
    give(s, 0, "Brewery")  # chain source: Arena is free
    holding(s, 0, "Arena")
    s.coins[0] = 0
    GAME.apply(s, 0, Construct())
    assert s.coins[0] == 4 and breakdown(s, 0)[2] == 3


def test_the_price_always_adds_up_the_units_the_payment_lines_list() -> None:
    # The price a search reads (trade_cost) and the units the panel lists (bought_units) are
    # computed apart for speed; in every position of random games they must agree.

    checked = 0
    for seed in range(12):
        for s in states(seed, every=5):
            for seat in (0, 1):
                for disc in (0, 2):
                    for card in range(0, len(CARDS), 3):
                        units = bought_units(s, seat, NEEDS[card], disc)
                        assert trade_cost(s, seat, NEEDS[card], disc) == sum(p for _r, p in units)
                    for w in range(len(WONDERS)):
                        units = bought_units(s, seat, WONDER_NEEDS[w], disc)
                        assert trade_cost(s, seat, WONDER_NEEDS[w], disc) == sum(p for _r, p in units)
                    checked += 1
                    if s.choice_raw[seat] or s.choice_goods[seat]:
                        checked += 1000
    assert checked > 1000  # some positions had choice producers, the case that differs
