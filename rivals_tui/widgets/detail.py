"""`DetailPanel`: the game screen's panel for the focused piece's title and text.

It is as tall as its text, up to the room the screen gives it, and the Page keys scroll the
rest. A scrolling container around a text widget did the same, but Textual lays out the whole
screen again whenever a widget inside a container changes height, and then once more for the
container's own scroll size: with the cursor landing on a new piece at nearly every move, that
was two full layouts and repaints of the screen per move. This panel wraps its own text and asks
for a layout only when its own height has to change.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.strip import Strip

from rivals_tui.widgets.quiet import QuietScroll


class DetailPanel(QuietScroll, can_focus=False):
    """A read-only text, wrapped to the panel's width, scrolled by the screen's Page keys."""

    # No scrollbar: its showing and hiding lays the screen out again too, and the panel's
    # frame already says when there is more to read (the game screen marks it "PgDn ↓ more").
    DEFAULT_CSS = """
    DetailPanel { overflow-x: hidden; overflow-y: hidden; }
    """

    def __init__(self, text: Text, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.text = text
        self._lines: list[Strip] = []
        self._wrapped_at = -1
        # The keys that scroll it, as its frame names them (the replay viewer's Page keys step
        # through the game, and other keys scroll this panel there).
        self.keys = ("PgUp", "PgDn")

    # -- what it shows ------------------------------------------------------------------------
    def show(self, text: Text) -> bool:
        """Show `text` from its top; False when it shows that already."""
        if text == self.text:
            return False
        room = self.scrollable_content_region.height
        before = len(self._lines)
        self.text = text
        self._wrapped_at = -1
        after = len(self._wrap(self.scrollable_content_region.width))
        self.scroll_y = 0
        # Full before and after, or as many lines as before: the panel keeps its height.
        keeps = room > 0 and (before == after or (before >= room and after >= room))
        self.refresh(layout=not keeps)
        return True

    def _wrap(self, width: int) -> list[Strip]:
        """The text's lines at `width` (kept until the width or the text changes)."""
        if width <= 0:
            return []
        if width != self._wrapped_at:
            console = self.app.console
            lines = console.render_lines(self.text, console.options.update_width(width), pad=False)
            self._lines = [Strip(line) for line in lines]
            self._wrapped_at = width
            self.virtual_size = Size(width, len(self._lines))
        return self._lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._wrap(width))

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return container.width

    def scroll_lines(self, lines: int) -> None:
        """Read on (or back) by `lines` (Textual's own scrolling is off with the scrollbar)."""
        self.scroll_y = max(0, min(self.max_scroll_y, int(self.scroll_y) + lines))

    def mark_more(self) -> None:
        """Say on the frame when there is more to read than the panel shows, and which way."""
        below = self.scroll_y < self.max_scroll_y
        above = self.scroll_y > 0
        up, down = self.keys
        marks = " · ".join(m for m, on in ((f"{up} ↑", above), (f"{down} ↓ more", below)) if on)
        # Setting a border title repaints the widget even when it is the same text.
        if marks != (self.border_subtitle or ""):
            self.border_subtitle = marks

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self.scroll_lines(1)
        event.stop()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self.scroll_lines(-1)
        event.stop()

    def on_resize(self) -> None:
        self._wrap(self.scrollable_content_region.width)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        lines = self._wrap(width)
        n = self.scroll_offset.y + y
        base = self.rich_style
        if n >= len(lines):
            return Strip.blank(width, base)
        return lines[n].apply_style(base).crop_extend(0, width, base)

    @property
    def plain(self) -> str:
        """The whole text as plain characters (what tests and the legibility check read)."""
        return self.text.plain
