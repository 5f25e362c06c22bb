"""The table server: every running match, the connections of the people at them, the AI seats.

One asyncio loop serves every connection (`TableServer.start`). A connection says hello with an
identity (a secret its client keeps; the server stores only its hash), then lists, creates, joins
or watches tables and sends moves. Each move is checked by the rules (`Match.why_illegal`) before
it is applied; the match is saved through the `SaveStore` after every change, before anyone is
told of it, and the table's seats and codes are kept in an index file beside the saves, so a
restarted server resumes every table where it was (`resume`). A change that cannot be saved is
told to nobody: the table waits, saying so, and goes on once a retry has saved it. One server
per save folder (a lock). AI decisions are thought in a thread pool and never hold the loop.

Limits (`Limits`) keep a hostile or broken client from hurting the others: a longest line, a
message rate, an idle timeout, a cap on connections and tables, and a client that stops reading
is dropped once its unsent output passes a bound (its seat is kept; it may come back).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import socket
import time
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from engine.core import Game, IllegalAction, SeatSpec
from engine.core.info import Catalog
from engine.core.match import Match
from rivals_net import protocol as p
from rivals_net import trace
from rivals_net.connection import Built, Conn, Limits
from rivals_net.saving import CANNOT_SAVE, INDEX_FILE, TableDisk, TableRecord, retry
from rivals_net.table import Table, identity_key, series_for
from saves.convert import load_action, structure_checked
from saves.errors import SaveError
from saves.lock import SaveLock
from saves.store import SaveStore

__all__ = ["INDEX_FILE", "Limits", "TableRecord", "TableServer"]

log = logging.getLogger("rivals_net")

LEVELS = ("easy", "normal", "hard")
# Invite codes: six letters and digits that cannot be mistaken for one another when read aloud.
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


class TableServer:
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
        return self.port

    async def stop(self) -> None:
        """Stop listening, close every connection, save every table and release its lock."""
        self._stopping = True
        if self._server is not None:
            self._server.close()
        for task in self._thinking.values():
            task.cancel()
        for timer in self._timers.values():
            timer.cancel()
        for waiting in self._retrying.values():
            waiting.cancel()
        conns = list(self.conns)
        for conn in conns:
            conn.bye("The server is shutting down; your seat is kept.")
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
        if len(self.conns) >= self.limits.max_connections:
            conn.bye("The server is full; try again later.")
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
        limits = self.limits
        while not conn.closed:
            try:
                line = await asyncio.wait_for(conn.reader.readuntil(b"\n"), limits.idle)
            except TimeoutError:
                conn.bye(f"Closed after {limits.idle:.0f} seconds without a message.")
                return
            except asyncio.LimitOverrunError:
                conn.bye(f"A message was longer than {limits.max_line} bytes.")
                return
            except (asyncio.IncompleteReadError, ConnectionError):
                return
            if not conn.allow():
                conn.error("Too many messages: slow down.")
                continue
            try:
                message = p.decode(line, p.CLIENT_MESSAGES)
            except p.ProtocolError as exc:
                conn.error(str(exc))
                continue
            try:
                await self._handle(conn, message)
            except IllegalAction as exc:
                conn.error(exc.reason)
            except Exception:  # a bug must cost one answer, not the connection or the table
                log.exception("handling %s failed", type(message).__name__)
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
            conn.send(p.Tables([t.info(self._here(t), conn.key) for t in self.tables.values()]))
        elif isinstance(m, p.Create):
            await self._create(conn, m)
        elif isinstance(m, p.Join):
            await self._join(conn, m.code)
        elif isinstance(m, p.Watch):
            table = self.tables.get(m.table)
            if table is None:
                raise IllegalAction("There is no such table.")
            # Someone who holds a seat there gets it back (reconnecting with the same key).
            self._seat(conn, table, table.claims.get(conn.key))
        elif isinstance(m, p.Move):
            await self._move(conn, m)
        elif isinstance(m, p.Undo):
            await self._undo(conn)
        elif isinstance(m, p.Again):
            await self._again(conn)
        elif isinstance(m, p.Leave) and conn.table is not None and conn.table.id == m.table:
            self._leave(conn)

    def _hello(self, conn: Conn, m: p.Hello) -> None:
        if conn.key is not None:
            raise IllegalAction("You have already said hello.")
        name = " ".join(m.name.split())[: p.NAME_LIMIT]
        if not name:
            raise IllegalAction("Say your name in the hello.")
        if not 16 <= len(m.identity) <= p.IDENTITY_LIMIT:
            raise IllegalAction("The identity must be 16 to 200 characters.")
        if m.identity.startswith("ssh:") and not (self.door and secrets.compare_digest(m.door, self.door)):
            raise IllegalAction("Only the SSH door may vouch for an ssh: identity.")
        conn.key, conn.name = identity_key(m.identity), name

    # -- tables ----------------------------------------------------------------------------------
    async def _create(self, conn: Conn, m: p.Create) -> None:
        if len(self.tables) >= self.limits.max_tables:
            raise IllegalAction("The server has as many tables as it can hold.")
        gid = self.games.find(m.game)
        if gid is None:
            raise IllegalAction(f"There is no game called {m.game[:40]!r}.")
        game = self.games[gid]
        if len(m.seats) not in game.players:
            raise IllegalAction(
                f"{game.title} is for {game.players.start} to {game.players.stop - 1} players."
            )
        if any(s.kind not in ("open", "ai") or s.level not in LEVELS for s in m.seats):
            raise IllegalAction('A seat is "open" or "ai" at level easy, normal or hard.')
        if not any(s.kind == "open" for s in m.seats):
            raise IllegalAction("A table needs at least one open seat (yours).")
        if not 0 <= m.ai_after <= 86400:
            raise IllegalAction("The AI may take over after 0 (never) to 86400 seconds.")
        try:
            options = structure_checked(m.options, game.Options, "options", "message")
        except SaveError as exc:
            raise IllegalAction(f"Bad options: {exc.fault}.") from None
        seats = [
            SeatSpec(f"Seat {i + 1}") if s.kind == "open" else SeatSpec(f"AI {i + 1}", "ai", s.level)
            for i, s in enumerate(m.seats)
        ]
        series = series_for(game, m.series)
        try:
            match = Match.new(game, options, seats, self._seeds.randrange(1, 2**31), series=series)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        table_id = max(self.disk.taken_ids(self.tables.values()), default=0) + 1
        code = self._new_code(self.disk.taken_codes(self.tables.values()))
        try:
            name = self.store.new_name(game.id)
            lock = self.store.lock(name)
        except (SaveError, OSError) as exc:
            raise IllegalAction(f"The server cannot save a new table ({exc}).") from None
        table = Table(table_id, code, name, match, ai_after=m.ai_after)
        self.tables[table_id] = table
        self.locks[table_id] = lock
        await self._join(conn, code)

    @staticmethod
    def _new_code(taken: set[str]) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
            if code not in taken:
                return code

    async def _join(self, conn: Conn, code: str) -> None:
        wanted = code.strip().lower()
        table = next((t for t in self.tables.values() if secrets.compare_digest(t.code, wanted)), None)
        if table is None:
            raise IllegalAction("No table has that invite code.")
        assert conn.key is not None
        async with table.busy:
            known = conn.key in table.claims
            seat = table.claim(conn.key, conn.name)
            if seat is None:
                raise IllegalAction("Every seat at this table is taken; you may watch it.")
            if not known:  # the seat has a new name: on disk before anyone is told
                await self._persist(table)
                self.disk.write_index()
            self._seat(conn, table, seat)

    def _seat(self, conn: Conn, table: Table, seat: int | None) -> None:
        self._leave(conn)
        conn.table, conn.seat, conn.sent = table, seat, 0
        if seat is not None:
            table.absent_since.pop(seat, None)
        seated = table.seated()
        conn.send(p.Seated(seat=seat, code=table.code if seat is not None else "", **seated))
        if table.unsaved is not None:
            conn.send(p.Notice(table.id, CANNOT_SAVE))  # (and nothing more until it is saved)
        self._broadcast(table)

    def _leave(self, conn: Conn) -> None:
        table, seat = conn.table, conn.seat
        conn.table, conn.seat = None, None
        if table is None:
            return
        if seat is not None and seat not in self._here(table):
            table.absent_since[seat] = time.monotonic()
            self._kick(table)  # starts the clock for the AI to stand in, if the table wants it
        self._broadcast(table)
        self._retire_if_done(table)

    def _retire_if_done(self, table: Table) -> None:
        nobody = not any(c.table is table for c in self.conns)
        if table.match.over and nobody and table.unsaved is None and not self._stopping:
            self._retire(table)

    def _retire(self, table: Table) -> None:
        """A finished table nobody is at any more leaves the lobby (its save stays, finished)."""
        self.tables.pop(table.id, None)
        lock = self.locks.pop(table.id, None)
        if lock is not None:
            lock.release()
        self.disk.write_index()

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
            self._apply(table, seat, m)
            trace.mark("server.applied")
            await self._changed(table)

    def _apply(self, table: Table, seat: int, m: p.Move) -> None:
        try:
            action = load_action(table.game, m.action)
            reason = table.match.why_illegal(seat, action)
        except SaveError as exc:
            raise IllegalAction(f"That is not a move of {table.game.title} ({exc.fault}).") from None
        except Exception:  # a well-formed action the rules cannot even judge (an index far out)
            log.exception("judging a move failed")
            raise IllegalAction("That move is not one the game knows.") from None
        if reason is not None:
            raise IllegalAction(_named(table, reason))
        table.match.submit(seat, action)

    async def _undo(self, conn: Conn) -> None:
        table, seat = conn.table, conn.seat
        if table is None or seat is None:
            raise IllegalAction("You are not seated at a table.")
        async with table.busy:
            self._refuse_while_unsaved(table)
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
            built = self._build(table, [c for c in self.conns if c.table is table], here)
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
        for conn in [c for c in self.conns if c.table is table] if conns is None else conns:
            update, conn.sent = table.update_for(conn.seat, conn.sent, here)
            conn.send(update)

    @staticmethod
    def _build(table: Table, conns: list[Conn], here: set[int]) -> list[tuple[Conn, Built]]:
        """Each connection's next update, encoded, with where it stood when it was built."""
        out = []
        for conn in conns:
            update, sent = table.update_for(conn.seat, conn.sent, here)
            out.append((conn, Built(conn.seat, conn.sent, sent, p.encode(update))))
        return out

    # -- the AI ----------------------------------------------------------------------------------
    def _kick(self, table: Table) -> None:
        """Start the AI on the table if a seat of its owes a decision, or wake up when an absent
        player's time runs out."""
        timer = self._timers.pop(table.id, None)
        if timer is not None:
            timer.cancel()
        if self._stopping or table.id in self._thinking or table.id not in self.tables:
            return
        if table.unsaved is not None:
            return  # the table waits; once saved, it starts the AI again (`_recovered`)
        seat, wait = table.ai_seat(time.monotonic(), self._here(table))
        if seat is not None:
            self._thinking[table.id] = asyncio.get_running_loop().create_task(self._think(table, seat))
        elif wait is not None:
            self._timers[table.id] = asyncio.get_running_loop().call_later(wait, self._kick, table)

    async def _think(self, table: Table, seat: int) -> None:
        loop = asyncio.get_running_loop()
        decisions = len(table.match.history)
        view = table.match.view(seat)
        bot = table.bot(seat)
        started = time.monotonic()
        # An interrupt the bot can only decline (`Match.quick_decline`) needs no worker and no
        # pace; it is still a decision of its own, told to everyone in its own update, so the
        # messages a seat receives do not depend on what the bot holds.
        quick = table.match.quick_decline(seat, alone=True)
        try:
            if quick is not None:
                action = quick
            else:
                action = await loop.run_in_executor(self.executor, bot.choose, table.game, view, seat)
            pause = 0.0 if quick is not None else self.ai_pace - (time.monotonic() - started)
            if pause > 0:
                await asyncio.sleep(pause)
        except asyncio.CancelledError:
            self._thinking.pop(table.id, None)
            raise
        except Exception:
            log.exception("the AI failed at table %s", table.id)
            self._thinking.pop(table.id, None)
            return
        self._thinking.pop(table.id, None)
        # Someone may have moved meanwhile (a simultaneous choice, an undo): apply only if still legal.
        async with table.busy:
            if table.unsaved is not None:
                return  # the table waits; once saved, it starts the AI again (`_recovered`)
            if table.match.why_illegal(seat, action) is None:
                table.match.submit(seat, action)
                await self._changed(table)
            elif len(table.match.history) != decisions:
                self._kick(table)


def _named(table: Table, text: str) -> str:
    from engine.core import name_seats

    return name_seats(text, table.names())
