"""The game screen's panes and what reading them takes: the status line, the board, the detail
panel (its Page keys; `DetailPane`, which the replay viewer shares), the log (in full on `l`),
the legend, the book and the rules at the step in play. `GameScreen` (game.py), which plays the
session, builds on it and sets what the panes read: `session`, `keyboard` (the seat at this
keyboard, None when no seat is), the log's lines and `say` (a line under the status, where the
board speaks too).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from rivals_net.protocol import ChatLine
from rivals_tui.app import WithRivals
from rivals_tui.chat import shown
from rivals_tui.games import board_for
from rivals_tui.screens.chat import Talks
from rivals_tui.screens.legend import LegendScreen
from rivals_tui.screens.log import LogScreen
from rivals_tui.session import Session, options_in_force
from rivals_tui.text import plain_rich, safe_text
from rivals_tui.widgets.board import GameBoard
from rivals_tui.widgets.detail import DetailPanel
from rivals_tui.widgets.footer import KeysFooter
from rivals_tui.widgets.log import WrappingLog
from rivals_tui.widgets.quiet import Steady


class StatusLine(Steady, Static):
    """The status line (its new height asks for one layout of the screen, not two)."""


class Row(Steady, Horizontal):
    """A row of the screen's panes (resized by a layout without asking for another)."""


class Column(Steady, Vertical):
    """A column of the screen's panes (resized by a layout without asking for another)."""


def side_panes() -> ComposeResult:
    """The detail panel over the log, the side column of the game screen and the replay's."""
    # Screen keys scroll it (key-scroll): the board keeps the focus meanwhile.
    detail = DetailPanel(Text("Move the cursor over a card to read it here."), id="detail")
    detail.add_class("key-scroll")
    detail.border_title = "Detail"
    yield detail
    log = WrappingLog(id="log")
    log.border_title = "Log"
    yield log


class DetailPane(Screen[None]):
    """The detail panel (`#detail`) of a screen with a board: the focused piece's full text, in
    the seats' names (`words`), and the `detail` action its scrolling keys call."""

    # An engine text with "Player N" replaced by the seats' names.
    words: Callable[[str], str]

    @on(GameBoard.DetailChanged)
    def _detail(self, event: GameBoard.DetailChanged) -> None:
        self._show_detail(event.title, event.text)

    def _show_detail(self, title: str, text: str) -> None:
        # The title leads the text rather than sitting in the frame, where a long one is cut.
        title = self.words(title)
        body = self.words(text)
        shown = plain_rich(body)
        if title:
            shown = Text.assemble((safe_text(title), "bold"), "\n", shown)
        detail = self.query_one("#detail", DetailPanel)
        if detail.show(shown):
            # Marked now, in the same paint as the text (right whenever the panel keeps its
            # height), once the panel has a height at all; again once a layout has given it a
            # new height, which changes nothing when the mark was right.
            if detail.scrollable_content_region.height:
                self._mark_detail()
            self.call_after_refresh(self._mark_detail)

    def action_detail(self, pages: int) -> None:
        detail = self.query_one("#detail", DetailPanel)
        detail.scroll_lines(pages * max(1, detail.scrollable_content_region.height - 1))
        self.call_after_refresh(self._mark_detail)

    def _mark_detail(self) -> None:
        """Mark the detail panel's frame (also after a refresh, when the game may have ended, or,
        opened already over, never have put its panels up)."""
        detail = next(iter(self.query("#detail").results(DetailPanel)), None)
        if self.is_attached and detail is not None:
            detail.mark_more()


class GamePanes(Talks, WithRivals, DetailPane):
    """The panes of a game screen, and the keys that read them (and the chat's, `Talks`)."""

    session: Session
    keyboard: int | None
    # The log panel's lines, and how many of the seat's events they hold (GameScreen sets both).
    log_lines: list[str]
    _shown: int
    # One line of feedback under the status line (GameScreen's), where the board's sentences go too.
    say: Callable[[str], None]

    def compose(self) -> ComposeResult:
        yield StatusLine("", id="status")
        with Row(id="body"):
            with Column(id="board-area"):
                yield board_for(
                    self.session.game, self.seat_names(), self.rivals.personal_best(self.session), self.say
                )
            with Column(id="side"):
                yield from self.side_column()
        # ctrl+p still opens the palette, ctrl+q still quits: the footer's room goes to the game.
        # When a board's own keys crowd the row, the reference keys give way first (f2 has them),
        # the book first of all: it is the least needed in the middle of a decision.
        yield KeysFooter(
            show_command_palette=False,
            leave_out=("save_quit",),
            spare=("book", "hint", "full_log", "legend", "undo"),
        )

    def side_column(self) -> ComposeResult:
        """The panes beside the board (a lesson puts its coach over them)."""
        yield from side_panes()

    def words(self, text: str) -> str:
        return self.session.words(text)

    def seat_names(self) -> list[str]:
        """The seats' names as the board writes them (the session's, which a server may change)."""
        return [seat.name for seat in self.session.seats]

    def chat_arrived(self, lines: list[ChatLine]) -> None:
        """New chat messages at the table: in the log panel among the events, marked apart. (A log
        rebuilt after an undo holds the events only; the chat view keeps every message.)"""
        if not self.is_mounted:
            return  # mounting shows the log as it is by then (the events: the chat is in its view)
        log = self.query_one("#log", WrappingLog)
        for line in lines:
            log.add(shown(line))

    def _rebuild_log(self) -> None:
        self.query_one("#log", WrappingLog).reset()
        self.log_lines = []
        self._shown = 0

    def action_full_log(self) -> None:
        seat = self.keyboard
        whose = "public events" if seat is None else f"as seen by {self.session.seats[seat].name}"
        lines = [e.text for e in self.session.log_for(seat)]
        self.app.push_screen(LogScreen(f"Log — {whose}", lines))

    def action_legend(self) -> None:
        board = self.query_one(GameBoard)
        title = f"Legend: {self.session.game.title}"
        variants = options_in_force(self.session.options, len(self.session.seats))
        self.app.push_screen(LegendScreen(title, board.legend(), variants))

    def action_book(self) -> None:
        self.rivals.open_book(self.session.game.id)

    def action_rules(self) -> None:
        section = ""
        if self.keyboard is not None and self.keyboard in self.session.to_act():
            section = self.query_one(GameBoard).help_section() or self.session.prompt(self.keyboard).section
        self.rivals.open_rules(self.session.game.id, section)
