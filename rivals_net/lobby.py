"""`LobbyNews`: the table list pushed to every connection in the lobby when the tables change.

A lobby open on a terminal shows the server's tables without the player asking: whenever a table
is created, retired, or changes what its lobby line says (who is there, whose turn, how far), the
connections not at a table get a fresh `tables` message. Changes are gathered: at most one push a
second (`every`), however busy the tables. What a push costs does not grow with the idle lobby
clients beyond the bytes written: the lines are built once, and encoded once for each different
set of tables the readers hold seats at (nearly always one: none). A reader still reading what it
was sent before is skipped, as updates skip it (`Conn.lagging`), and sent the list once it has
caught up.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import attrs

from rivals_net import protocol as p

if TYPE_CHECKING:
    from rivals_net.connection import Conn
    from rivals_net.table import Table

# The shortest time between two pushes of the table list to the lobby (seconds).
PUSH_EVERY = 1.0


class LobbyNews:
    """Pushes the table list to lobby connections after a change, at most once every `every`
    seconds. `lines(since)` gives every table with its lobby line, made no earlier than `since`
    (the server's clock); `conns` the connections."""

    def __init__(
        self,
        lines: Callable[[float], list[tuple[Table, p.TableInfo]]],
        conns: Callable[[], Iterable[Conn]],
        every: float = PUSH_EVERY,
    ) -> None:
        self.lines = lines
        self.conns = conns
        self.every = every
        self._last = -every
        self._changed = 0.0  # when the tables last changed
        self._pending: asyncio.TimerHandle | None = None
        # Lobby connections skipped by a push while they were still reading (`Conn.lagging`).
        self._missed: weakref.WeakSet[Conn] = weakref.WeakSet()
        self.stopped = False

    def changed(self) -> None:
        """Something a lobby line shows has changed: push soon (at once if the last push was
        long enough ago)."""
        self._changed = time.monotonic()
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
        lines = self.lines(self._changed)
        encoded: dict[tuple[int, ...], bytes] = {}
        for conn in readers:
            if conn.lagging():
                self._missed.add(conn)
                continue
            mine = tuple(i for i, (table, _) in enumerate(lines) if conn.key in table.claims)
            if mine not in encoded:
                told = [attrs.evolve(line, yours=i in mine) for i, (_, line) in enumerate(lines)]
                encoded[mine] = p.encode(p.Tables(told))
            conn.send_line(encoded[mine])

    def missed(self, conn: Conn) -> bool:
        """Whether `conn`, now caught up, was skipped by a push (it is then owed the list)."""
        if conn in self._missed:
            self._missed.discard(conn)
            return True
        return False

    def stop(self) -> None:
        self.stopped = True
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
