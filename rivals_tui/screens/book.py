"""The book: every component of one game — cards, characters, tiles, tokens, events — with its
full text, searchable by typing, one screen for all five games.

What it lists comes from `rivals_tui.games.book.entries_for` (the game's own `book.py`): the
catalogue of the game, the same for every player and spectator and before a game, never anyone's
hand. The filter box keeps the focus, as in the action picker: typing searches names first, then
groups and texts; the arrows choose an entry, the Page keys read its text on; Esc goes back to
where the book was opened, which it never changes.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from rivals_tui.games.book import Entry, entries_for
from rivals_tui.screens.base import DismissOnce
from rivals_tui.text import plain
from rivals_tui.widgets.action_picker import match_rank
from rivals_tui.widgets.detail import DetailPanel
from rivals_tui.widgets.footer import KeysFooter

# How well an entry found only by its group or its text fits: after every name that fits.
IN_TEXT = 3


def rank(text: str, entry: Entry) -> int | None:
    """How well `entry` fits the search `text`: by its name as the action picker ranks a
    description (0 exact, 1 words side by side, 2 words apart), else IN_TEXT when its group or
    its text holds every word; None when it does not fit."""
    found = match_rank(text, entry.name)
    if found is None and match_rank(text, f"{entry.group} {entry.text}") is not None:
        return IN_TEXT
    return found


class EntryList(OptionList, can_focus=False):
    """The entries under their group headings; the arrows reach it from the filter box."""


class BookScreen(DismissOnce, Screen[None]):
    """The book of one game over the screen it was opened from."""

    # Before the filter box's own keys (with the arrows and Page keys it would only scroll itself).
    BINDINGS = [
        Binding("escape", "close", "Back", tooltip="Close the book", priority=True, id="book.close"),
        Binding(
            "down", "move(1)", "Next", show=False, tooltip="The next entry", priority=True, id="book.down"
        ),
        Binding(
            "up",
            "move(-1)",
            "Previous",
            show=False,
            tooltip="The previous entry",
            priority=True,
            id="book.up",
        ),
        Binding(
            "pagedown",
            "read(1)",
            "Read on",
            tooltip="Read on in the entry's text",
            priority=True,
            id="book.read_on",
        ),
        Binding(
            "pageup",
            "read(-1)",
            "Read back",
            show=False,
            tooltip="Back up in the entry's text",
            priority=True,
            id="book.back",
        ),
    ]

    def __init__(self, game_id: str, title: str) -> None:
        super().__init__()
        self.game_id = game_id
        self.game_title = title
        self.entries = entries_for(game_id)
        # The entries the list shows now (indices into `entries`), and the one whose text is shown.
        self.shown: list[int] = []
        self.current: int | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="book-title")
        yield Input(placeholder="Type to search; up/down choose; Esc closes", id="book-filter")
        with Horizontal(id="book-body"):
            yield EntryList(id="book-list")
            text = DetailPanel(Text(""), id="book-text")
            text.add_class("key-scroll")  # the Page keys scroll it while the filter keeps the focus
            yield text
        yield KeysFooter()

    def on_mount(self) -> None:
        self._fill("")
        self.query_one(Input).focus()

    @on(Input.Changed)
    def _filter(self, event: Input.Changed) -> None:
        self._fill(event.value)

    def _fill(self, text: str) -> None:
        """List the entries that fit `text` in the book's order, under their groups, and show
        the one that fits best (the first of them)."""
        ranks = [(i, rank(text, e)) for i, e in enumerate(self.entries)]
        found = [(i, r) for i, r in ranks if r is not None]
        options: list[Option] = []
        group = None
        for i, _ in found:
            e = self.entries[i]
            if e.group != group:
                group = e.group
                options.append(Option(Text(group, style="bold"), disabled=True))
            options.append(Option(plain(e.name), id=str(i)))
        listing = self.query_one(EntryList)
        listing.clear_options()
        listing.add_options(options)
        self.shown = [i for i, _ in found]
        best = min(found, key=lambda f: (f[1], f[0]))[0] if found else None
        listing.highlighted = None if best is None else listing.get_option_index(str(best))
        count = f"{len(self.entries)} entries" if not text.strip() else f"{len(found)} of {len(self.entries)}"
        self.query_one("#book-title", Static).update(plain(f"Book of {self.game_title}: {count}"))
        self._show(best)

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_id is not None:
            self._show(int(event.option_id))

    def _show(self, index: int | None) -> None:
        """The entry's name, group and text in the panel (or why there is none)."""
        panel = self.query_one("#book-text", DetailPanel)
        if index is None:
            shown = Text("Nothing matches: Backspace widens the search.")
        else:
            e = self.entries[index]
            shown = Text.assemble((e.name, "bold"), "\n", (e.group, "italic"), "\n\n", e.text)
        self.current = index
        panel.show(shown)
        self.call_after_refresh(self._mark)

    def listed(self) -> list[str]:
        """The names the list shows now, in order (for tests)."""
        return [self.entries[i].name for i in self.shown]

    def action_move(self, step: int) -> None:
        listing = self.query_one(EntryList)
        listing.action_cursor_down() if step > 0 else listing.action_cursor_up()

    def action_read(self, pages: int) -> None:
        panel = self.query_one("#book-text", DetailPanel)
        panel.scroll_lines(pages * max(1, panel.scrollable_content_region.height - 1))
        self.call_after_refresh(self._mark)

    def _mark(self) -> None:
        """Once the text is laid out: say on its frame, and in the footer, whether there is more."""
        if self.is_attached:
            self.query_one("#book-text", DetailPanel).mark_more()
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "read" and parameters:  # when there is more to read that way
            panel = next(iter(self.query("#book-text").results(DetailPanel)), None)
            if panel is None:
                return None
            more = panel.scroll_y < panel.max_scroll_y if parameters[0] == 1 else panel.scroll_y > 0
            return True if more else None
        return True

    def action_close(self) -> None:
        self.dismiss(None)
