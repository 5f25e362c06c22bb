"""Component data: the designed cards, tokens, quests, enchantments and events have the counts
of the physical game and keep the numbers the rulebook's examples fix."""

from __future__ import annotations

from collections import Counter

from engine.rival_realms.data import (
    CARDS,
    CREATURES,
    ENCHANTMENTS,
    EVENTS,
    FOREST,
    HIGHLANDS,
    HILLS,
    KIND,
    QUESTS,
    TOKEN_SET,
    TYPES,
)


def test_fifty_region_cards_ten_of_each_type_spread_over_the_numbers() -> None:
    assert [c.number for c in CARDS] == list(range(1, 51))
    assert Counter(c.kind for c in CARDS) == dict.fromkeys(range(5), 10)
    for run in range(10):
        assert {KIND[n] for n in range(run * 5 + 1, run * 5 + 6)} == set(range(5)), run
    for kind in range(5):
        numbers = [c.number for c in CARDS if c.kind == kind]
        assert min(numbers) <= 10 and max(numbers) >= 41, TYPES[kind]


def test_the_rulebook_examples_numbers() -> None:
    assert all(KIND[n] == FOREST for n in (3, 38, 43))
    assert all(KIND[n] == HILLS for n in (14, 44, 49))
    assert KIND[46] == HIGHLANDS


def test_twelve_tokens_a_player_and_six_quests() -> None:
    assert len(TOKEN_SET) == 12 and Counter(TOKEN_SET)["gem"] == 3 and len(CREATURES) == 6
    assert [(q.name, q.points) for q in QUESTS] == [
        ("Upper Realm", 4),
        ("Middle Realm", 4),
        ("Lower Realm", 4),
        ("Wanderer", 5),
        ("Tea Time", 6),
        ("Far Frontiers", 7),
    ]


def test_eight_enchantments_and_twelve_events_with_their_own_names() -> None:
    assert len(ENCHANTMENTS) == 8 and len({e.id for e in ENCHANTMENTS}) == 8
    assert len(EVENTS) == 12 and len({e.name for e in EVENTS}) == 12
    assert all(e.text.endswith(".") for e in (*ENCHANTMENTS, *EVENTS))


def test_the_options_name_exactly_the_enchantment_cards() -> None:
    from engine.rival_realms import data, options

    assert tuple(e.id for e in data.ENCHANTMENTS) == options.ENCHANTMENT_IDS
