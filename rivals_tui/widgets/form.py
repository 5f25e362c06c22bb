"""Form pieces shared by the new-game and settings screens."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from textual import events
from textual.binding import Binding
from textual.dom import DOMNode
from textual.strip import Strip
from textual.widgets import Select, SelectionList
from textual.widgets.option_list import OptionDoesNotExist


class FormSelect(Select[Any], inherit_bindings=False):
    """A drop-down that opens with Enter or Space only, leaving ↑/↓ to move between the fields
    of the form (Textual's Select also opens on ↑/↓, which traps them on its row)."""

    BINDINGS = [Binding("enter,space", "show_overlay", "Open the list", show=False)]


class ChoiceList(SelectionList[str]):
    """A list of choices any number of which may be taken (Rival Realms' enchantments).

    Textual draws an X in every box, taken or not, and tells them apart by colour alone: in a
    terminal without colours, or read aloud, all eight looked taken. A box left untaken is drawn
    empty here."""

    def render_line(self, y: int) -> Strip:
        line = super().render_line(y)
        segments = list(line)
        try:
            choice = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return line
        if choice.value in self.selected or len(segments) < 4:
            return line
        box = segments[1]  # (left edge, inside, right edge, space, the choice's words)
        segments[1] = Segment(" " * len(box.text), box.style, box.control)
        return Strip(segments, line.cell_length)


class MarksCurrentRow:
    """For a screen of `.form-row`s: the row holding the focused field gets the class `-current`,
    which the app's styles draw as a reversed label. A focused compact field differs from the
    others only by a shade of background, which a terminal without colours does not show.
    (Textual's `:focus-within` is not re-evaluated for the row's label when focus moves.)"""

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        node: DOMNode | None = event.widget
        while node is not None and not node.has_class("form-row"):
            node = node.parent
        assert isinstance(self, DOMNode)
        for row in self.query(".form-row.-current"):
            if row is not node:
                row.remove_class("-current")
        if node is not None:
            node.add_class("-current")
