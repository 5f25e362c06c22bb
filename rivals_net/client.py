"""The client end of the table protocol: one asyncio connection, messages in and out.

Used by the app's remote session (`rivals_tui.remote`), the tests and the bench. It knows nothing
of games: `send` writes a message, `receive` waits for the next one.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
from pathlib import Path
from typing import Any

from rivals_net import protocol as p

# How often an idle client says it is still there (well inside the server's idle timeout).
PING_EVERY = 60.0


class Disconnected(ConnectionError):
    """The server closed the connection (`str()` says why when it said so)."""


class TableClient:
    """A connection to a table server."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def connect(
        cls, host: str, port: int, name: str, identity: str, door: str = "", *, local: str | None = None
    ) -> TableClient:
        """Connect and say hello; raises OSError or Disconnected if the server is not there (or
        Disconnected with its sentence if it turns the connection away at once). `local`: where
        to connect from (the tests and the bench play clients from several loopback addresses)."""
        where = None if local is None else (local, 0)
        reader, writer = await asyncio.open_connection(host, port, limit=p.MAX_SERVER_LINE, local_addr=where)
        client = cls(reader, writer)
        welcome = await client.receive()
        if not isinstance(welcome, p.Welcome):
            raise Disconnected(getattr(welcome, "text", "The server did not greet us."))
        client.send(p.Hello(name=name, identity=identity, door=door))
        return client

    def send(self, message: Any) -> None:
        if not self.writer.is_closing():
            self.writer.write(p.encode(message))

    async def receive(self) -> Any:
        """The next message from the server; Disconnected when the connection ends."""
        try:
            line = await self.reader.readuntil(b"\n")
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError) as exc:
            raise Disconnected("The connection to the table server was lost.") from exc
        return p.decode(line, p.SERVER_MESSAGES)

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()


def local_identity(folder: Path) -> str:
    """This user's identity for direct connections: a random secret kept in `folder` (created with
    the file on first use, readable by the user only)."""
    path = folder / "identity"
    try:
        text = path.read_text(encoding="ascii").strip()
        if len(text) >= 32:
            return text
    except (OSError, UnicodeDecodeError):
        pass
    folder.mkdir(parents=True, exist_ok=True)
    text = "key:" + secrets.token_hex(24)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(text + "\n")
    return text


def parse_address(text: str, default_port: int) -> tuple[str, int]:
    """ "HOST:PORT" (or "HOST") as a host and a port; ValueError with a sentence otherwise."""
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = text, str(default_port)
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text!r} is not HOST:PORT")
    return host, int(port)
