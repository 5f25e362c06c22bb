"""`KeysFooter`: the footer of every screen, listing only the keys that do something now.

Textual's footer shows a key whose `check_action` answers None as greyed, and a greyed key looks
much like a live one in many terminals (and takes room at 80 columns). Here such a key is left
out; the keys panel (f2) still lists it, marked as not available now.

Textual rebuilds its footer (new widgets, restyled) every time a screen refreshes its bindings,
which a game screen does at every status update. Late in a long game, with a large DOM, that was
most of the CPU a decision cost; this footer rebuilds only when the keys it shows change.
"""

from __future__ import annotations

from typing import NamedTuple

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class ShownKey(NamedTuple):
    """One key as the footer shows it."""

    key: str
    display: str
    description: str
    action: str
    tooltip: str


class KeysFooter(Footer):
    """A compact footer without the keys that do not apply now."""

    def __init__(
        self, *, show_command_palette: bool = True, leave_out: tuple[str, ...] = (), id: str | None = None
    ) -> None:
        super().__init__(compact=True, show_command_palette=show_command_palette, id=id)
        # Actions kept off this footer for room (still on f2 and in the palette).
        self.leave_out = leave_out
        self._shown: tuple[tuple[ShownKey, ...], ShownKey | None] | None = None

    def shown_keys(self) -> tuple[tuple[ShownKey, ...], ShownKey | None]:
        """The keys to show now (one per action) and the command palette's opener, if shown."""
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
        return tuple(shown.values()), palette_key

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        keys, palette_key = self._shown = self.shown_keys()
        self.styles.grid_size_columns = len(keys)
        for k in keys:
            yield FooterKey(k.key, k.display, k.description, k.action, tooltip=k.tooltip).data_bind(
                compact=Footer.compact
            )
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
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if self.is_attached and self.shown_keys() != self._shown:
            await self.recompose()
