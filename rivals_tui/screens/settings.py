"""Settings: colour theme, confirm moves before they are made, the pause between AI moves, and the
boards' symbols (Unicode, plain ASCII for terminals without UTF-8, or detected). Every change is
saved at once (JSON in the user config folder)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Label, Select, Static, Switch

from rivals_tui import glyphs
from rivals_tui.app import WithRivals
from rivals_tui.screens.base import DismissOnce
from rivals_tui.settings import AI_PACES, SYMBOL_MODES
from rivals_tui.widgets.footer import KeysFooter
from rivals_tui.widgets.form import FormSelect, MarksCurrentRow


def pace_label(seconds: float) -> str:
    return "no pause" if seconds == 0 else f"{seconds:g} s between AI moves"


def symbols_label(mode: str) -> str:
    """ "automatic (Unicode here)": what automatic would pick on this terminal."""
    if mode == "auto":
        return f"automatic ({'Unicode' if glyphs.unicode_terminal() else 'ASCII'} here)"
    return glyphs.MODE_LABELS[mode]


def confirm_words(on: bool) -> str:
    """The switch's state in words: its colours alone do not say which way it is set."""
    return "On: each turn is shown and asked for first" if on else "Off: moves are made at once"


class SettingsScreen(WithRivals, MarksCurrentRow, DismissOnce, Screen[None]):
    BINDINGS = [
        Binding("escape,q", "back", "Back", id="settings.back"),
        Binding("down", "app.focus_next", "Next setting", show=False, id="settings.next"),
        Binding("up", "app.focus_previous", "Previous setting", show=False, id="settings.previous"),
    ]

    def compose(self) -> ComposeResult:
        s = self.rivals.settings
        paces = sorted({*AI_PACES, s.ai_pace})
        with Vertical(id="settings-form"):
            yield Static("Settings", id="settings-title")
            with Horizontal(classes="form-row"):
                yield Label("Theme", classes="form-label")
                themes = sorted(self.app.available_themes)
                yield FormSelect(
                    [(t, t) for t in themes],
                    value=self.app.theme,
                    allow_blank=False,
                    compact=True,
                    id="theme",
                )
            with Horizontal(classes="form-row"):
                yield Label("Confirm moves", classes="form-label")
                yield Switch(value=s.confirm_moves, id="confirm")
                yield Label(confirm_words(s.confirm_moves), id="confirm-words")
            with Horizontal(classes="form-row"):
                yield Label("AI pace", classes="form-label")
                yield FormSelect(
                    [(pace_label(p), p) for p in paces],
                    value=s.ai_pace,
                    allow_blank=False,
                    compact=True,
                    id="pace",
                )
            with Horizontal(classes="form-row"):
                yield Label("Symbols", classes="form-label")
                yield FormSelect(
                    [(symbols_label(m), m) for m in SYMBOL_MODES],
                    value=s.symbols,
                    allow_blank=False,
                    compact=True,
                    id="symbols",
                )
            yield Static("Changes are saved at once. Esc goes back.", id="settings-hint")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#theme", Select).focus()

    @on(Select.Changed, "#theme")
    def _theme(self, event: Select.Changed) -> None:
        self.app.theme = str(event.value)
        self.rivals.settings.theme = str(event.value)
        self.rivals.save_settings()

    @on(Switch.Changed, "#confirm")
    def _confirm(self, event: Switch.Changed) -> None:
        self.rivals.settings.confirm_moves = event.value
        self.query_one("#confirm-words", Label).update(confirm_words(event.value))
        self.rivals.save_settings()

    @on(Select.Changed, "#pace")
    def _pace(self, event: Select.Changed) -> None:
        value = event.value
        if isinstance(value, (int, float)):
            self.rivals.settings.ai_pace = float(value)
            self.rivals.save_settings()

    @on(Select.Changed, "#symbols")
    def _symbols(self, event: Select.Changed) -> None:
        if event.value in SYMBOL_MODES:
            self.rivals.settings.symbols = str(event.value)
            self.rivals.use_symbols(self.rivals.settings.symbols)
            self.rivals.save_settings()

    def action_back(self) -> None:
        self.dismiss(None)
