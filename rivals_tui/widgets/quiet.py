"""`QuietScroll`: a scrolling widget whose content may grow or shrink without the screen being
laid out again.

Textual lays out the whole screen whenever a widget's virtual size changes. For the log (a line
more at nearly every move) and the detail panel (a new text whenever the cursor lands on a new
piece), that was a full layout and repaint of the game screen per change, though neither
widget's box depends on its content's length (the detail panel asks for a layout itself when its
height must change). Here a new length only moves the scrollbar.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView


class QuietScroll(ScrollView):
    """A scrolling widget that only repaints when the length of what it holds changes."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        if self.is_mounted and self.container_size:
            self._scroll_update(size)  # the scrollbar's thumb and whether it shows
            self.refresh()
