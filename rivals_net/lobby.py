"""`LobbyNews`: the table list pushed to every connection in the lobby when the tables change.

A lobby open on a terminal shows the server's tables without the player asking: whenever a table
is created, retired, or changes what its lobby line says (who is there, whose turn, how far), the
connections not at a table get a fresh `tables` message. Changes are gathered: at most one push a
second (`every`), however busy the tables. What a push costs does not grow with the idle lobby
clients beyond the bytes written: the lines are built once, and encoded once for each different
set of tables the readers hold seats at (nearly always one: none).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import attrs

from rivals_net import protocol as p

if TYPE_CHECKING:
    from rivals_net.connection import Conn
    from rivals_net.table import Table

# The shortest time between two pushes of the table list to the lobby (seconds).
PUSH_EVERY = 1.0


def listing(tables: Iterable[Table], here: Callable[[Table], set[int]], key: str | None) -> p.Tables:
    """The lobby's table list as told to identity `key`."""
    now = time.monotonic()
    return p.Tables([t.info(here(t), now, key) for t in tables])


class LobbyNews:
    """Pushes the table list to lobby connections after a change, at most once every `every`
    seconds. `tables` gives the server's tables; `conns` its connections; `here` the seats
    connected at a table."""

    def __init__(
        self,
        tables: Callable[[], Iterable[Table]],
        conns: Callable[[], Iterable[Conn]],
        here: Callable[[Table], set[int]],
        every: float = PUSH_EVERY,
    ) -> None:
        self.tables = tables
        self.conns = conns
        self.here = here
        self.every = every
        self._last = -every
        self._pending: asyncio.TimerHandle | None = None
        self.stopped = False

    def changed(self) -> None:
        """Something a lobby line shows has changed: push soon (at once if the last push was
        long enough ago)."""
        if self._pending is not None or self.stopped:
            return
        delay = max(0.0, self._last + self.every - time.monotonic())
        self._pending = asyncio.get_running_loop().call_later(delay, self.push)

    def push(self) -> None:
        self._pending = None
        if self.stopped:
            return
        self._last = time.monotonic()
        readers = [c for c in self.conns() if c.key is not None and c.table is None and not c.closed]
        if not readers:
            return
        now = time.monotonic()
        tables = list(self.tables())
        lines = [t.info(self.here(t), now) for t in tables]
        encoded: dict[tuple[int, ...], bytes] = {}
        for conn in readers:
            mine = tuple(i for i, t in enumerate(tables) if conn.key in t.claims)
            if mine not in encoded:
                told = [attrs.evolve(line, yours=i in mine) for i, line in enumerate(lines)]
                encoded[mine] = p.encode(p.Tables(told))
            conn.send_line(encoded[mine])

    def stop(self) -> None:
        self.stopped = True
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
