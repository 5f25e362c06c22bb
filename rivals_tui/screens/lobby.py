"""The lobby of a table server: the tables there, and keys to create, join or watch one.

Joining a seat needs the table's invite code (the creator passes it on); anyone may watch a
table, and a spectator sees only what is public. A table where this player holds a seat (the
same SSH key or `rivals join` identity) is marked, and opening it takes that seat; a player who
comes back to a server with one unfinished game of theirs is taken straight back to it. The
list follows the tables by itself (the server sends it when they change); `n` sets the name
this player goes by at every table. `l` opens "Learn to play": a lesson is played in this app
itself, saved in this player's own folder (the SSH door gives each key one), not at a table.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rivals_net import protocol as p
from rivals_tui.app import WithRivals
from rivals_tui.remote import RemoteTables
from rivals_tui.text import plain, safe_text
from rivals_tui.widgets.footer import KeysFooter


def table_line(t: p.TableInfo) -> str:
    """One table in a line: "#3 Rival Kings · Ann, Bob (away), AI 3, free seat · waiting for Ann"."""
    seats = []
    for s in t.seats:
        if s.kind == "ai":
            seats.append(s.name)
        elif not s.taken:
            seats.append("free seat")
        else:
            seats.append(s.name + ("" if s.here else " (paused)" if s.paused else " (away)"))
    status = "game over" if t.over else "waiting for " + ", ".join(t.waiting_for)
    bits = [f"#{t.table} {t.title}", "your seat" if t.yours else "", ", ".join(seats), status, t.progress]
    return " · ".join(b for b in bits if b)


HOW = "c creates a table; j joins a seat with its invite code; Enter opens one (your seat, or to watch)."
NAME_HOW = "A name needs a letter or a digit, and at most {limit} characters."


class LobbyScreen(WithRivals, Screen[None]):
    """The tables at `where`, the server `tables` stands for. A `returning` player who holds one
    unfinished game there is taken back to it (not when the command line named a table)."""

    BINDINGS = [
        Binding("c", "create", "Create table", id="lobby.create"),
        Binding("j", "join", "Join with code", id="lobby.join"),
        Binding("w", "watch", "Open", id="lobby.watch"),  # your seat there, or to watch
        Binding("n", "name", "Your name", id="lobby.name"),
        # A lesson is played in this app, not at a table: the guided game needs no other player.
        Binding("l", "learn", "Learn to play", id="lobby.learn"),
        # (The list follows the tables by itself: r is for the impatient, and gives way in the footer.)
        Binding("r", "refresh", "Refresh", id="lobby.refresh"),
        Binding("question_mark,f1", "rules", "Rules", id="lobby.rules"),
        Binding("q", "quit_lobby", "Quit", id="lobby.quit"),
    ]

    def __init__(self, where: str, tables: RemoteTables, returning: bool = True) -> None:
        super().__init__()
        self.where = where
        self.tables = tables
        self.table_ids: list[int] = []
        # Only the first listing may take a returning player back to their game: after that the
        # lobby is where they chose to be. `going_back`: the table on its way (the note saying
        # so stays until its screen opens).
        self.returning = returning
        self.going_back: int | None = None
        # A sentence for the player (a refusal, a name taken) shown instead of the usual note
        # until they next do something: the list's own updates do not wipe it.
        self.message: str | None = None
        self.count = ""

    def title_text(self) -> str:
        return f"Tables at {self.where} · you are {safe_text(self.tables.player)} (n changes it)"

    def compose(self) -> ComposeResult:
        yield Static(plain(self.title_text()), id="lobby-title")
        yield OptionList(id="tables")
        yield Static(
            f"Connecting… {HOW}",
            id="lobby-note",
        )
        yield KeysFooter(leave_out=("save_quit",), spare=("refresh", "rules", "learn"))

    def on_screen_resume(self) -> None:
        self.going_back = None
        self.action_refresh()

    def show(self, tables: list[p.TableInfo]) -> None:
        """The server's list of tables (asked for, or sent because the tables changed). The
        cursor stays on the table it was on."""
        ol = self.query_one(OptionList)
        current = ol.highlighted
        was = self.table_ids[current] if current is not None and current < len(self.table_ids) else None
        ol.clear_options()
        self.table_ids = [t.table for t in tables]
        # Names come from other people: shown escaped, never as terminal codes or markup.
        ol.add_options([Option(plain(safe_text(table_line(t))), id=str(t.table)) for t in tables])
        if tables:
            at = self.table_ids.index(was) if was in self.table_ids else min(current or 0, len(tables) - 1)
            ol.highlighted = at
        self.count = f"{len(tables)} table{'s' if len(tables) != 1 else ''}." if tables else "No tables yet."
        if self.going_back is None:
            self._note()
        if self.is_current:
            ol.focus()
        ongoing = [t for t in tables if t.yours and not t.over]
        if self.returning and len(ongoing) == 1:
            self.going_back = ongoing[0].table
            self.say(f"Back to your seat at table #{self.going_back}…")
            self.tables.send(p.Watch(table=self.going_back))
        self.returning = False

    def say(self, text: str) -> None:
        """Tell the player `text` (it stays until they next do something)."""
        self.message = text
        self._note()

    def _note(self) -> None:
        text = self.message or f"{self.count} {HOW}".strip()
        self.query_one("#lobby-note", Static).update(plain(text))

    def on_key(self) -> None:
        self.message = None  # the player acts: the usual note comes back with the next list

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.action_watch()

    def action_watch(self) -> None:
        ol = self.query_one(OptionList)
        if ol.highlighted is None or not self.table_ids:
            self.say("There is no table to watch yet.")
            return
        self.tables.send(p.Watch(table=self.table_ids[ol.highlighted]))

    def action_join(self) -> None:
        from rivals_tui.dialogs import AskDialog

        def chosen(code: str | None) -> None:
            if code and code.strip():
                self.tables.send(p.Join(code=code.strip()))

        self.app.push_screen(AskDialog("The table's invite code?", title="Join a table"), chosen)

    def action_create(self) -> None:
        from rivals_tui.screens.new_game import NewGameScreen

        self.app.push_screen(NewGameScreen())

    def action_refresh(self) -> None:
        self.tables.send(p.ListTables())

    def action_name(self) -> None:
        from rivals_tui.dialogs import AskDialog

        def chosen(name: str | None) -> None:
            if name is None:
                return
            tidy = " ".join(name.split())
            if not any(ch.isalnum() for ch in tidy) or len(tidy) > p.NAME_LIMIT:
                self.say(NAME_HOW.format(limit=p.NAME_LIMIT))
                return
            self.tables.rename(tidy)
            # Kept in the settings (an SSH player's go with their key): the name they come back as.
            self.rivals.settings.name = tidy
            self.rivals.save_settings()
            self.query_one("#lobby-title", Static).update(plain(self.title_text()))
            self.say(f"You are {safe_text(tidy)} at every table here now, and when you come back.")

        question = "Your name at the tables here (every table where you hold a seat shows it too)?"
        self.app.push_screen(AskDialog(question, value=self.tables.player, title="Your name"), chosen)

    def action_rules(self) -> None:
        self.rivals.open_rules(None)

    def action_learn(self) -> None:
        from rivals_tui.screens.learn import LearnScreen

        self.app.push_screen(LearnScreen())

    def action_quit_lobby(self) -> None:
        self.rivals.action_save_quit()
