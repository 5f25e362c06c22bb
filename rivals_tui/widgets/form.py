"""Form pieces shared by the new-game and settings screens."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.widgets import Select


class FormSelect(Select[Any], inherit_bindings=False):
    """A drop-down that opens with Enter or Space only, leaving ↑/↓ to move between the fields
    of the form (Textual's Select also opens on ↑/↓, which traps them on its row)."""

    BINDINGS = [Binding("enter,space", "show_overlay", "Open the list", show=False)]
