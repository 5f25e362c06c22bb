"""The full log: every event the seat at the keyboard may read, in words, oldest first,
wrapped to the terminal's width (↑/↓ and Page keys scroll it)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Static

from rivals_tui.screens.base import DismissOnce
from rivals_tui.text import plain, safe_text
from rivals_tui.widgets.footer import KeysFooter
from rivals_tui.widgets.log import WrappingLog


class LogScreen(DismissOnce, ModalScreen[None]):
    BINDINGS = [Binding("escape,l,q", "close", "Back to the game", id="log.close")]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield Static(plain(self.title_text), id="log-title")
        yield WrappingLog(id="full-log")
        yield KeysFooter()

    def on_mount(self) -> None:
        log = self.query_one(WrappingLog)
        log.reset([safe_text(line, newlines=True) for line in self.lines] or ["Nothing has happened yet."])
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)
