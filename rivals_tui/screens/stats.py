"""The statistics screen (menu → Statistics, `t`): a player's figures counted from the save
folder, one page at a time — every game at a glance, then each game they have finished.

The lines are those of `rivals stats` (rivals_tui/stats_text.py), so the screen and the command
never disagree. The left and right arrows turn the pages, `p` shows the next player's figures (a player is
a name seated as a person; the AI seats are opponents), the arrows and Page keys scroll.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from rivals_tui import glyphs
from rivals_tui.app import WithRivals
from rivals_tui.screens.base import DismissOnce
from rivals_tui.stats_text import folder_lines, page_lines
from rivals_tui.text import plain
from rivals_tui.widgets.footer import KeysFooter
from saves.stats import Folder, game_stats, players, read_folder


class StatsScreen(WithRivals, DismissOnce, Screen[None]):
    BINDINGS = [
        # Before the scrolling area's own left and right, which have nothing to scroll sideways.
        Binding(
            "left", "page(-1)", "Previous", tooltip="The previous page", priority=True, id="stats.previous"
        ),
        Binding(
            "right",
            "page(1)",
            "Next",
            tooltip="The next page: each game in turn",
            priority=True,
            id="stats.next",
        ),
        Binding("p", "next_player", "Next player", tooltip="Another player's figures", id="stats.player"),
        Binding("escape,q", "back", "Back", id="stats.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.folder = Folder(())
        self.names: list[str] = []
        # The pages: None for every game at a glance, then the ids of the games the player finished.
        self.pages: list[str | None] = [None]
        self.page = 0
        self.player = 0

    def compose(self) -> ComposeResult:
        yield Static("Statistics", id="stats-title")
        with VerticalScroll(id="stats-scroll"):
            yield Static("", id="stats-body")
        yield KeysFooter()

    def on_mount(self) -> None:
        # Read afresh each time the screen opens: the saves are the statistics.
        self.folder = read_folder(self.rivals.store, games=self.rivals.games)
        self.names = players(self.folder)
        self.show()
        self.query_one("#stats-scroll").focus()

    def show(self) -> None:
        titles = {gid: self.rivals.games.info(gid).title for gid in self.rivals.games}
        # The path is for the command line; here it is the folder the Load screen lists.
        root = "the save folder"
        if not self.names:
            self.pages, self.page = [None], 0
            self.query_one("#stats-title", Static).update("Statistics")
            self.query_one("#stats-body", Static).update(
                plain("\n".join(folder_lines(self.folder, root, None)))
            )
            self.refresh_bindings()
            return
        name = self.names[self.player]
        self.pages = [None, *(g for g in titles if game_stats(self.folder, g, name).played)]
        self.page = min(self.page, len(self.pages) - 1)
        shown = self.pages[self.page]
        heading = "every game" if shown is None else titles[shown]
        where = f"page {self.page + 1} of {len(self.pages)}"
        self.query_one("#stats-title", Static).update(plain(f"Statistics of {name}: {heading} ({where})"))
        lines = page_lines(self.folder, name, titles, shown, self.rivals.records, plain=glyphs.plain())
        if shown is None:
            lines = [*folder_lines(self.folder, root, None), "", *lines]
        self.query_one("#stats-body", Static).update(plain("\n".join(lines)))
        self.query_one("#stats-scroll", VerticalScroll).scroll_home(animate=False)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "page":
            return True if len(self.pages) > 1 else None
        if action == "next_player":
            return True if len(self.names) > 1 else None
        return True

    def action_page(self, step: int) -> None:
        self.page = (self.page + step) % len(self.pages)
        self.show()

    def action_next_player(self) -> None:
        self.player = (self.player + 1) % len(self.names)
        self.page = 0
        self.show()

    def action_back(self) -> None:
        self.dismiss(None)
