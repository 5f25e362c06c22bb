"""The full log: every event the seat at the keyboard may read, in words, oldest first."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Log, Static

from rivals_tui.screens.base import DismissOnce
from rivals_tui.text import plain, safe_text
from rivals_tui.widgets.footer import KeysFooter


class LogScreen(DismissOnce, ModalScreen[None]):
    BINDINGS = [Binding("escape,l,q", "close", "Back to the game", id="log.close")]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield Static(plain(self.title_text), id="log-title")
        yield Log(id="full-log", auto_scroll=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        log = self.query_one(Log)
        log.write_lines(
            [safe_text(line, newlines=True) for line in self.lines] or ["Nothing has happened yet."]
        )
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)
