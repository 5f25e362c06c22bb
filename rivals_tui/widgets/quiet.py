"""Widgets that spare the screen layouts it does not need.

`QuietScroll`: a scrolling widget whose content may grow or shrink without the screen being laid
out again. Textual lays out the whole screen whenever a widget's virtual size changes. For the
log (a line more at nearly every move) and the detail panel (a new text whenever the cursor
lands on a new piece), that was a full layout and repaint of the game screen per change, though
neither widget's box depends on its content's length (the detail panel asks for a layout itself
when its height must change). Here a new length only moves the scrollbar.

`show_text`: new text for a `Static`, laying the screen out only when its height changes.

`Steady`: a widget that a layout resizes without the screen being laid out a second time.
After placing the widgets, a layout sets the virtual size of each one it resized, and Textual's
`virtual_size` asks for another layout of the whole screen when it changes. For a widget that
does not scroll, the virtual size is just its size, which that layout itself decided: the second
layout places everything where the first one did, and repaints it. On the game screen that was
every update that changed the height of the status line or the detail panel (the board, the
columns, the log's scrollbar all get a new height), three paints instead of one.
"""

from __future__ import annotations

from typing import Any, cast

from rich.style import Style
from textual.content import Content
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.widgets import Static


class Steady:
    """Mixin for a widget that does not scroll: a new size from a layout asks for no other one."""

    # Nor a repaint of its own: the layout that resized it paints it whole, in the same paint.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class SteadyScrollBar(Steady, ScrollBar):
    """A scrollbar whose new length (its widget's new height) asks for no second layout."""


class QuietScroll(ScrollView):
    """A scrolling widget that only repaints when the length of what it holds changes.

    Its style is also worked out once per paint: the log and the detail panel draw every line in
    it, and Textual walks every ancestor of the widget each time it is asked for it."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
    _paint_style: Style | None = None

    @property
    def rich_style(self) -> Style:
        style = self._paint_style
        return super().rich_style if style is None else style

    def render_lines(self, crop: Region) -> list[Strip]:
        self._paint_style = super().rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._paint_style = None

    def watch_virtual_size(self, size: Size) -> None:
        if self.is_mounted and self.container_size:
            self._scroll_update(size)  # the scrollbar's thumb and whether it shows
            self.refresh()

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        """The vertical scrollbar, a `SteadyScrollBar` (made as Textual's own `Widget` makes it)."""
        if self._vertical_scrollbar is None:
            bar = SteadyScrollBar(vertical=True, name="vertical", thickness=self.scrollbar_size_vertical)
            bar.display = False
            self._vertical_scrollbar = bar
            self.app._start_widget(self, bar)
        return self._vertical_scrollbar


def show_text(widget: Static, content: Content) -> bool:
    """Show `content` in `widget`; False when it shows that already. Text of as many lines as
    before needs only the widget's own repaint; the whole screen is laid out (every widget placed
    and painted again) only when the height changes. At a remote table, where every update
    rewrites the status line, that is one full layout fewer per update."""
    if widget.content == content:
        return False
    width = widget.content_region.width
    rules = cast(Any, widget.styles)  # the styles are the rules map Textual itself passes here
    same_height = width > 0 and content.get_height(rules, width) == widget.content_region.height
    widget.update(content, layout=not same_height)
    return True
