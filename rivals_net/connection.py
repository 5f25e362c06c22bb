"""One client's connection to the table server: who it is, where it sits, what it may still send.

`Conn` enforces its rate (`rivals_net.limits.Limits`) and what waits for a client that does not
read: while output is still queued for it, updates are not added to the queue; once it has read
the queue, it is sent one update with everything since (`lagging`). Past a bound of unsent
output (answers it asked for and did not read) it is dropped, its seat kept. `Built` is an
update made ahead of time (while a save is written) and sent only if the connection is still
where it was.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

import attrs

from rivals_net import protocol as p
from rivals_net.admission import client_of

if TYPE_CHECKING:
    from rivals_net.server import TableServer
    from rivals_net.table import Table


@attrs.frozen
class Built:
    """An update made for a connection at `seat` that had been sent `before` events of the log
    (and will have been sent `after`), already encoded."""

    seat: int | None
    before: int
    after: int
    line: bytes


def build(table: Table, conns: list[Conn], here: set[int]) -> list[tuple[Conn, Built]]:
    """Each connection's next update at `table`, encoded, with where it stood when it was built;
    none for a connection still reading its last ones (`Conn.lagging`). Connections at the same
    seat that have been sent the same share one (every spectator, once they are up to date)."""
    made: dict[tuple[int | None, int], Built] = {}
    out = []
    for conn in conns:
        if conn.lagging():
            continue
        key = (conn.seat, conn.sent)
        if key not in made:
            update, sent = table.update_for(conn.seat, conn.sent, here)
            made[key] = Built(conn.seat, conn.sent, sent, p.encode(update))
        out.append((conn, made[key]))
    return out


class Conn:
    """One client connection: its identity, the table it is at, its rate bucket."""

    def __init__(
        self, server: TableServer, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self.server = server
        self.reader = reader
        self.writer = writer
        # The client it counts as for the per-client limits (`admission.client_of`): the address
        # until the SSH door vouches for a key, then that key.
        self.source = client_of(writer.get_extra_info("peername"))
        self.opened = time.monotonic()
        self.key: str | None = None
        self.name = ""
        self.table: Table | None = None
        self.seat: int | None = None
        self.sent = 0  # events of the table's log already sent
        self.recorded: object = None  # the finished match whose record it was offered last
        self.tokens = float(server.limits.burst)
        self.refilled = time.monotonic()
        self.renamed = -server.limits.rename_every  # when this connection last took a new name
        self.closed = False
        self.task: asyncio.Task[None] | None = None
        self._catching_up: asyncio.Task[None] | None = None
        # Writing pauses (and `drain` waits) whenever anything is queued: what `lagging` needs.
        writer.transport.set_write_buffer_limits(high=0, low=0)

    def send(self, message: Any) -> None:
        self.send_line(p.encode(message))

    def send_line(self, line: bytes) -> None:
        """Send one encoded message, or drop a connection that has stopped reading."""
        transport = self.writer.transport
        if self.closed or transport.is_closing():  # (writing to a lost one logs a warning each time)
            return
        if transport.get_write_buffer_size() > self.server.limits.max_unsent:
            # It has stopped reading: keep its seat, drop the connection (abort: a plain close
            # would wait for the unsent output to go first, which it never will).
            self.server.admission.log.note(
                self.source, logging.INFO, "dropped a connection that stopped reading"
            )
            self.closed = True
            transport.abort()
            return
        self.writer.write(line)

    def lagging(self) -> bool:
        """True while output is still queued for this client: an update is then not sent (a
        client that does not read would otherwise hold one per change at the table). Once the
        queue is read the server sends one update with everything since (`caught_up`)."""
        if self.writer.transport.get_write_buffer_size() == 0:
            return False
        if self._catching_up is None and not self.closed:
            self._catching_up = asyncio.get_running_loop().create_task(self._catch_up())
        return True

    async def _catch_up(self) -> None:
        try:
            await self.writer.drain()
        except Exception:  # the connection is gone: its reading task cleans up
            return
        finally:
            self._catching_up = None
        self.server.caught_up(self)

    def deliver(self, table: Table, update: Built) -> bool:
        """Send an update built earlier, if this connection is still where it was then (and is
        reading what it is sent)."""
        if self.closed or self.table is not table or (self.seat, self.sent) != (update.seat, update.before):
            return False
        if self.lagging():
            return False
        self.sent = update.after
        self.send_line(update.line)
        # The game's record follows the update that shows its end, or the first one after
        # this connection opened the finished table (it holds every secret: never sooner).
        if table.match.over and (update.before == 0 or self.recorded is not table.match):
            self.recorded = table.match
            self.server.records.offer(table, self)
        return True

    def error(self, text: str) -> None:
        """Refuse a message, with its sentence; a client that has had its share of refusals
        (`Admission.refused`, across its connections) is cut off."""
        self.send(p.Error(text))
        if not self.server.admission.refused(self):
            self.bye("Too many refused messages.")

    def bye(self, text: str) -> None:
        self.send(p.Bye(text))
        self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()
        if self._catching_up is not None:
            self._catching_up.cancel()

    async def next_message(self) -> Any:
        """The client's next message; None once the connection is over (closed, lost, or closed
        here with a sentence: silent too long, a line too long). A line refused (too fast, not a
        message) is answered with an error and skipped."""
        limits = self.server.limits
        while not self.closed:
            # Until it says hello, a connection has `hello_within` seconds from its start in all.
            wait = (
                limits.idle if self.key is not None else self.opened + limits.hello_within - time.monotonic()
            )
            try:
                line = await asyncio.wait_for(self.reader.readuntil(b"\n"), max(0.0, wait))
            except TimeoutError:
                if self.key is None:
                    self.bye(f"Closed: no hello within {limits.hello_within:g} seconds.")
                else:
                    self.bye(f"Closed after {limits.idle:.0f} seconds without a message.")
                return None
            except asyncio.LimitOverrunError:
                self.bye(f"A message was longer than {limits.max_line} bytes.")
                return None
            except (asyncio.IncompleteReadError, ConnectionError):
                return None
            if not self.allow():
                self.error("Too many messages: slow down.")
                continue
            try:
                return p.decode(line, p.CLIENT_MESSAGES)
            except p.ProtocolError as exc:
                self.error(str(exc))
        return None

    def allow(self) -> bool:
        """Take one message from this connection's rate bucket and from its client's (across its
        connections, `Admission.allow`); False when either is empty."""
        now = time.monotonic()
        limits = self.server.limits
        self.tokens = min(limits.burst, self.tokens + (now - self.refilled) * limits.rate)
        self.refilled = now
        if self.tokens < 1 or not self.server.admission.allow(self):
            return False
        self.tokens -= 1
        return True
