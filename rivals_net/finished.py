"""A table's finished game: its record, offered to everyone at the table once the game is over.

The record (`saves.gamerecord.record_of`, in its JSON form: the seed, the options, the seats and
their names, every move in the game's notation, the scores, the time it ended) holds every
secret of the game, so it is sent only once the match is over, and only after the update that
shows the end (the one place is `Conn.deliver`): whoever is at the table then, each player and
each spectator, gets it once, and again each time they open the table anew (a player back from
the lobby while the finished table stands). An undo cannot take the game back from its end at a
table (`TableServer._undo`), so a record once sent stays the game's.

A record is made once per finished game, in a thread: the longest game's (a six-seat Rivals
game, some 1,400 moves) takes tens of milliseconds, which the loop serving every table would
otherwise spend at once. Its line is a few hundred kilobytes at most, far inside the protocol's
`MAX_SERVER_LINE`; one that is not is never sent (a client would drop the connection over it).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import TYPE_CHECKING

import attrs

from engine.core.match import Match
from rivals_net import protocol as p
from saves import codec
from saves.gamerecord import record_of
from saves.recordformat import to_json

if TYPE_CHECKING:
    from rivals_net.connection import Conn
    from rivals_net.table import Table

log = logging.getLogger("rivals_net")


def record_line(table_id: int, match: Match) -> bytes | None:
    """The `record` message of a finished match, encoded; None if it would be longer than a
    client reads. It is made as the game ends, so it is dated then: a player who imports it later
    has the game listed, and counted, when it was played."""
    text = to_json(record_of(match, updated=codec.now()), match.game.title)
    line = p.encode(p.Record(table=table_id, text=text))
    if len(line) > p.MAX_SERVER_LINE:
        log.warning("table %s: its record (%d bytes) is too long to send", table_id, len(line))
        return None
    return line


@attrs.define(eq=False)
class _Made:
    """One table's finished match, its record line once made, and who waits for it meanwhile."""

    match: Match
    line: bytes | None = None
    done: bool = False
    waiting: list[Conn] = attrs.field(factory=list)


class Records:
    """The records of the tables' finished games, each made once, and sent."""

    def __init__(self) -> None:
        # Kept with the table: a retired table's record goes with it.
        self._made: weakref.WeakKeyDictionary[Table, _Made] = weakref.WeakKeyDictionary()

    def offer(self, table: Table, conn: Conn) -> None:
        """Send `conn`, which has just been sent an update showing the end of `table`'s game, the
        game's record: at once if it is made, else as soon as it is."""
        match = table.match
        made = self._made.get(table)
        if made is None or made.match is not match:
            made = self._made[table] = _Made(match)
            task = asyncio.get_running_loop().run_in_executor(None, record_line, table.id, match)
            task.add_done_callback(lambda f: self._made_now(table, made, f))
        if not made.done:
            if conn not in made.waiting:
                made.waiting.append(conn)
        elif made.line is not None:
            conn.send_line(made.line)

    @staticmethod
    def _made_now(table: Table, made: _Made, future: asyncio.Future[bytes | None]) -> None:
        made.done = True
        waiting, made.waiting = made.waiting, []
        if future.cancelled():
            return
        if future.exception() is not None:
            log.error("table %s: its record could not be made", table.id, exc_info=future.exception())
            return
        made.line = future.result()
        for conn in waiting:
            # (only to a connection still at that game: not one gone, nor one at the next game)
            if made.line is not None and conn.table is table and table.match is made.match:
                conn.send_line(made.line)
