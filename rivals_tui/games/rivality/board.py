"""The Rivality board: the sides, the battlefield window and your hand, drawn line by line.

The board shows one seat's view: each side's running score, golems left in the supply, pile and
hand sizes; the battlefield, which grows in every direction, through a window that follows the
cursor; your own hand. While you lay a tile, the square under the cursor shows it as it would
lie and every square its spells reach shows the outcome (from the engine's preview helper);
`r` turns the tile. Squares where Enter does something now are underlined; squares that changed
with the last move are highlighted.

Keys: arrows (or j/k) move the cursor, Tab jumps between the battlefield, your hand and the
sides, Enter chooses what the focused piece stands for (a short list when several fit), r and
R turn the tile being laid, 1 and 2 pick a tile of your hand. Every focused piece posts its
full text for the detail panel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.binding import Binding

from engine.core import Event
from engine.rivality.actions import CastDelayed, ChooseTile, MoveMagician, Orient, PlaceAt, RemoveGolem
from engine.rivality.data import COLOURS, DIR_NAMES, EDGE_NAMES, TILES, pos_of, xy_of
from engine.rivality.preview import PlacementPreview, preview
from engine.rivality.state import RivalityState
from rivals_tui.games.rivality.layout import Board, bounds, build
from rivals_tui.games.rivality.targets import Key, actions_at, key_pos, target_positions
from rivals_tui.games.rivality.texts import (
    EDGE_LETTER,
    KIND_LETTER,
    LETTERS,
    cell_detail,
    empty_detail,
    preview_sentence,
    preview_text,
    side_detail,
    spell_lines,
    tile_token,
    where,
)
from rivals_tui.glyphs import RIVALITY
from rivals_tui.widgets.lineboard import LineBoard, Table
from rivals_tui.widgets.linestyle import BASE_LOOKS, board_css, component_classes

AREAS = ("cell", "hand", "side")

LOOKS = {
    **BASE_LOOKS,
    # Each side's colour stays apart from plain text and the others in 16 colours too: these map
    # to bright red, bright magenta and bright cyan (a paler mauve turned into plain white).
    "s0": "color: #ff8c69;",
    "s1": "color: #c070f0;",
    "s2": "color: #40e0d0;",
    "new": "background: $accent 35%;",
    "preview": "color: $success; text-style: bold italic;",
    "picked": "text-style: reverse; color: $success;",
}


def changed_squares(old: RivalityState | None, new: RivalityState) -> set[int]:
    """Squares whose tile, golems, controller or magician differ between two views."""
    if old is None or old.mode != new.mode:
        return set()
    out: set[int] = set()
    for c, p in enumerate(new.pos):
        o = old.at.get(p)
        if o is None:
            out.add(p)
            continue
        if (
            new.golems[c * 3 : c * 3 + 3] != old.golems[o * 3 : o * 3 + 3]
            or new.ctrl[c] != old.ctrl[o]
            or new.tile[c] != old.tile[o]
            or (c in new.mage) != (o in old.mage)
        ):
            out.add(p)
    return out


class RivalityBoard(LineBoard):
    """The Rivality table for the seat at the keyboard; the cursor moves square by square."""

    PREFIX = "rv"
    GLYPHS = RIVALITY
    FALLBACK_SIZE = (46, 20)
    COMPONENT_CLASSES = component_classes("rv", LOOKS)
    DEFAULT_CSS = board_css("RivalityBoard", "rv", LOOKS)

    BINDINGS = [
        Binding(
            "enter",
            "choose",
            "Choose",
            tooltip="Do what the focused square or tile stands for",
            id="rv.choose",
        ),
        Binding("r", "turn(1)", "Turn", tooltip="Turn the tile being laid a quarter clockwise", id="rv.turn"),
        Binding(
            "R",
            "turn(-1)",
            "Turn back",
            show=False,
            tooltip="Turn the tile a quarter anticlockwise",
            id="rv.turn_back",
        ),
        Binding(
            "1", "hand(0)", "Tile 1", show=False, tooltip="Lay the first tile of your hand", id="rv.tile1"
        ),
        Binding(
            "2", "hand(1)", "Tile 2", show=False, tooltip="Lay the second tile of your hand", id="rv.tile2"
        ),
        Binding("down,j", "walk(0,1)", "Down", show=False, id="rv.down"),
        Binding("up,k", "walk(0,-1)", "Up", show=False, id="rv.up"),
        Binding("right", "walk(1,0)", "Right", show=False, id="rv.right"),
        Binding("left", "walk(-1,0)", "Left", show=False, id="rv.left"),
        Binding("tab", "area(1)", "Next area", show=False, id="rv.next_area"),
        Binding("shift+tab", "area(-1)", "Previous area", show=False, id="rv.prev_area"),
    ]

    def __init__(self, game: Any, **given: Any) -> None:
        super().__init__(game, **given)
        self.cursor_key = ("cell", 0, 0)
        self.rot = 0

    @property
    def cursor(self) -> Key:
        """The focused piece: ("cell", x, y), ("hand", i) or ("side", k)."""
        return self.cursor_key if self.cursor_key is not None else ("cell", 0, 0)

    @cursor.setter
    def cursor(self, key: Key) -> None:
        self.cursor_key = key

    def is_fresh(self, old: Any, events: Sequence[Event]) -> bool:
        # A new phase or turn is a new decision even when no event came with it.
        new: RivalityState = self.view
        return (
            bool(events)
            or old is None
            or (old.phase, old.turn, old.turns) != (new.phase, new.turn, new.turns)
        )

    def changes(self, before: Any, after: Any) -> set[Any]:
        return set(changed_squares(before, after))

    def table_follows_cursor(self) -> bool:
        # The window is centred on the cursor and the preview drawn for its square.
        return True

    # -- what is shown ----------------------------------------------------------------------
    def current_preview(self) -> tuple[PlacementPreview | None, bool]:
        """The preview to draw now, and whether the tile itself is drawn at its square."""
        v: RivalityState | None = self.view
        if v is None or self.seat is None:
            return None, False
        mine = v.turn == self.seat and v.actor == self.seat
        if v.mode == "duel" and mine and v.chosen >= 0:
            if v.phase == "orient" and v.target >= 0:
                return preview(v, v.chosen, v.target, self.rot), True
            p = key_pos(self.cursor)
            if v.phase == "place" and p is not None and p in v.frontier:
                return preview(v, v.chosen, p, self.rot), True
        if v.mode == "solo" and v.phase == "move" and mine:
            p = key_pos(self.cursor)
            if p is not None and p in v.reach:
                c = v.at[p]
                if v.tile[c] >= 0:
                    return preview(v, v.tile[c], p, v.rot[c], side=0), False
        return None, False

    def board(self) -> Board:
        """The board as drawn now (lines, pieces, the battlefield window)."""
        table = self.table()
        return table if isinstance(table, Board) else Board()

    def build_table(self, width: int, height: int) -> Table:
        pv, ghost = self.current_preview()
        return build(
            self.view,
            self.seat,
            self.legal,
            self.names,
            width,
            height,
            self.cursor,
            self.rot,
            self.changed,
            pv,
            ghost,
        )

    def actions_for(self, key: Key) -> Sequence[Any]:
        return actions_at(self.view, self.legal, key, self.rot)

    def choices(self, key: Key) -> Sequence[Any]:
        acts = self.actions_for(key)
        if not acts and self.legal and isinstance(self.legal[0], Orient):
            # Orienting: Enter anywhere lays the tile the way it faces now.
            acts = [a for a in self.legal if a.rot == self.rot]
        return acts

    def verb(self, acts: Sequence[Any]) -> str:
        if len(acts) == 1:
            return self.words(self.game.describe(self.view, acts[0])).rstrip(".")
        return super().verb(acts)

    def picker_title(self, key: Key) -> str:
        return (
            self.words(self.game.prompt(self.view, self.seat).text) if self.seat is not None else "Which one?"
        )

    def codes(self) -> list[tuple[str, str]]:
        sides = ", ".join(f"{LETTERS[k]} {COLOURS[k]}" for k in range(3))
        kinds = ", ".join(f"{letter} {kind}" for kind, letter in KIND_LETTER.items())
        edges = ", ".join(f"{EDGE_LETTER[e]} {EDGE_NAMES[e]}" for e in range(3))
        return [
            (" ".join(LETTERS), f"the sides by colour: {sides}"),
            ("S3 M2", "golems on a tile, by side (S3: three of Salmon's)"),
            ("SSM", "golems in a short box: one letter per golem"),
            ("S", "a lone side letter in a box (after the arrow, or first on the last line): its controller"),
            (" ".join(KIND_LETTER.values()), f"tile kinds: {kinds}; the number after it is its value"),
            ("??? down", "a face-down tile (solo): its spells are unknown until it turns up"),
            (" ".join(EDGE_LETTER), f"a tile's spells by edge: {edges}"),
            ("L3x2", "a spell: three golems sent two squares away"),
            ("+2", "in a preview: golems arriving on the square"),
            ("-1", "in a preview: golems destroyed by shields or sent back over five"),
            ("waits lost never", "in a preview: the spell waits (expert), is lost, or never fires"),
            ("@M next", "solo: where Souramoun's magician follows you"),
            ("siege", "in a preview: a tile the placement besieges, and the side it falls to"),
            ("4pt 26g", "running score and golems left in the supply"),
            ("pile 8 hand 2", "tiles left in the side's pile and in each player's hand"),
        ]

    def focus_action(self, action: Any) -> bool:
        """The cursor to the square (or hand tile) an action names, even outside the window."""
        v: RivalityState | None = self.view
        if v is None:
            return False
        p = None
        if isinstance(action, (PlaceAt, MoveMagician)):
            p = action.pos
        elif isinstance(action, Orient) and v.target >= 0:
            p = v.target
            self.rot = action.rot
        elif isinstance(action, RemoveGolem) and v.cut_cell >= 0:
            p = v.pos[v.cut_cell]
        elif isinstance(action, CastDelayed):
            p = v.pos[action.spell >> 2]
        elif isinstance(action, ChooseTile) and action.tile in self._hand():
            self._set_cursor(("hand", self._hand().index(action.tile)))
            return True
        if p is None:
            return super().focus_action(action)
        x, y = xy_of(p)
        self._table = None
        self._set_cursor(("cell", x, y))
        return True

    # -- the cursor -------------------------------------------------------------------------
    def _hand(self) -> list[int]:
        v: RivalityState = self.view
        if v is None or v.mode != "duel" or self.seat is None or not 0 <= self.seat < v.seats:
            return []
        return v.hands[self.seat]

    def place_cursor(self, fresh: bool) -> None:
        v: RivalityState = self.view
        if v is None:
            return
        minx, maxx, miny, maxy = bounds(v)
        key = self.cursor
        if key[0] == "hand" and key[1] >= len(self._hand()):
            key = ("hand", 0) if self._hand() else ("cell", 0, 0)
        if key[0] == "side" and key[1] >= v.sides:
            key = ("side", 0)
        if key[0] == "cell":
            key = ("cell", max(minx, min(key[1], maxx)), max(miny, min(key[2], maxy)))
        if fresh and self.legal:
            key = self._decision_key(key)
        self.cursor = key
        self._table = None

    def _decision_key(self, key: Key) -> Key:
        """Where the cursor goes when a decision starts: the piece the decision is about."""
        v: RivalityState = self.view
        ph = v.phase
        if ph in ("tile", "mulligan"):
            return key if key[0] == "hand" else ("hand", 0)
        spots = target_positions(v, self.legal)
        if not spots:
            return key
        p = key_pos(key)
        if p in spots:
            return key
        # The nearest square that can be chosen, from the cursor (or the Mana Well).
        x, y = xy_of(p) if p is not None else (0, 0)
        if v.mode == "duel" and ph == "place" and v.placed >= 0:
            x, y = xy_of(v.pos[v.placed])
        best = min(
            spots, key=lambda q: (abs(xy_of(q)[0] - x) + abs(xy_of(q)[1] - y), xy_of(q)[1], xy_of(q)[0])
        )
        bx, by = xy_of(best)
        return ("cell", bx, by)

    def action_walk(self, dx: int, dy: int) -> None:
        """Arrows: square by square on the battlefield, off its edges to the sides or the hand."""
        v: RivalityState = self.view
        if v is None:
            return
        minx, maxx, miny, maxy = bounds(v)
        key = self.cursor
        if key[0] == "cell":
            x, y = key[1] + dx, key[2] + dy
            if y < miny:
                self._set_cursor(("side", v.sides - 1))
                return
            if y > maxy:
                if self._hand():
                    self._set_cursor(("hand", 0))
                return
            self._set_cursor(("cell", max(minx, min(x, maxx)), y))
            return
        if key[0] == "side":
            n = key[1] + dy
            if n >= v.sides:
                self._set_cursor(self._field_key(top=True))
            elif n >= 0:
                self._set_cursor(("side", n))
            return
        if key[0] == "hand":
            n = key[1] + dy
            if n < 0:
                self._set_cursor(self._field_key(top=False))
            elif n < len(self._hand()):
                self._set_cursor(("hand", n))

    def _field_key(self, top: bool) -> Key:
        v: RivalityState = self.view
        win = self.board().window
        minx, maxx, miny, maxy = bounds(v)
        x = max(minx, min(win.x0 + win.cols // 2, maxx))
        return ("cell", x, win.y0 if top else min(maxy, win.y0 + win.rows - 1))

    def action_area(self, delta: int) -> None:
        v: RivalityState = self.view
        if v is None:
            return
        present = [a for a in AREAS if a != "hand" or self._hand()]
        cur = present.index(self.cursor[0]) if self.cursor[0] in present else 0
        area = present[(cur + delta) % len(present)]
        if area == "cell":
            spots = target_positions(v, self.legal)
            if spots:
                self._set_cursor(self._decision_key(("cell", 0, 0)))
            else:
                p = v.pos[v.placed] if v.placed >= 0 else (v.pos[0] if v.pos else pos_of(0, 0))
                x, y = xy_of(p)
                self._set_cursor(("cell", x, y))
        elif area == "hand":
            self._set_cursor(("hand", 0))
        else:
            self._set_cursor(("side", v.side_of[self.seat] if self.seat is not None else 0))

    # -- the detail panel -------------------------------------------------------------------
    def detail(self) -> tuple[str, str]:
        """Title and full text for the focused piece, with seat names; what Enter does first."""
        v: RivalityState = self.view
        key = self.cursor
        title, text = "", ""
        if key[0] == "side":
            title, text = side_detail(v, key[1], self.names, self.seat)
        elif key[0] == "hand":
            hand = self._hand()
            t = hand[key[1]] if key[1] < len(hand) else -1
            if t >= 0:
                tile = TILES[t]
                title = f"Your tile {key[1] + 1}: {tile.kind}"
                lines = [tile_token(t), "Spells as printed (front facing north):"]
                lines += spell_lines(t, 0)
                if tile.star:
                    lines.append("The star tile of pile B.")
                text = "\n".join(lines)
            else:
                title, text = "Hidden tile", "Not yours to see."
        else:
            p = pos_of(key[1], key[2])
            c = v.at.get(p)
            pv, ghost = self.current_preview()
            if c is not None:
                title, text = cell_detail(v, c, self.names)
            else:
                title, text = empty_detail(v, p, self.names, p in v.frontier)
            if pv is not None and (pv.pos == p or (v.mode == "solo" and p in v.reach)):
                text = preview_text(v, pv, self.names) + "\n\n" + text
                note = "r turns the tile.\n" if v.mode == "duel" else self._solo_note(p)
                text = note + text
            elif pv is not None:
                hits = [sp for sp in pv.spells if sp.target == p] + [
                    sp for sp in pv.delayed if sp.target == p
                ]
                if hits:
                    text = "\n".join(preview_sentence(v, sp, self.names) for sp in hits) + "\n\n" + text
        note = self.enter_note(key)
        if note:
            text = f"{note}\n{text}"
        elif v.phase == "orient" and self.legal:
            text = f"Enter lays the tile facing {DIR_NAMES[self.rot]}.\n{text}"
        return self.words(title), self.words(text)

    def _solo_note(self, p: int) -> str:
        """Solo: where Souramoun follows you and what its tile does, before your own spells."""
        v: RivalityState = self.view
        x, y = xy_of(p)
        m = pos_of(x, 5 - y)
        c = v.at[m]
        lines = [f"Souramoun follows to {where(m)} and casts first."]
        if v.tile[c] >= 0:
            spv = preview(v, v.tile[c], m, v.rot[c], side=1)
            lines += [preview_sentence(v, sp, self.names) for sp in spv.spells]
        else:
            lines.append("Its tile there is face down: its spells are unknown until it turns up.")
        lines.append("Then yours, if you still hold your tile:")
        return "\n".join(lines) + "\n"

    # -- keys of its own ------------------------------------------------------------------
    def action_turn(self, delta: int) -> None:
        v: RivalityState = self.view
        if v is None or v.mode != "duel" or v.phase not in ("place", "orient", "tile"):
            return
        self.rot = (self.rot + delta) % 4
        self._table = None
        self.post_detail()
        self.refresh()
        if v.phase != "tile" and self.legal:
            self.tell(f"Front facing {DIR_NAMES[self.rot]}.")

    def action_hand(self, i: int) -> None:
        hand = self._hand()
        if i < len(hand) and ChooseTile(hand[i]) in self.legal:
            self._chosen(ChooseTile(hand[i]))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        v: RivalityState | None = self.view
        if action == "turn":
            ok = v is not None and v.mode == "duel" and v.phase in ("place", "orient") and bool(self.legal)
            return True if ok else None
        if action == "hand":
            return True if any(isinstance(a, ChooseTile) for a in self.legal) else None
        return super().check_action(action, parameters)
