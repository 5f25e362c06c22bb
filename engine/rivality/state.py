"""Rivality state (the options are in options.py).

The state is plain attrs (lists, ints, strs, bools, one int-keyed dict) so the saves converter
can round-trip it. Seats are 0-based. A *side* is a golem colour: 0 Salmon, 1 Mauve,
2 Turquoise (three players only). With two or three players seat i plays side i; with four, seats
0 and 2 form the Salmon team and seats 1 and 3 the Mauve team (partners alternate); solo has one
seat playing Salmon (side 0) against Souramoun (side 1, played by the rules, not by a seat).

The battlefield is a list of *cells* in the order they were laid; cell `c` is described by the
parallel lists `pos[c]` (packed position, see data.pos_of / data.xy_of), `tile[c]` (tile id in
data.TILES; -1 for a face-down solo tile in a view), `rot[c]` (direction the tile's front edge
faces: 0 north/up, 1 east, 2 south, 3 west), `faceup[c]` (False only for unrevealed solo tiles),
`golems[c * 3 + side]` (golems of each colour on it, always three slots per cell) and `ctrl[c]`
(the controlling side, or -1 when nobody: empty or tied). `at` maps a position to its cell.
In the duel the Mana Well is cell 0 at data.ORIGIN; in solo cells 0-23 are the 4x6 layout.

Fields:
- seats, mode ("duel" | "solo"), expert (expert rules), level (solo scoring level), rng
- sides: golem colours in play (2, or 3 with three players); side_of[seat] -> side
- phase: "mulligan" | "tile" | "place" | "orient" | "remove" | "delayed" | "move" | "over"
- turn: seat whose turn it is; actor: seat owing the current decision (-1 when over)
- turns: completed turns
- pos, tile, rot, faceup, golems, ctrl, at: the battlefield (above); by[c]: the side that laid
  cell c (-1 for the Mana Well and the solo layout)
- frontier: empty positions next to a tile, where a tile may be laid (duel), in a stable order
- mage[side]: the cell where that side's magician stands, -1 when not on the battlefield
- supply[side]: golems not on the battlefield; start[side]: golems the side began with
- piles[side]: each side's draw pile of tile ids, top = LAST (-1 = hidden, view only)
- hands[seat]: tile ids in hand (-1 = hidden, view only)
- chosen: tile picked this turn (-1 none); target: position picked this turn (-1 none)
- placed: the cell laid (or, solo, moved to) this turn, -1 before
- queue: spells waiting to be cast this turn as cell * 4 + edge (edge 0 left, 1 front,
  2 right), cast from the END of the list; caster: the side casting them
- stage: where the turn's resolution stands: "" | "own" | "delayed" | "souramoun" | "mine"
- delayed: expert: delayed spells (cell * 4 + edge) still to fire on the tile just laid
- cut_cell, cut_left: a tile over the five-golem limit and how many golems must still go
- mulligan_done: the first player has had the chance to redraw
- last: the side whose last placement happened most recently (log / display help)
- reason: why the game ended ("" while running)
- reach: solo: the positions the magician may move to now (kept up to date each turn)
"""

from __future__ import annotations

import attrs

from engine.core.rng import Rng
from engine.rivality.options import LEVELS, RivalityOptions

__all__ = ["LEVELS", "RivalityOptions", "RivalityState"]


@attrs.define
class RivalityState:
    """The whole game, as the fields above describe it."""

    seats: int
    mode: str
    expert: bool
    level: str
    rng: Rng
    sides: int
    side_of: list[int]
    phase: str
    turn: int
    actor: int
    turns: int
    pos: list[int]
    tile: list[int]
    rot: list[int]
    faceup: list[bool]
    by: list[int]
    golems: list[int]
    ctrl: list[int]
    at: dict[int, int]
    frontier: list[int]
    mage: list[int]
    supply: list[int]
    start: list[int]
    piles: list[list[int]]
    hands: list[list[int]]
    chosen: int = -1
    target: int = -1
    placed: int = -1
    queue: list[int] = attrs.Factory(list)
    caster: int = -1
    stage: str = ""
    delayed: list[int] = attrs.Factory(list)
    cut_cell: int = -1
    cut_left: int = 0
    mulligan_done: bool = False
    last: int = -1
    reason: str = ""
    reach: list[int] = attrs.Factory(list)

    @property
    def over(self) -> bool:
        return self.phase == "over"
