"""What every Rivals screen that closes itself shares: closing only once, and only when on top.

Textual's `dismiss` pops whatever screen is on top and calls the newest result callback, even
when the screen asking is no longer there. At key-repeat speed a second Enter or Esc reaches a
screen that is already closing: it would then close the screen under it (the game itself) or
fail with "Can't pop screen". `DismissOnce` makes such a late dismiss do nothing.
"""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete
from textual.command import CommandList, CommandPalette


class DismissOnce:
    """Mix in first: `class Picker(DismissOnce, ModalScreen[Any])`."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not getattr(self, "is_active", False):
            return AwaitComplete()  # already complete: nothing to wait for
        done: AwaitComplete = super().dismiss(result)  # type: ignore[misc]
        return done


class RivalsCommandPalette(DismissOnce, CommandPalette):
    """Textual's command palette, closing once however fast Enter is pressed."""

    def _action_command_list(self, action: str) -> None:
        # Textual's list pages by a map of its lines that it can only build once it has been laid
        # out with some room: the palette's commands arrive after its first layout, and a Page key
        # in the moment before the next one raised KeyError. Nothing is on show to page through
        # then, so the key does nothing.
        if action in ("page_up", "page_down") and not self.query_one(CommandList).scrollable_content_region:
            return
        super()._action_command_list(action)
