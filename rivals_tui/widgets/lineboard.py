"""`LineBoard`: a game board drawn line by line from a `Table`, with a cursor over its pieces.

A game's board subclasses `LineBoard` and supplies what only the game knows:

* `build_table(width, height)`: the view as a `Table` (linetable.py) for that much room;
* `actions_for(key)`: the legal actions a piece stands for now (Enter on it, underlining);
* `GLYPHS`: the glyph table (rivals_tui/glyphs.py) its layout draws every symbol with, and
  `codes()`: the letter codes it uses ("Y4", "sci0"); together they are the board's legend;
* optionally `changes(before, after)` (what to mark as new), `verb`, `why_not`,
  `picker_title`, `preference`, `detail`, and the styles: `PREFIX` names its component classes
  (``rk--legal``...), built with `component_classes` and `board_css` (linestyle.py) from a dict
  of looks.

`LineBoard` does the rest the same way for every game: caching the table per size, drawing
it with the cursor reversed (underlined when the board is not focused) and "more" marks
when it is taller than the board, keeping the cursor's line visible, moving the cursor
(up/down to the nearest piece on the next line that has one, left/right through the pieces,
Tab between areas), jumping to the decision at hand after a move, posting the focused piece's
full text (what Enter does first), and Enter: one fitting action is chosen at once, several
open the action picker, none says why. The hint's move (`point_at`) is the exception: Enter on the
piece the hint put the cursor on takes exactly that move, until the cursor leaves the piece.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Self

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.strip import Strip

from engine.core import Event, Game
from rivals_tui import glyphs
from rivals_tui.glyphs import LINES, GlyphTable
from rivals_tui.widgets.action_picker import ActionPicker
from rivals_tui.widgets.board import GameBoard
from rivals_tui.widgets.cursor_start import asks_at, pass_piece
from rivals_tui.widgets.linetable import Item, Key, LineWriter, Seg, Table, table_text

__all__ = [
    "Item",
    "Key",
    "LineBoard",
    "LineWriter",
    "Seg",
    "Table",
    "table_text",
]

# A row of a board as `_rows` gives it: its runs (text, looks, cursor), a "more" mark, or None.
RowLook = tuple[tuple[str, tuple[str, ...], int], ...] | str | None


class LineBoard(GameBoard):
    """A board drawn from a `Table`, with the cursor on the piece `cursor_key`."""

    can_focus = True

    PREFIX: ClassVar[str] = "lb"
    # The areas Tab visits, in order; `HOME_AREA` holds the cursor when nothing can be chosen.
    AREAS: ClassVar[tuple[str, ...]] = ()
    HOME_AREA: ClassVar[str] = ""
    # Up/down aims at the piece nearest the cursor's left edge, or (True) its middle.
    MOVE_BY_CENTRES: ClassVar[bool] = False
    # The room assumed before the first layout gives the board a size.
    FALLBACK_SIZE: ClassVar[tuple[int, int]] = (80, 24)
    # The symbols the layout draws (and the legend explains).
    GLYPHS: ClassVar[GlyphTable | None] = None
    # What the looks mean, for the legend (how the board marks pieces, not symbols).
    LOOK_ROWS: ClassVar[tuple[tuple[str, str], ...]] = (
        ("underlined", "Enter does something there now (a lists every choice)"),
        ("reversed", "the cursor; the Detail panel gives its full text"),
        ("highlighted", "changed by the last move"),
    )

    def __init__(self, game: Game[Any, Any, Any], **given: Any) -> None:
        # `given`: what `GameBoard` takes besides the game (names, best, say, id, classes).
        super().__init__(game, **given)
        self.names: list[str] = []
        self.changed: set[Any] = set()
        self.cursor_key: Key | None = None
        self._table: Table | None = None
        self._table_for: tuple[int, int] = (0, 0)
        # Worked out once per paint (render_lines): the board's style, the looks, the cursor.
        self._base: Style | None = None
        self._looks: dict[tuple[tuple[str, ...], int], Style] = {}
        self._cursor_item: int | None = None
        self._top = 0
        self._posted: tuple[str, str] | None = None
        # The size and the rows (`_rows`) the board's last repaint was asked for with, when known.
        self._shown: tuple[Size, list[RowLook]] | None = None
        self._last_view: Any = None
        # The hint's move and the piece the cursor was put on for it (`point_at`): Enter there
        # takes that move rather than opening the piece's list, while the cursor stays on it.
        self._hinted: tuple[Key, Any] | None = None

    # -- hooks a game overrides -------------------------------------------------------------
    def build_table(self, width: int, height: int) -> Table:
        """The view (never None here) as a table for `width`×`height`. Required: every game's board
        defines it (the base has no layout of its own)."""
        raise NotImplementedError(f"{type(self).__name__} must define build_table")

    def actions_for(self, key: Key) -> Sequence[Any]:
        """The legal actions the piece `key` stands for now. Required, like build_table."""
        raise NotImplementedError(f"{type(self).__name__} must define actions_for")

    def is_target(self, key: Key) -> bool:
        """Whether Enter does something on `key` now (the cursor jumps among these)."""
        return bool(self.actions_for(key))

    def choices(self, key: Key) -> Sequence[Any]:
        """What Enter on `key` chooses from."""
        return self.actions_for(key)

    def changes(self, before: Any, after: Any) -> set[Any]:
        """The pieces to mark as new between two views of the same seat."""
        return set()

    def preference(self, key: Key) -> int:
        """Lower is a likelier choice: where the cursor jumps among the targets."""
        return 0

    def jump(self, idx: int | None, fresh: bool, targets: Sequence[int]) -> bool:
        """Whether the cursor (on item `idx`) moves to the likeliest target."""
        return idx is None or fresh

    def is_fresh(self, old: Any, events: Sequence[Event]) -> bool:
        """Whether this `show` starts a new decision (the cursor may jump)."""
        return bool(events) or old is None

    def table_follows_cursor(self) -> bool:
        """Whether the table depends on the cursor (then moving it rebuilds the table)."""
        return False

    def seat_count(self) -> int:
        return int(self.view.seats)

    def verb(self, acts: Sequence[Any]) -> str:
        """What Enter does with `acts`, for the detail text ("take this card")."""
        if len(acts) > 1:
            return f"pick one of {len(acts)} choices"
        text: str = self.game.describe(self.view, acts[0])
        return text.rstrip(".")

    def enter_note(self, key: Key) -> str:
        """The line put before a piece's text when Enter does something there."""
        acts = self.actions_for(key)
        return f"Enter: {self.verb(acts)}." if acts else ""

    def detail(self) -> tuple[str, str] | None:
        """Title and full text of the focused piece for the detail panel; what Enter does first,
        since the panel may be too short for a long text."""
        idx = self._index()
        if idx is None:
            return None
        it = self.table().items[idx]
        hinted = self.hinted(it.key)
        # A piece whose own text starts with what Enter does needs no second note.
        if hinted is not None:
            note = f"Enter: {self.verb([hinted])} (the hint)."
        else:
            note = "" if it.text.startswith("Enter") else self.enter_note(it.key)
        return it.title, (f"{note}\n{it.text}" if note else it.text)

    def why_not(self, key: Key) -> str:
        return "Nothing to choose there: underlined pieces can be; a lists every choice."

    def codes(self) -> list[tuple[str, str]]:
        """The letter codes and short names the layout uses, with their meaning (legend rows)."""
        return []

    # -- the legend and the hint ------------------------------------------------------------
    def legend(self) -> list[tuple[str, str]]:
        """The glyph table's rows in the set in use, the board's codes, the names shortened on the
        board as drawn now, then the marks every line board uses."""
        rows = self.GLYPHS.rows() if self.GLYPHS is not None else []
        rows += self.codes()
        if self.view is not None:
            shorts = self.table().short
            rows += [(short, f"short for {shorts[short]}") for short in sorted(shorts, key=str.lower)]
        return rows + LINES.rows() + list(self.LOOK_ROWS)

    def focus_action(self, action: Any) -> bool:
        """The cursor to the most specific piece that stands for `action` (fewest choices)."""
        if self.view is None:
            return False
        best: tuple[int, int, int] | None = None
        for n, it in enumerate(self.table().items):
            acts = self.choices(it.key)
            if action in acts:
                rank = (len(acts), self.preference(it.key), n)
                best = rank if best is None or rank < best else best
        if best is None:
            return False
        self._set_cursor(best[2])
        return True

    def point_at(self, action: Any) -> str | None:
        """The cursor to the piece of the hint's move, and Enter there bound to that move alone
        (a piece standing for several moves would otherwise open a list)."""
        self.drop_half_choice()
        self.start_half_choice(action)
        if not self.focus_action(action) or self.cursor_key is None:
            self.drop_half_choice()
            return None
        self._hinted = (self.cursor_key, action)
        self.post_detail()
        asks = self.asks_first(action) is not None
        return f"The cursor is on it: Enter {'asks you first, then ' if asks else ''}takes it."

    def drop_half_choice(self) -> None:
        """Forget a chosen first half of a two-press choice: each piece stands for all it can."""

    def start_half_choice(self, action: Any) -> None:
        """Make the first half of `action` when it takes two presses, so that the piece of its
        second half stands for it (the hint then points there)."""

    def hinted(self, key: Key | None) -> Any:
        """The hint's move when the cursor still rests on its piece `key`, else None."""
        if self._hinted is None or key is None or self._hinted[0] != key:
            return None
        action = self._hinted[1]
        return action if action in self.choices(key) else None

    def picker_title(self, key: Key) -> str:
        return "Which one?"

    # -- the plug-in call -------------------------------------------------------------------
    def show(self, view: Any, seat: int | None, legal: Sequence[Any], events: Sequence[Event]) -> None:
        old = self.view
        if events or seat != self.seat:
            self._hinted = None  # a new decision: the hint was about the last one
        super().show(view, seat, legal, events)
        self.names = self.names_to_draw()
        self.note_changes(old, events)
        self._table = None
        self.place_cursor(fresh=self.is_fresh(old, events))
        self.post_detail()
        self._repaint_rows()

    def note_changes(self, old: Any, events: Sequence[Event]) -> None:
        """Mark what changed since the last view that came with events."""
        if events or old is None:
            self.changed = self.changes(self._last_view, self.view) if self._last_view is not None else set()
            self._last_view = self.view

    def names_to_draw(self) -> list[str]:
        """The seats' names the board was given ("Player N" when it was given none)."""
        seats = self.seat_count()
        if len(self.seat_names) == seats:
            return list(self.seat_names)
        return [f"Player {i + 1}" for i in range(seats)]

    # -- the table --------------------------------------------------------------------------
    def table(self) -> Table:
        fw, fh = self.FALLBACK_SIZE
        size = (self.size.width or fw, self.size.height or fh)
        if self._table is None or self._table_for != size:
            self._table = Table() if self.view is None else self.build_table(*size)
            self._table_for = size
        return self._table

    def rendered_text(self) -> str:
        """Everything the board shows now, as plain text (for tests and screen readers)."""
        return table_text(self.table())

    def on_resize(self) -> None:
        # The layout that resized the board has painted all of it already, from a table built
        # for the new size (`table` rebuilds when the size changes). Painted again only where
        # keeping the cursor in view scrolls the board, or whole when the cursor's piece is not
        # on that table.
        idx = self._index()
        if idx is None:
            self.place_cursor(fresh=False)
            self.refresh()
            return
        self._shown = (self.size, self._rows()) if self.size.area else None
        # Scrolled no further than the cursor needs in the new size: the lines kept out of sight
        # in a smaller one (the player's own header first) come back when there is room for them.
        self._top = 0
        self._keep_visible(idx)
        self.post_detail()
        self._repaint_rows()

    # -- the cursor -------------------------------------------------------------------------
    def _index(self) -> int | None:
        return self.table().index(self.cursor_key)

    def _targets(self) -> list[int]:
        return [n for n, it in enumerate(self.table().items) if self.is_target(it.key)]

    def place_cursor(self, fresh: bool) -> None:
        """Keep the cursor on its piece; after a move, jump to the decision at hand."""
        items = self.table().items
        if not items:
            return
        idx = self._index()
        targets = self._targets()
        passing = pass_piece(self, targets) if fresh else None
        if passing is not None:
            # A window in someone else's turn (an interrupt, a reaction): Enter's default is to
            # let it go. Playing a card there is a choice, never a reflex on the first card.
            idx = passing
        elif targets and (self.jump(idx, fresh, targets) or fresh and idx is not None and asks_at(self, idx)):
            # Never onto a piece whose Enter would ask about something for good, if another one
            # does something: Enter pressed by habit should make the decision at hand.
            idx = min(targets, key=lambda n: (asks_at(self, n), self.preference(items[n].key), n))
        if idx is None:
            idx = next((n for n, it in enumerate(items) if it.area == self.HOME_AREA), 0)
        self._set_cursor(idx)

    def _set_cursor(self, at: int | Key) -> None:
        """Put the cursor on item number `at` (or the piece with key `at`) and post its text."""
        if isinstance(at, int):
            items = self.table().items
            if not items:
                return
            key = items[max(0, min(at, len(items) - 1))].key
        else:
            key = at
        if key != self.cursor_key:
            self._hinted = None
            if self.table_follows_cursor():
                self._table = None
        self.cursor_key = key
        idx = self._index()
        if idx is not None:
            self._keep_visible(idx)
        self.post_detail()
        self._repaint_rows()

    def post_detail(self) -> None:
        """Tell the screen the focused piece's text, once per change."""
        if self.view is None:
            return
        msg = self.detail()
        if msg is not None:
            # Rule texts may hold typographic dashes a terminal without UTF-8 cannot show.
            msg = (glyphs.text(msg[0]), glyphs.text(msg[1]))
        if msg is not None and msg != self._posted:
            self._posted = msg
            self.tell_detail(*msg)

    def _line_of(self, idx: int) -> int:
        for y, line in enumerate(self.table().lines):
            if any(s.item == idx for s in line):
                return y
        return 0

    def _keep_visible(self, idx: int) -> None:
        """Scroll so that the cursor's line is drawn, not under a "more" mark (the first row says
        more above while the board is scrolled, the last more below while lines follow it)."""
        h = max(1, self.size.height or self.FALLBACK_SIZE[1])
        n = len(self.table().lines)
        y = self._line_of(idx)
        top = self._top
        if top and y <= top:
            top = max(0, y - 1)
        last = top + h - 1
        if y > last or (y == last and last < n - 1):
            top = y - h + 2 if y < n - 1 else n - h
        self._top = max(0, min(top, n - h))

    def _aim(self, pos: int, seg: Seg) -> int:
        """The column up/down aims from or at for a run starting at `pos`."""
        return pos + len(seg.text) // 2 if self.MOVE_BY_CENTRES else pos

    def _x_of(self, idx: int) -> int:
        for line in self.table().lines:
            x = 0
            for s in line:
                if s.item == idx:
                    return self._aim(x, s)
                x += len(s.text)
        return 0

    def action_move(self, delta: int) -> None:
        """Up/down: the nearest piece on the next line that has any."""
        idx = self._index()
        if idx is None:
            self.place_cursor(fresh=False)
            return
        lines = self.table().lines
        y = self._line_of(idx) + delta
        x = self._x_of(idx)
        while 0 <= y < len(lines):
            cands = []
            pos = 0
            for s in lines[y]:
                if s.item is not None:
                    cands.append((abs(self._aim(pos, s) - x), s.item))
                pos += len(s.text)
            if cands:
                self._set_cursor(min(cands)[1])
                return
            y += delta

    def action_step(self, delta: int) -> None:
        """Left/right: the previous or next piece, wrapping around."""
        idx = self._index()
        n = len(self.table().items)
        if n:
            self._set_cursor(((idx or 0) + delta) % n)

    def action_area(self, delta: int) -> None:
        """Tab: the first piece of the next area, preferring one Enter works on."""
        items = self.table().items
        if not items:
            return
        idx = self._index() or 0
        present = [a for a in self.AREAS if any(it.area == a for it in items)]
        cur = present.index(items[idx].area) if items[idx].area in present else 0
        area = present[(cur + delta) % len(present)]
        first = [n for n, it in enumerate(items) if it.area == area]
        targets = [n for n in first if self.is_target(items[n].key)]
        self._set_cursor((targets or first)[0])

    # -- choosing ---------------------------------------------------------------------------
    def action_choose(self) -> None:
        if self.view is None or self._index() is None or self.cursor_key is None:
            return
        key = self.cursor_key
        hinted = self.hinted(key)
        acts = [hinted] if hinted is not None else self.choices(key)
        if not acts:
            if self.legal:
                self.tell(self.why_not(key))
            return
        if len(acts) == 1:
            ask = self.asks_first(acts[0])
            if ask is None:
                self._chosen(acts[0])
            else:
                self._table = None
                self.post_message(self.ActionChosen(acts[0], ask))
            return
        self.pick(self.picker_title(key), acts)

    def asks_first(self, action: Any) -> str | None:
        """The question to ask before Enter on a piece takes `action`, when that is something
        costly or for good which the piece is not mainly for (Rivals: uninstalling the hand card
        under the cursor). Asked whatever "confirm moves" says. None: take it at once."""
        return None

    def pick(self, title: str, acts: Sequence[Any]) -> None:
        """Let the player pick one of `acts` from a short list."""
        entries: list[tuple[Any, str, str | None]] = [
            (a, self.words(self.game.describe(self.view, a)), None) for a in acts
        ]
        self.app.push_screen(ActionPicker(self.words(title), entries), self._picked)

    def _picked(self, action: Any) -> None:
        if action is None:
            return
        ask = self.asks_first(action)
        if ask is None:
            self._chosen(action)
        else:  # picked from the short list Enter opened: the same question as Enter on it alone
            self._table = None
            self.post_message(self.ActionChosen(action, ask))

    def _chosen(self, action: Any) -> None:
        self._table = None
        self.post_message(self.ActionChosen(action))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":
            return True if self.legal else None
        return True

    # -- drawing ----------------------------------------------------------------------------
    def _look(self, names: tuple[str, ...], mode: int) -> Style:
        """The board's style with the looks `names` on it, and in mode 1 the cursor's look, in
        mode 2 the underline that marks the cursor of a board without the focus. Worked out
        once per paint, not once per run: a board line holds up to twenty runs."""
        key = (names, mode)
        style = self._looks.get(key)
        if style is None:
            look = Style()
            for n in (*names, "cursor") if mode == 1 else names:
                # The partial style straight from the component's styles: what
                # get_component_rich_style(partial=True) returns, without the full style it
                # works out first by walking every ancestor, again after each refresh.
                look += self.get_component_styles(f"{self.PREFIX}--{n}").partial_rich_style
            style = (self._base or Style()) + look
            if mode == 2:
                style += Style(underline=True)
            self._looks[key] = style
        return style

    def _start_paint(self) -> None:
        # The styles are worked out once per paint, not once per line and run: Textual walks
        # every ancestor to find a widget's style each time it is asked.
        self._base, self._looks, self._cursor_item = self.rich_style, {}, self._index()

    def render_lines(self, crop: Region) -> list[Strip]:
        self._start_paint()
        try:
            return super().render_lines(crop)
        finally:
            self._base = None

    def render_line(self, y: int) -> Strip:
        if self._base is None:  # asked for a line outside a paint
            self._start_paint()
        table = self.table()
        base = self._base
        row = y + self._top
        width, height = self.size
        if row >= len(table.lines):
            return Strip.blank(width, base)
        cur = self._cursor_item
        on_cursor = 1 if self.has_focus else 2
        looks = self._looks
        segs = []
        for s in table.lines[row]:
            key = (s.styles, on_cursor if s.item is not None and s.item == cur else 0)
            style = looks.get(key)
            if style is None:
                style = self._look(*key)
            segs.append(Segment(s.text, style))
        strip = Strip(segs).crop_extend(0, width, base)
        more = ""
        if self._top and y == 0:
            more = LINES.more_up
        elif y == height - 1 and row < len(table.lines) - 1:
            more = LINES.more_down
        if more:
            strip = Strip([Segment(more, self._look(("dim",), 0))]).crop_extend(0, width, base)
        return strip

    def on_focus(self) -> None:
        self._repaint_rows()

    def on_blur(self) -> None:
        self._repaint_rows()

    # -- repainting only the rows that change --------------------------------------------------
    def _rows(self) -> list[RowLook]:
        """What each row of the board shows now, in a form cheap to compare: its runs' text and
        looks and whether the cursor is on them (and how: focused or not), or its "more" mark
        (as `render_line` draws them)."""
        table = self.table()
        lines = table.lines
        cur = table.index(self.cursor_key)
        on_cursor = 1 if self.has_focus else 2
        height = self.size.height
        rows: list[RowLook] = []
        for y in range(height):
            row = y + self._top
            if row >= len(lines):
                rows.append(None)
            elif self._top and y == 0:
                rows.append("more up")
            elif y == height - 1 and row < len(lines) - 1:
                rows.append("more down")
            else:
                rows.append(
                    tuple(
                        (s.text, s.styles, on_cursor if s.item is not None and s.item == cur else 0)
                        for s in lines[row]
                    )
                )
        return rows

    def _repaint_rows(self) -> None:
        """Repaint the rows whose drawing changed since the last repaint asked for here; all of
        them when that is not known. After a move, most rows of a board show what they showed
        before (in Rival Kings four rows in five), and a row not repainted costs nothing: Textual
        keeps each line of a widget as it was drawn until that line is marked for repainting."""
        size = self.size
        shown = self._shown
        rows = self._rows() if size.area else None
        if shown is None or rows is None or shown[0] != size:
            self.refresh()
        else:
            changed = [y for y, (was, now) in enumerate(zip(shown[1], rows, strict=True)) if was != now]
            if changed:
                super().refresh(*(Region(0, y, size.width, 1) for y in changed))
        self._shown = None if rows is None else (size, rows)

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        if not regions:
            # Every row is repainted from what the board holds by then, which `_repaint_rows` cannot
            # know row by row: its next repaint is a whole one too.
            self._shown = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
