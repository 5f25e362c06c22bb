"""`WrappingLog`: a log panel that keeps its lines whole at any width.

Textual's RichLog wraps a line once, at the width the panel has when the line is written. When
the panel later narrows — its scrollbar appears as the log fills, or the terminal is resized —
the old lines keep their width and lose their ends past the edge. This log keeps the texts,
reserves the scrollbar's room from the start, and wraps every line again when the width changes.
"""

from __future__ import annotations

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

from rivals_tui.widgets.quiet import QuietScroll


class WrappingLog(RichLog, QuietScroll):
    """Plain-text lines, wrapped to the panel's width; ↑/↓ scroll it when it has the focus."""

    DEFAULT_CSS = """
    WrappingLog { scrollbar-gutter: stable; overflow-x: hidden; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, wrap=True, markup=False, auto_scroll=True, min_width=1)
        self.texts: list[str] = []
        self._wrapped_at = 0
        # The height of the text area before the last resize: whether the log followed its end
        # is judged against it (by the time a resize is handled, `max_scroll_y` is the new one).
        self._height = 0

    def add(self, text: str) -> None:
        """Append one line of text (never read as markup)."""
        self.texts.append(text)
        self.write(Text(text), scroll_end=False)
        if self.auto_scroll and self._size_known:
            # At the end now, so the new line is painted with everything else that changed
            # (RichLog scrolls after the next refresh, which costs the screen a second paint).
            # Should the screen's next layout change the log's height, on_resize keeps it there.
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def reset(self, texts: list[str] | None = None) -> None:
        """Replace every line."""
        self.texts = []
        self.clear()
        for t in texts or []:
            self.add(t)

    def on_resize(self, event: Resize) -> None:
        # RichLog's own resize handler runs after this one and renders what waited for a size,
        # at the width the panel has now: those lines need no second wrapping.
        height, self._height = self._height, self.scrollable_content_region.height
        end_before = max(0, self.virtual_size.height - height)
        if self.auto_scroll and self._size_known and self.scroll_y >= min(end_before, self.max_scroll_y) - 1:
            # Followed the end before the resize: keep following it at the new height. (A panel
            # above that grew in the same update as the log left its newest lines below the edge.)
            self.call_after_refresh(self.scroll_end, animate=False, immediate=True, x_axis=False)
        if event.size.width and not self._size_known:
            self._wrapped_at = self.scrollable_content_region.width
            if self.auto_scroll:
                self.call_after_refresh(self.scroll_end, animate=False, immediate=True, x_axis=False)
        self.call_after_refresh(self._rewrap)

    def _rewrap(self) -> None:
        width = self.scrollable_content_region.width
        if not width or width == self._wrapped_at or not self._size_known:
            return
        self._wrapped_at = width
        texts = self.texts
        self.reset(texts)
