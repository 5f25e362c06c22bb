"""Typed modal dialogs: a yes/no question, an error message (and a damaged save's, which offers
its previous version) and a line of text."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from rivals_tui.screens.base import DismissOnce
from rivals_tui.text import plain


class ConfirmDialog(DismissOnce, ModalScreen[bool]):
    """Ask a yes/no question; dismisses with True for yes. `y` yes, `n`/Esc no, Enter the focused
    button (yes, unless `enter_says_no`)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(
        self, question: str, yes: str = "Yes", no: str = "No", *, enter_says_no: bool = False
    ) -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no
        # For a question about something for good: Enter pressed out of habit keeps things as
        # they are (the focus starts on No; `y` still says yes).
        self.enter_says_no = enter_says_no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(plain(self.question), classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button(plain(f"{self.yes} (y)"), id="yes", variant="primary", compact=True)
                yield Button(plain(f"{self.no} (n)"), id="no", compact=True)

    def on_mount(self) -> None:
        self.query_one("#no" if self.enter_says_no else "#yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class ErrorDialog(DismissOnce, ModalScreen[str | None]):
    """Show one problem in a sentence; Enter or Esc closes it and the app carries on."""

    BINDINGS = [Binding("escape,enter", "close", "Close", id="error.close")]
    HINT = "Press Enter to continue."

    def __init__(self, message: str, title: str = "Something went wrong") -> None:
        super().__init__()
        self.message = message
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog error-dialog"):
            yield Static(plain(self.title_text), classes="dialog-title")
            yield Static(plain(self.message), id="error-message", classes="dialog-text")
            yield Static(self.HINT, classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)


class RestoreDialog(ErrorDialog):
    """A damaged save whose previous version is good: `r` answers "restore" from right here, as
    the message offers; Enter or Esc goes back as before."""

    BINDINGS = [Binding("r", "restore", "Restore previous", id="restore.yes")]
    HINT = "Press r to restore it, or Enter to go back."

    def action_restore(self) -> None:
        self.dismiss("restore")


class AskDialog(DismissOnce, ModalScreen[str | None]):
    """Ask for one line of text; Enter dismisses with it, Esc with None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="ask.cancel")]

    def __init__(self, question: str, value: str = "", title: str = "") -> None:
        super().__init__()
        self.question = question
        self.value = value
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            if self.title_text:
                yield Static(plain(self.title_text), classes="dialog-title")
            yield Static(plain(self.question), classes="dialog-text")
            yield Input(value=self.value, id="ask-input", compact=True)
            yield Static("Enter to confirm, Esc to cancel.", classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
