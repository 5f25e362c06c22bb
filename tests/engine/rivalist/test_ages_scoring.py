"""The end of an Age and who begins the next, the end of the game and the score table."""

from __future__ import annotations

from engine.rivalist.actions import BuildWonder, ChooseStarter, Construct, Discard, Take
from engine.rivalist.data import HARVEST, IDEOLOGY, MULTIPLICATION
from engine.rivalist.game import GAME
from engine.rivalist.scoring import TIE_RULE, breakdown
from engine.rivalist.state import RivalistState
from tests.engine.rivalist.helpers import at_age, card_id, give, holding, texts, with_wonders, wonder_id


def last_card(age: int, taker: int) -> RivalistState:
    """Age `age` with one card left (slot 19, accessible), `taker` to take it."""
    s = at_age(age)
    for i in range(20):
        if i != 19:
            s.pyramid[i] = -1
    s.access = [19]
    s.current = taker
    return s


def test_weaker_military_chooses_who_begins_the_next_age() -> None:
    s = last_card(1, 0)
    s.pawn = 2  # toward Player 2's capital: Player 2 is weaker
    GAME.apply(s, 0, Take(19))
    ev = GAME.apply(s, 0, Discard())
    assert s.age == 2 and s.phase == "starter" and s.current == 1
    assert "weaker military" in texts(ev)
    assert GAME.legal(s, 1) == [ChooseStarter(0), ChooseStarter(1)]
    GAME.apply(s, 1, ChooseStarter(0))
    assert s.current == 0 and s.phase == "take" and s.starter == 0
    assert s.access == [18, 19]  # Age II's bottom row


def test_centred_pawn_last_taker_chooses() -> None:
    s = last_card(2, 1)
    GAME.apply(s, 1, Take(19))
    GAME.apply(s, 1, Discard())
    assert s.age == 3 and s.phase == "starter" and s.current == 1
    s = last_card(1, 0)
    s.pawn = -1
    GAME.apply(s, 0, Take(19))
    GAME.apply(s, 0, Discard())
    assert s.current == 0


def test_extra_turn_on_the_last_card_of_an_age_is_lost() -> None:
    s = last_card(1, 0)
    s.pawn = -3
    with_wonders(s, 0, "The Red Fort")
    s.coins[0] = 30
    GAME.apply(s, 0, Take(19))
    GAME.apply(s, 0, BuildWonder(wonder_id("The Red Fort")))
    assert s.phase == "starter" and s.current == 0 and not s.extra


def test_age_three_ends_with_civilian_scoring() -> None:
    s = last_card(3, 0)
    give(s, 0, "Palace")
    GAME.apply(s, 0, Take(19))
    ev = GAME.apply(s, 0, Discard())
    out = GAME.outcome(s)
    assert out is not None and s.victory == "civilian" and out.winners == (0,)
    assert "civilian victory" in texts(ev)


def test_score_table_by_category() -> None:
    s = at_age(3)
    s.pawn = 4
    give(s, 0, "Palace", "Arena", "Academy", "Tacticians' Union", "Watchtower", "Garrison")
    give(s, 1, "City Walls", "Archery Range", "Palisade")
    s.wonders[0] = [wonder_id("Library of Alexandria")]
    s.wonder_cards[0] = [card_id("Stage")]
    s.tokens[0] = [IDEOLOGY, MULTIPLICATION]
    s.coins = [14, 2]
    s.over, s.victory = True, "civilian"
    out = GAME.outcome(s)
    assert out is not None
    table = {line.label: line.values for line in out.lines}
    assert table == {
        "Military": (5, 0),
        "Blue buildings": (7, 0),
        "Yellow buildings": (3, 0),
        "Green buildings": (3, 0),
        "Unions (purple)": (3, 0),  # Tacticians: 1 per red card in the city with more (3 in Player 2's)
        "Wonders": (4, 0),
        "Progress tokens": (7 + 6, 0),
        "Treasury (1 per 3 coins)": (4, 0),
    }
    assert out.scores == (42, 0)


def test_unions_pay_on_building_and_score_on_the_stronger_city() -> None:
    s = at_age(3)
    give(s, 0, "Tavern", "Lumber Depot")
    give(s, 1, "Ore Depot", "Brick Depot", "Customs House")
    holding(s, 0, "Merchants' Union")
    s.coins[0] = 20
    price = 7  # Brick, Diamond, Paper at 2 and Lumber at 1 (Lumber Depot)
    GAME.apply(s, 0, Construct())
    assert s.coins[0] == 20 - price + 3
    assert breakdown(s, 0)[4] == 3
    s.wonder_cards = [[5, 6], [7, -1]]
    s.wonders = [[0, 1], [2, 3]]
    give(s, 0, "Builders' Union", "Moneylenders' Union")
    s.coins = [3, 31]
    assert breakdown(s, 0)[4] == 3 + 4 + 10


def test_tie_break_goes_to_blue_buildings_then_shared() -> None:
    s = at_age(3)
    s.coins = [0, 0]
    s.over, s.victory = True, "civilian"
    give(s, 0, "Palace", "Stage")  # 10 VP, all blue
    give(s, 1, "Academy")
    s.tokens[1] = [IDEOLOGY]  # 3 + 7 = 10 VP, none blue
    out = GAME.outcome(s)
    assert out is not None and out.scores == (10, 10)
    assert out.winners == (0,) and out.tiebreak == TIE_RULE
    s2 = at_age(3)
    s2.coins = [0, 0]
    s2.over, s2.victory = True, "civilian"
    give(s2, 0, "Stage")
    s2.tokens[0] = [IDEOLOGY]  # 3 blue + 7
    give(s2, 1, "Bathhouse", "Academy")
    s2.tokens[1] = [HARVEST]  # 3 blue + 3 + 4
    out = GAME.outcome(s2)
    assert out is not None and out.scores == (10, 10) and out.winners == (0, 1)
