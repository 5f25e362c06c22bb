"""The keys panel (f2): every key of the screen underneath, over it, instead of beside it.

Textual's own help panel docks at the side and squeezes an 80-column board until it cannot be
read; this one floats over the screen and goes away with f2 or Esc. Keys that do nothing at this
moment are listed too, marked as such, so a player learns them before they are needed.
"""

from __future__ import annotations

from typing import NamedTuple

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
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
                if not self.lines:
                    yield Static("No keys here.")
                for line in self.lines:
                    # Two columns, so a long description wraps under itself, not under the keys.
                    with Horizontal(classes="keys-row" + ("" if line.now else " not-now")):
                        yield Static(line.keys, classes="keys-keys")
                        yield Static(line.what if line.now else f"{line.what} (not now)", classes="keys-what")

    def listed(self) -> str:
        """The panel's text, one key per line (for tests)."""
        return "\n".join(f"{ln.keys}  {ln.what}{'' if ln.now else ' (not now)'}" for ln in self.lines)

    def on_mount(self) -> None:
        self.query_one("#keys-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
