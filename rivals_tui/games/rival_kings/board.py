"""The Rival Kings board: the whole table drawn line by line, with a cursor over every piece.

The board shows one seat's view: each player (coins as far as the view tells, Conflict markers,
crests, the character played with its actions marked done / now / covered by a crest), their
subject and building rows (active subject and perfect pairs marked), the four piles (top card,
cards left, money under it), the characters of the court (2-player pile card, characters spent
this round) and your hand. Places where Enter does something now are underlined; what changed
with the last move is marked as new.

Keys: arrows or j/k move the cursor, Tab / Shift+Tab jump between areas (players, cards, piles,
court, hand), Enter chooses what the focused piece stands for (several choices open a short
list), s skips the pending action / declines / ends the turn, e ends the turn, Esc drops a
half-made exchange. Every focused piece posts its full text for the detail panel.
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
from engine.rival_kings.actions import ChooseCharacter, EndTurn, TakeMoney
from engine.rival_kings.data import CARDS, CHARACTERS
from engine.rival_kings.state import RKState
from rivals_tui.games.rival_kings.layout import Table, build_table, table_text
from rivals_tui.games.rival_kings.targets import (
    actions_at,
    is_target,
    main_choice,
    quick_pass,
    swap_starts,
)
from rivals_tui.widgets.board import GameBoard

AREAS = ("players", "cards", "piles", "court", "hand")


def changed_keys(old: RKState | None, new: RKState) -> set[tuple[Any, ...]]:
    """The pieces that differ between two views of the same seat (to mark them as new)."""
    if old is None or old.seats != new.seats:
        return set()
    out: set[tuple[Any, ...]] = set()
    for i in range(new.seats):
        for cid in set(new.subjects[i]) - set(old.subjects[i]):
            out.add(("card", i, cid))
        for cid in set(new.buildings[i]) - set(old.buildings[i]):
            out.add(("card", i, cid))
        if new.markers[i] != old.markers[i]:
            out.add(("markers", i))
        if (new.purse_ones[i], new.purse_twos[i]) != (old.purse_ones[i], old.purse_twos[i]):
            out.add(("coins", i))
        if new.played[i] != old.played[i] and new.played[i] is not None:
            out.add(("char", i))
    for cr in set(new.crests) - set(old.crests):
        out.add(("act", cr.target, cr.action))
    for p in range(4):
        if (new.piles[p][-1:], new.pile_ones[p], new.pile_twos[p], len(new.piles[p])) != (
            old.piles[p][-1:],
            old.pile_ones[p],
            old.pile_twos[p],
            len(old.piles[p]),
        ):
            out.add(("pile", p))
    if new.pile_card is not None and new.pile_card != old.pile_card:
        out.add(("pilecard", new.pile_card))
    return out


class RivalKingsBoard(GameBoard):
    """The Rival Kings table for the seat at the keyboard."""

    can_focus = True

    COMPONENT_CLASSES = {
        "rk--yellow",
        "rk--red",
        "rk--blue",
        "rk--green",
        "rk--legal",
        "rk--cursor",
        "rk--new",
        "rk--dim",
        "rk--turn",
        "rk--label",
        "rk--char",
        "rk--crest",
        "rk--now",
        "rk--picked",
        "rk--bold",
    }

    DEFAULT_CSS = """
    RivalKingsBoard { height: 1fr; width: 1fr; }
    RivalKingsBoard > .rk--yellow { color: ansi_bright_yellow; }
    RivalKingsBoard > .rk--red { color: ansi_bright_red; }
    RivalKingsBoard > .rk--blue { color: ansi_bright_blue; }
    RivalKingsBoard > .rk--green { color: ansi_bright_green; }
    RivalKingsBoard > .rk--legal { text-style: bold underline; }
    RivalKingsBoard > .rk--cursor { text-style: reverse bold; }
    RivalKingsBoard > .rk--new { text-style: italic; color: $accent; }
    RivalKingsBoard > .rk--dim { color: $text-muted; }
    RivalKingsBoard > .rk--turn { text-style: bold; color: $accent; }
    RivalKingsBoard > .rk--label { color: $text-muted; text-style: bold; }
    RivalKingsBoard > .rk--char { text-style: bold; }
    RivalKingsBoard > .rk--crest { color: $warning; text-style: bold; }
    RivalKingsBoard > .rk--now { color: $accent; text-style: bold; }
    RivalKingsBoard > .rk--picked { text-style: reverse; color: $warning; }
    RivalKingsBoard > .rk--bold { text-style: bold; }
    """

    BINDINGS = [
        Binding("enter", "choose", "Choose", tooltip="Do what the focused piece stands for", id="rk.choose"),
        Binding(
            "s", "skip", "Skip", tooltip="Skip the pending action, decline, or end the turn", id="rk.skip"
        ),
        Binding("e", "end_turn", "End turn", show=False, tooltip="End your turn", id="rk.end"),
        Binding("down,j", "move(1)", "Down", show=False, id="rk.down"),
        Binding("up,k", "move(-1)", "Up", show=False, id="rk.up"),
        Binding("right", "step(1)", "Next piece", show=False, id="rk.right"),
        Binding("left", "step(-1)", "Previous piece", show=False, id="rk.left"),
        Binding("tab", "area(1)", "Next area", show=False, id="rk.next_area"),
        Binding("shift+tab", "area(-1)", "Previous area", show=False, id="rk.prev_area"),
        Binding(
            "escape", "cancel", "Cancel", show=False, tooltip="Drop a half-made exchange", id="rk.cancel"
        ),
    ]

    def __init__(self, game: Any, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(game, id=id, classes=classes)
        self.names: list[str] = []
        self.changed: set[tuple[Any, ...]] = set()
        self.pending: int | None = None
        self.cursor_key: tuple[Any, ...] | None = None
        self._table: Table | None = None
        self._table_for: tuple[int, int] = (0, 0)
        self._top = 0
        self._posted: tuple[str, str] | None = None
        self._last_view: RKState | None = None

    # -- the plug-in call -------------------------------------------------------------------
    def show(self, view: Any, seat: int | None, legal: Sequence[Any], events: Sequence[Event]) -> None:
        old = self.view
        super().show(view, seat, legal, events)
        self.names = self._seat_names(view.seats)
        if events or old is None:
            self.changed = changed_keys(self._last_view, view)
            self._last_view = view
        if self.pending is not None and not swap_starts(self.legal, self.pending):
            self.pending = None
        self._table = None
        self._place_cursor(fresh=bool(events))
        self.refresh()

    def _seat_names(self, seats: int) -> list[str]:
        try:
            session = getattr(self.screen, "session", None)
        except NoScreen:
            session = None
        specs = getattr(session, "seats", None)
        if specs is not None and len(specs) == seats:
            return [s.name for s in specs]
        return [f"Player {i + 1}" for i in range(seats)]

    # -- the table --------------------------------------------------------------------------
    def table(self) -> Table:
        size = (self.size.width or 80, self.size.height or 24)
        if self._table is None or self._table_for != size:
            self._table = self._build(*size)
            self._table_for = size
        return self._table

    def _build(self, width: int, height: int) -> Table:
        if self.view is None:
            return Table()
        v: RKState = self.view
        # Targets depend only on keys, so a first pass at full detail finds every key.
        probe = build_table(v, self.seat, self.legal, self.names, width, height, {}, set(), self.pending)
        targets = {it.key: is_target(v, self.seat, self.legal, it.key, self.pending) for it in probe.items}
        return build_table(
            v, self.seat, self.legal, self.names, width, height, targets, self.changed, self.pending
        )

    def rendered_text(self) -> str:
        """Everything the board shows now, as plain text (for tests and screen readers)."""
        return table_text(self.table())

    def on_resize(self) -> None:
        self._table = None
        self._place_cursor(fresh=False)

    # -- cursor -----------------------------------------------------------------------------
    def _index(self) -> int | None:
        items = self.table().items
        for n, it in enumerate(items):
            if it.key == self.cursor_key:
                return n
        return None

    def _targets(self) -> list[int]:
        t = self.table()
        return [
            n
            for n, it in enumerate(t.items)
            if is_target(self.view, self.seat, self.legal, it.key, self.pending)
        ]

    def _place_cursor(self, fresh: bool) -> None:
        """Keep the cursor on its piece; after a move, jump to the decision at hand."""
        items = self.table().items
        if not items:
            return
        idx = self._index()
        targets = self._targets()
        if targets and (idx is None or fresh):
            main = [
                n
                for n in targets
                if main_choice(actions_at(self.view, self.seat, self.legal, items[n].key, self.pending))
            ]
            idx = min(main or targets, key=lambda n: (self._preference(items[n].key), n))
        if idx is None:
            idx = next((n for n, it in enumerate(items) if it.key[0] == "hand"), 0)
        self._set_cursor(idx)

    def _preference(self, key: tuple[Any, ...]) -> int:
        """Lower is a likelier choice: a pile with money under it before an empty one."""
        v: RKState = self.view
        if key[0] == "pile" and TakeMoney(key[1]) in self.legal:
            return 0 if v.pile_ones[key[1]] != 0 or v.pile_twos[key[1]] != 0 else 1
        return 0

    def _set_cursor(self, idx: int) -> None:
        items = self.table().items
        if not items:
            return
        idx = max(0, min(idx, len(items) - 1))
        self.cursor_key = items[idx].key
        self._keep_visible(idx)
        it = items[idx]
        text = it.text
        # What Enter does comes first: the panel may be too short for a long card text.
        acts = actions_at(self.view, self.seat, self.legal, it.key, self.pending)
        if acts:
            text = f"Enter: {self._verb(acts)}.\n{text}"
        elif self.pending is None and it.key[0] == "card" and swap_starts(self.legal, it.key[2]):
            text = f"Enter: offer this card in an exchange.\n{text}"
        msg = (it.title, text)
        if msg != self._posted:
            self._posted = msg
            self.post_message(self.DetailChanged(*msg))
        self.refresh()

    def _verb(self, acts: Sequence[Any]) -> str:
        if len(acts) > 1:
            return f"pick one of {len(acts)} choices"
        if isinstance(acts[0], ChooseCharacter):
            return "play this character (face down)"
        text: str = self.game.describe(self.view, acts[0])
        return text.rstrip(".")

    def _line_of(self, idx: int) -> int:
        for y, line in enumerate(self.table().lines):
            if any(s.item == idx for s in line):
                return y
        return 0

    def _keep_visible(self, idx: int) -> None:
        h = max(1, self.size.height or 24)
        y = self._line_of(idx)
        if y < self._top:
            self._top = y
        elif y >= self._top + h:
            self._top = y - h + 1
        self._top = max(0, min(self._top, max(0, len(self.table().lines) - h)))

    def _x_of(self, idx: int) -> int:
        x = 0
        for line in self.table().lines:
            x = 0
            for s in line:
                if s.item == idx:
                    return x
                x += len(s.text)
        return 0

    def action_move(self, delta: int) -> None:
        """Up/down: the nearest piece on the next line that has any."""
        idx = self._index()
        if idx is None:
            self._place_cursor(fresh=False)
            return
        lines = self.table().lines
        y = self._line_of(idx)
        x = self._x_of(idx)
        y += delta
        while 0 <= y < len(lines):
            cands = []
            pos = 0
            for s in lines[y]:
                if s.item is not None:
                    cands.append((abs(pos - x), s.item))
                pos += len(s.text)
            if cands:
                self._set_cursor(min(cands)[1])
                return
            y += delta

    def action_step(self, delta: int) -> None:
        idx = self._index()
        n = len(self.table().items)
        if n:
            self._set_cursor(((idx or 0) + delta) % n)

    def action_area(self, delta: int) -> None:
        items = self.table().items
        idx = self._index() or 0
        if not items:
            return
        present = [a for a in AREAS if any(it.area == a for it in items)]
        cur = present.index(items[idx].area) if items[idx].area in present else 0
        area = present[(cur + delta) % len(present)]
        first = [n for n, it in enumerate(items) if it.area == area]
        targets = [n for n in first if n in self._targets()]
        self._set_cursor((targets or first)[0])

    # -- choosing ---------------------------------------------------------------------------
    def action_choose(self) -> None:
        idx = self._index()
        if idx is None or self.view is None:
            return
        key = self.table().items[idx].key
        acts = actions_at(self.view, self.seat, self.legal, key, self.pending)
        mine = key[0] == "card" and key[1] == self.seat
        if not acts and self.pending is None and mine and swap_starts(self.legal, key[2]):
            # First half of an exchange: remember the card, then the player picks what to take.
            self.pending = key[2]
            self._table = None
            name = CARDS[key[2]].name
            self.tell(f"Exchange the {name}: now pick the card to take (Esc drops it).")
            self._place_cursor(fresh=True)
            return
        if not acts:
            if self.legal:
                self.tell("Nothing to choose there: underlined pieces can be; s skips, a lists all choices.")
            return
        if len(acts) == 1:
            self._chosen(acts[0])
            return
        from rivals_tui.widgets.action_picker import ActionPicker

        entries: list[tuple[Any, str, str | None]] = [
            (a, self.words(self.game.describe(self.view, a)), None) for a in acts
        ]
        self.app.push_screen(ActionPicker(self._picker_title(key), entries), self._picked)

    def _picker_title(self, key: tuple[Any, ...]) -> str:
        if key[0] == "player":
            return f"What for {self.names[key[1]]}?"
        if key[0] == "pile":
            return "Which way?"
        if key[0] == "card":
            return f"{CARDS[key[2]].name}: which?"
        if key[0] == "char" and self.view.played[key[1]] is not None:
            label: str = CHARACTERS[self.view.played[key[1]]].label
            return label
        return "Which one?"

    def _picked(self, action: Any) -> None:
        if action is not None:
            self._chosen(action)

    def _chosen(self, action: Any) -> None:
        self.pending = None
        self._table = None
        self.post_message(self.ActionChosen(action))

    def action_skip(self) -> None:
        a = quick_pass(self.legal)
        if a is not None:
            self._chosen(a)

    def action_end_turn(self) -> None:
        if EndTurn() in self.legal:
            self._chosen(EndTurn())

    def action_cancel(self) -> None:
        if self.pending is not None:
            self.pending = None
            self._table = None
            self._place_cursor(fresh=True)
            self.refresh()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "skip":
            return True if quick_pass(self.legal) is not None else None
        if action == "end_turn":
            return True if EndTurn() in self.legal else None
        if action == "choose":
            return True if self.legal else None
        return True

    # -- drawing ----------------------------------------------------------------------------
    def _style(self, names: tuple[str, ...], cursor: bool) -> Style:
        style = Style()
        for n in names:
            style += self.get_component_rich_style(f"rk--{n}", partial=True)
        if cursor:
            style += self.get_component_rich_style("rk--cursor", partial=True)
        return style

    def render_line(self, y: int) -> Strip:
        table = self.table()
        base = self.rich_style
        row = y + self._top
        width = self.size.width
        if row >= len(table.lines):
            return Strip.blank(width, base)
        cur = self._index()
        segs = []
        for s in table.lines[row]:
            style = base + self._style(
                s.styles, cursor=s.item is not None and s.item == cur and self.has_focus
            )
            if s.item is not None and s.item == cur and not self.has_focus:
                style += Style(underline=True)
            segs.append(Segment(s.text, style))
        strip = Strip(segs).crop_extend(0, width, base)
        if self._top and y == 0:
            strip = Strip([Segment("↑ more", base + self._style(("dim",), False))]).crop_extend(
                0, width, base
            )
        elif y == self.size.height - 1 and row < len(table.lines) - 1:
            strip = Strip([Segment("↓ more", base + self._style(("dim",), False))]).crop_extend(
                0, width, base
            )
        return strip

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
