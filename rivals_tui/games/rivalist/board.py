"""The Rivalist board: the whole table drawn line by line, with a cursor over every piece.

The board shows one seat's view: the military track (pawn, loot still lying on each side,
capitals), the progress tokens on the board and the discard pile, the current Age's pyramid
(face-down cards as backs, the cards you may take underlined) or, during the draft, the revealed
wonders, the decision at hand (the taken card with construct / discard / wonder and exactly what a
build pays), and both cities: coins, science symbols, cards by colour, production and bank
prices, owned tokens and the four wonders with what each costs its owner now. What changed with
the last move (a card turned face up, a city's new card, coins, the pawn) is marked as new.

Keys: arrows or j/k move the cursor, Tab / Shift+Tab jump between areas, Enter chooses what the
focused piece stands for (a short list when several fit), c constructs the taken card, d discards
it, w builds a wonder with it. Every focused piece posts its full text for the detail panel.
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
from engine.rivalist.data import CARDS
from engine.rivalist.game import wonder_price
from engine.rivalist.state import BuildWonder, Construct, Discard, PickToken, PickWonder, RVState, Take
from rivals_tui.games.rivalist.layout import Table, build_table, table_text
from rivals_tui.games.rivalist.targets import actions_at, first_of, wonder_builds
from rivals_tui.widgets.board import GameBoard

AREAS = ("pyramid", "actions", "players", "board")


def changed_keys(old: RVState | None, new: RVState) -> set[tuple[Any, ...]]:
    """The pieces that differ between two views of the same seat (to mark them as new)."""
    if old is None:
        return set()
    out: set[tuple[Any, ...]] = set()
    if old.age == new.age and len(old.face_up) == len(new.face_up):
        for i, up in enumerate(new.face_up):
            if up and not old.face_up[i]:
                out.add(("slot", i))
    for i in (0, 1):
        for col in range(7):
            if new.colours[i][col] != old.colours[i][col]:
                out.add(("colour", i, col))
        if new.coins[i] != old.coins[i]:
            out.add(("coins", i))
        if new.symbols[i] != old.symbols[i]:
            out.add(("sci", i))
        if (new.prod[i], new.choice_raw[i], new.choice_goods[i], new.fixed[i]) != (
            old.prod[i],
            old.choice_raw[i],
            old.choice_goods[i],
            old.fixed[i],
        ):
            out.add(("prod", i))
        for t in set(new.tokens[i]) - set(old.tokens[i]):
            out.add(("tok", i, t))
        before = dict(zip(old.wonders[i], old.wonder_cards[i], strict=True))
        for w, c in zip(new.wonders[i], new.wonder_cards[i], strict=True):
            if w not in before or (c >= 0 and before[w] < 0):
                out.add(("wonder", i, w))
    if new.pawn != old.pawn or new.loot_small != old.loot_small or new.loot_big != old.loot_big:
        out.add(("track",))
    if len(new.discard) != len(old.discard):
        out.add(("discard",))
    for t in set(new.draft_pool) - set(old.draft_pool):
        out.add(("draft", t))
    return out


class RivalistBoard(GameBoard):
    """The Rivalist table for the seat at the keyboard."""

    can_focus = True

    COMPONENT_CLASSES = {
        "rv--brown",
        "rv--grey",
        "rv--red",
        "rv--green",
        "rv--blue",
        "rv--yellow",
        "rv--purple",
        "rv--legal",
        "rv--cursor",
        "rv--new",
        "rv--dim",
        "rv--turn",
        "rv--label",
        "rv--bold",
        "rv--coin",
        "rv--wonder",
        "rv--built",
        "rv--token",
        "rv--track",
        "rv--pay",
    }

    DEFAULT_CSS = """
    RivalistBoard { height: 1fr; width: 1fr; }
    RivalistBoard > .rv--brown { color: #c08040; }
    RivalistBoard > .rv--grey { color: #a8a8a8; }
    RivalistBoard > .rv--red { color: #ff5050; }
    RivalistBoard > .rv--green { color: #50d050; }
    RivalistBoard > .rv--blue { color: #4090ff; }
    RivalistBoard > .rv--yellow { color: #f0d040; }
    RivalistBoard > .rv--purple { color: #c070f0; }
    RivalistBoard > .rv--legal { text-style: bold underline; }
    RivalistBoard > .rv--cursor { text-style: reverse bold; }
    RivalistBoard > .rv--new { text-style: italic; color: $accent; }
    RivalistBoard > .rv--dim { color: $text-muted; }
    RivalistBoard > .rv--turn { text-style: bold; color: $accent; }
    RivalistBoard > .rv--label { color: $text-muted; text-style: bold; }
    RivalistBoard > .rv--bold { text-style: bold; }
    RivalistBoard > .rv--coin { color: $warning; }
    RivalistBoard > .rv--wonder { text-style: bold; }
    RivalistBoard > .rv--built { color: $success; text-style: bold; }
    RivalistBoard > .rv--token { color: $success; }
    RivalistBoard > .rv--track { text-style: bold; }
    RivalistBoard > .rv--pay { color: $warning; text-style: bold; }
    """

    BINDINGS = [
        Binding("enter", "choose", "Choose", tooltip="Do what the focused piece stands for", id="rv.choose"),
        Binding("c", "construct", "Build", tooltip="Build the taken card in your city", id="rv.construct"),
        Binding("d", "discard", "Discard", tooltip="Discard the taken card for coins", id="rv.discard"),
        Binding(
            "w", "wonder", "Wonder", tooltip="Build one of your Wonders with the taken card", id="rv.wonder"
        ),
        Binding("down,j", "move(1)", "Down", show=False, id="rv.down"),
        Binding("up,k", "move(-1)", "Up", show=False, id="rv.up"),
        Binding("right", "step(1)", "Next piece", show=False, id="rv.right"),
        Binding("left", "step(-1)", "Previous piece", show=False, id="rv.left"),
        Binding("tab", "area(1)", "Next area", show=False, id="rv.next_area"),
        Binding("shift+tab", "area(-1)", "Previous area", show=False, id="rv.prev_area"),
    ]

    def __init__(self, game: Any, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(game, id=id, classes=classes)
        self.names: list[str] = []
        self.changed: set[tuple[Any, ...]] = set()
        self.cursor_key: tuple[Any, ...] | None = None
        self._table: Table | None = None
        self._table_for: tuple[int, int] = (0, 0)
        self._top = 0
        self._posted: tuple[str, str] | None = None
        self._last_view: RVState | None = None
        self._since: RVState | None = None
        self._was_deciding = False

    # -- the plug-in call -------------------------------------------------------------------
    def show(self, view: Any, seat: int | None, legal: Sequence[Any], events: Sequence[Event]) -> None:
        old = self.view
        super().show(view, seat, legal, events)
        self.names = self._seat_names()
        if events or old is None:
            # Mark everything since the player's own last decision, not just the rival's last
            # step: a card the rival's take turned face up stays marked after the rival's use.
            pairwise = self._was_deciding or seat is None
            self.changed = changed_keys(self._last_view if pairwise else self._since, view)
            if pairwise or self._since is None:
                self._since = view
            self._last_view = view
        self._was_deciding = bool(self.legal)
        self._table = None
        self._place_cursor(fresh=bool(events) or old is None)
        self.refresh()

    def _seat_names(self) -> list[str]:
        try:
            session = getattr(self.screen, "session", None)
        except NoScreen:
            session = None
        specs = getattr(session, "seats", None)
        if specs is not None and len(specs) == 2:
            return [s.name for s in specs]
        return ["Player 1", "Player 2"]

    # -- the table --------------------------------------------------------------------------
    def table(self) -> Table:
        size = (self.size.width or 80, self.size.height or 24)
        if self._table is None or self._table_for != size:
            self._table = self._build(*size)
            self._table_for = size
        return self._table

    def _targets(self) -> set[tuple[Any, ...]]:
        """Every key where Enter does something now (found from a first pass over the pieces)."""
        v: RVState = self.view
        probe = build_table(v, self.seat, self.legal, self.names, 200, 200, set(), set(), self.cursor_key)
        return {it.key for it in probe.items if actions_at(self.seat, self.legal, it.key)}

    def _build(self, width: int, height: int) -> Table:
        if self.view is None:
            return Table()
        return build_table(
            self.view,
            self.seat,
            self.legal,
            self.names,
            width,
            height,
            self._targets(),
            self.changed,
            self.cursor_key,
        )

    def rendered_text(self) -> str:
        """Everything the board shows now, as plain text (for tests and screen readers)."""
        return table_text(self.table())

    def on_resize(self) -> None:
        self._table = None
        self._place_cursor(fresh=False)

    # -- cursor -----------------------------------------------------------------------------
    def _index(self) -> int | None:
        for n, it in enumerate(self.table().items):
            if it.key == self.cursor_key:
                return n
        return None

    def _place_cursor(self, fresh: bool) -> None:
        """Keep the cursor on its piece; after a move, jump to the decision at hand."""
        items = self.table().items
        if not items:
            return
        idx = self._index()
        targets = [n for n, it in enumerate(items) if actions_at(self.seat, self.legal, it.key)]
        # A fresh decision after the card was taken always starts on the likeliest use.
        jump = idx is None or (fresh and (idx not in targets or self.view.phase == "use"))
        if targets and jump:
            idx = min(targets, key=lambda n: (self._preference(items[n].key), n))
        if idx is None:
            idx = next((n for n, it in enumerate(items) if it.area == "pyramid"), 0)
        self._set_cursor(idx)

    def _preference(self, key: tuple[Any, ...]) -> int:
        """Lower is the likelier choice: constructing the taken card before anything else."""
        if key == ("use", "construct"):
            return 0
        if key == ("taken",):
            return 1
        if key[0] == "use":
            return 3
        return 2

    def _set_cursor(self, idx: int) -> None:
        items = self.table().items
        if not items:
            return
        idx = max(0, min(idx, len(items) - 1))
        key = items[idx].key
        if key != self.cursor_key and self.view is not None and self.view.phase == "use":
            # The line under the choices shows what the focused build pays: redraw it.
            self.cursor_key = key
            self._table = None
            items = self.table().items
        self.cursor_key = key
        self._keep_visible(idx)
        it = items[idx]
        text = it.text
        acts = actions_at(self.seat, self.legal, it.key)
        if acts and not text.startswith("Enter"):
            text = f"Enter: {self._verb(acts)}.\n{text}"
        msg = (it.title, text)
        if msg != self._posted:
            self._posted = msg
            self.post_message(self.DetailChanged(*msg))
        self.refresh()

    def _verb(self, acts: Sequence[Any]) -> str:
        if len(acts) > 1:
            return f"pick one of {len(acts)} choices"
        a = acts[0]
        # The piece's own text already gives the card, wonder or token in full.
        short = {Take: "take this card", PickWonder: "draft this Wonder", PickToken: "keep this token"}
        if type(a) in short:
            return short[type(a)]
        if isinstance(a, BuildWonder) and self.cursor_key and self.cursor_key[0] == "wonder":
            return "build it with the taken card"
        text: str = self.game.describe(self.view, a)
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
        for line in self.table().lines:
            x = 0
            for s in line:
                if s.item == idx:
                    return x + len(s.text) // 2
                x += len(s.text)
        return 0

    def action_move(self, delta: int) -> None:
        """Up/down: the nearest piece on the next line that has any."""
        idx = self._index()
        if idx is None:
            self._place_cursor(fresh=False)
            return
        lines = self.table().lines
        y = self._line_of(idx) + delta
        x = self._x_of(idx)
        while 0 <= y < len(lines):
            cands = []
            pos = 0
            for s in lines[y]:
                if s.item is not None:
                    cands.append((abs(pos + len(s.text) // 2 - x), s.item))
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
        if not items:
            return
        idx = self._index() or 0
        present = [a for a in AREAS if any(it.area == a for it in items)]
        cur = present.index(items[idx].area) if items[idx].area in present else 0
        area = present[(cur + delta) % len(present)]
        first = [n for n, it in enumerate(items) if it.area == area]
        targets = [n for n in first if actions_at(self.seat, self.legal, items[n].key)]
        self._set_cursor((targets or first)[0])

    # -- choosing ---------------------------------------------------------------------------
    def action_choose(self) -> None:
        idx = self._index()
        if idx is None or self.view is None:
            return
        key = self.table().items[idx].key
        acts = actions_at(self.seat, self.legal, key)
        if not acts:
            if self.legal:
                self.tell(self._why_not(key))
            return
        if len(acts) == 1:
            self._chosen(acts[0])
            return
        self._pick(self._picker_title(key), acts)

    def _why_not(self, key: tuple[Any, ...]) -> str:
        v: RVState = self.view
        if key == ("use", "construct") and self.seat is not None:
            reason = self.game.why_illegal(v, self.seat, Construct())
            if reason:
                return str(reason)
        if key == ("use", "wonder"):
            return "None of your Wonders is affordable now: construct or discard the card."
        if key[0] == "slot" and v.phase == "take":
            c = v.pyramid[key[1]]
            if c < 0:
                return "That card is face down and covered: take the underlined cards first."
            return "That card is covered: take one of the underlined cards (nothing on top of them)."
        return "Nothing to choose there: underlined pieces can be chosen; a lists every choice."

    def _picker_title(self, key: tuple[Any, ...]) -> str:
        if key == ("taken",) and self.view.taken >= 0:
            return f"{CARDS[self.view.taken].name}: construct, discard or build a Wonder?"
        if key == ("use", "wonder"):
            return "Which Wonder?"
        return "Which one?"

    def _pick(self, title: str, acts: Sequence[Any]) -> None:
        from rivals_tui.widgets.action_picker import ActionPicker

        entries: list[tuple[Any, str, str | None]] = [
            (a, self.words(self.game.describe(self.view, a)), None) for a in acts
        ]
        self.app.push_screen(ActionPicker(self.words(title), entries), self._picked)

    def _picked(self, action: Any) -> None:
        if action is not None:
            self._chosen(action)

    def _chosen(self, action: Any) -> None:
        self._table = None
        self.post_message(self.ActionChosen(action))

    def action_construct(self) -> None:
        if Construct() in self.legal:
            self._chosen(Construct())
        elif self.view is not None and self.view.phase == "use" and self.seat is not None:
            self.tell(str(self.game.why_illegal(self.view, self.seat, Construct())))

    def action_discard(self) -> None:
        a = first_of(self.legal, Discard)
        if a is not None:
            self._chosen(a)

    def action_wonder(self) -> None:
        builds = wonder_builds(self.legal)
        if len(builds) == 1:
            self._chosen(builds[0])
        elif builds:
            self._pick("Which Wonder?", builds)
        elif self.view is not None and self.view.phase == "use" and self.seat is not None:
            v: RVState = self.view
            mine = [w for k, w in enumerate(v.wonders[self.seat]) if v.wonder_cards[self.seat][k] < 0]
            if not mine:
                self.tell("All your Wonders are built (or out of the game).")
            else:
                seat = self.seat
                cheapest = min(mine, key=lambda w: wonder_price(v, seat, w))
                self.tell(str(self.game.why_illegal(v, seat, BuildWonder(cheapest))))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        use = self.view is not None and self.view.phase == "use" and bool(self.legal)
        if action in ("construct", "wonder"):
            return True if use else None
        if action == "discard":
            return True if first_of(self.legal, Discard) is not None else None
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
        table = self.table()
        base = self.rich_style
        row = y + self._top
        width = self.size.width
        if row >= len(table.lines):
            return Strip.blank(width, base)
        cur = self._index()
        segs = []
        for s in table.lines[row]:
            on = s.item is not None and s.item == cur
            style = base + self._style(s.styles, cursor=on and self.has_focus)
            if on and not self.has_focus:
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
