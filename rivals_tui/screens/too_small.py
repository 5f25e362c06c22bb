"""Shown instead of a broken layout when the terminal is smaller than 80×24."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

MIN_SIZE = (80, 24)


class TooSmallScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        w, h = MIN_SIZE
        yield Static(f"Please enlarge the terminal to at least {w}×{h} to play.", id="too-small")
