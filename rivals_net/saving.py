"""`TableDisk`: the table server's save folder — held by one server at a time, the table index,
each table's save written from a thread — and `retry`, the way it tries again when the disk fails.

The table index (`tables.json` beside the saves) lists every table: its number, its save, its
invite code, who holds which seat (hashes of identities), the rules for away players, the paused
seats and the requests for the next game. It is written whole and atomically, and lists every
table it listed before, those whose save would not load at start-up included: a table is never
dropped from it by a failure.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import attrs

from engine.core.info import Catalog
from engine.core.match import Match
from rivals_net.table import Table
from saves.codec import parse
from saves.convert import converter, structure_checked
from saves.errors import SaveError
from saves.files import read_small
from saves.lock import SaveLock
from saves.store import SaveStore

log = logging.getLogger("rivals_net")

INDEX_FILE = "tables.json"
# A table's entry is a few hundred bytes and a server holds at most a few hundred tables.
MAX_INDEX_BYTES = 8 * 1024 * 1024
# What every terminal at a table shows while its last change cannot be saved.
CANNOT_SAVE = (
    "The server cannot save this game just now, so the table waits; it goes on by itself once it can."
)
# Pauses between tries at a failed save: the first, doubled each time up to the longest (seconds).
RETRY_PAUSES = (0.5, 30.0)


@attrs.frozen
class TableRecord:
    """A table in the index file (the match itself is the save `name`)."""

    table: int
    name: str
    code: str
    claims: dict[str, int]
    ai_after: int = 0
    again: list[int] = attrs.field(factory=list)
    # For the caps and for closing a table left alone (`Table.creator`, `origin`, `seen`).
    creator: str = ""
    origin: str = ""
    seen: float = 0.0
    # What the table does for an away player, and the seats paused by their players.
    ai_keeps: bool = False
    pausing: bool = True
    paused: list[int] = attrs.field(factory=list)


class TableDisk:
    """The save folder of one table server. `tables` gives the server's tables as they are now
    (for the index); `games` is what saves may hold."""

    def __init__(self, store: SaveStore, games: Catalog, tables: Callable[[], Iterable[Table]]) -> None:
        self.store = store
        self.games = games
        self.tables = tables
        # Tables of the index that could not be resumed (their save would not load or lock): kept
        # in the index as they were, for a later start.
        self.unloaded: list[TableRecord] = []
        # Pauses between tries at a save or an index that could not be written (`retry`).
        self.pauses = RETRY_PAUSES
        # Saves are written from threads so a slow disk never holds the loop; each table's saves
        # are in order because a table changes only under its `busy` lock.
        self.saver = ThreadPoolExecutor(max_workers=2, thread_name_prefix="rivals-save")
        self._folder: SaveLock | None = None
        self._index_retry: asyncio.Task[None] | None = None
        self._closed = False

    @property
    def index_path(self) -> Path:
        return self.store.root / INDEX_FILE

    # -- start and stop --------------------------------------------------------------------------
    def resume(self) -> tuple[list[tuple[Table, SaveLock]], list[str]]:
        """Take the folder (SaveError if another server has it, or if its index cannot be read),
        then load and lock every table of the index: those resumed, and one sentence for each that
        could not be (it stays in the index)."""
        self._folder = self.store.lock_folder()
        try:
            records = read_index(self.index_path)
        except SaveError:
            self.release()
            raise
        self.store.clean_temporary()
        resumed: list[tuple[Table, SaveLock]] = []
        problems = []
        for rec in records:
            try:
                if rec.table in self.taken_ids([t for t, _ in resumed]):
                    raise SaveError(INDEX_FILE, f"a second table numbered {rec.table}")
                lock = self.store.lock(rec.name)
                try:
                    match = self.store.load(rec.name, games=self.games)
                except BaseException:
                    lock.release()
                    raise
            except (SaveError, OSError) as exc:
                self.unloaded.append(rec)
                problems.append(f"Table {rec.table} is not resumed ({exc}); it stays in {INDEX_FILE}.")
                continue
            table = Table(rec.table, rec.code, rec.name, match, dict(rec.claims), rec.ai_after, rec.ai_keeps)
            table.pausing = rec.pausing
            table.paused = {seat for seat in rec.paused if seat in rec.claims.values()}
            table.again = {seat for seat in rec.again if match.over and 0 <= seat < len(match.seats)}
            table.creator, table.origin, table.seen = rec.creator, rec.origin, rec.seen or time.time()
            table.told = table.public()
            resumed.append((table, lock))
        return resumed, problems

    def close(self) -> None:
        """No more tries at the index; wait for the saves being written."""
        self._closed = True
        if self._index_retry is not None:
            self._index_retry.cancel()
        self.saver.shutdown(wait=True)

    def release(self) -> None:
        """Give the folder up (after the last saves)."""
        if self._folder is not None:
            self._folder.release()
            self._folder = None

    def taken_ids(self, tables: Iterable[Table]) -> set[int]:
        """Table numbers in use: those of `tables` and of the tables that could not be resumed."""
        return {t.id for t in tables} | {r.table for r in self.unloaded}

    def taken_codes(self, tables: Iterable[Table]) -> set[str]:
        return {t.code for t in tables} | {r.code for r in self.unloaded}

    # -- the index -------------------------------------------------------------------------------
    def write_index(self) -> bool:
        """Write the index: the server's tables and those that could not be resumed. If the disk
        refuses, it is tried again later (`retry`); False if it was not written now."""
        records = [
            TableRecord(
                t.id,
                t.name,
                t.code,
                dict(t.claims),
                t.ai_after,
                sorted(t.again),
                t.creator,
                t.origin,
                t.seen,
                t.ai_keeps,
                t.pausing,
                sorted(t.paused),
            )
            for t in self.tables()
        ]
        try:
            write_index(self.index_path, sorted([*records, *self.unloaded], key=lambda r: r.table))
        except OSError as exc:
            log.error("cannot write the table index: %s", exc)
            if self._index_retry is None and not self._closed:
                self._index_retry = asyncio.get_running_loop().create_task(
                    retry(self._index_again, self.pauses)
                )
            return False
        return True

    async def _index_again(self) -> bool:
        if not self.write_index():
            return False
        self._index_retry = None
        log.info("the table index is written again")
        return True

    # -- saves -----------------------------------------------------------------------------------
    def save(self, table: Table) -> asyncio.Future[str | None]:
        """Save a copy of the table's match from the saver thread (the loop goes on meanwhile); the
        future holds why it failed, or None."""
        copy = copy_to_save(table.match)
        return asyncio.get_running_loop().run_in_executor(self.saver, self.save_now, table, copy)

    def save_now(self, table: Table, match: Match | None = None) -> str | None:
        """Write the table's save (`match`: a copy of its match) in this thread; why it failed, or
        None."""
        try:
            self.store.save(table.name, match if match is not None else table.match)
        except (SaveError, OSError) as exc:
            return str(exc)
        except Exception as exc:  # whatever goes wrong, the table must not go on as if saved
            log.exception("saving table %s failed", table.id)
            return f"{type(exc).__name__}: {exc}"
        return None


def read_index(path: Path) -> list[TableRecord]:
    """The tables listed in the index at `path` ([] if there is none). SaveError (one sentence)
    if it cannot be read or understood: the server must then not start, or the next change would
    write an index without the tables it lists."""
    try:
        raw = parse(read_small(path, MAX_INDEX_BYTES), path.name)
        records: list[TableRecord] = structure_checked(raw, list[TableRecord], "tables", path.name)
    except FileNotFoundError:
        return []
    except (OSError, SaveError) as exc:
        why = str(exc)
        if isinstance(exc, SaveError):  # a fault of the JSON is worded for a save: "not a Rivals save (...)"
            bare = exc.fault.removeprefix("not a Rivals save (")
            why = bare[:-1] if bare != exc.fault and bare.endswith(")") else exc.fault
        raise SaveError(
            str(path),
            f"cannot be read ({why}); mend it or move it away, or the server would lose the tables it lists",
        ) from None
    return records


def write_index(path: Path, records: list[TableRecord]) -> None:
    """Replace the index at `path` with `records`, atomically (OSError if the disk refuses)."""
    write_file(path, json.dumps(converter.unstructure(records, unstructure_as=list[TableRecord]), indent=1))


def write_file(path: Path, text: str) -> None:
    """Replace the file at `path` with `text`, atomically (OSError if the disk refuses): the index,
    and each table's chat (`rivals_net.chat`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{os.urandom(4).hex()}.tmp")
    try:
        with open(temp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, path)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise


def copy_to_save(m: Match) -> Match:
    """A copy of the match for the saver thread, so the loop may go on changing the original."""
    return Match(
        m.game,
        m.options,
        m.seats,
        m.seed,
        list(m.history),
        m.game.clone(m.state),
        list(m.log),
        m.series,
        set(m.stand_ins),
    )


async def retry(attempt: Callable[[], Awaitable[bool]], pauses: tuple[float, float] = RETRY_PAUSES) -> None:
    """Call `attempt` after a pause, again and again, each pause twice the last (up to the
    longest), until it answers True. Cancel the task to give up."""
    pause, longest = pauses
    while True:
        await asyncio.sleep(pause)
        if await attempt():
            return
        pause = min(pause * 2, longest)
