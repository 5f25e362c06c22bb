"""Rivality in words: how seats, sides, positions and spells are named in the log, the prompts,
the description of each decision and the progress line.

Seats are "Player N" (the app swaps in the names); where a colour matters the seat carries it,
"Player 1 (Salmon)", so the log and the board (which shows colours) name people the same way.
Positions are "(x, y)" columns and rows from the Mana Well (solo: from the layout's top-left
corner), x to the right and y downwards — the same words the board's detail panel uses for a
square, so a hint names a square the cursor can be put on.
"""

from __future__ import annotations

from engine.core import Prompt, seat_label
from engine.core.words import count
from engine.rivality.actions import (
    Action,
    CastDelayed,
    ChooseTile,
    Mulligan,
    Orient,
    PlaceAt,
    RemoveGolem,
)
from engine.rivality.data import COLOURS, DIR_NAMES, EDGE_NAMES, LABEL, SOURAMOUN, TILES, xy_of
from engine.rivality.geometry import EDGE_SPELL
from engine.rivality.queries import side_seats
from engine.rivality.state import RivalityState

# SPELL_TEXT[tile][rot][edge]: the spell named for the log ("Left spell of the Cottage (2x3 north)").
SPELL_TEXT: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(
        tuple(
            f"{EDGE_NAMES[e].capitalize()} spell of the {TILES[t].kind} ({sp[1]}x{sp[2]} {DIR_NAMES[sp[4]]})"
            if (sp := EDGE_SPELL[t][r][e]) is not None
            else ""
            for e in range(3)
        )
        for r in range(4)
    )
    for t in range(len(TILES))
)


def player(seat: int) -> str:
    return seat_label(seat)


def colour(s: RivalityState, side: int) -> str:
    """A side's name in texts: its colour, or Souramoun in solo."""
    if s.mode == "solo" and side == 1:
        return SOURAMOUN
    return COLOURS[side]


def seat_with_colour(s: RivalityState, seat: int) -> str:
    """ "Player 1 (Salmon)": the seat and the colour it plays."""
    return f"{player(seat)} ({COLOURS[s.side_of[seat]]})"


def side_label(s: RivalityState, side: int) -> str:
    """Who a side is, for texts: "Player 1 (Salmon)", a team "the Salmon team (Player 1 and
    Player 3)", or, in solo, "you" and Souramoun. Always grammatically one subject."""
    if s.mode == "solo":
        return "you" if side == 0 else SOURAMOUN
    seats = side_seats(s, side)
    if len(seats) == 1:
        return seat_with_colour(s, seats[0])
    return f"the {COLOURS[side]} team ({' and '.join(player(i) for i in seats)})"


def side_name(s: RivalityState, side: int) -> str:
    """A side as the subject of a sentence ("Player 2 (Mauve) now controls it"): its seats and
    colour, or in solo the colour alone (Salmon is you, Souramoun the other)."""
    return colour(s, side) if s.mode == "solo" else side_label(s, side)


def golems(n: int) -> str:
    return count(n, "golem")


_WHERE: dict[int, str] = {}


def where(s: RivalityState, p: int) -> str:
    """A position in words: "(x, y)", column and row from the Mana Well (solo: of the layout)."""
    w = _WHERE.get(p)
    if w is None:
        x, y = xy_of(p)
        w = _WHERE[p] = f"({x}, {y})"
    return w


def tile_name(t: int) -> str:
    return TILES[t].kind if t >= 0 else "face-down tile"


def progress(s: RivalityState) -> str:
    if s.phase == "over":
        return f"finished after {count(s.turns, 'turn')}"
    if s.mode == "solo":
        return f"solo, turn {s.turns + 1}"
    left = sum(len(p) for p in s.piles) + sum(len(h) for h in s.hands)
    return f"turn {s.turns + 1}, {count(left, 'tile')} to play"


def round_and_turn(s: RivalityState) -> tuple[int, int]:
    """Every seat plays one turn a round (in solo a round is a turn); the mulligan belongs to the
    first turn, and a rival's removals to the turn that caused them."""
    return s.turns // s.seats + 1, s.turns


def waiting_prompt(s: RivalityState, seat: int) -> Prompt:
    """What a seat owing no decision reads: whom it waits for, or the end."""
    if s.phase == "over":
        return Prompt(
            "The game is over.", "solo-the-end-and-scoring" if s.mode == "solo" else "end-and-scoring"
        )
    who = seat_with_colour(s, s.actor) if s.mode == "duel" else player(s.actor)
    return Prompt(f"Waiting for {who}.", "a-turn")


# The prompts of the phases that name something (rules/phases.py holds the fixed ones).
def place_prompt(s: RivalityState, seat: int) -> str:
    return f"Lay the {tile_name(s.chosen)} next to the battlefield."


def orient_prompt(s: RivalityState, seat: int) -> str:
    return f"Turn the {tile_name(s.chosen)}: which way does its front face?"


def move_prompt(s: RivalityState, seat: int) -> str:
    if s.mage[0] < 0:
        return "Enter the battlefield: choose a tile of the bottom row."
    return "Move your magician to an empty tile."


def describe(s: RivalityState, a: Action) -> str:
    """A decision in words, for the action picker, the confirmation and the hint line."""
    if isinstance(a, ChooseTile):
        return f"Lay the {LABEL[a.tile]}"
    if isinstance(a, PlaceAt):
        return f"Lay it on square {where(s, a.pos)}"
    if isinstance(a, Orient):
        return f"Front edge facing {DIR_NAMES[a.rot]}"
    if isinstance(a, Mulligan):
        return "Redraw both tiles" if a.redraw else "Keep these tiles"
    if isinstance(a, RemoveGolem):
        return f"Remove a {colour(s, a.side)} golem"
    if isinstance(a, CastDelayed):
        c, e = a.spell >> 2, a.spell & 3
        sp = EDGE_SPELL[s.tile[c]][s.rot[c]][e]
        g = f" ({golems(sp[1])})" if sp else ""
        return (
            f"Fire the {EDGE_NAMES[e]} spell of the {tile_name(s.tile[c])} on square {where(s, s.pos[c])}{g}"
        )
    cell = s.at.get(a.pos)
    name = tile_name(s.tile[cell]) if cell is not None else "space"
    return f"Move the magician to the {name} on square {where(s, a.pos)}"
