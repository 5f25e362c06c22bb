"""The two questions about absent players at a server's table: what the table does when a player
is away (asked of its creator, after the new-game form), and how a player leaves it (`q` at the
table: the AI may play for them after the table's time, or, where the table allows it, they pause
their seat and the table waits)."""

from __future__ import annotations

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from rivals_tui.screens.base import DismissOnce
from rivals_tui.text import plain
from rivals_tui.widgets.form import FormSelect

# The longest an absent player may be waited for before the AI decides for them (a day).
MOST_SECONDS = 86400


@attrs.frozen
class AwayRules:
    """A table's rules for an absent player (the `Create` message's fields)."""

    ai_after: int
    ai_keeps: bool
    pausing: bool


def wait_words(seconds: int) -> str:
    """A time to wait as a player reads it: "2:00", "45 seconds"."""
    return f"{seconds // 60}:{seconds % 60:02d}" if seconds >= 60 else f"{seconds} seconds"


class AbsentPlayersDialog(DismissOnce, ModalScreen[AwayRules | None]):
    """Asks a new table's creator what happens when a player is away; Enter creates the table."""

    BINDINGS = [
        Binding("escape", "cancel", "Back", id="away.cancel"),
        Binding("ctrl+s", "create", "Create the table", id="away.create"),
        Binding("down", "app.focus_next", "Next field", show=False, id="away.next"),
        Binding("up", "app.focus_previous", "Previous field", show=False, id="away.previous"),
    ]

    def __init__(self, seconds: int) -> None:
        super().__init__()
        self.seconds = seconds

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Absent players", classes="dialog-title")
            yield Static(
                "When a player is away and their seat must decide, the AI decides for them after "
                "how many seconds? (0: the table waits for them)",
                classes="dialog-text",
            )
            yield Input(value=str(self.seconds), id="away-seconds", compact=True)
            with Horizontal(classes="form-row"):
                yield Label("Then the AI plays", classes="away-label")
                yield FormSelect(
                    [("that decision, then waits again", "one"), ("the seat until they are back", "keep")],
                    value="one",
                    allow_blank=False,
                    compact=True,
                    id="away-keeps",
                )
            with Horizontal(classes="form-row"):
                yield Label("Pausing a seat", classes="away-label")
                yield FormSelect(
                    [("allowed (the table waits)", "yes"), ("not allowed", "no")],
                    value="yes",
                    allow_blank=False,
                    compact=True,
                    id="away-pausing",
                )
            yield Static("", id="away-error")
            yield Static("Enter or ctrl+s creates the table; Esc goes back.", classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_create()

    def action_create(self) -> None:
        text = self.query_one(Input).value.strip() or "0"
        if not text.isdigit() or int(text) > MOST_SECONDS:
            self.query_one("#away-error", Static).update(
                plain(f"Give a number of seconds from 0 to {MOST_SECONDS}.")
            )
            return
        keeps = self.query_one("#away-keeps", Select).value == "keep"
        pausing = self.query_one("#away-pausing", Select).value == "yes"
        self.dismiss(AwayRules(int(text), keeps, pausing))

    def action_cancel(self) -> None:
        self.dismiss(None)


class LeaveTableDialog(DismissOnce, ModalScreen[str | None]):
    """`q` at a server's table: "leave" (the AI may play for this seat after the table's time),
    "pause" (nobody plays for it; offered where the table allows it), or None (stay)."""

    BINDINGS = [
        Binding("l", "answer('leave')", "Leave", id="leave.leave"),
        Binding("p", "answer('pause')", "Pause my seat", id="leave.pause"),
        Binding("escape,s", "answer(None)", "Stay", id="leave.stay"),
    ]

    def __init__(self, ai_after: int, ai_keeps: bool, pausing: bool) -> None:
        super().__init__()
        self.ai_after = ai_after
        self.ai_keeps = ai_keeps
        self.pausing = pausing

    def compose(self) -> ComposeResult:
        after = wait_words(self.ai_after)
        until = "until you are back" if self.ai_keeps else "one decision at a time"
        lines = [
            "Back to the lobby? Your seat stays yours.",
            f"Leave: the AI may play for you after {after}, {until}.",
        ]
        if self.pausing:
            lines.append("Pause my seat: nobody plays for you; the table waits for you.")
        with Vertical(classes="dialog"):
            yield Static(plain("\n".join(lines)), classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Leave (l)", id="leave", variant="primary", compact=True)
                if self.pausing:
                    yield Button("Pause (p)", id="pause", compact=True)
                yield Button("Stay (esc)", id="stay", compact=True)

    def on_mount(self) -> None:
        self.query_one("#leave", Button).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer" and parameters == ("pause",) and not self.pausing:
            return None
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None if event.button.id == "stay" else event.button.id)

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)
