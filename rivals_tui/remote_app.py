"""`RemoteApp`: the app as a client of a table server (`rivals join`, and every SSH terminal).

The lobby replaces the menu. One Textual worker owns the connection: it reads the server's
messages and hands them to the lobby or to the open `RemoteSession` and its game screen. Screens
send through `send`, which only writes to the connection (never waits). A game's life cycle is
the app's it extends: the server's tables (`RemoteTables`) make its games and name its player,
and its sessions say what comes after a game and how one leaves it. The connection is no part
of a game's life: it is there before the first (the lobby's list) and between tables, so it
starts with the app (`on_mount`) and the lobby is the app's first screen.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import platformdirs
from textual.screen import Screen

from engine.core import Game, IllegalAction
from rivals_net import protocol as p
from rivals_net import trace
from rivals_net.client import PING_EVERY, Disconnected, TableClient
from rivals_tui.app import RivalsApp
from rivals_tui.chat import shown
from rivals_tui.remote import RemoteSession, RemoteTables, seated_game
from rivals_tui.screens.chat import ChatScreen
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.screens.game_panes import GamePanes
from rivals_tui.screens.lobby import LobbyScreen
from rivals_tui.screens.log import LogScreen
from rivals_tui.text import safe_text
from saves.errors import SaveError


def records_folder() -> Path:
    """Where this computer keeps the records of games played at servers' tables: `game-records`
    in the user data folder ($RIVALS_DATA_DIR, else beside the saves)."""
    env = os.environ.get("RIVALS_DATA_DIR")
    return (Path(env).expanduser() if env else Path(platformdirs.user_data_dir("rivals"))) / "game-records"


class RemoteApp(RivalsApp):
    """Connects to `host:port` as `name` with `identity`; with `code`, straight to that table.
    The name chosen in the lobby (kept in the settings) goes before `name`, unless `name_given`
    (`rivals join --name`)."""

    tables: RemoteTables  # (the server's, given to the app it extends)

    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        identity: str,
        *,
        door: str = "",
        code: str | None = None,
        watch: int | None = None,
        games: Mapping[str, Game[Any, Any, Any]] | None = None,
        settings_path: Path | None = None,
        name_given: bool = False,
        records_dir: Path | None = None,
    ) -> None:
        tables = RemoteTables(self.send, name)
        super().__init__(games=games, settings_path=settings_path, tables=tables)
        if self.settings.name and not name_given:
            tables.player = self.settings.name
        self.address = (host, port)
        self.identity = identity
        self.door = door
        self.first_code = code
        self.first_watch = watch
        # Where a player keeps a finished game's record: this computer's records folder; none for
        # the SSH door's players, whose app runs on the server (a folder they cannot reach).
        self.records_dir = None if door else (records_dir or records_folder())
        self.client: TableClient | None = None
        # A table joined whose first update has not arrived: its screen opens with that update.
        self._joining: RemoteSession | None = None

    def get_default_screen(self) -> Screen[Any]:
        host, port = self.address
        # (A table the command line named opens first: the lobby takes nobody back to another.)
        asked = bool(self.first_code) or self.first_watch is not None
        return LobbyScreen(f"{host}:{port}", self.tables, returning=not asked)

    def on_mount(self) -> None:
        # (No super().on_mount(): Textual calls every class's own handler along the MRO, so
        # RivalsApp.on_mount runs after this one anyway; called here too it ran twice.)
        if trace.enabled and self._driver is not None:
            self._trace_output(self._driver)
        self.run_worker(self._connection(), group="net", exclusive=True, exit_on_error=False)
        # An away player's countdown ticks here, once a second, from the last update.
        self.set_interval(1.0, self._tick)

    def _tick(self) -> None:
        session = self.session
        if isinstance(session, RemoteSession) and session.counting():
            for screen in self.screen_stack:
                if isinstance(screen, GameScreen):
                    screen.tick()

    @staticmethod
    def _trace_output(driver: Any) -> None:
        """For the latency bench: mark each time a refreshed screen is handed to the terminal."""
        write = driver.write

        def traced(data: str) -> None:
            trace.mark("app.write")
            write(data)

        driver.write = traced

    def send(self, message: Any) -> None:
        if self.client is not None:
            self.client.send(message)

    # -- the connection worker -----------------------------------------------------------------
    async def _connection(self) -> None:
        host, port = self.address
        try:
            self.client = await TableClient.connect(host, port, self.tables.player, self.identity, self.door)
        except (OSError, Disconnected, p.ProtocolError) as exc:
            self._lost(f"Cannot reach the table server at {host}:{port} ({exc}).")
            return
        if self.first_code:
            self.send(p.Join(code=self.first_code))
        elif self.first_watch is not None:
            self.send(p.Watch(table=self.first_watch))
        self.send(p.ListTables())
        pinger = asyncio.get_running_loop().create_task(self._ping())
        try:
            while True:
                try:
                    message = await self.client.receive()
                except (Disconnected, p.ProtocolError) as exc:
                    self._lost(str(exc))
                    return
                await self._dispatch(message)
        finally:
            pinger.cancel()

    async def _ping(self) -> None:
        while True:
            await asyncio.sleep(PING_EVERY)
            self.send(p.Ping())

    async def _dispatch(self, m: Any) -> None:
        if isinstance(m, p.Tables):
            self._lobby().show(m.tables)
        elif isinstance(m, p.Seated):
            self._seated(m)
        elif isinstance(m, p.Update):
            trace.mark("app.received")
            await self._updated(m)
        elif isinstance(m, p.Notice):
            self._noticed(m)
        elif isinstance(m, p.Record):
            self._recorded(m)
        elif isinstance(m, p.Chat):
            self._chatted(m)
        elif isinstance(m, p.Error):
            self._refused(m.text)
        elif isinstance(m, p.Bye):
            self._lost(m.text)

    def _seated(self, m: p.Seated) -> None:
        assert self.client is not None
        try:
            self._joining = RemoteSession(self.client, m, seated_game(m, self.games), self.records_dir)
        except (IllegalAction, SaveError) as exc:
            self._lobby().say(safe_text(str(exc)))
            return
        again = isinstance(self.session, RemoteSession) and self.session.table == m.table
        created, self.tables.creating = self.tables.creating, False
        # Told once, to the table's creator (whoever joined with the code has it already; at the
        # table's next game the players are all there). The status line keeps it in sight.
        if m.code and created and not again:
            self.notify(f"Invite code: {m.code} — give it to the other players.", timeout=8, markup=False)

    async def _updated(self, m: p.Update) -> None:
        joining, self._joining = self._joining, None
        if joining is not None:
            old = self.session
            if isinstance(old, RemoteSession) and old.table == joining.table:
                old.closed = True  # the table's next game: we stay at the table (no "leave")
                joining.chat = old.chat  # (and its chat: the server sends it only on coming)
            joining.apply_update(m)
            # Every screen of the last table goes before the new one comes (a screen pushed while
            # the old ones are still being taken down can start before its own panels are up).
            while len(self.screen_stack) > 1:
                await self.pop_screen()
            self.open_session(joining)
            if joining.played_for:
                self._tell_played_for(joining.played_for)
            return
        session = self.session
        if not isinstance(session, RemoteSession):
            return
        reset = session.apply_update(m)
        trace.mark("app.applied")
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen | GameOverScreen):
                screen.remote_changed(reset)
        trace.mark("app.callback")

    def _noticed(self, m: p.Notice) -> None:
        """The server's word about a table ("" takes it back): shown until it is taken back."""
        text = safe_text(m.text) or None
        joining, session = self._joining, self.session
        if joining is not None and joining.table == m.table:
            joining.notice = text  # its screen opens with the first update, saying it
            if text is not None:
                self._lobby().say(text)
        if isinstance(session, RemoteSession) and session.table == m.table and not session.closed:
            session.notice = text
            for screen in self.screen_stack:
                if isinstance(screen, GameScreen | GameOverScreen):
                    screen.remote_changed(False)

    def _recorded(self, m: p.Record) -> None:
        """The finished game's record: replayed here, then `v` (and a player's `s`) use it."""
        session = self.session
        if not isinstance(session, RemoteSession) or session.table != m.table or session.closed:
            return
        problem = session.take_record(m.text)
        if problem is not None:
            self.notify(problem, severity="warning", markup=False)
        for screen in self.screen_stack:
            if isinstance(screen, GameOverScreen):
                screen.refresh_bindings()  # (`v`, and a player's `s`, no longer greyed)

    def _chatted(self, m: p.Chat) -> None:
        """The table's chat: kept by its session; new messages shown in the game's log panel and
        the chat view, or as a note on any other screen (the scores at the end of a game). The
        table's open session keeps it even while its next game is being opened (whose session
        then takes the same chat over); else a session being opened at that table."""
        sessions = (self.session, self._joining)
        at = [s for s in sessions if isinstance(s, RemoteSession) and s.table == m.table and not s.closed]
        book = at[0].chat if at else None
        if book is None:
            return
        lines = book.take(m)
        for screen in self.screen_stack:
            if isinstance(screen, GamePanes | ChatScreen):
                screen.chat_arrived(lines)
        if not isinstance(self.screen, GamePanes | ChatScreen):
            for line in lines:
                self.notify(shown(line), timeout=6, markup=False)

    def _refused(self, text: str) -> None:
        text = safe_text(text)
        self.tables.creating = False  # (a refused table: the next seat taken is not one created here)
        session = self.session
        if isinstance(session, RemoteSession):
            session.refused()
            for screen in reversed(self.screen_stack):  # the game-over screen, if up, says it
                if isinstance(screen, GameScreen | GameOverScreen):
                    screen.remote_changed(False, refused=text)
                    return
        self._lobby().say(text)
        self.notify(text, severity="warning", markup=False)

    def _lost(self, text: str) -> None:
        self.exit_note = safe_text(text)
        self.exit(return_code=1)

    def _lobby(self) -> LobbyScreen:
        lobby = self.screen_stack[0]
        assert isinstance(lobby, LobbyScreen)  # (the app's first screen: `get_default_screen`)
        return lobby

    def _tell_played_for(self, lines: list[str]) -> None:
        """A player back at their seat is shown what the AI chose for it while they were away."""

        self.push_screen(LogScreen("While you were away, the AI decided for you:", lines))
