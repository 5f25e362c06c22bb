"""Component data: the counts and facts the rulebook states, and the designed cards' promises."""

from __future__ import annotations

from collections import Counter

from engine.rival_kings.data import (
    ABILITY_TEXT,
    BLUE,
    BUILDING,
    CARDS,
    CHARACTERS,
    GREEN,
    PROFESSIONS,
    RED,
    SUBJECT,
    YELLOW,
    card_by_name,
)
from engine.rival_kings.game import GAME
from tests.engine.rival_kings.helpers import new

PRINTED = {
    "Lord Protector": ("A", ("buy",), "D"),
    "Queen": ("A", ("recruit",), "D"),
    "Duke": ("B", ("settle", "recruit"), "C"),
    "Count": ("B", ("settle", "buy"), "C"),
    "Courtier": ("C", ("pass", "money"), "F"),
    "Priest": ("C", ("pass", "money"), "F"),
    "Bursar": ("D", ("money", "buy"), "E"),
    "Knight": ("D", ("money", "recruit"), "E"),
    "Countess": ("E", ("settle", "money", "recruit"), "F"),
    "Diplomat": ("E", ("settle", "money", "buy"), "F"),
    "Trader": ("F", ("settle", "money", "recruit", "buy"), ""),
}


def test_twelve_characters_as_printed_two_per_rank_one_figure_each() -> None:
    assert len(CHARACTERS) == 12
    for c in CHARACTERS:
        assert (c.rank, c.actions, c.steals) == PRINTED[c.name]
    ranks = Counter(c.rank for c in CHARACTERS)
    assert ranks == dict.fromkeys("ABCDEF", 2)
    for r in "ABCDEF":
        assert sum(c.figure for c in CHARACTERS if c.rank == r) == 1
    assert sum(c.name == "Trader" for c in CHARACTERS) == 2
    # Nobody can take an action from rank A or B.
    assert not any(c.steals in ("A", "B") for c in CHARACTERS)


def test_card_counts_and_copies() -> None:
    assert len(CARDS) == 64
    assert sum(c.kind == BUILDING for c in CARDS) == 32
    assert sum(c.kind == SUBJECT for c in CARDS) == 32
    assert [c.id for c in CARDS] == list(range(64))
    names = Counter(c.name for c in CARDS)
    assert set(names.values()) == {2}


def test_named_pairs_share_a_symbol() -> None:
    pairs = [
        ("Vineyard", "Vintner"),
        ("Garden", "Gardener"),
        ("Mine", "Miner"),
        ("Castle wall", "Watchman"),
        ("Prison", "Jailer"),
        ("Pavilion", "Court Lady"),
        ("Cathedral", "Bishop"),
        ("University", "Scholar"),
        ("Tavern", "Troubadour"),
        ("Harbor", "Sailor"),
        ("Forge", "Blacksmith"),
    ]
    for b, s in pairs:
        bc, sc = card_by_name(b, BUILDING), card_by_name(s, SUBJECT)
        assert bc.symbol == sc.symbol and bc.colour == sc.colour
    symbols = Counter(c.symbol for c in CARDS)
    assert set(symbols.values()) == {4}  # two buildings and two subjects per symbol
    assert card_by_name("Innkeeper").colour == BLUE
    assert card_by_name("Herbalist").kind == SUBJECT


def test_yellow_and_red_worth_and_cost_more_than_blue_and_green() -> None:
    high = [c.value for c in CARDS if c.colour in (YELLOW, RED)]
    low = [c.value for c in CARDS if c.colour in (BLUE, GREEN)]
    assert sum(high) / len(high) > sum(low) / len(low) + 1
    assert min(high) >= max(low)


def test_marks_cards_match_the_rulebook_example() -> None:
    assert card_by_name("Vineyard").value + card_by_name("Vintner").value == 4
    assert card_by_name("Garden").value + card_by_name("Gardener").value == 7
    assert card_by_name("Innkeeper").colour == card_by_name("Forge").colour == BLUE
    assert max(card_by_name("Innkeeper").value, card_by_name("Forge").value) == 3
    assert card_by_name("Prison").colour == YELLOW and card_by_name("Sailor").colour == RED


def test_every_subject_has_a_described_ability_and_buildings_none() -> None:
    for c in CARDS:
        if c.kind == SUBJECT:
            assert c.ability in ABILITY_TEXT and ABILITY_TEXT[c.ability] in c.text
        else:
            assert c.ability == ""
    assert len({p.ability for p in PROFESSIONS}) == 16


def test_coin_backs_make_any_setup_possible() -> None:
    # Worst case: the shuffle puts as many 2-backs (or 1-backs) as possible into the 16 + 16 pile cards.
    b2 = sum(c.back == 2 for c in CARDS if c.kind == BUILDING)
    s2 = sum(c.back == 2 for c in CARDS if c.kind == SUBJECT)
    worst_twos = max(0, b2 - 16) + max(0, s2 - 16)
    worst_ones = max(0, (32 - b2) - 16) + max(0, (32 - s2) - 16)
    assert worst_twos >= 4 + 4  # under the piles + one per player, four players
    assert worst_ones >= 3 * 4  # three 1-coin cards per player
    for seed in range(300):
        for seats in (2, 3, 4):
            s = new(seats, seed)
            assert s.supply_ones >= 0 and s.supply_twos >= 0


def test_setup_lays_out_the_table() -> None:
    for seats, aside in ((2, 6), (3, 3), (4, 0)):
        s = new(seats, 5)
        assert [len(p) for p in s.piles] == [8, 8, 8, 8]
        assert all(CARDS[c].kind == BUILDING for p in s.piles[:2] for c in p)
        assert all(CARDS[c].kind == SUBJECT for p in s.piles[2:] for c in p)
        assert s.pile_twos == [1, 1, 1, 1] and s.pile_ones == [0, 0, 0, 0]
        assert s.purse_ones == [3] * seats and s.purse_twos == [1] * seats
        assert s.markers == [1] * seats and s.marker_supply == 30 - seats
        assert all(len(h) == 3 for h in s.hands)
        assert len(s.aside) == aside
        assert GAME.to_act(s) == tuple(range(seats))
        assert GAME.progress(s) == "round 1, cycle 1"
