"""`KeysFooter`: the footer of every screen, listing only the keys that do something now, and
never a key cut at the edge.

Textual's footer shows a key whose `check_action` answers None as greyed, and a greyed key looks
much like a live one in many terminals (and takes room at 80 columns). Here such a key is left
out; the keys panel (f2) still lists it, marked as not available now.

When the keys that work do not fit the width, the least important ones are left out rather
than cut: first the screen's `spare` actions in the order given, then the last keys of the row.
`f2 Keys` always stays, since the panel it opens lists every key.

The row is one widget that draws every key itself. Textual's footer is a container of one
widget per key, each styled, laid out and painted on its own, and rebuilt whenever a screen
refreshes its bindings (a game screen does at every status update): on a game screen those keys
were half the widgets and about a quarter of the CPU it took to show the screen. This one is
redrawn, not rebuilt, and only when the keys it shows change. A click on a key still presses it,
and the pointer over a key shows what it does.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget

from rivals_tui import glyphs

KEYS_PANEL = "toggle_keys"


class ShownKey(NamedTuple):
    """One key as the footer shows it."""

    key: str
    display: str
    description: str
    action: str
    tooltip: str


def key_width(key: ShownKey) -> int:
    """Columns a compact footer key takes: the key, a space, the description (Textual's
    compact FooterKey style: no padding around the key, one column before the description)."""
    if not key.description:
        return cell_len(key.display)
    return cell_len(key.display) + 1 + cell_len(key.description)


def fitting(keys: list[ShownKey], room: int, spare: tuple[str, ...]) -> list[ShownKey]:
    """The keys to show in `room` columns (one column between keys): leave out the `spare`
    actions in order, then the last keys, but never the keys panel's key."""
    kept = list(keys)

    def width() -> int:
        return sum(key_width(k) for k in kept) + max(len(kept) - 1, 0)

    for action in spare:
        if width() <= room:
            break
        kept = [k for k in kept if k.action != action]
    while width() > room:
        last = [k for k in kept if k.action != KEYS_PANEL]
        if not last:
            break
        kept.remove(last[-1])
    return kept


# What the footer shows: the keys that fit, and the command palette's opener (docked right).
Shown = tuple[tuple[ShownKey, ...], ShownKey | None]


class KeysFooter(Widget, can_focus=False):
    """A compact footer without the keys that do not apply now, fitted to the width."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"keys-footer--key", "keys-footer--description", "keys-footer--separator"}
    # The look of Textual's compact footer: bold accent keys, each followed by its description.
    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
    }
    KeysFooter > .keys-footer--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeysFooter > .keys-footer--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    KeysFooter > .keys-footer--separator {
        color: $foreground 20%;
    }
    """

    def __init__(
        self,
        *,
        show_command_palette: bool = True,
        leave_out: tuple[str, ...] = (),
        spare: tuple[str, ...] = (),
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.show_command_palette = show_command_palette
        # Actions kept off this footer for room (still on f2 and in the palette).
        self.leave_out = leave_out
        # Actions left out first when the keys do not fit, most dispensable first.
        self.spare = spare
        self._shown: Shown | None = None
        self._painted = False  # whether the first check after the first paint has run
        # Where each key is drawn: (first column, column after it, the key), for clicks.
        self._places: list[tuple[int, int, ShownKey]] = []

    @property
    def keys(self) -> list[ShownKey]:
        """The keys drawn now, left to right (the palette's opener last)."""
        if self._shown is None:
            return []
        row, palette_key = self._shown
        return [*row, palette_key] if palette_key is not None else list(row)

    def shown_keys(self) -> Shown:
        """The keys to show now (one per action, fitted to the width) and the palette's opener."""
        shown: dict[str, ShownKey] = {}
        palette = self.app.COMMAND_PALETTE_BINDING
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            if binding.action in self.leave_out:
                continue
            if not binding.show or not active.enabled or binding.action in shown:
                continue
            if key == palette:
                continue
            shown[binding.action] = ShownKey(
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                active.tooltip,
            )
        opener = self.screen.active_bindings.get(palette)
        palette_key = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and opener is not None:
            b = opener.binding
            display = self.app.get_key_display(b)
            palette_key = ShownKey(b.key, display, b.description, b.action, opener.tooltip)
        # The palette key is drawn at the right, between a one-column separator and a spare column.
        room = self.app.size.width - (key_width(palette_key) + 2 if palette_key else 0)
        return tuple(fitting(list(shown.values()), room, self.spare)), palette_key

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            # Once the screen is up, before the next refresh, so that the keys change in the same
            # paint as the rest of the screen. The first check waits for the first paint
            # instead: the screen then shows without waiting for the footer.
            if self._painted:
                self.call_next(self.update_keys)
            else:
                self.call_after_refresh(self.update_keys)

    def on_resize(self, event: events.Resize) -> None:
        # A new width may fit more keys, or fewer.
        self.call_after_refresh(self.update_keys)

    def update_keys(self) -> None:
        """Show the keys that work now, if they are not the ones shown (a screen that knows
        its bindings changed may call this to have the keys drawn in the same paint)."""
        if not self.is_attached:
            return
        self._painted = True
        shown = self.shown_keys()
        if shown != self._shown:
            self._shown = shown
            self.refresh()

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keys-footer--key")
        description_style = self.get_component_rich_style("keys-footer--description")
        line = Text(no_wrap=True, overflow="crop", end="")
        places: list[tuple[int, int, ShownKey]] = []

        def draw(k: ShownKey) -> None:
            start = line.cell_len
            line.append(k.display, key_style)
            if k.description:
                line.append(" " + k.description, description_style)
            places.append((start, line.cell_len, k))

        row, palette_key = self._shown if self._shown is not None else ((), None)
        for n, k in enumerate(row):
            if n:
                line.append(" ")
            draw(k)
        if palette_key is not None:
            # Near the right edge (one column spare), after a thin separator.
            gap = self.size.width - line.cell_len - key_width(palette_key) - 2
            line.append(" " * max(gap, 1))
            separator = "|" if glyphs.plain() else "\u258f"
            line.append(separator, self.get_component_rich_style("keys-footer--separator"))
            draw(palette_key)
            line.append(" ")
        self._places = places
        return line

    def _key_at(self, x: int) -> ShownKey | None:
        return next((k for start, end, k in self._places if start <= x < end), None)

    def on_click(self, event: events.Click) -> None:
        key = self._key_at(event.x)
        if key is not None:
            self.app.simulate_key(key.key)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        key = self._key_at(event.x)
        self.tooltip = (key.tooltip or key.description) if key is not None else None
