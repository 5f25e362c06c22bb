"""The Rivality board as lines of text: the sides, the battlefield window and the hand.

`build(...)` turns one seat's view (never the full state) into `Seg` lines in which some runs
belong to a piece the cursor can visit (a square of the battlefield, a tile of the hand, a side).
The battlefield grows in every direction; the board shows the window of it that fits, centred
on the cursor, with arrows on the frame where more lies beyond. Each tile is a small box:

    F4 ◈2 ↑    kind letter and value, shields, the way its front faces
    S3 M2      golems of each side, by letter (S Salmon, M Mauve, T Turquoise)
    S■   @M    controller (= contested), ■ entrenched, @ a magician and whose

When the window is short the boxes lose a line (kind, shields, front, controller on one line,
the golems as one letter each and the magician on the other). While a tile is being laid, the
square under the cursor shows it as it would lie, and the squares its spells reach show the
golems after the spell and what it did ("+2◈-1": two arrive, the shields destroy one).

No Textual import: the layout can be checked without an app.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.cells import cell_len

from engine.rivality.actions import ChooseTile, Mulligan
from engine.rivality.data import TILES, pos_of, xy_of
from engine.rivality.preview import PlacementPreview, SpellPreview
from engine.rivality.scoring import score_parts
from engine.rivality.state import RivalityState
from rivals_tui.games.rivality.targets import Key, target_positions
from rivals_tui.games.rivality.texts import (
    KIND_LETTER,
    LETTERS,
    colour_name,
    preview_token,
    side_who,
    tile_token,
    waiting_spells,
)
from rivals_tui.glyphs import RIVALITY as RY
from rivals_tui.widgets.linetable import LineWriter, Seg, Table

CELL_W = 7  # inside a box
PITCH_W = CELL_W + 1


def legend_line() -> str:
    """The short legend under a tall board."""
    return (
        f"S M T golems  {RY.shield} shields  {RY.entrenched} entrenched  "
        f"{RY.magician} magician  {RY.contested} contested"
    )


# Which of the box symbols (RY.box: ─│┌┐└┘├┤┬┴┼) joins the lines that leave a corner up, down,
# left and right; -1 is a blank.
CORNERS = {
    (False, False, False, False): -1,
    (True, True, False, False): 1,
    (True, False, False, False): 1,
    (False, True, False, False): 1,
    (False, False, True, True): 0,
    (False, False, True, False): 0,
    (False, False, False, True): 0,
    (False, True, False, True): 2,
    (False, True, True, False): 3,
    (True, False, False, True): 4,
    (True, False, True, False): 5,
    (True, True, False, True): 6,
    (True, True, True, False): 7,
    (False, True, True, True): 8,
    (True, False, True, True): 9,
    (True, True, True, True): 10,
}


def corner(joins: tuple[bool, bool, bool, bool]) -> str:
    n = CORNERS[joins]
    return " " if n < 0 else RY.box[n]


@dataclass
class Window:
    """The part of the battlefield on screen: grid squares x0.. and y0.., and the whole field."""

    x0: int = 0
    y0: int = 0
    cols: int = 0
    rows: int = 0
    inner: int = 3
    bounds: tuple[int, int, int, int] = (0, 0, 0, 0)  # min x, max x, min y, max y


@dataclass
class Board(Table):
    """The drawn lines, their pieces (`keys`: squares, hand tiles, sides) and the window shown."""

    window: Window = field(default_factory=Window)


def bounds(v: RivalityState) -> tuple[int, int, int, int]:
    """The squares a cursor may visit: every tile and (while tiles are laid) the frontier."""
    pts = [xy_of(p) for p in v.pos]
    if v.mode == "duel" and v.phase != "over":
        pts += [xy_of(p) for p in v.frontier]
    if not pts:
        return (0, 0, 0, 0)
    xs = [x for x, _ in pts]
    ys = [y for _, y in pts]
    return (min(xs), max(xs), min(ys), max(ys))


def golem_counts(g: Sequence[int]) -> str:
    parts = [f"{LETTERS[k]}{g[k]}" for k in range(3) if g[k]]
    text = " ".join(parts)
    return text if len(text) <= CELL_W else "".join(parts)


def golem_run(g: Sequence[int]) -> str:
    return "".join(LETTERS[k] * g[k] for k in range(3))


@dataclass
class Overlay:
    """What the preview puts on one square."""

    golems: tuple[int, int, int] | None
    note: str
    ghost: int = -1  # tile id laid here (the placement itself)
    rot: int = 0
    side: int = -1


def overlays(v: RivalityState, pv: PlacementPreview | None, ghost: bool) -> dict[int, Overlay]:
    out: dict[int, Overlay] = {}
    if pv is None:
        return out
    if ghost:
        g = [0, 0, 0]
        g[pv.side] = 1
        for sp in pv.delayed:
            if sp.result == "lands":
                g = list(sp.after)
        out[pv.pos] = Overlay((g[0], g[1], g[2]), "", pv.tile, pv.rot, pv.side)
    for sp in pv.spells:
        out[sp.target] = Overlay(sp.after if sp.result == "lands" else None, short_effect(sp, v.expert))
    return out


def short_effect(sp: SpellPreview, expert: bool) -> str:
    """At most seven characters: what the spell does on its square."""
    if sp.result == "empty":
        return "waits" if expert else "lost"
    if sp.result == "magician":
        return "lost @"
    if sp.result == "contested":
        return "never"
    text = f"+{sp.arrive}"
    if sp.shields:
        text += f"{RY.shield}-{sp.shields}"
    cut = sum(sp.removed)
    if cut and len(text) + 3 <= CELL_W:
        text += f" -{cut}"
    return text


class Builder(LineWriter):
    def __init__(
        self,
        v: RivalityState,
        seat: int | None,
        legal: Sequence[Any],
        names: Sequence[str],
        width: int,
        height: int,
        cursor: Key,
        rot: int,
        changed: set[int],
        pv: PlacementPreview | None,
        ghost: bool,
    ) -> None:
        self.out = Board()
        super().__init__(width, table=self.out)
        self.v = v
        self.seat = seat
        self.legal = legal
        self.names = names
        self.height = height
        self.cursor = cursor
        self.rot = rot
        self.changed = changed
        self.pv = pv
        self.ghost = ghost
        self.targets = target_positions(v, legal)
        self.over = overlays(v, pv, ghost)
        if pv is not None and v.mode == "solo":
            # Souramoun mirrors the move: show where it will stand.
            x, y = xy_of(pv.pos)
            mirror = pos_of(x, 5 - y)
            if mirror not in self.over:
                self.over[mirror] = Overlay(None, "@M next")

    # -- helpers ----------------------------------------------------------------------------
    def item(self, key: Key, s: str, *styles: str) -> None:
        """A run showing the piece `key` (a square drawn on several lines is one piece)."""
        idx = self.out.index(key)
        if idx is None:
            self.piece(key, s, "", "", key[0], styles)
        else:
            self.line.append(Seg(s, tuple(x for x in styles if x), idx))

    def fit(self, s: str, room: int) -> str:
        cut = RY.cut
        return s if cell_len(s) <= room else s[: max(0, room - cell_len(cut))] + cut

    # -- sections ---------------------------------------------------------------------------
    def build(self) -> Board:
        top = self.sides_lines()
        bottom = self.bottom_lines()
        room = self.height - len(top) - len(bottom)
        open_bottom = False
        if self.v.mode == "solo":
            # The whole solo layout in view, from the top row (where Souramoun lands) to the
            # bottom row (where you enter): the line under the field, then a one-line score,
            # then the field's bottom rule give way first (the detail panel repeats them).
            _minx, _maxx, miny, maxy = bounds(self.v)
            need = (maxy - miny + 1) * 3 + 1
            if room < need:
                room += len(bottom)
                bottom = []
            if room < need and len(top) > 1:
                room += len(top) - 1
                top = [self.sides_line()]
            open_bottom = room == need - 1
        self.out.lines.extend(top)
        self.field(room + open_bottom, open_bottom)
        self.out.lines.extend(bottom)
        return self.out

    def sides_line(self) -> list[Seg]:
        """Every side on one line, by letter: "▶S Ann 10pt 22g  M Souramoun 11pt 15g"."""
        v = self.v
        scores = score_parts(v)
        self.line = []
        for k in range(v.sides):
            turn = v.phase != "over" and v.side_of[v.turn] == k
            total = sum(scores[0][k]) + scores[1][k] + scores[2][k]
            self.text("  " if k else "")
            self.text(RY.turn if turn else " ", "turn" if turn else "")
            label = f"{LETTERS[k]} {side_who(v, k, self.names)} {total}pt {v.supply[k]}g"
            self.item(("side", k), label, f"s{k}", "turn" if turn else "bold")
        line, self.line = self.line, []
        return line

    def sides_lines(self) -> list[list[Seg]]:
        v = self.v
        scores = score_parts(v)
        lines = []
        wide = self.width >= 60
        # Numbers as wide as the widest of their column: no room spent on padding nobody needs.
        totals = [sum(scores[0][k]) + scores[1][k] + scores[2][k] for k in range(v.sides)]
        tw = max(len(str(n)) for n in totals)
        sw = max(len(str(n)) for n in v.supply[: v.sides])
        pw = max((len(str(len(p))) for p in v.piles[: v.sides]), default=1)
        for k in range(v.sides):
            self.line = []
            turn = v.phase != "over" and v.side_of[v.turn] == k
            mark = RY.turn if turn else " "
            total = totals[k]
            # (A one takes the singular, padded so that the columns after it stay in line.)
            pts = "pt " if abs(total) == 1 else "pts"
            golems = "golem left " if v.supply[k] == 1 else "golems left"
            parts = [f"{total:>{tw}} {pts}" if wide else f"{total:>{tw}}pt"]
            parts.append(f"{v.supply[k]:>{sw}} {golems}" if wide else f"{v.supply[k]:>{sw}}g")
            if v.mode == "duel":
                parts.append(f"pile {len(v.piles[k]):>{pw}}")
                hands = [str(len(v.hands[i])) for i in range(v.seats) if v.side_of[i] == k]
                parts.append("hand " + "+".join(hands))
            else:
                parts.append("you" if k == 0 else "the rival")
            rest = "  ".join(parts) if wide else " ".join(parts)
            room = self.width - cell_len(rest) - 4
            # Name and colour together; a long name gives way, the colour stays.
            colour = f" ({colour_name(v, k)})"
            room = max(4 + cell_len(colour), min(room, 26))
            who = self.fit(side_who(v, k, self.names, " & " if wide else "&"), room - cell_len(colour))
            label = f"{LETTERS[k]} {who + colour:<{room}} {rest}"
            self.text(mark, "turn" if turn else "")
            self.item(("side", k), self.fit(label, self.width - 1), f"s{k}", "turn" if turn else "bold")
            lines.append(self.line)
        self.line = []
        return lines

    def bottom_lines(self) -> list[list[Seg]]:
        v = self.v
        lines: list[list[Seg]] = []
        self.line = []
        if v.mode == "duel" and self.seat is not None and 0 <= self.seat < v.seats:
            hand = v.hands[self.seat]
            for i, t in enumerate(hand):
                self.text(" " if i else ("Hand " if self.width >= 40 else "H "), "label")
                if i and self.width >= 40:
                    self.text("     ")
                legal = any(
                    (isinstance(a, ChooseTile) and a.tile == t) or isinstance(a, Mulligan) for a in self.legal
                )
                chosen = t == v.chosen and v.turn == self.seat and v.phase in ("place", "orient")
                label = f"{i + 1} {tile_token(t)}" if t >= 0 else f"{i + 1} hidden tile"
                if chosen:
                    label += " (laying)"
                room = self.width - sum(cell_len(s.text) for s in self.line)
                self.item(
                    ("hand", i), self.fit(label, room), "legal" if legal else "", "picked" if chosen else ""
                )
                lines.append(self.line)
                self.line = []
        info = self.info_lines()
        lines.extend(info)
        legend = legend_line()
        if self.height >= 30 and self.width >= len(legend):
            lines.append([Seg(legend, ("dim",))])
        self.line = []
        return lines

    def info_lines(self) -> list[list[Seg]]:
        """The preview in short, or what Enter does now."""
        v = self.v
        out: list[list[Seg]] = []
        pv = self.pv
        if pv is not None:
            head = f"{RY.front[pv.rot]} " if v.mode == "duel" else "You: "
            tokens = [preview_token(sp, v.expert) for sp in pv.spells]
            tokens += ["delayed " + preview_token(sp, v.expert) for sp in pv.delayed]
            tokens += [f"siege {RY.gains}{LETTERS[sg.taker]}" for sg in pv.sieges]
            if not tokens:
                tokens = ["no spells"]
            line: list[Seg] = [Seg(head, ("label",))]
            used = cell_len(head)
            tail = "  r turns" if v.mode == "duel" and self.legal else ""
            if v.mode == "solo":
                x, y = xy_of(pv.pos)
                tail = f"  M to ({x}, {5 - y})"
            for n, tok in enumerate(tokens):
                piece = ("  " if n else "") + tok
                if used + cell_len(piece) + cell_len(tail) > self.width:
                    if self.height >= 30:
                        out.append(line)
                        line = [Seg("  ", ())]
                        used = 2
                        piece = tok
                    else:
                        line.append(Seg(RY.cut, ("dim",)))
                        used += cell_len(RY.cut)
                        tail = ""
                        break
                line.append(Seg(piece, ("preview",)))
                used += cell_len(piece)
            if tail and used + cell_len(tail) <= self.width:
                line.append(Seg(tail, ("dim",)))
            out.append(line)
            return out
        hint = self.hint()
        if hint:
            out.append([Seg(self.fit(hint, self.width), ("dim",))])
        return out

    def hint(self) -> str:
        v = self.v
        if not self.legal:
            if v.phase == "over":
                return "The game is over."
            return ""
        ph = v.phase
        if ph == "tile":
            return "Enter (or 1/2) lays that tile next"
        if ph == "mulligan":
            return "Neither tile reaches the Mana Well: Enter to redraw or keep"
        if ph == "place":
            return f"Move to a {RY.target} square; r turns the tile"
        if ph == "orient":
            return "r turns the tile, Enter lays it"
        if ph == "remove":
            return "Tied opponents over the limit: Enter picks whose golem goes"
        if ph == "delayed":
            return "Enter on a marked tile fires its delayed spell first"
        if ph == "move":
            return "Enter moves your magician to a marked tile"
        return ""

    # -- the battlefield --------------------------------------------------------------------
    def has(self, x: int, y: int) -> bool:
        p = pos_of(x, y)
        return p in self.v.at or (p in self.over and self.over[p].ghost >= 0)

    def field(self, room: int, open_bottom: bool = False) -> None:
        """The battlefield window in `room` lines (`open_bottom`: without the closing rule)."""
        v = self.v
        b = bounds(v)
        minx, maxx, miny, maxy = b
        bw, bh = maxx - minx + 1, maxy - miny + 1
        cols = max(1, min(bw, (self.width - 1) // PITCH_W))
        # The fuller box when the whole field fits that way or when it shows as much as the short one.
        inner = 3
        rows3 = max(1, (room - 1) // 4)
        rows2 = max(1, (room - 1) // 3)
        if min(bh, rows3) < min(bh, rows2):
            inner = 2
        rows = max(1, min(bh, (room - 1) // (inner + 1)))
        cx, cy = (
            (self.cursor[1], self.cursor[2]) if self.cursor[0] == "cell" else (minx + bw // 2, miny + bh // 2)
        )
        x0 = minx if bw <= cols else max(minx, min(cx - cols // 2, maxx - cols + 1))
        y0 = miny if bh <= rows else max(miny, min(cy - rows // 2, maxy - rows + 1))
        self.out.window = Window(x0, y0, cols, rows, inner, b)
        pad = " " * max(0, (self.width - (cols * PITCH_W + 1)) // 2)
        more = (x0 > minx, x0 + cols - 1 < maxx, y0 > miny, y0 + rows - 1 < maxy)
        for r in range(rows + 1):
            y = y0 + r
            if r == rows and open_bottom:
                break
            self.line = [Seg(pad)] if pad else []
            for c in range(cols + 1):
                x = x0 + c
                up = self.has(x - 1, y - 1) or self.has(x, y - 1)
                down = self.has(x - 1, y) or self.has(x, y)
                left = self.has(x - 1, y - 1) or self.has(x - 1, y)
                right = self.has(x, y - 1) or self.has(x, y)
                self.text(corner((up, down, left, right)), "dim")
                if c < cols:
                    edge = RY.box[0] * CELL_W if right else " " * CELL_W
                    if c == cols // 2 and ((r == 0 and more[2]) or (r == rows and more[3])):
                        arrow = RY.more_up if r == 0 else RY.more_down
                        start = (CELL_W - len(arrow)) // 2
                        edge = edge[:start] + arrow + edge[start + len(arrow) :]
                    self.text(edge, "dim")
            self.newline()
            if r == rows:
                break
            for i in range(inner):
                self.line = [Seg(pad)] if pad else []
                for c in range(cols + 1):
                    x = x0 + c
                    bar = RY.box[1] if self.has(x - 1, y) or self.has(x, y) else " "
                    middle = r == rows // 2 and i == inner // 2
                    if c == 0 and more[0] and middle:
                        bar = RY.more_left
                    if c == cols and more[1] and middle:
                        bar = RY.more_right
                    self.text(bar, "dim")
                    if c < cols:
                        text, styles = self.cell_line(x, y, i, inner)
                        self.item(("cell", x, y), text, *styles)
                self.newline()

    def cell_line(self, x: int, y: int, i: int, inner: int) -> tuple[str, tuple[str, ...]]:
        """Line `i` of the box at (x, y): exactly CELL_W characters, and its styles."""
        v = self.v
        p = pos_of(x, y)
        c = v.at.get(p)
        ov = self.over.get(p)
        marks: list[str] = []
        if p in self.targets:
            marks.append("legal")
        if p in self.changed:
            marks.append("new")
        if ov is not None and ov.ghost >= 0:
            g = ov.golems or (0, 0, 0)
            laid = TILES[ov.ghost]
            lines = self.tile_lines(
                laid.kind, laid.value, laid.shields, ov.rot, g, ov.side, False, ov.side, inner
            )
            return lines[i].ljust(CELL_W)[:CELL_W], ("preview", *marks)
        if c is None:
            return self.empty_line(p, i, inner), tuple(marks)
        t = v.tile[c]
        g = (v.golems[c * 3], v.golems[c * 3 + 1], v.golems[c * 3 + 2])
        k = v.ctrl[c]
        mage = next((s for s in range(v.sides) if v.mage[s] == c), -1)
        if t < 0:
            if ov is not None and ov.note and i == inner - 1:
                # Where Souramoun follows you: often one of its face-down lands.
                return ov.note.center(CELL_W)[:CELL_W], ("preview", *marks)
            text = ("  ???  ", "face", "down ")[i] if inner == 3 else ("  ???  ", " down  ")[i]
            return text.ljust(CELL_W), ("dim", *marks)
        tile = TILES[t]
        ent = k >= 0 and g[k] == 5
        if ov is not None:
            lines = self.tile_lines(
                tile.kind, tile.value, tile.shields, v.rot[c], ov.golems or g, k, ent, mage, inner
            )
            # The spell's effect replaces the controller line (the first line when boxes are short).
            note_row = inner - 1 if inner == 3 else 0
            if i == note_row:
                return ov.note.ljust(CELL_W)[:CELL_W], ("preview", *marks)
            if ov.golems is not None and i == (1 if inner == 3 else 1):
                return lines[i].ljust(CELL_W)[:CELL_W], ("preview", *marks)
            return lines[i].ljust(CELL_W)[:CELL_W], (f"s{k}" if k >= 0 else "", *marks)
        lines = self.tile_lines(tile.kind, tile.value, tile.shields, v.rot[c], g, k, ent, mage, inner)
        styles = [f"s{k}" if k >= 0 else "", *marks]
        if t == 0:
            styles.append("bold")
        return lines[i].ljust(CELL_W)[:CELL_W], tuple(styles)

    def tile_lines(
        self,
        kind: str,
        value: int,
        shields: int,
        rot: int,
        g: Sequence[int],
        k: int,
        ent: bool,
        mage: int,
        inner: int,
    ) -> list[str]:
        spells = kind != "Mana Well"
        arrow = RY.front[rot] if spells else " "
        ctrl = LETTERS[k] if k >= 0 else (RY.contested if sum(g) else " ")
        at = f"{RY.magician}{LETTERS[mage]}" if mage >= 0 else "  "
        dug = RY.entrenched if ent else " "
        sh = f"{RY.shield}{shields}" if shields else "  "
        if inner == 3:
            first = f"{KIND_LETTER[kind]}{value} {sh} {arrow}"
            third = f"{ctrl}{dug}   {at}"
            return [first, golem_counts(g), third]
        first = f"{KIND_LETTER[kind]}{value}{sh}{arrow}{ctrl}{dug}"
        second = golem_run(g).ljust(5) + at
        return [first, second]

    def empty_line(self, p: int, i: int, inner: int) -> str:
        v = self.v
        ov = self.over.get(p)
        mid = inner // 2
        if ov is not None and i == mid:
            return ov.note.center(CELL_W)[:CELL_W]
        if p in self.targets and v.phase == "place" and i == mid:
            return RY.target.center(CELL_W)
        if v.expert and v.mode == "duel" and i == inner - 1 and p in v.frontier:
            waiting = waiting_spells(v, p)
            if waiting:
                per = [0, 0, 0]
                for _c, _e, g, k in waiting:
                    if k >= 0:
                        per[k] += g
                text = RY.waiting + "".join(f"{LETTERS[k]}{per[k]}" for k in range(3) if per[k])
                return text[:CELL_W].ljust(CELL_W)
        if i == mid and (self.has(*xy_of(p)) or self.boxed(p)):
            # An empty square enclosed by tiles must not look like a tile without golems.
            return RY.empty.center(CELL_W)
        return " " * CELL_W

    def boxed(self, p: int) -> bool:
        x, y = xy_of(p)
        return any(self.has(x + dx, y + dy) for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)))


def build(
    v: RivalityState,
    seat: int | None,
    legal: Sequence[Any],
    names: Sequence[str],
    width: int,
    height: int,
    cursor: Key,
    rot: int,
    changed: set[int],
    pv: PlacementPreview | None,
    ghost: bool,
) -> Board:
    """The board for `width`×`height`. `pv` is the preview to draw (`ghost`: draw the tile being
    laid at its square too)."""
    return Builder(v, seat, legal, names, width, height, cursor, rot, changed, pv, ghost).build()
