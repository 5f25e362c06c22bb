"""`KeysFooter`: the footer of every screen, listing only the keys that do something now, and
never a key cut at the edge.

Textual's footer shows a key whose `check_action` answers None as greyed, and a greyed key looks
much like a live one in many terminals (and takes room at 80 columns). Here such a key is left
out; the keys panel (f2) still lists it, marked as not available now.

When the keys that work do not fit the width, the least important ones are left out rather
than cut: first the screen's `spare` actions in the order given, then the last keys of the row.
`f2 Keys` always stays, since the panel it opens lists every key.

Textual rebuilds its footer (new widgets, restyled) every time a screen refreshes its bindings,
which a game screen does at every status update. Late in a long game, with a large DOM, that was
most of the CPU a decision cost; this footer rebuilds only when the keys it shows change.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

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


class KeysFooter(Footer):
    """A compact footer without the keys that do not apply now, fitted to the width."""

    def __init__(
        self,
        *,
        show_command_palette: bool = True,
        leave_out: tuple[str, ...] = (),
        spare: tuple[str, ...] = (),
        id: str | None = None,
    ) -> None:
        super().__init__(compact=True, show_command_palette=show_command_palette, id=id)
        # Actions kept off this footer for room (still on f2 and in the palette).
        self.leave_out = leave_out
        # Actions left out first when the keys do not fit, most dispensable first.
        self.spare = spare
        self._shown: Shown | None = None
        self._painted = False  # whether the first check after the first paint has run

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
        # The palette key is docked at the right, after a one-column separator.
        room = self.app.size.width - (key_width(palette_key) + 1 if palette_key else 0)
        return tuple(fitting(list(shown.values()), room, self.spare)), palette_key

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        keys, palette_key = self._shown = self.shown_keys()
        self.styles.grid_size_columns = len(keys)
        yield from (self._key(k) for k in keys)
        if palette_key is not None:
            yield FooterKey(
                palette_key.key,
                palette_key.display,
                palette_key.description,
                palette_key.action,
                classes="-command-palette",
                tooltip=palette_key.tooltip,
            )

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            # Once the screen is up, before the next refresh, so that the keys change in the same
            # paint as the rest of the screen (after it, they would cost a second layout and
            # paint of their own). The first check waits for the first paint instead: the screen
            # then shows without waiting for the footer (start-up is about 45 ms shorter).
            if self._painted:
                self.call_next(self._recompose_if_changed)
            else:
                self.call_after_refresh(self._recompose_if_changed)

    def on_resize(self, event: events.Resize) -> None:
        # A new width may fit more keys, or fewer.
        self.call_after_refresh(self._recompose_if_changed)

    def _key(self, k: ShownKey) -> FooterKey:
        return FooterKey(k.key, k.display, k.description, k.action, tooltip=k.tooltip).data_bind(
            compact=Footer.compact
        )

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached:
            return
        self._painted = True
        shown = self.shown_keys()
        if shown == self._shown:
            return
        if self._shown is None or shown[1] != self._shown[1]:
            await self.recompose()
            return
        # Only the row of keys changed (whose turn it is, say): relabel the keys already there,
        # hide the ones left over and add only what is missing. A recompose would create and
        # style every key again and lay out the whole screen once more: at a remote table, where
        # the keys change with every turn, that was most of what showing an update cost.
        keys = shown[0]
        self._shown = shown
        row = [w for w in self.query_children(FooterKey) if not w.has_class("-command-palette")]
        for widget, k in zip(row, keys, strict=False):
            label = (widget.key, widget.key_display, widget.description, widget.action)
            if not widget.display or label != k[:4]:
                widget.key, widget.key_display, widget.description, widget.action = k[:4]
                widget.tooltip = k.tooltip or None
                widget.display = True
                widget.refresh(layout=True)
        for widget in row[len(keys) :]:
            widget.display = False
        self.styles.grid_size_columns = len(keys)
        if len(keys) > len(row):
            palette = self.query_children(".-command-palette")
            before = palette.first() if palette else None
            await self.mount_all([self._key(k) for k in keys[len(row) :]], before=before)
