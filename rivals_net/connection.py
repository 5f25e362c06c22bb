"""One client's connection to the table server: who it is, where it sits, what it may still send.

`Limits` are what one connection may do; `Conn` enforces the rate and the bound on unsent output
(a client that stops reading is dropped, its seat kept); `Built` is an update made ahead of time
(while a save is written) and sent only if the connection is still where it was.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

import attrs

from rivals_net import protocol as p

if TYPE_CHECKING:
    from rivals_net.server import TableServer
    from rivals_net.table import Table

log = logging.getLogger("rivals_net")


@attrs.frozen
class Limits:
    """What one connection may do. The defaults suit a club; tests use tighter ones."""

    max_line: int = p.MAX_CLIENT_LINE
    rate: float = 20.0  # messages a second, on average
    burst: int = 60  # messages at once
    idle: float = 900.0  # seconds without a message (clients ping every minute)
    max_connections: int = 200
    max_tables: int = 200
    max_errors: int = 30  # refused messages before the connection is closed
    max_unsent: int = 4 * 1024 * 1024  # bytes waiting for a client that does not read
    # Seconds between two new names: each one is saved at every table the player sits at.
    rename_every: float = 5.0
    # The kernel's send buffer per connection: bounded, so that a client that does not read is
    # noticed (and its memory bounded) after a few views rather than megabytes.
    socket_buffer: int = 256 * 1024


@attrs.frozen
class Built:
    """An update made for a connection at `seat` that had been sent `before` events of the log
    (and will have been sent `after`), already encoded."""

    seat: int | None
    before: int
    after: int
    line: bytes


class Conn:
    """One client connection: its identity, the table it is at, its rate bucket."""

    def __init__(
        self, server: TableServer, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self.server = server
        self.reader = reader
        self.writer = writer
        self.key: str | None = None
        self.name = ""
        self.table: Table | None = None
        self.seat: int | None = None
        self.sent = 0  # events of the table's log already sent
        self.tokens = float(server.limits.burst)
        self.refilled = time.monotonic()
        self.errors = 0
        self.renamed = -server.limits.rename_every  # when this connection last took a new name
        self.closed = False
        self.task: asyncio.Task[None] | None = None

    def send(self, message: Any) -> None:
        self.send_line(p.encode(message))

    def send_line(self, line: bytes) -> None:
        """Send one encoded message, or drop a connection that has stopped reading."""
        if self.closed:
            return
        transport = self.writer.transport
        if transport.get_write_buffer_size() > self.server.limits.max_unsent:
            # It has stopped reading: keep its seat, drop the connection (abort: a plain close
            # would wait for the unsent output to go first, which it never will).
            log.info("dropping a connection that stopped reading")
            self.closed = True
            transport.abort()
            return
        self.writer.write(line)

    def deliver(self, table: Table, update: Built) -> bool:
        """Send an update built earlier, if this connection is still where it was then."""
        if self.closed or self.table is not table or (self.seat, self.sent) != (update.seat, update.before):
            return False
        self.sent = update.after
        self.send_line(update.line)
        return True

    def error(self, text: str) -> None:
        self.errors += 1
        self.send(p.Error(text))
        if self.errors >= self.server.limits.max_errors:
            self.bye("Too many refused messages.")

    def bye(self, text: str) -> None:
        self.send(p.Bye(text))
        self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()

    def allow(self) -> bool:
        """Take one message from the rate bucket; False when it is empty."""
        now = time.monotonic()
        limits = self.server.limits
        self.tokens = min(limits.burst, self.tokens + (now - self.refilled) * limits.rate)
        self.refilled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
