"""The replay viewer: a game, finished or not, move by move, as it stood after each move.

Opened from the game-over screen (`v`), from the load screen (`v`, any save that can be read)
and by `rivals replay NAME`. The status line says which move this is of how many, its round
and turn, whose decision it was (and what, when the eyes looking may know it), and through
whose eyes the table is seen; the board shows the table as it stood; the log holds what those
eyes could read up to that move, the move's own lines marked with ">".

What may be seen is the replay's to decide (saves/replay.py, `Replay.eyes` and `Replay.shown`):
after the end, any seat's eyes (`s` goes round them and a spectator's) and, on `e`, the whole
table with nothing hidden; before it, only the eyes of the seat played at this keyboard, or a
spectator's. The board is given what `Replay.shown` returns and no moves to make.

The screen's keys are priority keys: the board keeps the focus (its cursor fills the detail
panel, and a board too big for the screen turns its pages), and would otherwise take the arrows.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from engine.core import name_seats
from rivals_tui import glyphs
from rivals_tui.app import BaseScreen, RivalsApp, WithRivals
from rivals_tui.dialogs import AskDialog
from rivals_tui.games import board_for
from rivals_tui.games.book import entries_for
from rivals_tui.screens.base import DismissOnce
from rivals_tui.screens.game_panes import Column, DetailPane, Row, StatusLine, side_panes
from rivals_tui.screens.legend import LegendScreen
from rivals_tui.screens.log import LogScreen
from rivals_tui.session import options_in_force
from rivals_tui.text import plain, safe_text
from rivals_tui.widgets.board import GameBoard
from rivals_tui.widgets.detail import DetailPanel
from rivals_tui.widgets.footer import KeysFooter
from rivals_tui.widgets.log import WrappingLog
from rivals_tui.widgets.quiet import show_text
from saves.replay import Replay

# The log pane holds the last this many lines up to the move shown (`l` shows every one): the
# pane is a dozen lines high, and writing thousands again at every step would be slow.
LOG_TAIL = 80
# How the log marks the lines of the move shown.
MARK = "> "


def _key(keys: str, action: str, description: str, tooltip: str, id: str, show: bool = True) -> Binding:
    return Binding(keys, action, description, tooltip=tooltip, show=show, priority=True, id=f"replay.{id}")


def _where(round_: int, turn: int) -> str:
    """Where in the game a move stands, as the records number it: round 0 is the set-up, and
    turn 0 a decision in no seat's turn (a secret choice by everyone, who begins the next Age)."""
    if round_ == 0:
        return "setting up"
    return f"round {round_}, between turns" if turn == 0 else f"round {round_}, turn {turn}"


class ReplayScreen(WithRivals, DismissOnce, DetailPane):
    """One game's replay: step through its moves, seen through the eyes the replay allows."""

    BINDINGS = [
        _key("left", "step(-1)", "Back", "One move back", "back"),
        _key("right", "step(1)", "Next", "One move on", "next"),
        _key(
            "pageup", "turn(-1)", "Turn back", "To the start of this turn, or of the one before", "turn_back"
        ),
        _key("pagedown", "turn(1)", "Next turn", "To the start of the next turn", "turn_next"),
        _key(
            "[,shift+pageup",
            "round(-1)",
            "Round back",
            "To the start of this round, or of the one before",
            "round_back",
            show=False,
        ),
        _key(
            "],shift+pagedown",
            "round(1)",
            "Next round",
            "To the start of the next round",
            "round_next",
            show=False,
        ),
        _key("home", "jump(0)", "Start", "The table as it was set up", "start", show=False),
        _key("end", "jump(-1)", "End", "The last move (the end of the game, or now)", "end", show=False),
        _key("m", "go_to", "Go to", "Go to a move by its number", "go_to"),
        _key("s", "seat", "Seat", "See the table through another seat's eyes", "seat"),
        _key(
            "e", "everything", "All cards", "Show every hand and face-down card (after the end only)", "all"
        ),
        _key("l", "full_log", "Log", "Everything these eyes could read up to this move", "log"),
        _key("g", "legend", "Legend", "What every symbol on the board means", "legend"),
        _key("b", "book", "Book", "Every card and piece of the game, searchable", "book"),
        _key("question_mark,f1", "rules", "Rules", "The rules at the step shown", "rules", show=False),
        _key("d", "detail(1)", "Detail down", "Read on in the detail panel", "detail_down", show=False),
        _key("u", "detail(-1)", "Detail up", "Back up in the detail panel", "detail_up", show=False),
        _key("escape,q", "leave", "Close", "Leave the replay", "leave"),
    ]

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay
        self.names = [safe_text(seat.name) for seat in replay.seats]
        self.position = 0
        self._eye = 0
        self.everything = False
        self.message = ""
        # The log pane's lines as shown (tests read them).
        self.log_lines: list[str] = []

    @property
    def seat(self) -> int | None:
        """The eyes the table is seen through: a seat, or None for a spectator's."""
        return self.replay.eyes[self._eye]

    def words(self, text: str) -> str:
        return name_seats(text, self.names)

    def compose(self) -> ComposeResult:
        yield StatusLine("", id="status")
        with Row(id="body"):
            with Column(id="board-area"):
                yield board_for(self.replay.game, self.names, None, self.say)
            with Column(id="side"):
                yield from side_panes()
        yield KeysFooter(
            show_command_palette=False,
            leave_out=("save_quit",),
            spare=("book", "legend", "full_log", "everything", "go_to", "seat"),
        )

    def on_mount(self) -> None:
        self.query_one("#detail", DetailPanel).keys = ("u", "d")
        self.query_one(GameBoard).focus_board()
        self.show()

    # -- drawing ---------------------------------------------------------------------------------
    def show(self) -> None:
        """Draw the position, through the eyes chosen, on every pane."""
        r, k, seat = self.replay, self.position, self.seat
        events = r.events(k, seat)
        board = self.query_one(GameBoard)
        board.show(r.shown(k, seat, self.everything), seat, (), [e for n, e in events if n == k])
        if board.last_detail is not None:
            self._show_detail(*board.last_detail)
        self.log_lines = [self._line(n, e.text) for n, e in events[-LOG_TAIL:]]
        self.query_one("#log", WrappingLog).reset(self.log_lines)
        self._render_status()

    def _line(self, move: int, text: str) -> str:
        return (MARK if move == self.position else "") + self.words(text)

    def status_text(self) -> str:
        """The status line: where in the game, whose decision led here, whose eyes."""
        r, k = self.replay, self.position
        parts = [f"{r.game.title} replay"]
        variants = options_in_force(r.options, len(r.seats), changed_only=True)
        if variants:
            parts.append(variants)
        parts.append(f"move {k} of {r.moves}")
        number = r.number(k)
        if number is not None:
            parts.append(_where(*number))
        parts.append(self._eyes_text())
        lines = [" · ".join(parts), self._decision_text()]
        return "\n".join(line for line in (*lines, self.message) if line)

    def _eyes_text(self) -> str:
        if self.everything:
            return "every card shown"
        seat = self.seat
        return "as a spectator sees it" if seat is None else f"as {self.names[seat]} saw it"

    def _decision_text(self) -> str:
        r, k = self.replay, self.position
        who = r.decider(k)
        if who is None:
            said = "The table as it was set up."
        else:
            what = r.described(k, self.seat, self.everything)
            said = f"{self.names[who]} decided" + (f": {self.words(what).rstrip('.')}." if what else ".")
        if k == r.moves:
            said += " The game is over." if r.finished else " This is as far as the game has got."
        else:
            owing = r.to_act(k)
            said += " Next: " + ", ".join(self.names[x] for x in owing) + "." if owing else ""
        return said

    def _render_status(self) -> None:
        show_text(self.query_one("#status", Static), plain(glyphs.text(self.status_text())))
        self.refresh_bindings()
        self.query_one(KeysFooter).update_keys()

    def say(self, text: str) -> None:
        """One line under the status (the board's sentences, a move number not understood)."""
        self.message = text
        self._render_status()

    # -- moving through the game -----------------------------------------------------------------
    def go(self, position: int) -> None:
        """Show position `position` (bounded by the start and the end)."""
        self.position = max(0, min(self.replay.moves, position))
        self.message = ""
        self.show()

    def action_step(self, step: int) -> None:
        self.go(self.position + step)

    def action_turn(self, step: int) -> None:
        self.go(self.replay.turn_step(self.position, step))

    def action_round(self, step: int) -> None:
        self.go(self.replay.turn_step(self.position, step, rounds=True))

    def action_jump(self, where: int) -> None:
        self.go(self.replay.moves if where < 0 else where)

    def action_go_to(self) -> None:
        moves = self.replay.moves
        question = f"Go to which move (0 is the table as set up, {moves} the last)?"
        self.app.push_screen(AskDialog(question, value=str(self.position), title="Go to move"), self._go_to)

    def _go_to(self, answer: str | None) -> None:
        if answer is None:
            return
        text = answer.strip()
        moves = self.replay.moves
        if not text.isdecimal() or int(text) > moves:
            self.say(f"{safe_text(text)!r} is not a move number: give one from 0 to {moves}.")
            return
        self.go(int(text))

    def action_seat(self) -> None:
        self._eye = (self._eye + 1) % len(self.replay.eyes)
        self.show()

    def action_everything(self) -> None:
        self.everything = not self.everything
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "seat":
            return True if len(self.replay.eyes) > 1 else None
        if action == "everything":
            return True if self.replay.finished else None
        if action == "book":
            return True if entries_for(self.replay.game.id) else None
        return True

    # -- reading ---------------------------------------------------------------------------------
    def action_full_log(self) -> None:
        seat = self.seat
        whose = "public events" if seat is None else f"as seen by {self.names[seat]}"
        lines = [self._line(n, e.text) for n, e in self.replay.events(self.position, seat)]
        self.app.push_screen(LogScreen(f"Log up to move {self.position} — {whose}", lines))

    def action_legend(self) -> None:
        r = self.replay
        variants = options_in_force(r.options, len(r.seats))
        self.app.push_screen(
            LegendScreen(f"Legend: {r.game.title}", self.query_one(GameBoard).legend(), variants)
        )

    def action_book(self) -> None:
        self.rivals.open_book(self.replay.game.id)

    def action_rules(self) -> None:
        r, seat = self.replay, self.seat
        owing = r.to_act(self.position)
        section = r.prompt(self.position, seat).section if seat is not None and seat in owing else ""
        self.rivals.open_rules(r.game.id, section)

    def action_leave(self) -> None:
        self.dismiss(None)
        if isinstance(self.app.screen, BaseScreen):
            # Opened straight onto the replay (`rivals replay NAME`): the menu comes next.
            self.rivals.back_to_menu_screen()


class ReplayApp(RivalsApp):
    """The app opened straight onto one replay (`rivals replay NAME`, rivals_tui/cli_replay.py):
    the menu is built when the player leaves it."""

    def __init__(self, replay: Replay, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.first_replay = replay

    def get_default_screen(self) -> Screen[Any]:
        return BaseScreen()

    def on_mount(self) -> None:
        # (RivalsApp's own on_mount runs too, after this one: Textual calls each class's handler.)
        self.open_replay(self.first_replay)
