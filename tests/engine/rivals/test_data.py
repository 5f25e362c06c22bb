"""The box: the Wildtech, the zone cards and every card count."""

from __future__ import annotations

from collections import Counter

from engine.rivals.data import board
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.cards import COMMON, RARE, UNCOMMON, card_text
from engine.rivals.data.catalog import (
    BLASTER_IDS,
    CARD,
    CARD_COUNT,
    FLASHER_IDS,
    GUILD_IDS,
    INTERFACE_IDS,
    PSYWAVE_IDS,
    SCHEMA_IDS,
    SIGNATURE_IDS,
)
from engine.rivals.data.events import EVENTS
from engine.rivals.data.interface import COMMONS, RARES, UNCOMMONS
from engine.rivals.geometry import DIST, NEIGHBOURS


def test_the_wildtech_is_a_hexagon_of_radius_six() -> None:
    assert len(board.HEXES) == 127 == 1 + 3 * 6 * 7
    assert max(board.RING) == 6 and board.HEXES[0] == (0, 0)
    assert sorted(h for t in board.TILE_HEXES for h in t) == list(range(127))


def test_tiles_36_trihex_6_long_and_the_volcano() -> None:
    assert board.TILE_COUNT == 43
    assert board.TILE_HEXES[board.VOLCANO_TILE] == (0,)
    for t in range(42):
        a, b, c = board.TILE_HEXES[t]
        if t in board.LONG_TILES:  # straight: the two ends are two apart
            assert DIST[a][c] == 2 and DIST[a][b] == DIST[b][c] == 1
        else:  # a triangle: all three touch
            assert b in NEIGHBOURS[a] and c in NEIGHBOURS[a] and c in NEIGHBOURS[b]
    assert sum(1 for t in range(42) if t not in board.LONG_TILES) == 36
    assert tuple(board.LONG_TILES) == board.STARTING_TILES
    assert all(board.RING[h] == 6 for t in board.LONG_TILES for h in board.TILE_HEXES[t])


def test_eras_fall_from_the_outside_in() -> None:
    era = Counter(board.TILE_ERA[:42])
    assert era == {1: 24, 2: 12, 3: 6}
    for t in range(42):
        rings = {board.RING[h] for h in board.TILE_HEXES[t]}
        expected = {1: {4, 5, 6}, 2: {3, 4}, 3: {1, 2}}[board.TILE_ERA[t]]
        assert rings <= expected
        if board.TILE_ERA[t] == 1:
            assert rings & {5, 6}


def test_zone_cards_drop_every_tile_once_in_era_order() -> None:
    assert Counter(z.era for z in board.ZONE_CARDS) == {1: 6, 2: 8, 3: 4}
    drops = [t for z in board.ZONE_CARDS for t in z.drops]
    assert sorted(drops) == list(range(42))
    for z in board.ZONE_CARDS:
        assert all(board.TILE_ERA[t] == z.era for t in z.drops)
        assert len(z.sponsors) == 6
    assert board.ROUND_REVEALS == (1, 2, 3, 2, 2, 2, 2, 1, 1, 1, 1)
    assert sum(board.ROUND_REVEALS) == 18


def test_faces_and_hex_types() -> None:
    assert len(board.FACES) == 42
    types = Counter(x for f in board.FACES for x in f)
    assert set(types) == set(board.HEX_TYPES) and sum(types.values()) == 126
    assert all(board.LAKE not in board.FACES[f] for f in board.LONG_FACES)


def test_the_dice_have_success_faces() -> None:
    assert len(board.DIE_FACES) == 6 and sum(board.DIE_FACES) == 2


def test_interface_cards_138_by_rarity() -> None:
    assert len(COMMONS) == 12 and len(UNCOMMONS) == 14 and len(RARES) == 24
    assert len(INTERFACE_IDS) == 138
    by = Counter(CARD[c].rarity for c in INTERFACE_IDS)
    assert by == {COMMON: 48, UNCOMMON: 42, RARE: 48}
    names = Counter(CARD[c].name for c in INTERFACE_IDS)
    assert all(n in (2, 3, 4) for n in names.values())


def test_the_rest_of_the_box() -> None:
    assert len(SCHEMA_IDS) == 24 and len({CARD[c].name for c in SCHEMA_IDS}) == 24
    assert len(GUILD_IDS) == 12 and len(EVENTS) == 20
    assert len(ASHAKS) == 8 and [a.name for a in ASHAKS][:3] == ["Atmos", "Renko", "Phae"]
    assert sum(len(r) for r in SIGNATURE_IDS) == 16
    assert len(FLASHER_IDS) == 6 and len(BLASTER_IDS) == 18 and len(PSYWAVE_IDS) == 12
    assert CARD_COUNT == 18 + 12 + 16 + 1 + 6 + 12 + 138 + 24


def test_every_card_has_a_text_and_named_cards_keep_their_numbers() -> None:
    for c in CARD:
        assert card_text(c), c.name
    by_name = {c.name: c for c in CARD}
    bone = by_name["Bone Cracker"]
    assert (bone.rmin, bone.rmax, bone.type) == (0, 2, "physical")
    assert by_name["Cheetah Leap"].rmin == 1 and by_name["Cheetah Leap"].rmax == 2
    assert by_name["Double Blaster"].salvos == 2 and by_name["Double Blaster"].cond_min == 4
    assert by_name["Stellar Cannon"].type == "explosive"
    assert by_name["Parasite Grenade"].grenade
    assert [a.ultimate.name for a in ASHAKS][:3] == ["Natural Radiation", "Flashers", "Riptide"]


def test_every_decision_has_its_own_words() -> None:
    from engine.rivals.actions import ACTION_TYPES
    from engine.rivals.texts import FIXED, WORDED

    assert set(FIXED) | set(WORDED) == set(ACTION_TYPES) and not set(FIXED) & set(WORDED)


def test_effects_read_in_the_right_number() -> None:
    # "move up to 1 hex", "step 2 hexes", never "hex(es)" or "card(s)".
    from engine.rivals.data.cards import EFFECT_TEXT, effect_words

    assert effect_words("move", 1) == "move up to 1 hex"
    assert effect_words("approach", 2) == "step 2 hexes toward the target"
    assert effect_words("counter", 1) == "the attacker takes 1 wound"
    assert effect_words("dice", 1) == "the target rolls 1 fewer defence die"  # Hunter Drone
    assert effect_words("p_def", 2) == "you roll 2 more defence dice"
    assert effect_words("t_def", 1) == "+1 defence die"
    for kind in EFFECT_TEXT:
        for n in (1, 2):
            words = effect_words(kind, n)
            assert "(s)" not in words and "(es)" not in words and "{" not in words, words
