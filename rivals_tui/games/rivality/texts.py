"""Words for the Rivality board: side letters and names, tile tokens, the detail panel's texts
and the placement preview in prose. Everything is read from one seat's view (never the full
state); rules facts come from the engine's data and preview helper.

No Textual import: the texts can be checked without an app.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.rivality.data import (
    COLOURS,
    DIR_NAMES,
    EDGE_NAMES,
    LIMIT,
    SPELLS,
    STEP,
    TILES,
    xy_of,
)
from engine.rivality.preview import PlacementPreview, SiegePreview, SpellPreview
from engine.rivality.queries import shields_of
from engine.rivality.scoring import score_parts
from engine.rivality.state import RivalityState
from rivals_tui.glyphs import RIVALITY as RY

# Colour is never the only carrier: every side also has a letter.
LETTERS = ("S", "M", "T")
KIND_LETTER = {"Mana Well": "W", "Dolmen Plain": "P", "Cottage": "C", "Fortress": "F"}
EDGE_LETTER = ("L", "F", "R")


def side_who(v: RivalityState, k: int, names: Sequence[str], sep: str = " & ") -> str:
    """Who plays side `k`: "Ann", "Ann & Cid" (a team), "Souramoun"."""
    if v.mode == "solo":
        return "Souramoun" if k == 1 else seat_name(names, 0)
    return sep.join(seat_name(names, i) for i in range(v.seats) if v.side_of[i] == k)


def side_name(v: RivalityState, k: int, names: Sequence[str], sep: str = " & ") -> str:
    """Side `k` as players and colour together, as the log's colours and the board's names meet:
    "Ann (Salmon)", "Ann & Cid (Mauve)", "Souramoun (Mauve)"."""
    return f"{side_who(v, k, names, sep)} ({colour_name(v, k)})"


def seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def colour_name(v: RivalityState, k: int) -> str:
    """The side's colour word; in solo Souramoun plays the colour you did not take."""
    return COLOURS[k]


def side_title(v: RivalityState, k: int, names: Sequence[str]) -> str:
    """ "Ann (Salmon, S)": name, colour and the letter the board uses for the side."""
    return f"{side_who(v, k, names)} ({colour_name(v, k)}, {LETTERS[k]})"


def where(p: int) -> str:
    x, y = xy_of(p)
    return f"({x}, {y})"


def tile_word(t: int) -> str:
    return TILES[t].kind if t >= 0 else "face-down tile"


def spell_tokens(t: int, rot: int | None = None) -> str:
    """The tile's spells in short: "L3x2 F1x1" (golems x distance), with the direction each
    faces when the orientation is known ("L←3x2")."""
    out = []
    for edge, sp in enumerate(TILES[t].edges):
        if sp is None:
            continue
        g, d = sp
        arrow = "" if rot is None else RY.front[(rot + (3, 0, 1)[edge]) % 4]
        out.append(f"{EDGE_LETTER[edge]}{arrow}{g}x{d}")
    return " ".join(out)


def tile_token(t: int) -> str:
    """A hand tile in one line: kind, value, shields, spells."""
    tile = TILES[t]
    shields = f" {RY.shield}{tile.shields}" if tile.shields else ""
    star = f" {RY.star}" if tile.star else ""
    return f"{tile.kind} {tile.value}{shields}{star}: {spell_tokens(t)}"


def spell_lines(t: int, rot: int) -> list[str]:
    """Each edge's spell in words, with the direction it faces at orientation `rot`."""
    out = []
    for edge, sp in enumerate(TILES[t].edges):
        if sp is None:
            out.append(f"  {EDGE_NAMES[edge]}: no spell")
            continue
        g, d = sp
        direction = DIR_NAMES[(rot + (3, 0, 1)[edge]) % 4]
        extra = " (ignores shields)" if d >= 3 else ""
        out.append(
            f"  {EDGE_NAMES[edge]}: {g} golem{'s' if g != 1 else ''} {d} square{'s' if d != 1 else ''} "
            f"{direction}{extra}"
        )
    return out


def golem_words(v: RivalityState, c: int) -> str:
    parts = [
        f"{colour_name(v, k)} ({LETTERS[k]}) {v.golems[c * 3 + k]}" for k in range(3) if v.golems[c * 3 + k]
    ]
    return ", ".join(parts) if parts else "none"


def controller_words(v: RivalityState, c: int, names: Sequence[str]) -> str:
    k = v.ctrl[c]
    total = sum(v.golems[c * 3 : c * 3 + 3])
    if k >= 0:
        return side_title(v, k, names)
    if total:
        return "contested: nobody (a tie for the most golems)"
    return "nobody (no golems)"


def waiting_spells(v: RivalityState, p: int) -> list[tuple[int, int, int, int]]:
    """Spells of tiles on the battlefield aimed exactly at the empty square `p`:
    (cell, edge, golems, controlling side or -1)."""
    out = []
    for c in range(len(v.pos)):
        t = v.tile[c]
        if t < 0:
            continue
        for edge, off, g, _d, _ig, _dr in SPELLS[t][v.rot[c]]:
            if v.pos[c] + off == p:
                out.append((c, edge, g, v.ctrl[c]))
    return out


def cell_detail(v: RivalityState, c: int, names: Sequence[str]) -> tuple[str, str]:
    """Title and full text of the tile in cell `c`."""
    t = v.tile[c]
    p = v.pos[c]
    if t < 0:
        return (
            f"Face-down tile {where(p)}",
            "One of Souramoun's lands, not yet turned up. It is revealed when a magician or a spell "
            "reaches it.\nGolems: none.",
        )
    tile = TILES[t]
    lines = [f"{tile.kind}, worth {tile.value} point{'s' if tile.value != 1 else ''}."]
    base = tile.shields
    sh = shields_of(v, c)
    if v.ctrl[c] >= 0 and sh > base:
        lines.append(f"Shields: {base}, +1 entrenched (five golems of the controller) = {sh}.")
    elif v.ctrl[c] < 0 and v.golems[c * 3] + v.golems[c * 3 + 1] + v.golems[c * 3 + 2] > 0:
        lines.append(f"Shields: {base}, but none work while the tile is contested.")
    else:
        lines.append(f"Shields: {base}.")
    if any(TILES[t].edges):
        lines.append(f"Front faces {DIR_NAMES[v.rot[c]]}. Spells:")
        lines.extend(spell_lines(t, v.rot[c]))
    lines.append(f"Golems: {golem_words(v, c)} (at most {LIMIT}).")
    lines.append(f"Controller: {controller_words(v, c, names)}.")
    for k in range(v.sides):
        if v.mage[k] == c:
            who = side_title(v, k, names)
            lines.append(f"Magician of {who} stands here; the tile scores nothing.")
    if v.by[c] >= 0:
        lines.append(f"Laid by {side_name(v, v.by[c], names)}.")
    return f"{tile.kind} {where(p)}", "\n".join(lines)


def empty_detail(v: RivalityState, p: int, names: Sequence[str], frontier: bool) -> tuple[str, str]:
    lines = []
    if v.mode == "solo":
        lines.append("Outside the battlefield.")
    elif frontier:
        lines.append("Empty square next to the battlefield: a tile may be laid here.")
    else:
        lines.append("Empty square, not next to any tile.")
    waiting = waiting_spells(v, p)
    if waiting and v.mode == "duel":
        lines.append(
            "Spells aimed here (they fire on a tile laid here):"
            if v.expert
            else "Spells aimed here (without the expert rules they are simply lost):"
        )
        for c, edge, g, k in waiting:
            who = f"for {side_title(v, k, names)}" if k >= 0 else "contested: never fires"
            lines.append(
                f"  {EDGE_NAMES[edge]} spell of the {tile_word(v.tile[c])} {where(v.pos[c])}: {g}, {who}"
            )
    return f"Square {where(p)}", "\n".join(lines)


def preview_token(sp: SpellPreview, expert: bool) -> str:
    """One spell of a preview, short: "L← +2 ◈-1 ⇒S"."""
    head = f"{EDGE_LETTER[sp.edge]}{RY.front[sp.direction]}"
    if sp.result == "empty":
        return f"{head} {'waits' if expert else 'lost'}"
    if sp.result == "magician":
        return f"{head} lost@"
    if sp.result == "contested":
        return f"{head} never"
    out = f"{head} +{sp.arrive}"
    if sp.shields:
        out += f" {RY.shield}-{sp.shields}"
    cut = "".join(f"-{n}{LETTERS[k]}" for k, n in enumerate(sp.removed) if n)
    if cut:
        out += f" {cut}"
    if sp.controller_after != sp.controller_before:
        out += f" {RY.gains}{LETTERS[sp.controller_after] if sp.controller_after >= 0 else RY.contested}"
    return out


def preview_sentence(v: RivalityState, sp: SpellPreview, names: Sequence[str], delayed: bool = False) -> str:
    """One spell of a preview in words."""
    what = f"{EDGE_NAMES[sp.edge].capitalize()} spell ({sp.golems} golem{'s' if sp.golems != 1 else ''}, "
    what += f"distance {sp.distance}, {DIR_NAMES[sp.direction]})"
    if delayed:
        who = side_name(v, sp.caster, names) if sp.caster >= 0 else "nobody"
        what = f"Delayed {EDGE_NAMES[sp.edge]} spell of the tile {where(sp.source)} for {who} ({sp.golems})"
    if sp.result == "empty":
        if v.mode == "solo":
            return f"{what}: leaves the battlefield, lost."
        return f"{what}: no tile at {where(sp.target)}, " + (
            "it waits there (expert rules)." if v.expert else "lost."
        )
    if sp.result == "magician":
        return f"{what}: an enemy magician stands at {where(sp.target)}, lost."
    if sp.result == "contested":
        return f"{what}: its tile is contested, it never fires."
    c = v.at.get(sp.target)
    name = tile_word(v.tile[c]) if c is not None else "new tile"
    text = f"{what}: {sp.arrive} arrive on the {name} {where(sp.target)}"
    if sp.shields:
        text += f", the shields destroy {sp.shields}"
    elif sp.ignores_shields and sp.controller_before not in (-1, sp.caster):
        text += " (distance 3 ignores the shields)"
    cut = [f"{n} {colour_name(v, k)}" for k, n in enumerate(sp.removed) if n]
    if cut:
        text += "; over five golems: " + ", ".join(cut) + " go back"
        if sp.choice:
            text += " (tied opponents: you choose whose)"
    after = sp.controller_after
    if after != sp.controller_before:
        text += "; then " + (f"{side_name(v, after, names)} controls it" if after >= 0 else "it is contested")
    golems = ", ".join(f"{LETTERS[k]}{n}" for k, n in enumerate(sp.after) if n)
    return text + f" ({golems or 'empty'})."


def preview_text(v: RivalityState, pv: PlacementPreview, names: Sequence[str]) -> str:
    """The whole preview in words, one spell a line."""
    lines = [f"{TILES[pv.tile].kind} at {where(pv.pos)}, front facing {DIR_NAMES[pv.rot]}:"]
    if not pv.spells:
        lines.append("No spells.")
    lines.extend(preview_sentence(v, sp, names) for sp in pv.spells)
    lines.extend(preview_sentence(v, sp, names, delayed=True) for sp in pv.delayed)
    lines.extend(siege_sentence(v, sg, names) for sg in pv.sieges)
    return "\n".join(lines)


def siege_sentence(v: RivalityState, sg: SiegePreview, names: Sequence[str]) -> str:
    """A siege the placement would cause, in words."""
    c = v.at.get(sg.pos)
    name = tile_word(v.tile[c]) if c is not None else "new tile"
    held = f"{side_name(v, sg.holder, names)}'s" if sg.holder >= 0 else "the contested"
    return f"Siege: {held} {name} {where(sg.pos)} falls to {side_name(v, sg.taker, names)}."


def side_detail(v: RivalityState, k: int, names: Sequence[str], seat: int | None) -> tuple[str, str]:
    kinds, tied, loss = score_parts(v)
    total = sum(kinds[k]) + tied[k] + loss[k]
    lines = [f"Running score: {total} (as the battlefield stands now)."]
    lines.append(
        f"  Plains {kinds[k][0]}, Cottages {kinds[k][1]}, Fortresses {kinds[k][2]}, Mana Well {kinds[k][3]}"
    )
    if tied[k]:
        lines.append(f"  Tied tiles taken: {tied[k]}")
    if loss[k]:
        lines.append(f"  Enemy golems present: {loss[k]}")
    lines.append(f"Golems in supply: {v.supply[k]} of {v.start[k]}.")
    if v.mode == "duel":
        lines.append(f"Tiles in the pile: {len(v.piles[k])}.")
        for i in range(v.seats):
            if v.side_of[i] == k:
                n = len(v.hands[i])
                mine = i == seat
                known = [t for t in v.hands[i] if t >= 0] if mine else []
                what = (": " + "; ".join(tile_token(t) for t in known)) if known else ""
                lines.append(f"{seat_name(names, i)} holds {n} tile{'s' if n != 1 else ''}{what}.")
    m = v.mage[k]
    if m >= 0:
        lines.append(f"Magician on the {tile_word(v.tile[m])} {where(v.pos[m])}.")
    else:
        lines.append("Magician not on the battlefield yet.")
    return side_title(v, k, names), "\n".join(lines)


def neighbours(p: int) -> list[int]:
    return [p + st for st in STEP]
