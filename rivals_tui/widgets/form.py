"""Form pieces shared by the new-game and settings screens."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from textual.binding import Binding
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
