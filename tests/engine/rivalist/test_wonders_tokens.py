"""Every Wonder and every progress token, and the seven-Wonders rule."""

from __future__ import annotations

from engine.core import Event
from engine.rivalist.actions import BuildWonder, Construct, DestroyCard, PickToken, StealCard
from engine.rivalist.data import (
    BLACKSMITH,
    BLUE,
    COLOUR,
    CONSTRUCTION,
    HARVEST,
    IDEOLOGY,
    MULTIPLICATION,
    RELIGION,
    SOCIOLOGY,
    TRADE,
    WONDERS,
)
from engine.rivalist.game import GAME
from engine.rivalist.rules.costs import card_price, wonder_price
from engine.rivalist.scoring import breakdown
from engine.rivalist.state import RivalistState
from tests.engine.rivalist.helpers import at_age, card_id, give, holding, texts, with_wonders, wonder_id


def raise_wonder(
    s: RivalistState, seat: int, name: str, card: str = "Watchtower", coins: int = 40
) -> list[Event]:
    """`seat` owns only the Wonder `name` and builds it with `card`, holding `coins` before paying."""
    with_wonders(s, seat, name)
    holding(s, seat, card)
    s.coins[seat] = coins
    return GAME.apply(s, seat, BuildWonder(wonder_id(name)))


def test_the_tucked_card_gives_nothing_and_the_wonder_acts() -> None:
    s = at_age(1)
    raise_wonder(s, 0, "Pergamon Altar", card="Watchtower")
    assert s.pawn == 0 and card_id("Watchtower") not in s.city[0]
    assert s.wonder_cards[0] == [card_id("Watchtower")]
    assert s.choice_raw[0] == 1  # Pergamon: pick of Lumber, Brick or Ore each turn
    assert breakdown(s, 0)[5] == 4


def test_wonder_cost_is_paid_like_a_card() -> None:
    s = at_age(1)
    give(s, 1, "Clay Bank")
    with_wonders(s, 0, "Palace of King Cyrus")  # Brick x3, Diamond x1
    assert wonder_price(s, 0, wonder_id("Palace of King Cyrus")) == 3 * 3 + 2
    holding(s, 0, "Stage")
    assert BuildWonder(wonder_id("Palace of King Cyrus")) not in GAME.legal(s, 0)  # 7 coins only
    reason = dict(GAME.choices(s, 0))[BuildWonder(wonder_id("Palace of King Cyrus"))]
    assert reason == "Palace of King Cyrus costs you 11 coins; you have 7 coins."


def test_babylon_gardens_coins_vp_and_another_turn() -> None:
    s = at_age(1)
    price = wonder_price(s, 0, wonder_id("Babylon Gardens"))
    ev = raise_wonder(s, 0, "Babylon Gardens", coins=20)
    assert s.coins[0] == 20 - price + 6
    assert s.current == 0 and s.phase == "take" and "another turn" in texts(ev)
    assert breakdown(s, 0)[5] == 3


def test_red_fort_twelve_coins_and_another_turn() -> None:
    s = at_age(1)
    give(s, 0, "Timber Camp", "Ore Vein", "Gem Cutter", "Papyrus Press")  # pays nothing
    raise_wonder(s, 0, "The Red Fort", coins=0)
    assert s.coins[0] == 12 and s.current == 0
    assert breakdown(s, 0)[5] == 0


def test_temple_of_ares_destroys_a_chosen_brown_card_and_pushes() -> None:
    s = at_age(1)
    give(s, 1, "Timber Camp", "Clay Bank", "Gem Cutter")
    raise_wonder(s, 0, "Temple of Ares")
    assert s.pawn == 1 and s.phase == "destroy" and s.current == 0
    assert GAME.legal(s, 0) == [DestroyCard(card_id("Timber Camp")), DestroyCard(card_id("Clay Bank"))]
    GAME.apply(s, 0, DestroyCard(card_id("Clay Bank")))
    assert card_id("Clay Bank") in s.discard and s.prod[1] == [1, 0, 0, 0, 1]
    assert s.current == 1


def test_destroy_with_nothing_to_destroy_passes_the_turn() -> None:
    s = at_age(1)
    ev = raise_wonder(s, 0, "Coliseum")
    assert "no grey card" in texts(ev) and s.current == 1 and s.pawn == 1


def test_coliseum_destroys_grey_and_legion_destroys_yellow_and_gives_five() -> None:
    s = at_age(1)
    give(s, 1, "Gem Cutter", "Tavern", "Lumber Depot")
    raise_wonder(s, 0, "Coliseum")
    assert GAME.legal(s, 0) == [DestroyCard(card_id("Gem Cutter"))]
    GAME.apply(s, 0, DestroyCard(card_id("Gem Cutter")))
    s2 = at_age(1)
    give(s2, 1, "Tavern", "Lumber Depot")
    give(s2, 0, "Timber Camp", "Ore Vein", "Clay Bank", "Papyrus Press")
    s2.fixed[1][0] = True
    raise_wonder(s2, 0, "The Legion of Rome", coins=4)  # Ore x1 bought for 2
    assert s2.coins[0] == 4 - 2 + 5
    GAME.apply(s2, 0, DestroyCard(card_id("Lumber Depot")))
    assert not s2.fixed[1][0]  # the fixed price leaves with the card


def test_library_offers_the_unused_tokens_to_the_builder_only() -> None:
    s = at_age(1)
    s.board_tokens = [0, 1, 2, 3, 4]
    s.unused_tokens = [5, 6, 7, 8, 9]
    raise_wonder(s, 0, "Library of Alexandria")
    assert s.phase == "library" and GAME.prompt(s, 0).secret
    assert GAME.legal(s, 0) == [PickToken(t) for t in (5, 6, 7, 8, 9)]
    assert GAME.view(s, 1).unused_tokens == [-1] * 5
    assert GAME.view(s, 0).unused_tokens == [5, 6, 7, 8, 9]
    GAME.apply(s, 0, PickToken(IDEOLOGY))
    assert s.tokens[0] == [IDEOLOGY] and s.board_tokens == [0, 1, 2, 3, 4]
    assert GAME.view(s, 0).unused_tokens == [-1] * 4
    assert breakdown(s, 0)[6] == 7


def test_palace_of_cyrus_two_shields() -> None:
    s = at_age(1)
    raise_wonder(s, 0, "Palace of King Cyrus")
    assert s.pawn == 2 and breakdown(s, 0)[5] == 3


def test_chinese_tower_ships_choice_of_goods_and_another_turn() -> None:
    s = at_age(2)
    raise_wonder(s, 0, "Chinese Tower Ships")
    assert s.choice_goods[0] == 1 and s.current == 0
    give(s, 1, "Gem Cutter")
    assert card_price(s, 0, card_id("Wheelwright"))[0] == 0  # its Diamond comes from the Wonder


def test_alcantara_steals_a_non_green_card_and_builds_it_free() -> None:
    s = at_age(1)
    give(s, 1, "Tavern", "Timber Camp", "Herbalist's Hut")
    raise_wonder(s, 0, "The Alcantara Bridge", coins=30)
    assert s.phase == "steal"
    assert GAME.legal(s, 0) == [StealCard(card_id("Tavern")), StealCard(card_id("Timber Camp"))]
    # The green card is listed too, greyed with the reason.
    assert dict(GAME.choices(s, 0))[StealCard(card_id("Herbalist's Hut"))] == (
        "Green cards cannot be taken with the Alcantara Bridge."
    )
    before = s.coins[0]
    GAME.apply(s, 0, StealCard(card_id("Tavern")))
    assert card_id("Tavern") in s.city[0] and card_id("Tavern") not in s.city[1]
    assert s.coins[0] == before + 4  # built for free, so its coins come too
    s2 = at_age(1)
    give(s2, 1, "Timber Camp")
    raise_wonder(s2, 0, "The Alcantara Bridge", coins=30)
    GAME.apply(s2, 0, StealCard(card_id("Timber Camp")))
    assert s2.prod[0][0] == 1 and s2.prod[1][0] == 0


def test_valhalla_takes_up_to_six_coins_from_the_rival() -> None:
    s = at_age(1)
    s.coins[1] = 4
    paid = wonder_price(s, 0, wonder_id("Legends of Valhalla"))
    raise_wonder(s, 0, "Legends of Valhalla", coins=20)
    assert s.coins[1] == 0 and s.coins[0] == 20 - paid + 4
    s.coins[1] = 9
    raise_wonder(s, 0, "Legends of Valhalla", coins=20)
    assert s.coins[1] == 3 and s.coins[0] == 20 - paid + 6


def test_seven_wonders_built_leaves_the_last_one_out() -> None:
    s = at_age(2)
    s.wonders = [[0, 1, 2, 3], [4, 5, 6, 7]]
    s.wonder_cards = [[30, 31, 32, -1], [33, 34, 35, -1]]
    holding(s, 0, "Stage")
    s.coins[0] = 50
    ev = GAME.apply(s, 0, BuildWonder(3))
    assert s.wonders[1] == [4, 5, 6] and s.wonders_out == [7]
    assert "leaves the game" in texts(ev)
    holding(s, 1, "Stage")
    assert not any(isinstance(a, BuildWonder) for a in GAME.legal(s, 1))
    assert "seven Wonders" in (GAME.why_illegal(s, 1, BuildWonder(7)) or "")


# ---------------------------------------------------------------- progress tokens
def test_harvest_six_coins_and_four_vp() -> None:
    s = at_age(1)
    s.phase, s.current, s.board_tokens = "token", 0, [HARVEST]
    GAME.apply(s, 0, PickToken(HARVEST))
    assert s.coins[0] == 13 and breakdown(s, 0)[6] == 4


def test_construction_takes_two_resources_off_wonders() -> None:
    s = at_age(1)
    w = wonder_id("Library of Alexandria")  # Lumber x3, Paper, Diamond
    assert wonder_price(s, 0, w) == 10
    give(s, 1, "Timber Camp")
    assert wonder_price(s, 0, w) == 13
    s.tokens[0].append(CONSTRUCTION)
    assert wonder_price(s, 0, w) == 3 + 2 + 2  # two of the dear Lumber dropped


def test_blacksmith_takes_two_resources_off_blue_cards() -> None:
    s = at_age(3)
    c = card_id("Palace")
    assert COLOUR[c] == BLUE
    before = card_price(s, 0, c)[0]
    s.tokens[0].append(BLACKSMITH)
    assert card_price(s, 0, c)[0] == before - 4
    assert card_price(s, 0, card_id("Academy"))[0] == 8  # not for other colours


def test_trade_token_in_a_wonder_build() -> None:
    s = at_age(1)
    s.tokens[1].append(TRADE)
    raise_wonder(s, 0, "Palace of King Cyrus", coins=20)
    assert s.coins == [20 - 8, 7 + 8]


def test_multiplication_three_per_token() -> None:
    s = at_age(1)
    s.tokens[0] = [MULTIPLICATION, HARVEST, TRADE]
    assert breakdown(s, 0)[6] == 9 + 4


def test_religion_gives_wonders_another_turn() -> None:
    s = at_age(1)
    s.tokens[0].append(RELIGION)
    raise_wonder(s, 0, "Palace of King Cyrus")
    assert s.current == 0 and s.phase == "take"


def test_sociology_six_coins_then_four_per_chain() -> None:
    s = at_age(2)
    s.phase, s.current, s.board_tokens = "token", 0, [SOCIOLOGY]
    GAME.apply(s, 0, PickToken(SOCIOLOGY))
    assert s.coins[0] == 13
    give(s, 0, "Stables")
    holding(s, 0, "Horse Guard")
    GAME.apply(s, 0, Construct())
    assert s.coins[0] == 17


def test_every_wonder_has_a_text_and_a_cost() -> None:
    for w in WONDERS:
        assert sum(w.need) >= 4 and "Cost:" in w.text
