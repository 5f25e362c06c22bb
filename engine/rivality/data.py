"""Rivality component data: the 25 tiles, the board geometry and precomputed spell tables.

Tile ids: 0 is the Mana Well (the starting tile), 1-12 make up pile A and 13-24 pile B of the
two-player set-up (pile B holds the star tile, id 17). Each tile has a spell on up to three edges,
listed left, front, right; a spell is (golems, distance). Spells of distance 3 ignore shields.

Positions are packed integers: `pos = (y + OFFSET) * WIDTH + (x + OFFSET)` with x growing to the
right and y growing downwards (towards the bottom of the screen); the Mana Well sits at (0, 0).
A battlefield of 25 tiles can never reach the packing edge. Directions are numbered clockwise:
0 north (up), 1 east, 2 south, 3 west. A tile's orientation `rot` is the direction its front edge
faces; its left edge faces `(rot + 3) % 4` and its right edge `(rot + 1) % 4`.
"""

from __future__ import annotations

import attrs

WELL, PLAIN, COTTAGE, FORTRESS = "Mana Well", "Dolmen Plain", "Cottage", "Fortress"
KIND_VALUE = {WELL: 3, PLAIN: 1, COTTAGE: 2, FORTRESS: 4}
KIND_SHIELDS = {WELL: 0, PLAIN: 0, COTTAGE: 1, FORTRESS: 2}

WIDTH = 128
OFFSET = 64
ORIGIN = OFFSET * WIDTH + OFFSET  # the Mana Well's position, (0, 0)
STEP = (-WIDTH, 1, WIDTH, -1)  # N, E, S, W
DIR_NAMES = ("north", "east", "south", "west")
EDGE_NAMES = ("left", "front", "right")
EDGE_TURN = (3, 0, 1)  # left / front / right relative to the front direction
SHIELD_BREAKING_DISTANCE = 3
LIMIT = 5  # golems a tile may hold
HAND_SIZE = 2
GOLEMS = {1: 30, 2: 30, 3: 20, 4: 30}  # golems per side by player count (solo: each side 30)
COLOURS = ("Salmon", "Mauve", "Turquoise")
SOURAMOUN = "Souramoun"

Spell = tuple[int, int]  # (golems, distance)


@attrs.frozen
class Tile:
    id: int
    kind: str
    pile: str  # "A", "B" or "" for the Mana Well
    left: Spell | None = None
    front: Spell | None = None
    right: Spell | None = None
    star: bool = False

    @property
    def value(self) -> int:
        return KIND_VALUE[self.kind]

    @property
    def shields(self) -> int:
        return KIND_SHIELDS[self.kind]

    @property
    def edges(self) -> tuple[Spell | None, Spell | None, Spell | None]:
        return (self.left, self.front, self.right)

    @property
    def label(self) -> str:
        parts = [f"{e} {g}x{d}" for e, sp in zip(EDGE_NAMES, self.edges, strict=True) if sp for g, d in [sp]]
        return f"{self.kind} ({self.value})" + (": " + ", ".join(parts) if parts else "")


def _t(
    i: int,
    kind: str,
    pile: str,
    left: Spell | None,
    front: Spell | None,
    right: Spell | None,
    star: bool = False,
) -> Tile:
    return Tile(i, kind, pile, left, front, right, star)


TILES: tuple[Tile, ...] = (
    _t(0, WELL, "", None, None, None),
    # Pile A
    _t(1, PLAIN, "A", (3, 2), (1, 1), None),
    _t(2, PLAIN, "A", (3, 1), (1, 2), None),
    _t(3, PLAIN, "A", (3, 1), (1, 1), None),
    _t(4, PLAIN, "A", (2, 1), (2, 2), None),
    _t(5, PLAIN, "A", None, (4, 1), None),
    _t(6, COTTAGE, "A", (1, 1), (2, 3), (2, 2)),
    _t(7, COTTAGE, "A", (2, 3), (3, 1), None),
    _t(8, COTTAGE, "A", (2, 3), (3, 2), None),
    _t(9, COTTAGE, "A", (2, 3), (1, 2), (2, 1)),
    _t(10, FORTRESS, "A", (2, 2), (2, 2), (2, 3)),
    _t(11, FORTRESS, "A", (3, 1), (2, 2), (1, 3)),
    _t(12, FORTRESS, "A", (2, 1), (2, 3), (2, 2)),
    # Pile B
    _t(13, PLAIN, "B", (1, 1), (3, 2), None),
    _t(14, PLAIN, "B", (1, 2), (3, 1), None),
    _t(15, PLAIN, "B", (1, 1), (3, 1), None),
    _t(16, PLAIN, "B", (2, 2), (2, 1), None),
    _t(17, PLAIN, "B", None, (4, 1), None, star=True),
    _t(18, COTTAGE, "B", (3, 2), (2, 3), None),
    _t(19, COTTAGE, "B", (1, 2), (2, 1), (2, 3)),
    _t(20, COTTAGE, "B", (2, 2), (2, 3), (1, 1)),
    _t(21, COTTAGE, "B", (3, 1), (2, 3), None),
    _t(22, FORTRESS, "B", (2, 2), (1, 3), (3, 1)),
    _t(23, FORTRESS, "B", (2, 3), (2, 2), (2, 2)),
    _t(24, FORTRESS, "B", (2, 2), (2, 3), (2, 1)),
)
MANA_WELL = 0
PILE_A = tuple(t.id for t in TILES if t.pile == "A")
PILE_B = tuple(t.id for t in TILES if t.pile == "B")
FORTRESSES = tuple(t.id for t in TILES if t.kind == FORTRESS)
NOT_FORTRESSES = tuple(t.id for t in TILES if t.kind != FORTRESS and t.id != MANA_WELL)
VALUE = tuple(t.value for t in TILES)
LABEL = tuple(t.label for t in TILES)  # "Cottage (2): left 1x1, front 2x3, right 2x2"
SHIELDS = tuple(t.shields for t in TILES)
KIND_INDEX = tuple((PLAIN, COTTAGE, FORTRESS, WELL).index(t.kind) for t in TILES)  # for score lines
IS_FORTRESS = tuple(t.kind == FORTRESS for t in TILES)
# A tile whose spells can reach the Mana Well from a neighbouring space: it has a distance-1 spell.
HITS_ADJACENT = tuple(any(sp is not None and sp[1] == 1 for sp in t.edges) for t in TILES)


def pos_of(x: int, y: int) -> int:
    """The packed position of column x, row y."""
    return (y + OFFSET) * WIDTH + (x + OFFSET)


def xy_of(pos: int) -> tuple[int, int]:
    """(x, y) of a packed position."""
    return pos % WIDTH - OFFSET, pos // WIDTH - OFFSET


# SPELLS[tile][rot]: the tile's spells as placed with orientation `rot`, each
# (edge index 0 left / 1 front / 2 right, position offset, golems, distance, ignores shields,
# direction faced).
SpellEntry = tuple[int, int, int, int, bool, int]


def _rotated(tile: Tile, rot: int) -> tuple[SpellEntry, ...]:
    out: list[SpellEntry] = []
    for edge, sp in enumerate(tile.edges):
        if sp is None:
            continue
        g, d = sp
        direction = (rot + EDGE_TURN[edge]) % 4
        out.append((edge, STEP[direction] * d, g, d, d >= SHIELD_BREAKING_DISTANCE, direction))
    return tuple(out)


SPELLS: tuple[tuple[tuple[SpellEntry, ...], ...], ...] = tuple(
    tuple(_rotated(t, r) for r in range(4)) for t in TILES
)
