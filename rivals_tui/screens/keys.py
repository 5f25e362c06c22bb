"""The keys panel (f2): every key of the screen underneath, over it, instead of beside it.

Textual's own help panel docks at the side and squeezes an 80-column board until it cannot be
read; this one floats over the screen and goes away with f2 or Esc. Keys that do nothing at this
moment are listed too, marked as such, so a player learns them before they are needed.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static


class KeyLine(NamedTuple):
    keys: str
    what: str
    now: bool


def keys_of(screen: Screen[object]) -> list[KeyLine]:
    """The keys working on `screen` (its focused widget's, its own and the app's), one line per
    action, hidden cursor keys included: the panel is where a player looks them up."""
    app = screen.app
    grouped: dict[tuple[str, int], tuple[list[str], str, bool]] = {}
    for key, active in screen.active_bindings.items():
        b = active.binding
        what = b.tooltip or b.description
        entry = grouped.setdefault((b.action, id(active.node)), ([], what, active.enabled))
        entry[0].append(app.get_key_display(Binding(key, b.action)))
    lines = [KeyLine(", ".join(keys), what or "", now) for keys, what, now in grouped.values()]
    return [line for line in lines if line.what]


class KeysTable(Static):
    """Every key line as one widget: keys in a column of their own, a long description wrapping
    under itself, keys that do nothing now in a muted colour. One widget rather than three per
    line: a panel of forty keys as 120 widgets took half a second of CPU to open (each mounted,
    styled, laid out, and styled again when the scroll took the focus)."""

    COMPONENT_CLASSES = {"keys-table--keys", "keys-table--not-now"}
    DEFAULT_CSS = """
    KeysTable { height: auto; }
    KeysTable > .keys-table--keys { text-style: bold; }
    KeysTable > .keys-table--not-now { color: $text-muted; }
    """

    def __init__(self, lines: list[KeyLine]) -> None:
        super().__init__()
        self.lines = lines

    def render(self) -> Table | Text:
        if not self.lines:
            return Text("No keys here.")
        keys_style = self.get_component_rich_style("keys-table--keys")
        muted = self.get_component_rich_style("keys-table--not-now")
        table = Table.grid(padding=(0, 1))
        table.add_column(width=15, style=keys_style)
        table.add_column(ratio=1)
        for line in self.lines:
            if line.now:
                table.add_row(line.keys, line.what)
            else:
                table.add_row(line.keys, f"{line.what} (not now)", style=muted)
        return table


class KeysScreen(ModalScreen[None]):
    """The list of keys; f2 or Esc closes it."""

    BINDINGS = [Binding("escape,f2,q", "close", "Close", id="keys.close")]

    def __init__(self, lines: list[KeyLine]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(id="keys-box"):
            yield Static("Keys — f2 or Esc closes", id="keys-title")
            with VerticalScroll(id="keys-scroll"):
                yield KeysTable(self.lines)

    def listed(self) -> str:
        """The panel's text, one key per line (for tests)."""
        return "\n".join(f"{ln.keys}  {ln.what}{'' if ln.now else ' (not now)'}" for ln in self.lines)

    def on_mount(self) -> None:
        self.query_one("#keys-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
