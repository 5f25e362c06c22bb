"""Tables derived from the tile data once, so the rules never recompute them: each tile's spells
per orientation by edge, the order a laid tile casts them, and the solo layout (4 columns by 6
rows, numbered row by row: cell = y * 4 + x)."""

from __future__ import annotations

from engine.rivality.data import SPELLS, TILES, pos_of

SOLO_COLS, SOLO_ROWS = 4, 6
SOLO_POS: tuple[int, ...] = tuple(pos_of(x, y) for y in range(SOLO_ROWS) for x in range(SOLO_COLS))
SOLO_AT: dict[int, int] = {p: c for c, p in enumerate(SOLO_POS)}
# The mirror cell across the middle line (where Souramoun answers a move).
SOLO_MIRROR: tuple[int, ...] = tuple(
    (SOLO_ROWS - 1 - c // SOLO_COLS) * SOLO_COLS + c % SOLO_COLS for c in range(SOLO_COLS * SOLO_ROWS)
)
# Side neighbours of each solo cell.
SOLO_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (y + dy) * SOLO_COLS + x + dx
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
        if 0 <= x + dx < SOLO_COLS and 0 <= y + dy < SOLO_ROWS
    )
    for y in range(SOLO_ROWS)
    for x in range(SOLO_COLS)
)
# EDGE_SPELL[tile][rot][edge]: (offset, golems, distance, ignores shields, direction) or None.
EdgeSpell = tuple[int, int, int, bool, int]
EDGE_SPELL: tuple[tuple[tuple[EdgeSpell | None, ...], ...], ...] = tuple(
    tuple(
        tuple(
            next(((o, g, d, ig, dr) for e, o, g, d, ig, dr in SPELLS[t][r] if e == edge), None)
            for edge in range(3)
        )
        for r in range(4)
    )
    for t in range(len(TILES))
)
# The edges a laid tile casts, in the order left, front, right; a queue is popped from the end,
# so the list is stored reversed.
QUEUE_ORDER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(e for e, *_ in reversed(SPELLS[t][r])) for r in range(4)) for t in range(len(TILES))
)
