"""The table server: every running match, the connections of the people at them, the AI seats.

One asyncio loop serves every connection (`TableServer.start`). A connection says hello with an
identity (a secret its client keeps; the server stores only its hash), then lists, creates, joins
or watches tables and sends moves. Each move is checked by the rules as it is submitted
(`Match.submit`); the match is saved through the `SaveStore` after every change, before anyone is
told of it, and the table's seats and codes are kept in an index file beside the saves, so a
restarted server resumes every table where it was (`resume`). A change that cannot be saved is
told to nobody: the table waits, saying so, and goes on once a retry has saved it. One server
per save folder (a lock). AI decisions are thought in a thread pool and never hold the loop.

Limits (`rivals_net.limits.Limits`, checked by `rivals_net.admission.Admission`) keep a hostile
or broken client from hurting the others: a longest line, a message rate, a hello within seconds,
an idle timeout, caps on connections (per client, with room kept for players who hold a seat),
tables (per identity and per client) and spectators, a rate of wrong invite codes, and a client
that does not read is sent no more updates until it has read what it was sent (and is dropped
past a bound). Tables left alone long enough close (`_tidy`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import socket
import time
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

import attrs

from engine.core import Game, IllegalAction, name_seats
from engine.core.info import Catalog
from rivals_net import protocol as p
from rivals_net import trace
from rivals_net.admission import NO_SEAT, Admission, new_code
from rivals_net.chat import ChatDesk
from rivals_net.connection import Conn, build
from rivals_net.finished import Records
from rivals_net.limits import Limits
from rivals_net.lobby import LobbyNews
from rivals_net.players_ai import TableAI
from rivals_net.saving import CANNOT_SAVE, INDEX_FILE, TableDisk, TableRecord, retry
from rivals_net.table import Table, match_for, tidy_name
from saves.convert import load_action
from saves.errors import SaveError
from saves.lock import SaveLock
from saves.store import SaveStore

__all__ = ["INDEX_FILE", "Limits", "TableRecord", "TableServer"]

log = logging.getLogger("rivals_net")

# What every terminal is told when the server stops (the tables are saved; they come back).
RESTARTING = "The server is restarting: connect again in a moment."


class TableServer(TableAI):
    """Every table and connection of one host. `door` is the SSH front door's token: only a client
    that knows it may use an "ssh:" identity (the key fingerprint the door vouches for)."""

    def __init__(
        self,
        store: SaveStore,
        limits: Limits | None = None,
        *,
        door: str = "",
        games: Mapping[str, Game[Any, Any, Any]] | None = None,
        ai_pace: float = 0.0,
        seed: int | None = None,
    ) -> None:
        if games is None:
            from engine.registry import GAMES

            games = GAMES
        self.games: Catalog = games if isinstance(games, Catalog) else Catalog.of(*games.values())
        self.store = store
        self.limits = limits or Limits()
        self.door = door
        self.ai_pace = ai_pace
        # Deals are random; a seed (tests, the bench) makes them repeatable.
        self._seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        self.tables: dict[int, Table] = {}
        self.locks: dict[int, SaveLock] = {}
        self.disk = TableDisk(store, self.games, self.tables.values)
        # One sentence for each table of the index that could not be resumed at start-up.
        self.problems: list[str] = []
        # Tables whose last change could not be saved, each with the task trying again.
        self._retrying: dict[int, asyncio.Task[None]] = {}
        self.conns: set[Conn] = set()
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="rivals-ai")
        self._thinking: dict[int, asyncio.Task[None]] = {}
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._server: asyncio.Server | None = None
        self._stopping = False
        self.port = 0
        self.admission = Admission(self)
        self._tidying: asyncio.Task[None] | None = None
        self._noted = time.monotonic()  # when `tidy` last kept the players' presence in the index
        self._listed: tuple[float, list[tuple[Table, p.TableInfo]]] = (0.0, [])  # (`_lobby`)
        # The table list pushed to the lobby when the tables change.
        self.lobby = LobbyNews(self._lobby, lambda: self.conns)
        self.records = Records()  # each finished game's record, for everyone at its table
        self.chat = ChatDesk(self)  # every table's chat

    # -- running ---------------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Take the save folder, resume its tables and listen; the port listened on. SaveError (one
        sentence) if another server has the folder or its table index cannot be read."""
        resumed, self.problems = self.disk.resume()
        for table, lock in resumed:
            self.tables[table.id], self.locks[table.id] = table, lock
        for problem in self.problems:
            log.warning("%s", problem)
        self._server = await asyncio.start_server(self._serve, host, port, limit=self.limits.max_line)
        self.port = self._server.sockets[0].getsockname()[1]
        for table in self.tables.values():
            self._kick(table)
        self._tidying = asyncio.get_running_loop().create_task(self._tidy())
        return self.port

    async def stop(self) -> None:
        """Stop listening, close every connection, save every table and release its lock."""
        self._stopping = True
        self.lobby.stop()
        if self._server is not None:
            self._server.close()
        if self._tidying is not None:
            self._tidying.cancel()
        for task in self._thinking.values():
            task.cancel()
        for timer in self._timers.values():
            timer.cancel()
        for waiting in self._retrying.values():
            waiting.cancel()
        conns = list(self.conns)
        for conn in conns:
            conn.bye(RESTARTING)
        # Closing a connection ends its reading task; one that does not end soon is cancelled.
        tasks = [c.task for c in conns if c.task is not None]
        if tasks:
            _, late = await asyncio.wait(tasks, timeout=2)
            for task in late:
                task.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.disk.close()
        for table in self.tables.values():
            fault = self.disk.save_now(table)
            if fault is not None:
                log.error("table %s could not be saved: %s", table.id, fault)
        self.disk.write_index()  # (when each table's players were last there)
        for lock in self.locks.values():
            lock.release()
        self.locks.clear()
        self.disk.release()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)

    # -- connections -----------------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(self, reader, writer)
        sock = writer.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.socket_buffer)
        refused = self.admission.connect(conn)
        if refused is not None:
            conn.bye(refused)
            return
        self.conns.add(conn)
        conn.task = asyncio.current_task()
        conn.send(p.Welcome(version=p.VERSION, server="rivals"))
        try:
            await self._read(conn)
        finally:
            self.conns.discard(conn)
            self._leave(conn)
            conn.close()

    async def _read(self, conn: Conn) -> None:
        while (message := await conn.next_message()) is not None:
            try:
                await self._handle(conn, message)
            except IllegalAction as exc:
                conn.error(exc.reason)
            except Exception as exc:  # a bug must cost one answer, not the connection or the table
                self.admission.log.fault(conn.source, f"handling {type(message).__name__}", exc)
                conn.error("The server could not do that (its log says why).")

    async def _handle(self, conn: Conn, m: Any) -> None:
        if isinstance(m, p.Ping):
            return
        if isinstance(m, p.Hello):
            self._hello(conn, m)
            return
        if conn.key is None:
            raise IllegalAction("Say hello first.")
        if isinstance(m, p.ListTables):
            conn.send(self._tables_for(conn.key))
        elif isinstance(m, p.Create):
            await self._create(conn, m)
        elif isinstance(m, p.Join):
            await self._join(conn, m.code)
        elif isinstance(m, p.Watch):
            table = self.tables.get(m.table)
            if table is None:
                raise IllegalAction("There is no such table.")
            # Someone who holds a seat there gets it back (reconnecting with the same key).
            seat = table.claims.get(conn.key)
            if seat is None:
                self.admission.watch(conn, table)
            self._seat(conn, table, seat)
        elif isinstance(m, p.Move):
            await self._move(conn, m)
        elif isinstance(m, p.Undo):
            await self._undo(conn)
        elif isinstance(m, p.Again):
            await self._again(conn)
        elif isinstance(m, p.Say | p.Mute | p.HearSpectators):
            await self.chat.handle(conn, m)
        elif isinstance(m, p.Rename):
            await self._rename(conn, m.name)
        elif isinstance(m, p.Leave) and conn.table is not None and conn.table.id == m.table:
            self._leave(conn, pause=m.pause)

    def _hello(self, conn: Conn, m: p.Hello) -> None:
        refused = self.admission.hello(conn, m, self.door)
        if refused is not None:
            conn.bye(refused)

    async def _rename(self, conn: Conn, wanted: str) -> None:
        """The connection's player takes a new name: at every table where they hold a seat too
        (on disk before anyone there is told), then their lobby shows it."""
        name = tidy_name(wanted)
        if not any(ch.isalnum() for ch in name):
            raise IllegalAction("A name needs at least one letter or digit.")
        if time.monotonic() - conn.renamed < self.limits.rename_every:
            raise IllegalAction("You changed your name a moment ago: try again in a few seconds.")
        conn.renamed = time.monotonic()
        conn.name = name
        for table in list(self.tables.values()):
            seat = table.claims.get(conn.key or "")
            if seat is None:
                continue
            async with table.busy:
                if table.rename(seat, name) and await self._persist(table):
                    self._broadcast(table)
        if conn.table is None:
            conn.send(self._tables_for(conn.key, since=time.monotonic()))

    # -- tables ----------------------------------------------------------------------------------
    async def _create(self, conn: Conn, m: p.Create) -> None:
        self.admission.create(conn)
        match, mine = match_for(self.games, m, self._seeds.randrange(1, 2**31))
        game = match.game
        # (numbers and codes of tables that could not be resumed stay theirs)
        table_id = max(self.disk.taken_ids(self.tables.values()), default=0) + 1
        code = new_code(self.disk.taken_codes(self.tables.values()))
        try:
            name = self.store.new_name(game.id)
            lock = self.store.lock(name)
        except (SaveError, OSError) as exc:
            raise IllegalAction(f"The server cannot save a new table ({exc}).") from None
        assert conn.key is not None
        table = Table(table_id, code, name, match, ai_after=m.ai_after, creator=conn.key, origin=conn.source)
        table.ai_keeps, table.pausing = m.ai_keeps, m.pausing
        self.tables[table_id] = table
        self.locks[table_id] = lock
        await self._sit(conn, table, mine)
        self._kick(table)  # an AI seat that owes the first decision begins at once

    async def _join(self, conn: Conn, code: str) -> None:
        await self._sit(conn, self.admission.find(conn, code))

    async def _sit(self, conn: Conn, table: Table, name: str = "") -> None:
        """`conn` takes a seat at `table` (named `name` there, if given, else as it calls itself)."""
        assert conn.key is not None
        async with table.busy:
            known = conn.key in table.claims
            seat = table.claim(conn.key, name or conn.name)
            if seat is None:  # the last seat was taken while this waited for the table
                raise IllegalAction(NO_SEAT)
            if not known:  # the seat has a new name: on disk before anyone is told
                await self._persist(table)
                self.disk.write_index()
            self._seat(conn, table, seat)

    def _seat(self, conn: Conn, table: Table, seat: int | None) -> None:
        """`conn` opens `table`, in `seat` or watching. The others there are told only if a
        player has come (the seats' marks); a spectator's coming changes nothing they see."""
        self._leave(conn)
        arriving = seat is not None and seat not in self._here(table)
        conn.table, conn.seat, conn.sent = table, seat, 0
        played_for: list[str] = []
        if seat is not None:
            table.seen = time.time()
            paused = seat in table.paused
            table.back(seat)
            if paused:
                self.disk.write_index()
            # The player back at their seat is told what the AI chose for it meanwhile.
            played_for = table.match.stood_in_for(seat)
        seated = table.seated()
        code = table.code if seat is not None else ""
        conn.send(p.Seated(seat=seat, code=code, played_for=played_for, **seated))
        if table.unsaved is not None:
            conn.send(p.Notice(table.id, CANNOT_SAVE))  # (and nothing more until it is saved)
        self._broadcast(table, None if arriving else [conn])
        self.chat.seated(conn, table)

    def _leave(self, conn: Conn, pause: bool = False) -> None:
        """The connection leaves its table; `pause`: its player pauses their seat (nobody plays
        for it meanwhile), if the table allows that."""
        table, seat = conn.table, conn.seat
        conn.table, conn.seat = None, None
        if table is None:
            return
        if seat is not None and seat not in self._here(table):
            table.seen = time.time()
            if pause and not table.pausing:
                conn.error("This table does not let a player pause their seat.")
            elif pause and not table.match.over:
                table.paused.add(seat)
                self.disk.write_index()
            self._kick(table)  # starts the clock for the AI to stand in, if the table wants it
            self._broadcast(table)
        self._retire_if_done(table)

    def _retire_if_done(self, table: Table) -> None:
        nobody = not any(c.table is table for c in self.conns)
        if table.match.over and nobody and table.unsaved is None and not self._stopping:
            self._retire(table)
            self.disk.write_index()

    def _retire(self, table: Table) -> None:
        """A table leaves the lobby (the caller writes the index): a finished one nobody is at
        any more, or one left alone long enough (`_tidy`). Its save stays, unless nothing was
        ever played there."""
        self.lobby.changed()
        self.tables.pop(table.id, None)
        self.chat.retire(table)
        for pending in (self._timers.pop(table.id, None), self._thinking.pop(table.id, None)):
            if pending is not None:
                pending.cancel()
        lock = self.locks.pop(table.id, None)
        if lock is not None:
            lock.release()
        if not table.started:
            try:
                self.store.delete(table.name)
            except (SaveError, OSError) as exc:
                log.warning("cannot remove the save of closed table %s: %s", table.id, exc)

    async def _tidy(self) -> None:
        """Run `tidy` every little while (often enough for the shortest time it keeps)."""
        limits = self.limits
        times = [t / 4 for t in (limits.unstarted_after, limits.abandoned_after) if t > 0]
        every = max(0.05, min([60.0, *times]))
        while True:
            await asyncio.sleep(every)
            self.tidy()

    def tidy(self) -> None:
        """Close the tables left alone long enough (`Table.left_for`), note that the others'
        players are there (kept in the index every ten minutes at most), and forget the rate
        limits spent long ago. A table waiting for its save to succeed is never closed."""
        now = time.time()
        occupied = [t for t in self.tables.values() if self._here(t)]
        for table in occupied:
            table.seen = now
        closing = [t for t in self.admission.closing(now) if t.unsaved is None]
        for table in closing:
            self._retire(table)
        if closing or (occupied and time.monotonic() - self._noted >= 600):
            self.disk.write_index()
            self._noted = time.monotonic()
        self.admission.prune(time.monotonic())

    def _lobby(self, since: float = 0.0) -> list[tuple[Table, p.TableInfo]]:
        """Every table's line in the lobby, made again at most once a second while the same
        tables stand: a lobby a second old is good enough, and clients listing over and over
        (one listing costs milliseconds a table) then cost the server one a second. Made again
        too if older than `since` (the list pushed after a change must show it)."""
        now = time.monotonic()
        made, lines = self._listed
        if made < since or now - made >= 1.0 or [t for t, _ in lines] != list(self.tables.values()):
            lines = [(t, t.info(self._here(t))) for t in self.tables.values()]
            self._listed = now, lines
        return lines

    def _tables_for(self, key: str | None, since: float = 0.0) -> p.Tables:
        """The lobby's list as told to identity `key` (its own tables marked)."""
        return p.Tables([attrs.evolve(info, yours=key in t.claims) for t, info in self._lobby(since)])

    def _here(self, table: Table) -> set[int]:
        return {c.seat for c in self.conns if c.table is table and c.seat is not None and not c.closed}

    # -- play ------------------------------------------------------------------------------------
    async def _move(self, conn: Conn, m: p.Move) -> None:
        table, seat = conn.table, conn.seat
        if table is None or seat is None:
            raise IllegalAction("You are not seated at a table.")
        trace.mark("server.received")
        async with table.busy:
            self._refuse_while_unsaved(table)
            self._apply(table, seat, m, conn.source)
            trace.mark("server.applied")
            await self._changed(table)

    def _apply(self, table: Table, seat: int, m: p.Move, source: str) -> None:
        """Read a move and submit it: the match judges it (once) and applies it."""
        try:
            action = load_action(table.game, m.action)
        except SaveError as exc:
            raise IllegalAction(f"That is not a move of {table.game.title} ({exc.fault}).") from None
        try:
            table.match.submit(seat, action)
        except IllegalAction as exc:
            raise IllegalAction(_named(table, exc.reason)) from None
        except Exception as exc:  # a well-formed action the rules cannot even judge (an index far out)
            # Bad input, but worth a line (without a traceback): the rules should have a reason.
            what = f"{table.game.title} could not judge a move ({type(exc).__name__})"
            self.admission.log.note(source, logging.WARNING, what)
            raise IllegalAction("That move is not one the game knows.") from None

    async def _undo(self, conn: Conn) -> None:
        table, seat = conn.table, conn.seat
        if table is None or seat is None:
            raise IllegalAction("You are not seated at a table.")
        async with table.busy:
            self._refuse_while_unsaved(table)
            if table.match.over:  # (everyone at the table has been sent its record)
                raise IllegalAction("The game is over: nothing can be taken back.")
            keep = table.match.undo_target(seat)
            if keep is None:
                raise IllegalAction(_named(table, table.match.undo_blocker(seat) or "Nothing to undo."))
            task = self._thinking.pop(table.id, None)
            if task is not None:
                task.cancel()
            table.match.undo(keep)
            await self._changed(table)

    async def _again(self, conn: Conn) -> None:
        """A player asks for the table's next game; when every person at it has, it starts: on disk
        first, then everyone at the table (spectators too) is seated at it afresh."""
        table, seat = conn.table, conn.seat
        if table is None or seat is None:
            raise IllegalAction("Only a player at the table can ask for another game.")
        async with table.busy:
            self._refuse_while_unsaved(table)
            if not table.match.over:
                raise IllegalAction("The game is not over yet.")
            if not table.ask_again(seat):
                self.disk.write_index()
                self._broadcast(table)
                return
            table.start_next()
            if not await self._persist(table):
                table.reseat = True  # once saved, everyone is seated at it (`_recovered`)
                return
            self.disk.write_index()
            self._reseat(table)
            self._broadcast(table)
            self._kick(table)

    def _reseat(self, table: Table) -> None:
        """Everyone at the table (spectators too) is seated at its new game."""
        for c in [c for c in self.conns if c.table is table]:
            c.sent = 0
            c.send(p.Seated(seat=c.seat, code=table.code if c.seat is not None else "", **table.seated()))

    @staticmethod
    def _refuse_while_unsaved(table: Table) -> None:
        if table.unsaved is not None:
            raise IllegalAction(CANNOT_SAVE)

    async def _changed(self, table: Table) -> None:
        """After a decision or an undo (the caller holds `table.busy`): on disk first, then told
        to everyone — so whatever a player has seen survives a crash of the server. The updates
        are built while the saver thread writes (most of a save is waiting for the disk), and
        sent the moment the save is done; until then nobody is told anything of the table. If
        the save fails, nobody is told at all: the table waits (`_stall`)."""
        saved = self.disk.save(table)
        table.saving = True
        try:
            here = self._here(table)
            table.keep_time(time.monotonic(), here)
            built = build(table, [c for c in self.conns if c.table is table], here)
            fault = await saved
        finally:
            table.saving = False
        trace.mark("server.saved")
        if fault is not None:
            self._stall(table, fault)
            return
        if table.unsaved is not None:
            self._recovered(table)
            return
        if self._here(table) != here:  # someone came or went meanwhile: their seats' marks changed
            built = []
        sent = {conn for conn, update in built if conn.deliver(table, update)}
        self._broadcast(table, [c for c in self.conns if c.table is table and c not in sent])
        trace.mark("server.sent")
        self._kick(table)
        self.lobby.changed()

    async def _persist(self, table: Table) -> bool:
        """Save the table now (the caller holds `table.busy`); False if it could not be, and the
        table then waits for a retry (`_stall`). A table that was waiting goes on."""
        fault = await self.disk.save(table)
        if fault is not None:
            self._stall(table, fault)
            return False
        if table.unsaved is not None:
            self._recovered(table)
        return True

    # -- when saving fails -----------------------------------------------------------------------
    def _stall(self, table: Table, fault: str) -> None:
        """The table's last change is not on disk: nobody may be told of it, nor may anything more
        happen at the table, until a retry saves it. Everyone at the table is told it waits."""
        if table.unsaved is None:
            log.error("table %s cannot be saved (%s): it waits, and saving is tried again", table.id, fault)
            for c in [c for c in self.conns if c.table is table]:
                c.send(p.Notice(table.id, CANNOT_SAVE))
        table.unsaved = fault
        if table.id not in self._retrying and not self._stopping:
            task = asyncio.get_running_loop().create_task(
                retry(partial(self._save_again, table), self.disk.pauses)
            )
            self._retrying[table.id] = task

    async def _save_again(self, table: Table) -> bool:
        """One more try at saving a waiting table; True once it is saved (or no longer waits)."""
        async with table.busy:
            if table.unsaved is None or self._stopping:
                return True
            fault = await self.disk.save(table)
            if fault is not None:
                table.unsaved = fault
                log.warning("table %s still cannot be saved (%s)", table.id, fault)
                return False
            self._recovered(table)
            return True

    def _recovered(self, table: Table) -> None:
        """A waiting table is saved at last: everyone at it is told all they missed, and it goes on."""
        log.info("table %s is saved again; it goes on", table.id)
        table.unsaved = None
        task = self._retrying.pop(table.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        for c in [c for c in self.conns if c.table is table]:
            c.send(p.Notice(table.id, ""))
        self.disk.write_index()
        if table.reseat:
            table.reseat = False
            self._reseat(table)
        self._broadcast(table)
        self._kick(table)
        self._retire_if_done(table)

    def _broadcast(self, table: Table, conns: list[Conn] | None = None) -> None:
        """Tell `conns` (default: everyone at the table) the table as their seat sees it. Not
        while a change is being saved, or could not be: that is told once it is on disk."""
        if table.saving or table.unsaved is not None:
            return
        table.told = table.public()
        here = self._here(table)
        table.keep_time(time.monotonic(), here)
        for conn, update in build(
            table, [c for c in self.conns if c.table is table] if conns is None else conns, here
        ):
            conn.deliver(table, update)
        self.lobby.changed()

    def caught_up(self, conn: Conn) -> None:
        """`conn` has read all it was sent, having gone without an update (`Conn.lagging`) or,
        in the lobby, without the table list pushed meanwhile."""
        if conn.closed:
            return
        if conn.table is not None:
            self._broadcast(conn.table, [conn])
        elif self.lobby.missed(conn):
            conn.send(self._tables_for(conn.key))


def _named(table: Table, text: str) -> str:
    return name_seats(text, table.names())
