"""`KeysFooter`: the footer of every screen, listing only the keys that do something now.

Textual's footer shows a key whose `check_action` answers None as greyed, and a greyed key looks
much like a live one in many terminals (and takes room at 80 columns). Here such a key is left
out; the keys panel (f2) still lists it, marked as not available now.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    """A compact footer without the keys that do not apply now."""

    def __init__(
        self, *, show_command_palette: bool = True, leave_out: tuple[str, ...] = (), id: str | None = None
    ) -> None:
        super().__init__(compact=True, show_command_palette=show_command_palette, id=id)
        # Actions kept off this footer for room (still on f2 and in the palette).
        self.leave_out = leave_out

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
        self.styles.grid_size_columns = len(shown)
        yield from shown.values()
        opener = self.screen.active_bindings.get(palette)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and opener is not None:
            yield FooterKey(
                opener.binding.key,
                self.app.get_key_display(opener.binding),
                opener.binding.description,
                opener.binding.action,
                classes="-command-palette",
                tooltip=opener.tooltip,
            )
