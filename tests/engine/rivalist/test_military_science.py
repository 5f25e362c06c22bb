"""The military track (pushes, loot once, capital, final VP) and science (pairs, six symbols)."""

from __future__ import annotations

from engine.core import Event
from engine.rivalist.actions import Construct, PickToken
from engine.rivalist.data import (
    GLOBE,
    HARVEST,
    IDEOLOGY,
    MORTAR,
    THEORY,
    WAR,
)
from engine.rivalist.game import GAME
from engine.rivalist.rules.costs import card_price
from engine.rivalist.scoring import breakdown
from engine.rivalist.state import RivalistState
from tests.engine.rivalist.helpers import at_age, card_id, give, holding, texts


def build(s: RivalistState, seat: int, name: str) -> list[Event]:
    """`seat` takes and constructs `name`, topped up with just enough coins if short."""
    holding(s, seat, name)
    s.coins[seat] = max(s.coins[seat], card_price(s, seat, s.taken)[0])
    return GAME.apply(s, seat, Construct())


def test_shields_push_the_pawn_toward_the_rival() -> None:
    s = at_age(2)
    build(s, 0, "City Walls")
    assert s.pawn == 2
    build(s, 1, "Watchtower")
    assert s.pawn == 1


def test_entering_a_loot_zone_takes_coins_once() -> None:
    s = at_age(1)
    s.pawn = 2
    ev = build(s, 0, "Watchtower")
    assert s.pawn == 3 and s.coins[1] == 5 and not s.loot_small[1]
    assert "loses 2 coins" in texts(ev)
    build(s, 1, "Watchtower")
    build(s, 0, "Watchtower")
    assert s.pawn == 3 and s.coins[1] == 5  # the loot lies on the track only once
    s.pawn = 5
    s.coins[1] = 3
    build(s, 0, "Watchtower")
    assert s.coins[1] == 0 and not s.loot_big[1]  # never more than they have


def test_a_big_push_takes_both_loots_on_the_way() -> None:
    s = at_age(3)
    s.pawn = 2
    s.coins[1] = 10
    s.tokens[0].append(WAR)
    build(s, 0, "Arsenal")  # 3 shields + 1 from War: from space 2 to space 6
    assert s.pawn == 6 and s.coins[1] == 3  # 2 coins of the first zone and 5 of the second


def test_player_two_pushes_the_other_way_and_loots_player_one() -> None:
    s = at_age(1)
    s.pawn = -2
    build(s, 1, "Watchtower")
    assert s.pawn == -3 and s.coins[0] == 5 and not s.loot_small[0] and s.loot_small[1]


def test_reaching_the_capital_wins_at_once() -> None:
    s = at_age(1)
    s.pawn = -8
    ev = build(s, 1, "Watchtower")
    out = GAME.outcome(s)
    assert s.over and s.victory == "military" and out is not None and out.winners == (1,)
    assert "military supremacy" in texts(ev) and GAME.to_act(s) == ()


def test_final_military_vp_by_zone() -> None:
    s = at_age(1)
    for pawn, vp in ((0, 0), (1, 2), (2, 2), (3, 5), (5, 5), (6, 10), (8, 10)):
        s.pawn = pawn
        assert breakdown(s, 0)[0] == vp and breakdown(s, 1)[0] == 0
        s.pawn = -pawn
        assert breakdown(s, 1)[0] == vp


def test_war_token_adds_a_shield_to_red_buildings() -> None:
    s = at_age(1)
    s.tokens[0].append(WAR)
    build(s, 0, "Watchtower")
    assert s.pawn == 2


def test_a_science_pair_lets_you_choose_a_board_token_at_once() -> None:
    s = at_age(2)
    give(s, 0, "Herbalist's Hut")
    s.board_tokens = [HARVEST, IDEOLOGY, WAR, THEORY, 1]
    ev = build(s, 0, "Infirmary")
    assert s.symbols[0][MORTAR] == 2
    assert s.phase == "token" and s.current == 0 and "pairs the Mortar" in texts(ev)
    assert GAME.legal(s, 0) == [PickToken(t) for t in s.board_tokens]
    coins = s.coins[0]
    GAME.apply(s, 0, PickToken(HARVEST))
    assert s.tokens[0] == [HARVEST] and HARVEST not in s.board_tokens and s.coins[0] == coins + 6
    assert s.current == 1 and s.phase == "take"


def test_no_token_left_means_no_choice() -> None:
    s = at_age(2)
    give(s, 0, "Herbalist's Hut")
    s.board_tokens = []
    build(s, 0, "Infirmary")
    assert s.phase == "take" and s.current == 1


def test_six_different_symbols_win_at_once() -> None:
    s = at_age(3)
    give(s, 0, "Herbalist's Hut", "Scribe Room", "Tinker's Shop", "Wheelwright", "Academy")
    ev = build(s, 0, "University")
    assert s.symbols[0][GLOBE] == 1
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,) and s.victory == "science"
    assert "scientific supremacy" in texts(ev)


def test_theory_symbol_counts_toward_six() -> None:
    s = at_age(2)
    give(s, 0, "Herbalist's Hut", "Scribe Room", "Tinker's Shop", "Wheelwright", "Academy")
    s.phase = "token"
    s.current = 0
    s.board_tokens = [THEORY]
    GAME.apply(s, 0, PickToken(THEORY))
    assert s.over and s.victory == "science" and s.winner == 0


def test_card_name_lookup_is_unique() -> None:
    names = [card_id("Horse Guard"), card_id("Stables")]
    assert names[0] != names[1]
