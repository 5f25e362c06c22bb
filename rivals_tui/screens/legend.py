"""The legend: every symbol and code the board may draw, with its meaning, over the board.

The rows come from the board (`GameBoard.legend`), which derives them from the glyph table it
draws with, so the legend always speaks the symbol set in use (Unicode or ASCII). The panel fits
80×24 and scrolls; Esc, q or the legend key close it.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from rivals_tui.screens.base import DismissOnce


def legend_table(rows: list[tuple[str, str]]) -> Table:
    """Two columns, symbol and meaning; long meanings wrap."""
    table = Table.grid(padding=(0, 2))
    # A narrow symbol column: a long code ("(Back: 2 coins.)") wraps rather than squeezing
    # every meaning.
    table.add_column("symbol", style="bold", min_width=4, max_width=14)
    table.add_column("meaning", ratio=1)
    for symbol, meaning in rows:
        table.add_row(Text(symbol.strip(), overflow="fold"), Text(meaning))
    return table


class LegendScreen(DismissOnce, ModalScreen[None]):
    """The board's legend, over the board."""

    DEFAULT_CSS = """
    LegendScreen { align: center middle; }
    LegendScreen #legend-box {
        width: 100%; max-width: 78; height: 100%; max-height: 22;
        border: thick $accent; background: $surface;
    }
    LegendScreen #legend-rows { height: 1fr; padding: 0 1; }
    LegendScreen #legend-hint { height: 1; padding: 0 1; color: $text-muted; }
    LegendScreen #legend-variants { margin-bottom: 1; }
    """

    BINDINGS = [
        Binding("escape,q,g", "close", "Close", tooltip="Back to the board", id="legend.close"),
    ]

    def __init__(self, title: str, rows: list[tuple[str, str]], variants: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.rows = rows
        # The game's variants, all of them: the status line names only those changed from
        # their defaults.
        self.variants = variants

    def compose(self) -> ComposeResult:
        with Vertical(id="legend-box") as box:
            box.border_title = self.title_text
            with VerticalScroll(id="legend-rows"):
                if self.variants:
                    yield Static(Text.assemble(("Variants: ", "bold"), self.variants), id="legend-variants")
                if self.rows:
                    yield Static(legend_table(self.rows), id="legend-table")
                else:
                    yield Static("This board draws words only: nothing to explain.", id="legend-table")
            yield Static("Arrows, PgUp and PgDn scroll; Esc, q or g close", id="legend-hint")

    def on_mount(self) -> None:
        self.query_one("#legend-rows").focus()

    def action_close(self) -> None:
        self.dismiss(None)
