"""`KeysFooter`: the footer of every screen, listing only the keys that do something now, and
never a key cut at the edge.

Textual's footer shows a key whose `check_action` answers None as greyed, and a greyed key looks
much like a live one in many terminals (and takes room at 80 columns). Here such a key is left
out; the keys panel (f2) still lists it, marked as not available now.

When the keys that work do not fit the width, the least important ones are left out rather
than cut: first the screen's `spare` actions in the order given, then the last keys of the row.
`f2 Keys` always stays, since the panel it opens lists every key.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

KEYS_PANEL = "toggle_keys"


def key_width(key: FooterKey) -> int:
    """Columns a compact footer key takes: the key, a space, the description (Textual's
    compact FooterKey style: no padding around the key, one column before the description)."""
    if not key.description:
        return cell_len(key.key_display)
    return cell_len(key.key_display) + 1 + cell_len(key.description)


def fitting(keys: list[FooterKey], room: int, spare: tuple[str, ...]) -> list[FooterKey]:
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
        self._width = 0

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        shown: dict[str, FooterKey] = {}
        palette = self.app.COMMAND_PALETTE_BINDING
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            if binding.action in self.leave_out:
                continue
            if not binding.show or not active.enabled or binding.action in shown:
                continue
            if key == palette:
                continue
            shown[binding.action] = FooterKey(
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                tooltip=active.tooltip,
            ).data_bind(compact=Footer.compact)
        opener = self.screen.active_bindings.get(palette)
        palette_key: FooterKey | None = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and opener is not None:
            palette_key = FooterKey(
                opener.binding.key,
                self.app.get_key_display(opener.binding),
                opener.binding.description,
                opener.binding.action,
                classes="-command-palette",
                tooltip=opener.tooltip,
            )
        # The palette key is docked at the right, after a one-column separator.
        self._width = self.app.size.width
        room = self._width - (key_width(palette_key) + 1 if palette_key else 0)
        keys = fitting(list(shown.values()), room, self.spare)
        self.styles.grid_size_columns = len(keys)
        yield from keys
        if palette_key is not None:
            yield palette_key

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._width:
            self.refresh(recompose=True)
