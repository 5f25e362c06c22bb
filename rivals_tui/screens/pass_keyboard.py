"""Pass-the-keyboard: in hot-seat play, hides the table until the named player is ready."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Static

from rivals_tui.screens.base import DismissOnce
from rivals_tui.text import plain
from rivals_tui.widgets.footer import KeysFooter


class PassScreen(DismissOnce, Screen[None]):
    """Covers everything. Only Enter (the next player's confirmation) goes back to the table."""

    BINDINGS = [Binding("enter", "ready", "I am ready", id="pass.ready")]

    def __init__(self, name: str, reason: str = "") -> None:
        super().__init__()
        self.player = name
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="pass-box"):
            yield Static(plain(f"Pass the keyboard to {self.player}."), id="pass-title")
            if self.reason:
                yield Static(plain(self.reason), id="pass-reason")
            yield Static(
                plain(f"Everyone else, look away. {self.player}, press Enter when you are ready."),
                id="pass-hint",
            )
        yield KeysFooter()

    def action_ready(self) -> None:
        self.dismiss(None)
