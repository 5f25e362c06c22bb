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

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.dom import NoScreen
from textual.strip import Strip

from engine.core import Event
from engine.rivality.actions import ChooseTile, Orient
from engine.rivality.data import DIR_NAMES, TILES, pos_of, xy_of
from engine.rivality.preview import PlacementPreview, preview
from engine.rivality.state import RVState
from rivals_tui.games.rivality.layout import Board, bounds, build
from rivals_tui.games.rivality.targets import Key, actions_at, key_pos, target_positions
from rivals_tui.games.rivality.texts import (
    cell_detail,
    empty_detail,
    preview_sentence,
    preview_text,
    side_detail,
    spell_lines,
    tile_token,
    where,
)
from rivals_tui.widgets.board import GameBoard

AREAS = ("cell", "hand", "side")


def changed_squares(old: RVState | None, new: RVState) -> set[int]:
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


class RivalityBoard(GameBoard):
    """The Rivality table for the seat at the keyboard."""

    can_focus = True

    COMPONENT_CLASSES = {
        "rv--s0",
        "rv--s1",
        "rv--s2",
        "rv--legal",
        "rv--cursor",
        "rv--new",
        "rv--dim",
        "rv--turn",
        "rv--label",
        "rv--preview",
        "rv--picked",
        "rv--bold",
    }

    DEFAULT_CSS = """
    RivalityBoard { height: 1fr; width: 1fr; }
    RivalityBoard > .rv--s0 { color: #ff8c69; }
    RivalityBoard > .rv--s1 { color: #b48cff; }
    RivalityBoard > .rv--s2 { color: #40e0d0; }
    RivalityBoard > .rv--legal { text-style: bold underline; }
    RivalityBoard > .rv--cursor { text-style: reverse bold; }
    RivalityBoard > .rv--new { background: $accent 35%; }
    RivalityBoard > .rv--dim { color: $text-muted; }
    RivalityBoard > .rv--turn { text-style: bold; color: $accent; }
    RivalityBoard > .rv--label { color: $text-muted; text-style: bold; }
    RivalityBoard > .rv--preview { color: $success; text-style: bold italic; }
    RivalityBoard > .rv--picked { text-style: reverse; color: $success; }
    RivalityBoard > .rv--bold { text-style: bold; }
    """

    BINDINGS = [
        Binding(
            "enter",
            "choose",
            "Choose",
            tooltip="Do what the focused square or tile stands for",
            id="rv.choose",
        ),
        Binding(
            "r", "turn(1)", "Turn tile", tooltip="Turn the tile being laid a quarter clockwise", id="rv.turn"
        ),
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
        Binding("down,j", "move(0,1)", "Down", show=False, id="rv.down"),
        Binding("up,k", "move(0,-1)", "Up", show=False, id="rv.up"),
        Binding("right", "move(1,0)", "Right", show=False, id="rv.right"),
        Binding("left", "move(-1,0)", "Left", show=False, id="rv.left"),
        Binding("tab", "area(1)", "Next area", show=False, id="rv.next_area"),
        Binding("shift+tab", "area(-1)", "Previous area", show=False, id="rv.prev_area"),
    ]

    def __init__(self, game: Any, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(game, id=id, classes=classes)
        self.names: list[str] = []
        self.changed: set[int] = set()
        self.cursor: Key = ("cell", 0, 0)
        self.rot = 0
        self._board: Board | None = None
        self._board_for: tuple[int, int] = (0, 0)
        self._posted: tuple[str, str] | None = None
        self._last_view: RVState | None = None
        self._turn_key: tuple[int, int] | None = None

    # -- the plug-in call -------------------------------------------------------------------
    def show(self, view: Any, seat: int | None, legal: Sequence[Any], events: Sequence[Event]) -> None:
        old = self.view
        super().show(view, seat, legal, events)
        self.names = self._seat_names(view.seats)
        if events or old is None:
            self.changed = changed_squares(self._last_view, view)
            self._last_view = view
        turn_key = (view.turns, view.turn)
        if turn_key != self._turn_key and view.phase in ("tile", "place", "mulligan"):
            self._turn_key = turn_key
        self._board = None
        self._place_cursor(fresh=bool(events) or old is None or self._phase_changed(old, view))
        self._post_detail()
        self.refresh()

    @staticmethod
    def _phase_changed(old: Any, new: RVState) -> bool:
        return old is None or (old.phase, old.turn, old.turns) != (new.phase, new.turn, new.turns)

    def _seat_names(self, seats: int) -> list[str]:
        try:
            session = getattr(self.screen, "session", None)
        except NoScreen:
            session = None
        specs = getattr(session, "seats", None)
        if specs is not None and len(specs) == seats:
            return [s.name for s in specs]
        return [f"Player {i + 1}" for i in range(seats)]

    # -- what is shown ----------------------------------------------------------------------
    def current_preview(self) -> tuple[PlacementPreview | None, bool]:
        """The preview to draw now, and whether the tile itself is drawn at its square."""
        v: RVState | None = self.view
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
        size = (self.size.width or 46, self.size.height or 20)
        if self._board is None or self._board_for != size:
            self._board = self._build(*size)
            self._board_for = size
        return self._board

    def _build(self, width: int, height: int) -> Board:
        if self.view is None:
            return Board()
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

    def rendered_text(self) -> str:
        """Everything the board shows now, as plain text (for tests and screen readers)."""
        return self.board().text()

    def on_resize(self) -> None:
        self._board = None
        self.refresh()

    # -- the cursor -------------------------------------------------------------------------
    def _hand(self) -> list[int]:
        v: RVState = self.view
        if v is None or v.mode != "duel" or self.seat is None or not 0 <= self.seat < v.seats:
            return []
        return v.hands[self.seat]

    def _place_cursor(self, fresh: bool) -> None:
        v: RVState = self.view
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
        self._board = None

    def _decision_key(self, key: Key) -> Key:
        """Where the cursor goes when a decision starts: the piece the decision is about."""
        v: RVState = self.view
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

    def _set_cursor(self, key: Key) -> None:
        self.cursor = key
        self._board = None
        self._post_detail()
        self.refresh()

    def action_move(self, dx: int, dy: int) -> None:
        v: RVState = self.view
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
        v: RVState = self.view
        win = self.board().window
        minx, maxx, miny, maxy = bounds(v)
        x = max(minx, min(win.x0 + win.cols // 2, maxx))
        return ("cell", x, win.y0 if top else min(maxy, win.y0 + win.rows - 1))

    def action_area(self, delta: int) -> None:
        v: RVState = self.view
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
        """Title and full text for the focused piece; what Enter does comes first."""
        v: RVState = self.view
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
        acts = actions_at(v, self.legal, key, self.rot)
        if acts:
            verb = (
                f"pick one of {len(acts)} choices"
                if len(acts) > 1
                else self.words(self.game.describe(v, acts[0]))
            )
            text = f"Enter: {verb.rstrip('.')}.\n{text}"
        elif v.phase == "orient" and self.legal:
            text = f"Enter lays the tile facing {DIR_NAMES[self.rot]}.\n{text}"
        return title, text

    def _solo_note(self, p: int) -> str:
        """Solo: where Souramoun follows you and what its tile does, before your own spells."""
        v: RVState = self.view
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

    def _post_detail(self) -> None:
        if self.view is None:
            return
        title, text = self.detail()
        msg = (self.words(title), self.words(text))
        if msg != self._posted:
            self._posted = msg
            self.post_message(self.DetailChanged(*msg))

    # -- choosing ---------------------------------------------------------------------------
    def action_choose(self) -> None:
        v: RVState = self.view
        if v is None or not self.legal:
            return
        acts = actions_at(v, self.legal, self.cursor, self.rot)
        if not acts and isinstance(self.legal[0], Orient):
            acts = [a for a in self.legal if a.rot == self.rot]
        if not acts:
            self.tell("Nothing to choose there: underlined pieces can be; a lists every choice.")
            return
        if len(acts) == 1:
            self._chosen(acts[0])
            return
        from rivals_tui.widgets.action_picker import ActionPicker

        entries: list[tuple[Any, str, str | None]] = [
            (a, self.words(self.game.describe(v, a)), None) for a in acts
        ]
        title = self.words(self.game.prompt(v, self.seat).text) if self.seat is not None else "Which one?"
        self.app.push_screen(ActionPicker(title, entries), self._picked)

    def _picked(self, action: Any) -> None:
        if action is not None:
            self._chosen(action)

    def _chosen(self, action: Any) -> None:
        self._board = None
        self.post_message(self.ActionChosen(action))

    def action_turn(self, delta: int) -> None:
        v: RVState = self.view
        if v is None or v.mode != "duel" or v.phase not in ("place", "orient", "tile"):
            return
        self.rot = (self.rot + delta) % 4
        self._board = None
        self._post_detail()
        self.refresh()
        if v.phase != "tile" and self.legal:
            self.tell(f"Front facing {DIR_NAMES[self.rot]}.")

    def action_hand(self, i: int) -> None:
        hand = self._hand()
        if i < len(hand) and ChooseTile(hand[i]) in self.legal:
            self._chosen(ChooseTile(hand[i]))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        v: RVState | None = self.view
        if action == "turn":
            ok = v is not None and v.mode == "duel" and v.phase in ("place", "orient") and bool(self.legal)
            return True if ok else None
        if action == "hand":
            return True if any(isinstance(a, ChooseTile) for a in self.legal) else None
        if action == "choose":
            return True if self.legal else None
        return True

    # -- drawing ----------------------------------------------------------------------------
    def _style(self, names: tuple[str, ...], cursor: bool) -> Style:
        style = Style()
        for n in names:
            style += self.get_component_rich_style(f"rv--{n}", partial=True)
        if cursor:
            style += self.get_component_rich_style("rv--cursor", partial=True)
        return style

    def render_line(self, y: int) -> Strip:
        board = self.board()
        base = self.rich_style
        width = self.size.width
        if y >= len(board.lines):
            return Strip.blank(width, base)
        try:
            cur = board.keys.index(self.cursor)
        except ValueError:
            cur = -1
        segs = []
        for s in board.lines[y]:
            on = s.item is not None and s.item == cur
            style = base + self._style(s.styles, cursor=on and self.has_focus)
            if on and not self.has_focus:
                style += Style(underline=True)
            segs.append(Segment(s.text, style))
        return Strip(segs).crop_extend(0, width, base)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
