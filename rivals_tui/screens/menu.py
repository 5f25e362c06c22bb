"""The main menu: New game, Continue (the latest unfinished save), Load, Learn to play, Rules,
Statistics, Settings, Quit."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rivals_tui import __version__
from rivals_tui.app import WithRivals
from rivals_tui.text import plain
from rivals_tui.widgets.footer import KeysFooter

ENTRIES = (
    ("new", "New game", "n"),
    ("continue", "Continue", "c"),
    ("load", "Load", "o"),
    ("learn", "Learn to play", "l"),
    ("rules", "Rules", "r"),
    ("stats", "Statistics", "t"),
    ("settings", "Settings", "s"),
    ("quit", "Quit", "q"),
)


class MenuScreen(WithRivals, Screen[None]):
    _latest_name: str | None = None

    BINDINGS = [
        Binding("n", "pick('new')", "New game", id="menu.new"),
        Binding("c", "pick('continue')", "Continue", id="menu.continue"),
        Binding("o", "pick('load')", "Load", id="menu.load"),
        Binding("l", "pick('learn')", "Learn to play", id="menu.learn"),
        Binding("r", "pick('rules')", "Rules", id="menu.rules"),
        Binding("t", "pick('stats')", "Statistics", show=False, id="menu.stats"),
        Binding("s", "pick('settings')", "Settings", id="menu.settings"),
        Binding("q", "pick('quit')", "Quit", id="menu.quit"),
        Binding("j", "move(1)", "Down", show=False, id="menu.down"),
        Binding("k", "move(-1)", "Up", show=False, id="menu.up"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static("R I V A L S", id="menu-title")
            yield Static("Board games in your terminal", id="menu-subtitle")
            yield OptionList(id="menu-list")
            yield Static("", id="menu-continue")
            yield Static(f"version {__version__}", id="menu-version")
        # The menu's own q quits, so the app's ctrl+q (the same thing) stays on f2 and the palette:
        # with Continue offered, every key then fits at 80 columns.
        yield KeysFooter(leave_out=("save_quit",))

    def on_mount(self) -> None:
        self.refresh_menu()

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def _latest(self) -> str | None:
        # Cached by refresh_menu: finding the latest save reads every save file.
        return self._latest_name

    def refresh_menu(self) -> None:
        if not self.query(OptionList):
            return  # the app is closing (e.g. a hang-up during start-up): nothing to show
        latest = self.rivals.store.latest(in_progress=True)
        self._latest_name = None if latest is None else latest.name
        ol = self.query_one(OptionList)
        current = ol.highlighted
        ol.clear_options()
        ol.add_options(
            [
                Option(f"{label}  ({key})", id=key_id, disabled=key_id == "continue" and latest is None)
                for key_id, label, key in ENTRIES
            ]
        )
        ol.highlighted = current if current is not None else 0
        if latest is None:
            text = "No unfinished game to continue."
        else:
            bits = [latest.title, ", ".join(latest.players), latest.progress]
            text = "Continue: " + " · ".join(b for b in bits if b)
        self.query_one("#menu-continue", Static).update(plain(text))
        ol.focus()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick" and parameters == ("continue",):
            return True if self._latest() is not None else None
        return True

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id is not None:
            self.action_pick(event.option_id)

    def action_move(self, step: int) -> None:
        ol = self.query_one(OptionList)
        ol.action_cursor_down() if step > 0 else ol.action_cursor_up()

    def action_pick(self, what: str) -> None:
        app = self.rivals
        if what == "new":
            from rivals_tui.screens.new_game import NewGameScreen

            app.push_screen(NewGameScreen())
        elif what == "continue":
            name = self._latest()
            if name is not None:
                app.load(name)
        elif what == "load":
            from rivals_tui.screens.load import LoadScreen

            app.push_screen(LoadScreen())
        elif what == "learn":
            from rivals_tui.screens.learn import LearnScreen

            app.push_screen(LearnScreen())
        elif what == "rules":
            app.open_rules(None)
        elif what == "stats":
            from rivals_tui.screens.stats import StatsScreen

            app.push_screen(StatsScreen())
        elif what == "settings":
            from rivals_tui.screens.settings import SettingsScreen

            app.push_screen(SettingsScreen())
        elif what == "quit":
            app.action_save_quit()
