"""Talking at a server's table: the chat view with its one-line input (`ChatScreen`), and `Talks`,
which gives a game screen (and the game-over screen) the key that opens it.

The key is `/`, free on every game screen of the five games and on the game-over screen (a test
checks). It works where the session has a chat (`Session.chat`: a server's table); a game played
at this terminal has none, and its footer and keys panel show no such key. The view lies over the
lower part of the screen: the table's messages with the time each was said (scrollable), the
chat's rules, the quick phrases (one F-key each, which say them from the game screen too) and the
line. Enter sends and closes, Esc closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from rivals_net import protocol as p
from rivals_tui import glyphs
from rivals_tui.chat import HOST_HELP, QUICK, QUICK_KEYS, ChatBook, shown
from rivals_tui.screens.base import DismissOnce
from rivals_tui.text import plain
from rivals_tui.widgets.log import WrappingLog

if TYPE_CHECKING:
    from rivals_tui.session import Session

CHAT_KEY = "slash"


class ChatScreen(DismissOnce, ModalScreen[None]):
    """The table's chat: its history and the line to write in."""

    BINDINGS = [
        Binding("escape", "close", "Close", tooltip="Back to the game without sending", id="chat.close"),
        *(
            Binding(key, f"quick({i})", phrase, tooltip=f'Say "{phrase}"', id=f"chat.quick{i + 1}")
            for i, (key, phrase) in enumerate(zip(QUICK_KEYS, QUICK, strict=True))
        ),
        Binding("pageup", "scroll(-1)", "Earlier", show=False, id="chat.up"),
        Binding("pagedown", "scroll(1)", "Later", show=False, id="chat.down"),
    ]

    def __init__(self, book: ChatBook, names: list[str]) -> None:
        super().__init__()
        self.book = book
        self.names = names

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-box"):
            yield Static("", id="chat-title")
            yield WrappingLog(id="chat-log")
            yield Static("", id="chat-rules")
            phrases = " · ".join(
                f"{k.upper()} {glyphs.text(q)}" for k, q in zip(QUICK_KEYS, QUICK, strict=True)
            )
            yield Static(plain(glyphs.text(phrases)), id="chat-quick")
            # No length bound on the line: Textual's drops a paste that would pass it whole, and
            # stops taking keys at it, without a word either way. A message too long is refused
            # when sent, with the limit's sentence, and stays in the line to be shortened.
            yield Input(placeholder="Type a message: Enter sends, Esc closes", id="chat-line")

    def on_mount(self) -> None:
        log = self.query_one("#chat-log", WrappingLog)
        log.reset([shown(line, clock=True) for line in self.book.lines] or ["No messages yet."])
        self._show_rules()
        self.query_one("#chat-line", Input).focus()

    def _show_rules(self) -> None:
        title = "Chat at this table" + (" — you are its host" if self.book.host else "")
        self.query_one("#chat-title", Static).update(plain(glyphs.text(title)))
        rules = self.book.state(self.names)
        if self.book.host:
            rules += f" Host: {HOST_HELP}."
        self.query_one("#chat-rules", Static).update(plain(rules))

    def chat_arrived(self, lines: list[p.ChatLine]) -> None:
        """New messages (or new rules) while the view is open."""
        if not self.is_active:
            return  # (closing: Enter sent the message whose echo this is)
        log = self.query_one("#chat-log", WrappingLog)
        if lines and log.texts == ["No messages yet."]:
            log.reset()
        for line in lines:
            log.add(shown(line, clock=True))
        self._show_rules()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        problem = self.book.say(event.value, self.names)
        if problem is not None:
            self.query_one("#chat-rules", Static).update(plain(problem))
            return
        self.dismiss(None)

    def action_quick(self, index: int) -> None:
        self.book.quick(index)
        self.dismiss(None)

    def action_scroll(self, pages: int) -> None:
        log = self.query_one("#chat-log", WrappingLog)
        if pages < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class Talks(Screen[None]):
    """A screen with the chat key, working where its session has a chat (`Session.chat`)."""

    BINDINGS = [
        Binding(CHAT_KEY, "chat", "Chat", tooltip="Talk to the table (Enter sends)", id="game.chat"),
        # The quick phrases work without opening the chat too: one key each.
        *(
            Binding(
                key, f"say_quick({i})", phrase, show=False, tooltip=f'Say "{phrase}"', id=f"game.quick{i + 1}"
            )
            for i, (key, phrase) in enumerate(zip(QUICK_KEYS, QUICK, strict=True))
        ),
    ]

    session: Session

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("chat", "say_quick"):
            return self.session.chat is not None  # (False: no such key here, not even greyed)
        return True

    def action_say_quick(self, index: int) -> None:
        if self.session.chat is not None:
            self.session.chat.quick(index)

    def action_chat(self) -> None:
        book = self.session.chat
        if book is not None:
            self.app.push_screen(ChatScreen(book, [seat.name for seat in self.session.seats]))
