"""The Wildtech: 127 hexes in axial coordinates, its 43 tiles, tile faces, zone cards, dice.

Hexes are numbered 0..126 in ring order (0 is the Volcano). A hex is an axial pair (q, r); its
ring is its distance from the Volcano. Tiles 0-5 are the six long (straight) starting tiles on
ring 6; tiles 6-41 the trihex tiles; tile 42 the Volcano. The layout is fixed; which printed face
lies on which tile is shuffled at set-up (faces of the same shape only), and a face is turned to a
random orientation when its tile is revealed.
"""

from __future__ import annotations

import attrs

# Hex types.
LAKE = "lake"
ANTICIPATION = "anticipation"
CRYSTAL = "crystal"
FOREST = "forest"
INTERFACE = "interface"
VOLCANO = "volcano"
HEX_TYPES = (LAKE, ANTICIPATION, CRYSTAL, FOREST, INTERFACE)
TYPE_LETTER = {LAKE: "L", ANTICIPATION: "A", CRYSTAL: "C", FOREST: "F", INTERFACE: "I", VOLCANO: "V"}

RADIUS = 6
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _ring(n: int) -> list[tuple[int, int]]:
    if n == 0:
        return [(0, 0)]
    out = []
    q, r = DIRECTIONS[4][0] * n, DIRECTIONS[4][1] * n
    for i in range(6):
        for _ in range(n):
            out.append((q, r))
            q, r = q + DIRECTIONS[i][0], r + DIRECTIONS[i][1]
    return out


HEXES: tuple[tuple[int, int], ...] = tuple(h for n in range(RADIUS + 1) for h in _ring(n))
HEX_INDEX: dict[tuple[int, int], int] = {h: i for i, h in enumerate(HEXES)}
RING: tuple[int, ...] = tuple(max(abs(q), abs(r), abs(q + r)) for q, r in HEXES)

# The layout (found by an exact-cover search; see RULES_NOTES.md "The Wildtech"). Long tiles sit
# on ring 6, one per side, in 6-fold symmetry; the trihex tiles are listed by era, outer first.
_LONG = (
    ((-5, 6), (-4, 6), (-3, 6)),
    ((1, 5), (2, 4), (3, 3)),
    ((6, -1), (6, -2), (6, -3)),
    ((5, -6), (4, -6), (3, -6)),
    ((-1, -5), (-2, -4), (-3, -3)),
    ((-6, 1), (-6, 2), (-6, 3)),
)
_ERA1 = (
    ((-3, 4), (-4, 5), (-3, 5)),
    ((1, 3), (1, 4), (2, 3)),
    ((4, -1), (5, -1), (5, -2)),
    ((3, -4), (4, -5), (3, -5)),
    ((-1, -3), (-1, -4), (-2, -3)),
    ((-4, 1), (-5, 1), (-5, 2)),
    ((-2, 5), (-2, 6), (-1, 5)),
    ((3, 2), (4, 2), (4, 1)),
    ((5, -3), (6, -4), (5, -4)),
    ((2, -5), (2, -6), (1, -5)),
    ((-3, -2), (-4, -2), (-4, -1)),
    ((-5, 3), (-6, 4), (-5, 4)),
    ((-5, 5), (-6, 5), (-6, 6)),
    ((0, 5), (-1, 6), (0, 6)),
    ((5, 0), (5, 1), (6, 0)),
    ((5, -5), (6, -5), (6, -6)),
    ((0, -5), (1, -6), (0, -6)),
    ((-5, 0), (-5, -1), (-6, 0)),
)
_ERA2 = (
    ((-2, 3), (-2, 4), (-1, 3)),
    ((1, 2), (2, 2), (2, 1)),
    ((3, -1), (4, -2), (3, -2)),
    ((2, -3), (2, -4), (1, -3)),
    ((-1, -2), (-2, -2), (-2, -1)),
    ((-3, 1), (-4, 2), (-3, 2)),
    ((-3, 3), (-4, 3), (-4, 4)),
    ((0, 3), (-1, 4), (0, 4)),
    ((3, 0), (3, 1), (4, 0)),
    ((3, -3), (4, -3), (4, -4)),
    ((0, -3), (1, -4), (0, -4)),
    ((-3, 0), (-3, -1), (-4, 0)),
)
_ERA3 = (
    ((-1, 1), (-2, 1), (-2, 2)),
    ((0, 1), (-1, 2), (0, 2)),
    ((1, 0), (1, 1), (2, 0)),
    ((1, -1), (2, -1), (2, -2)),
    ((0, -1), (1, -2), (0, -2)),
    ((-1, 0), (-1, -1), (-2, 0)),
)

LONG_TILES = range(0, 6)
VOLCANO_TILE = 42
TILE_HEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(HEX_INDEX[h] for h in t) for t in (*_LONG, *_ERA1, *_ERA2, *_ERA3)
) + ((0,),)
TILE_COUNT = len(TILE_HEXES)  # 43
TILE_OF: tuple[int, ...] = tuple(
    next(t for t, hs in enumerate(TILE_HEXES) if i in hs) for i in range(len(HEXES))
)
# The era in which each tile falls (0 for the Volcano, which never falls).
TILE_ERA: tuple[int, ...] = (1,) * 6 + (1,) * 18 + (2,) * 12 + (3,) * 6 + (0,)
STARTING_TILES: tuple[int, ...] = tuple(LONG_TILES)

# Faces: the printed hex types of a tile, in the order of its hexes at orientation 0.
F, C, N, A, L = FOREST, CRYSTAL, INTERFACE, ANTICIPATION, LAKE  # N: iNterface
LONG_FACE: tuple[str, str, str] = (F, N, C)
_TRIHEX_PATTERNS: tuple[tuple[str, str, str], ...] = (
    (F, C, N), (F, C, A), (F, N, A), (C, N, A),
    (F, A, L), (C, A, L), (N, F, L), (C, F, L),
    (A, N, L), (F, F, A), (C, C, N), (A, A, C),
)  # fmt: skip
# Face ids: 0-5 long faces, 6-41 trihex faces (each pattern printed three times).
FACES: tuple[tuple[str, ...], ...] = (LONG_FACE,) * 6 + _TRIHEX_PATTERNS * 3
LONG_FACES = range(0, 6)
TRIHEX_FACES = range(6, 42)
# A trihex turns to one of three positions (its types shift round its hexes); a long tile has two
# (end for end).
ORIENTATIONS = {True: 2, False: 3}  # keyed by "is a long tile"


def face_types(face: int, orient: int) -> tuple[str, ...]:
    """The hex types of a face laid at `orient`, in the order of its tile's hexes."""
    types = FACES[face]
    if face in LONG_FACES:
        return types[::-1] if orient else types
    k = orient % 3
    return types[k:] + types[:k]


# FACE_TYPES[face][orient]: face_types precomputed (read on every hex-type look-up).
FACE_TYPES: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(face_types(f, o) for o in range(3)) for f in range(len(FACES))
)


@attrs.frozen
class ZoneCard:
    """A zone card: the era it belongs to, the tiles it drops and the six numbered sponsor hexes
    (index 0 is the hex numbered 1 on the card)."""

    id: int
    era: int
    drops: tuple[int, ...]
    sponsors: tuple[int, ...]


def _zone_cards() -> tuple[ZoneCard, ...]:
    cards: list[ZoneCard] = []
    era1 = list(range(6, 24))  # trihex of era 1: three groups of six, one per sextant
    g14, g16, g17 = era1[0:6], era1[6:12], era1[12:18]
    inner_band = list(range(24, 36))
    g10, g11 = inner_band[0:6], inner_band[6:12]
    core = list(range(36, 42))
    for k in range(6):
        drops = (k, g14[(k + 3) % 6], g16[(k + 1) % 6], g17[(k + 4) % 6])
        spons = tuple(TILE_HEXES[(g10 if j % 2 == 0 else g11)[(j + k) % 6]][(j + k) % 3] for j in range(6))
        cards.append(ZoneCard(len(cards), 1, drops, spons))
    for k in range(8):
        drops2: tuple[int, ...]
        drops2 = (g10[k], g11[(k + 2) % 6]) if k < 4 else ((g10[4], g10[5], g11[0], g11[1])[k - 4],)
        spons2 = tuple(TILE_HEXES[core[(j + k) % 6]][(j + k) % 3] for j in range(5)) + (0,)
        cards.append(ZoneCard(len(cards), 2, drops2, spons2))
    for k, drops3 in enumerate(((core[0], core[3]), (core[1], core[4]), (core[2],), (core[5],))):
        spons3 = tuple(TILE_HEXES[core[(j + 2 * k + 1) % 6]][(j + k) % 3] for j in range(5)) + (0,)
        cards.append(ZoneCard(len(cards), 3, drops3, spons3))
    return tuple(cards)


ZONE_CARDS: tuple[ZoneCard, ...] = _zone_cards()
# Zone cards revealed in each round of each era (the first round of the game is era 1 round 1).
ERA_ROUNDS: tuple[tuple[int, ...], ...] = ((1, 2, 3), (2, 2, 2, 2), (1, 1, 1, 1))
ROUND_REVEALS: tuple[int, ...] = tuple(n for era in ERA_ROUNDS for n in era)  # 11 rounds
ROUND_ERA: tuple[int, ...] = tuple(e + 1 for e, era in enumerate(ERA_ROUNDS) for _ in era)
SCHEMAS_ON_ERA: dict[int, int] = {2: 3, 3: 4}

# The eight success dice: each has six faces, two of which show the success symbol.
DIE_FACES: tuple[bool, ...] = (True, True, False, False, False, False)
DICE_COUNT = 8
SPONSOR_TOKENS = 6
DROUGHT_TOKENS = 24
SHIELD_LIMIT = 2
ANTICIPATION_MAX = 3
ANTICIPATION_ACTIVE_MAX = 2
START_HP = 20
FALL_LOSS = 4
LAKE_LOSS = 2
HAND_SIZE = 4
AP_PER_TURN = 2
RP_TO_WIN = 5
