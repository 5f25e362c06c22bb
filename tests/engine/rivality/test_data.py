"""The tile data against the reference table, and the rotation of spells."""

from __future__ import annotations

from collections import Counter

from engine.rivality.data import (
    COTTAGE,
    FORTRESS,
    PILE_A,
    PILE_B,
    PLAIN,
    SPELLS,
    STEP,
    TILES,
    WELL,
    pos_of,
    xy_of,
)

# The reference table, row by row: pile, type, left, front, right ((golems, distance) or None).
REFERENCE = [
    ("A", PLAIN, (3, 2), (1, 1), None),
    ("A", PLAIN, (3, 1), (1, 2), None),
    ("A", PLAIN, (3, 1), (1, 1), None),
    ("A", PLAIN, (2, 1), (2, 2), None),
    ("A", PLAIN, None, (4, 1), None),
    ("A", COTTAGE, (1, 1), (2, 3), (2, 2)),
    ("A", COTTAGE, (2, 3), (3, 1), None),
    ("A", COTTAGE, (2, 3), (3, 2), None),
    ("A", COTTAGE, (2, 3), (1, 2), (2, 1)),
    ("A", FORTRESS, (2, 2), (2, 2), (2, 3)),
    ("A", FORTRESS, (3, 1), (2, 2), (1, 3)),
    ("A", FORTRESS, (2, 1), (2, 3), (2, 2)),
    ("B", PLAIN, (1, 1), (3, 2), None),
    ("B", PLAIN, (1, 2), (3, 1), None),
    ("B", PLAIN, (1, 1), (3, 1), None),
    ("B", PLAIN, (2, 2), (2, 1), None),
    ("B", PLAIN, None, (4, 1), None),
    ("B", COTTAGE, (3, 2), (2, 3), None),
    ("B", COTTAGE, (1, 2), (2, 1), (2, 3)),
    ("B", COTTAGE, (2, 2), (2, 3), (1, 1)),
    ("B", COTTAGE, (3, 1), (2, 3), None),
    ("B", FORTRESS, (2, 2), (1, 3), (3, 1)),
    ("B", FORTRESS, (2, 3), (2, 2), (2, 2)),
    ("B", FORTRESS, (2, 2), (2, 3), (2, 1)),
]


def test_tiles_match_the_reference_table() -> None:
    assert len(TILES) == 25 and TILES[0].kind == WELL and TILES[0].edges == (None, None, None)
    rows = [(t.pile, t.kind, t.left, t.front, t.right) for t in TILES[1:]]
    assert Counter(rows) == Counter(REFERENCE)
    assert [t.id for t in TILES] == list(range(25))


def test_piles_values_and_shields() -> None:
    assert len(PILE_A) == len(PILE_B) == 12
    for pile in (PILE_A, PILE_B):
        assert Counter(TILES[t].kind for t in pile) == {PLAIN: 5, COTTAGE: 4, FORTRESS: 3}
    assert [t.id for t in TILES if t.star] == [17] and 17 in PILE_B
    assert {(t.kind, t.value, t.shields) for t in TILES} == {
        (WELL, 3, 0),
        (PLAIN, 1, 0),
        (COTTAGE, 2, 1),
        (FORTRESS, 4, 2),
    }


def test_only_distance_three_ignores_shields() -> None:
    for t in range(25):
        for r in range(4):
            for _edge, _off, _g, d, ignore, _dir in SPELLS[t][r]:
                assert ignore == (d == 3)


def test_rotations_face_left_and_right_relative_to_the_front() -> None:
    # Fortress 10: left 2x2, front 2x2, right 2x3.
    facing = {r: {e: (dr, off) for e, off, _g, _d, _i, dr in SPELLS[10][r]} for r in range(4)}
    assert facing[0] == {0: (3, -2), 1: (0, -256), 2: (1, 3)}  # front north: left west, right east
    assert facing[1][0][0] == 0 and facing[1][2][0] == 2  # front east: left north, right south
    assert facing[2][0][0] == 1 and facing[2][2][0] == 3  # front south: left east, right west
    assert facing[3][0][0] == 2 and facing[3][2][0] == 0  # front west: left south, right north
    o = pos_of(0, 0)
    for r in range(4):
        for _e, off, _g, d, _i, dr in SPELLS[10][r]:
            assert off == STEP[dr] * d
            x, y = xy_of(o + off)
            assert abs(x) + abs(y) == d


def test_packed_positions_round_trip() -> None:
    for x in range(-30, 31, 7):
        for y in range(-30, 31, 5):
            assert xy_of(pos_of(x, y)) == (x, y)
