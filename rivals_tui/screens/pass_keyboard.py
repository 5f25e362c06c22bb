"""Hot-seat screens that hide the table: pass-the-keyboard, until the named player is ready; and
the interrupt question, which asks the whole table whether a player wants the keyboard to
interrupt a turn (so the keyboard is not passed round for every window, and nobody learns from
the question who holds what)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Static

from rivals_tui.screens.base import DismissOnce
from rivals_tui.text import plain
from rivals_tui.widgets.footer import KeysFooter


class PassScreen(DismissOnce, Screen[None]):
    """Covers everything. Only Enter (the next player's confirmation) goes back to the table."""

    BINDINGS = [Binding("enter", "ready", "I am ready", id="pass.ready")]

    def __init__(self, name: str, reason: str = "") -> None:
        super().__init__()
        self.player = name
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="pass-box"):
            yield Static(plain(f"Pass the keyboard to {self.player}."), id="pass-title")
            if self.reason:
                yield Static(plain(self.reason), id="pass-reason")
            yield Static(
                plain(f"Everyone else, look away. {self.player}, press Enter when you are ready."),
                id="pass-hint",
            )
        yield KeysFooter()

    def action_ready(self) -> None:
        self.dismiss(None)


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


class InterruptScreen(DismissOnce, Screen[str]):
    """Asked when a player may interrupt someone else's turn (an engine prompt with `declines`).
    Answers: "take" (that player takes the keyboard and sees their choices), "quiet" (the game's
    second-to-last choice: Rivals' "Pass till the next turn") or "wait" (its last choice: "Pass
    for now").
    `passes` are the lines of those choices as the game words them (the plain pass last), so the
    question calls them what the board and the action picker do."""

    BINDINGS = [
        Binding("i", "take", "Take the keyboard", id="interrupt.take"),
        Binding("t", "quiet", "Pass till the next turn", id="interrupt.quiet"),
        Binding("enter", "wait", "Pass for now", id="interrupt.wait"),
    ]

    def __init__(self, name: str, question: str, passes: list[str]) -> None:
        super().__init__()
        self.player = name
        self.question = question
        self.passes = passes
        self.can_quiet = len(passes) > 1

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="pass-box"):
            yield Static(plain(f"{self.player} may interrupt."), id="pass-title")
            yield Static(plain(self.question), id="pass-reason")
            quiet = f" t: {lower_first(self.passes[0])}." if self.can_quiet else ""
            wait = lower_first(self.passes[-1]) if self.passes else "go on without it"
            yield Static(
                plain(f"{self.player}: press i to take the keyboard.{quiet} Enter: {wait}."),
                id="pass-hint",
            )
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_quiet if action == "quiet" else True

    def action_take(self) -> None:
        self.dismiss("take")

    def action_quiet(self) -> None:
        if self.can_quiet:
            self.dismiss("quiet")

    def action_wait(self) -> None:
        self.dismiss("wait")
