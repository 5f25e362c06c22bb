"""The generic action picker: every choice the game offers now, filterable by typing.

Legal actions are selectable; actions the game lists as not allowed (`Game.choices` with a
reason) are shown greyed, with the reason, and cannot be picked. Enter returns the highlighted
action; Esc returns None.

The game screen keeps one picker and shows it again for each decision (`show`): a new screen
was composed, styled and laid out in full each time, and its removal on closing laid out the
game screen under it once more.

Typing filters and ranks: an entry whose description is exactly the typed text comes first, then
entries that contain the typed words side by side ("Clay Bank" in "Build Clay Bank"), then those
that merely contain every word somewhere (the Clay Quarry paid to the bank). The best legal entry
is highlighted, so typing a full name and pressing Enter always takes that name.
"""

from __future__ import annotations

import re
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from rivals_tui.screens.base import DismissOnce
from rivals_tui.text import plain


def match_rank(text: str, description: str) -> int | None:
    """How well `description` fits the filter `text`: 0 the exact description, 1 the typed words
    side by side at word boundaries, 2 every word somewhere; None when it does not fit at all."""
    words = text.lower().split()
    if not words:
        return 2
    desc = description.lower()
    if " ".join(desc.split()) == " ".join(words):
        return 0
    phrase = r"\s+".join(re.escape(w) for w in words)
    if re.search(rf"(?<!\w){phrase}(?!\w)", desc):
        return 1
    if all(w in desc for w in words):
        return 2
    return None


class ActionPicker(DismissOnce, ModalScreen[Any]):
    """Pick one action. `entries` are (action, description, reason-or-None), in the game's order."""

    BINDINGS = [
        Binding("escape", "cancel", "Close", id="picker.close"),
        Binding("down", "move(1)", "Next", show=False, id="picker.down"),
        Binding("up", "move(-1)", "Previous", show=False, id="picker.up"),
    ]

    def __init__(self, prompt: str, entries: list[tuple[Any, str, str | None]]) -> None:
        super().__init__()
        self.prompt = prompt
        self.entries = entries

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield Static(plain(self.prompt), id="picker-prompt")
            yield Input(placeholder="Type to filter; Enter chooses; Esc closes", id="picker-filter")
            yield OptionList(id="picker-list")
            yield Static("", id="picker-reason")

    def on_mount(self) -> None:
        self._fill("")
        self.query_one(Input).focus()

    def show(self, prompt: str, entries: list[tuple[Any, str, str | None]]) -> None:
        """Before this picker is pushed again: what it offers now, as a new picker would show it
        (the filter empty and focused, the best entry highlighted, no reason shown)."""
        self.prompt = prompt
        self.entries = entries
        if not self.is_mounted:
            return  # composed with them
        self.query_one("#picker-prompt", Static).update(plain(prompt))
        field = self.query_one(Input)
        with field.prevent(Input.Changed):
            field.value = ""
        self._fill("")
        if self.focused is not field:
            field.focus()

    def _fill(self, text: str) -> None:
        ranked: list[tuple[int, int, Option]] = []
        for i, (_, desc, reason) in enumerate(self.entries):
            label = desc if reason is None else f"{desc}  (not allowed: {reason})"
            # The description alone decides an exact match; the reason may add words to find.
            rank = match_rank(text, desc)
            if rank is None:
                rank = match_rank(text, label)
                rank = None if rank is None else max(rank, 2)
            if rank is not None:
                ranked.append((rank, i, Option(plain(label), id=str(i), disabled=reason is not None)))
        ranked.sort(key=lambda r: (r[0], r[1]))
        options = [o for _, _, o in ranked]
        ol = self.query_one(OptionList)
        ol.clear_options()
        ol.add_options(options)
        first = next((n for n, o in enumerate(options) if not o.disabled), None)
        ol.highlighted = first
        self.query_one("#picker-reason", Static).update(
            "" if options else "Nothing matches; Backspace to widen the filter."
        )

    @on(Input.Changed)
    def _filter(self, event: Input.Changed) -> None:
        self._fill(event.value)

    @on(Input.Submitted)
    def _submit_from_filter(self, event: Input.Submitted) -> None:
        ol = self.query_one(OptionList)
        if ol.highlighted is not None:
            self._choose(ol.get_option_at_index(ol.highlighted).id)

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self._choose(event.option_id)

    def _choose(self, option_id: str | None) -> None:
        if option_id is None:
            return
        action, _, reason = self.entries[int(option_id)]
        if reason is None:
            self.dismiss(action)
        else:
            self.query_one("#picker-reason", Static).update(f"Not allowed: {reason}")

    def action_move(self, step: int) -> None:
        ol = self.query_one(OptionList)
        if step > 0:
            ol.action_cursor_down()
        else:
            ol.action_cursor_up()

    def action_cancel(self) -> None:
        self.dismiss(None)
