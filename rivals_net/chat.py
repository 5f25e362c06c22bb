"""Chat at the table server's tables: who may say what, who hears it, and what is kept.

`ChatDesk` answers the chat messages (`protocol.Say`, `Mute`, `HearSpectators`) for the server.
A message is made plain (`rivals_net.plain.plain_line`: escape sequences and control characters
gone) and must then hold 1 to `CHAT_LIMIT` characters; each speaker — a player's seat, or a
spectator's identity — may say `Limits.chat_burst` messages at once, then one more every
`Limits.chat_every` seconds; the table's host (the identity that created it) may mute a player's
seat and decides whether the spectators' messages reach the players (by default they reach only
the other spectators). A player's message reaches everyone at the table.

Every table's chat (its last `HISTORY` messages, the muted seats, whether spectators are heard) is
kept in `chat/<save name>.json` in the save folder, written before anyone is told of a message,
so that a player or spectator coming back, or a restarted server, has it; a connection opening a
table is sent all of it that it may read. Nothing here reads the game: the chat carries only what
people typed, never anything of a hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from engine.core import IllegalAction
from rivals_net import protocol as p
from rivals_net.admission import Buckets
from rivals_net.plain import plain_line
from rivals_net.saving import write_file
from saves.codec import parse
from saves.convert import converter, structure_checked
from saves.errors import SaveError
from saves.files import read_small

if TYPE_CHECKING:
    from rivals_net.connection import Conn
    from rivals_net.server import TableServer
    from rivals_net.table import Table

log = logging.getLogger("rivals_net")

HISTORY = 200  # messages kept per table
CHAT_FOLDER = "chat"
# 200 messages of 300 characters of up to 4 bytes, and their names: well under this.
MAX_CHAT_BYTES = 1024 * 1024

EMPTY = "A chat message needs some text."
TOO_LONG = f"A chat message is at most {p.CHAT_LIMIT} characters."
TOO_FAST = "You are sending chat messages too fast: wait a few seconds."
MUTED = "The table's host has muted your seat: your chat messages are not sent."
NOT_AT_TABLE = "You are not at a table."
ONLY_HOST = "Only the table's host (the player who created it) may do that."
CANNOT_KEEP = "The server cannot keep the chat just now: your message was not sent."


@attrs.frozen
class ChatRecord:
    """A table's chat as its file keeps it."""

    lines: list[p.ChatLine] = attrs.field(factory=list)
    muted: list[int] = attrs.field(factory=list)
    heard: bool = False


def checked_text(text: str) -> str:
    """A message as it is sent on: plain; IllegalAction (one sentence) when nothing is left or
    it is too long."""
    if len(text) > 4 * p.CHAT_LIMIT:  # (not worth cleaning: no cleaning brings it under the limit)
        raise IllegalAction(TOO_LONG)
    plain = plain_line(text)
    if not plain:
        raise IllegalAction(EMPTY)
    if len(plain) > p.CHAT_LIMIT:
        raise IllegalAction(TOO_LONG)
    return plain


def reads(line: p.ChatLine, seat: int | None) -> bool:
    """Whether a connection at `seat` (None: a spectator) may read `line`."""
    return seat is None or line.players


@attrs.define(eq=False)
class Room:
    """One table's chat while the server runs."""

    record: ChatRecord
    said: Buckets
    # Messages are written one at a time, so the file never goes back to an older history.
    writing: asyncio.Lock = attrs.field(factory=asyncio.Lock)


class ChatDesk:
    """The chat of every table of `server`, each loaded from its file when first needed."""

    def __init__(self, server: TableServer) -> None:
        self.server = server
        self.rooms: dict[int, Room] = {}

    def folder(self) -> Path:
        return self.server.store.root / CHAT_FOLDER

    def path(self, table: Table) -> Path:
        return self.folder() / f"{table.name}.json"

    def room(self, table: Table) -> Room:
        room = self.rooms.get(table.id)
        if room is None:
            limits = self.server.limits
            room = Room(self._read(table), Buckets(limits.chat_burst, limits.chat_every))
            self.rooms[table.id] = room
        return room

    def _read(self, table: Table) -> ChatRecord:
        """The table's kept chat (none yet: empty). A file that cannot be read is moved aside, so
        that the next message does not write over it, and the chat starts again."""
        path = self.path(table)
        try:
            raw = parse(read_small(path, MAX_CHAT_BYTES), path.name)
            record: ChatRecord = structure_checked(raw, ChatRecord, "chat", path.name)
        except FileNotFoundError:
            return ChatRecord()
        except (OSError, SaveError) as exc:
            log.warning("the chat of table %s cannot be read (%s); it starts again", table.id, exc)
            with contextlib.suppress(OSError):
                os.replace(path, path.with_name(path.name + ".damaged"))
            return ChatRecord()
        seats = range(len(table.match.seats))
        return attrs.evolve(
            record, lines=record.lines[-HISTORY:], muted=[s for s in record.muted if s in seats]
        )

    async def _keep(self, table: Table, room: Room, change: Callable[[ChatRecord], ChatRecord]) -> bool:
        """Make `change` to the table's chat and write it (from the saver's threads); False if the
        disk refused, and the room keeps what it had. One change at a time: each is made to what
        the last one wrote, so no message is lost to another sent at the same moment."""
        loop = asyncio.get_running_loop()
        async with room.writing:
            record = change(room.record)
            text = json.dumps(converter.unstructure(record, unstructure_as=ChatRecord), separators=(",", ":"))
            try:
                await loop.run_in_executor(self.server.disk.saver, write_file, self.path(table), text)
            except OSError as exc:
                log.error("cannot keep the chat of table %s: %s", table.id, exc)
                return False
            room.record = record
        return True

    # -- messages --------------------------------------------------------------------------------
    async def handle(self, conn: Conn, m: p.Say | p.Mute | p.HearSpectators) -> None:
        table = conn.table
        if table is None or conn.key is None:
            raise IllegalAction(NOT_AT_TABLE)
        room = self.room(table)
        if isinstance(m, p.Say):
            await self._say(conn, table, room, m.text)
            return
        if conn.key != table.creator:
            raise IllegalAction(ONLY_HOST)
        if isinstance(m, p.Mute):
            if not 0 <= m.seat < len(table.match.seats) or table.match.seats[m.seat].is_ai:
                raise IllegalAction("Only a player's seat can be muted.")
            if m.seat == conn.seat:
                raise IllegalAction("You cannot mute your own seat.")
            seat, muting = m.seat, m.muted

            def change(r: ChatRecord) -> ChatRecord:
                muted = {s for s in r.muted if s != seat} | ({seat} if muting else set())
                return attrs.evolve(r, muted=sorted(muted))
        else:
            heard = m.heard

            def change(r: ChatRecord) -> ChatRecord:
                return attrs.evolve(r, heard=heard)

        if not await self._keep(table, room, change):
            raise IllegalAction("The server cannot keep that change just now.")
        self._tell(table, [])

    async def _say(self, conn: Conn, table: Table, room: Room, text: str) -> None:
        plain = checked_text(text)
        seat = conn.seat
        if seat is not None and seat in room.record.muted:
            raise IllegalAction(MUTED)
        speaker = f"seat {seat}" if seat is not None else f"watching {conn.key}"
        now = time.monotonic()
        room.said.prune(now)  # (only those who spoke lately are remembered: spectators come and go)
        if not room.said.take(speaker, now):
            raise IllegalAction(TOO_FAST)
        name = table.match.seats[seat].name if seat is not None else conn.name
        players = seat is not None or room.record.heard
        line = p.ChatLine(name=name, seat=seat, text=plain, at=round(time.time(), 1), players=players)
        if not await self._keep(table, room, lambda r: attrs.evolve(r, lines=[*r.lines, line][-HISTORY:])):
            raise IllegalAction(CANNOT_KEEP)
        self._tell(table, [line])

    # -- telling ---------------------------------------------------------------------------------
    def _tell(self, table: Table, lines: list[p.ChatLine]) -> None:
        """Everyone at `table` is told the new `lines` they may read, and the chat's state."""
        for conn in [c for c in self.server.conns if c.table is table]:
            shown = [line for line in lines if reads(line, conn.seat)]
            if shown or not lines:
                conn.send(self._chat(conn, table, shown, reset=False))

    def seated(self, conn: Conn, table: Table) -> None:
        """`conn` has just opened `table`: it is sent the whole chat it may read."""
        lines = [line for line in self.room(table).record.lines if reads(line, conn.seat)]
        conn.send(self._chat(conn, table, lines, reset=True))

    def _chat(self, conn: Conn, table: Table, lines: list[p.ChatLine], reset: bool) -> p.Chat:
        record = self.room(table).record
        host = conn.key is not None and conn.key == table.creator
        return p.Chat(table.id, lines, reset, list(record.muted), record.heard, host)

    def retire(self, table: Table) -> None:
        """The table has left the server: its room goes, and so does its file if the table's
        save does (nothing was ever played there)."""
        self.rooms.pop(table.id, None)
        if not table.started:
            with contextlib.suppress(OSError):
                self.path(table).unlink(missing_ok=True)
