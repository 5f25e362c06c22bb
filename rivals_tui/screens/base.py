"""What every Rivals screen shares: closing only once, and only when on top; the command palette
(safe at key-repeat speed) and its entries for the keys of the screen on top (`KeysProvider`).

Textual's `dismiss` pops whatever screen is on top and calls the newest result callback, even
when the screen asking is no longer there. At key-repeat speed a second Enter or Esc reaches a
screen that is already closing: it would then close the screen under it (the game itself) or
fail with "Can't pop screen". `DismissOnce` makes such a late dismiss do nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.command import CommandList, CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.dom import DOMNode
from textual.screen import Screen


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


class KeysProvider(Provider):
    """Command palette entries for every key that works on the current screen."""

    def _commands(self) -> Iterator[tuple[str, str, Any]]:
        # One entry per name, listing every key for it ("Rules (?, f1)"): the menu's q and the
        # app's ctrl+q both quit, and the palette lists Quit once.
        grouped: dict[str, tuple[Binding, Any, list[str]]] = {}
        for key, ab in self.screen.active_bindings.items():
            b = ab.binding
            if not ab.enabled or b.action == "command_palette":
                continue
            entry = grouped.setdefault(b.description or b.action, (b, ab.node, []))
            entry[2].append(self.app.get_key_display(Binding(key, b.action)))
        for b, node, keys in grouped.values():
            label = b.description or b.action
            yield (
                f"{label} ({', '.join(keys)})",
                b.tooltip or label,
                partial(self._run, b.action, node, self.screen),
            )

    async def _run(self, action: str, node: DOMNode, screen: Screen[Any]) -> None:
        # The palette may close after the screen it listed keys for has gone (keys typed at
        # key-repeat speed): an action on a removed widget would crash, so it is dropped.
        if node.is_attached and screen.is_attached and self.app.screen is screen:
            await self.app.run_action(action, node)

    async def discover(self) -> Hits:
        for name, help_text, callback in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
