"""`RemoteApp`: the app as a client of a table server (`rivals join`, and every SSH terminal).

The lobby replaces the menu. One Textual worker owns the connection: it reads the server's
messages and hands them to the lobby or to the open `RemoteSession` and its game screen. Screens
send through `send`, which only writes to the connection (never waits).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from textual.screen import Screen

from engine.core import Game, IllegalAction, SeatSpec
from engine.core.match import Series
from rivals_net import protocol as p
from rivals_net import trace
from rivals_net.client import PING_EVERY, Disconnected, TableClient
from rivals_tui.app import RivalsApp
from rivals_tui.remote import RemoteSession, options_payload, seated_game
from rivals_tui.text import safe_text
from saves.errors import SaveError

# What a new table offers when the form's creator does not say: an absent player's seat is
# played by the AI after two minutes.
DEFAULT_AI_AFTER = 120


class RemoteApp(RivalsApp):
    """Connects to `host:port` as `name` with `identity`; with `code`, straight to that table."""

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
    ) -> None:
        super().__init__(games=games, settings_path=settings_path)
        self.address = (host, port)
        self.player = name
        self.identity = identity
        self.door = door
        self.first_code = code
        self.first_watch = watch
        self.client: TableClient | None = None
        # A table joined whose first update has not arrived: its screen opens with that update.
        self._joining: RemoteSession | None = None
        # This app has just asked for a new table: its creator is the one to pass the code on.
        self._created = False

    def get_default_screen(self) -> Screen[Any]:
        from rivals_tui.screens.lobby import LobbyScreen

        host, port = self.address
        return LobbyScreen(f"{host}:{port}")

    def on_mount(self) -> None:
        # (No super().on_mount(): Textual calls every class's own handler along the MRO, so
        # RivalsApp.on_mount runs after this one anyway; called here too it ran twice.)
        if trace.enabled and self._driver is not None:
            self._trace_output(self._driver)
        self.run_worker(self._connection(), group="net", exclusive=True, exit_on_error=False)

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
            self.client = await TableClient.connect(host, port, self.player, self.identity, self.door)
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
        elif isinstance(m, p.Error):
            self._refused(m.text)
        elif isinstance(m, p.Bye):
            self._lost(m.text)

    def _seated(self, m: p.Seated) -> None:
        assert self.client is not None
        try:
            self._joining = RemoteSession(self.client, m, seated_game(m, self.games))
        except (IllegalAction, SaveError) as exc:
            self._lobby().say(safe_text(str(exc)))
            return
        again = isinstance(self.session, RemoteSession) and self.session.table == m.table
        created, self._created = self._created, False
        # Told once, to the table's creator (whoever joined with the code has it already; at the
        # table's next game the players are all there). The status line keeps it in sight.
        if m.code and created and not again:
            self.notify(f"Invite code: {m.code} — give it to the other players.", timeout=8, markup=False)

    async def _updated(self, m: p.Update) -> None:
        from rivals_tui.screens.game import GameScreen
        from rivals_tui.screens.game_over import GameOverScreen

        joining, self._joining = self._joining, None
        if joining is not None:
            old = self.session
            if isinstance(old, RemoteSession) and old.table == joining.table:
                old.closed = True  # the table's next game: we stay at the table (no "leave")
            joining.apply_update(m)
            # Every screen of the last table goes before the new one comes (a screen pushed while
            # the old ones are still being taken down can start before its own panels are up).
            while len(self.screen_stack) > 1:
                await self.pop_screen()
            self.open_session(joining)
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
        from rivals_tui.screens.game import GameScreen
        from rivals_tui.screens.game_over import GameOverScreen

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

    def _refused(self, text: str) -> None:
        from rivals_tui.screens.game import GameScreen
        from rivals_tui.screens.game_over import GameOverScreen

        text = safe_text(text)
        self._created = False  # (a refused table: the next seat taken is not one created here)
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

    def _lobby(self) -> Any:
        return self.screen_stack[0]

    # -- what the shared screens call ------------------------------------------------------------
    def new_match(
        self,
        game_id: str,
        seats: list[SeatSpec],
        seed: int | None = None,
        series: Series | None = None,
        options: Any = None,
    ) -> None:
        """The new-game form's Start: ask the server for a table with these seats and options."""
        from rivals_tui.dialogs import AskDialog

        game = self.games[game_id]
        offers = [p.SeatOffer("ai", s.level) if s.is_ai else p.SeatOffer() for s in seats]
        raw = options_payload(game, options if options is not None else game.Options())

        def chosen(answer: str | None) -> None:
            if answer is None:
                return
            text = answer.strip() or "0"
            if not text.isdigit() or int(text) > 86400:
                self.notify("Give a number of seconds from 0 to 86400.", severity="warning", markup=False)
                return
            offer = p.SeriesOffer(series.games, series.points) if series is not None else p.SeriesOffer()
            self._created = True
            self.send(p.Create(game=game.id, seats=offers, options=raw, ai_after=int(text), series=offer))
            self.back_to_menu_screen()

        question = "If a player drops, the AI plays their seat after how many seconds? (0: wait for them)"
        self.push_screen(AskDialog(question, value=str(DEFAULT_AI_AFTER), title="Absent players"), chosen)

    def to_menu(self) -> None:
        self.close_session()
        self.back_to_menu_screen()
        self.send(p.ListTables())

    def rematch(self) -> None:
        """At a table: ask for its next game (the others must agree); it opens when they have."""
        session = self.session
        if isinstance(session, RemoteSession) and session.seat_here is not None:
            session.ask_again()
        else:
            self.to_menu()

    def next_in_series(self) -> None:
        self.rematch()
