"""`TableAI`: the table server's AI players — the AI seats, and a person's seat while they are
away once the table's time for their decision has run out (`Table.ai_seat`). Each decision is
thought in a thread pool, never holding up the server's loop, and applied only if nothing has
changed meanwhile that takes it away: a move still legal, and for a person, still away.
"""

from __future__ import annotations

import abc
import asyncio
import functools
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from engine.core.errors import IllegalAction

if TYPE_CHECKING:
    from rivals_net.table import Table

log = logging.getLogger("rivals_net")


class TableAI(abc.ABC):
    """The AI part of `TableServer`, which sets these fields up and writes `_here` (who is at a
    table) and `_changed` (save, then tell everyone), the two things the AI needs of it."""

    tables: dict[int, Table]
    executor: ThreadPoolExecutor
    ai_pace: float
    _thinking: dict[int, asyncio.Task[None]]
    _timers: dict[int, asyncio.TimerHandle]
    _stopping: bool

    @abc.abstractmethod
    def _here(self, table: Table) -> set[int]: ...

    @abc.abstractmethod
    async def _changed(self, table: Table) -> None: ...

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
        clock = table.due.get(seat)
        view = table.match.view(seat)
        bot = table.bot(seat)
        started = time.monotonic()
        # An interrupt the bot can only decline (`Match.quick_decline`) needs no worker and no
        # pace; it is still a decision of its own, told to everyone in its own update, so the
        # messages a seat receives do not depend on what the bot holds.
        quick = table.match.quick_decline(seat, alone=True)
        # Set when this think is called off (an undo, the table retired, the server stopping):
        # the search in its thread then stops at once instead of running out its budget (an
        # expert's seconds) beside the next think of the same bot.
        called_off = threading.Event()

        def should_stop() -> bool:
            return called_off.is_set() or self._stopping

        try:
            if quick is not None:
                action = quick
            else:
                choose = functools.partial(bot.choose, should_stop=should_stop)
                action = await loop.run_in_executor(self.executor, choose, table.game, view, seat)
            pause = 0.0 if quick is not None else self.ai_pace - (time.monotonic() - started)
            if pause > 0:
                await asyncio.sleep(pause)
        except asyncio.CancelledError:
            called_off.set()
            self._thinking.pop(table.id, None)
            raise
        except Exception:
            log.exception("the AI failed at table %s", table.id)
            self._thinking.pop(table.id, None)
            return
        self._thinking.pop(table.id, None)
        # Someone may have moved meanwhile (a simultaneous choice, an undo), or the seat's player
        # come back: apply only if still legal, and for a person only while they are away.
        stand_in = quick is None and not table.match.seats[seat].is_ai
        async with table.busy:
            if table.unsaved is not None:
                return  # the table waits; once saved, it starts the AI again (`_recovered`)
            if stand_in and not table.still_due(seat, self._here(table), clock):
                self._kick(table)  # its player came back meanwhile (or left again, or paused)
                return
            try:
                table.match.submit(seat, action, stand_in=stand_in)
            except IllegalAction:
                if len(table.match.history) != decisions:
                    self._kick(table)
                return
            if stand_in:
                table.stood_in(seat)
            await self._changed(table)
