"""One table server per save folder, and a table index that never loses a table: a second server
on the folder is refused with one sentence while the first goes on; a table whose save will not
load or lock at start-up stays in the index (and is said at start-up) until a later start can
resume it; an index that cannot be read stops the start rather than be written over; an index
the disk will not take is written once it will.

Budget: 4 s (servers in the test's loop, over the protocol on 127.0.0.1; two starts of
`rivals serve` in a child process).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.core import SeatSpec
from engine.core.match import Match
from engine.registry import GAMES
from rivals_net import protocol as p
from rivals_net import saving
from rivals_net.harness import ROOT, Host, free_port
from rivals_net.server import INDEX_FILE, TableRecord, TableServer
from rivals_net.table import identity_key
from saves.convert import converter
from saves.errors import SaveError
from saves.store import SaveStore
from tests.net.support import identity, is_update, player, start_server, table_for, until

BUSY = "already used by another table server (pid {pid}); a save folder serves one server at a time"


def rivalist(seed: int, moves: int = 2) -> Match:
    game = GAMES["rivalist"]
    match = Match.new(game, game.Options(), [SeatSpec("Ann"), SeatSpec("Bob")], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = match.to_act()[0]
        match.submit(seat, rng.choice(list(match.legal(seat))))
    return match


def seed_tables(saves: Path, numbers: list[int]) -> list[TableRecord]:
    """Rivalist tables for Ann and Bob numbered `numbers`, saved as table-N, in the index."""
    store = SaveStore(saves)
    claims = {identity_key(identity(n)): i for i, n in enumerate(("Ann", "Bob"))}
    records = []
    for n in numbers:
        store.save(f"table-{n}", rivalist(n))
        records.append(TableRecord(n, f"table-{n}", f"code{n}a", claims))
    write_index(saves, records)
    return records


def write_index(saves: Path, records: list[TableRecord]) -> None:
    raw = converter.unstructure(records, unstructure_as=list[TableRecord])
    (saves / INDEX_FILE).write_text(json.dumps(raw))


def index_of(saves: Path) -> list[Any]:
    raw: list[Any] = json.loads((saves / INDEX_FILE).read_text())
    return raw


async def test_a_second_server_on_the_same_folder_is_refused_and_the_first_goes_on(tmp_path: Path) -> None:
    first = await start_server(tmp_path, seed=1)
    ann, bob = await player(first, "Ann"), await player(first, "Bob")
    code = await table_for(first, [ann, bob], "rivalist")
    before = index_of(tmp_path)
    second = TableServer(SaveStore(tmp_path))
    with pytest.raises(SaveError) as refused:
        await second.start("127.0.0.1", 0)
    assert str(refused.value) == f"{tmp_path}: " + BUSY.format(pid=os.getpid())
    assert second.tables == {} and index_of(tmp_path) == before
    # The first still serves its table: a move is played, saved and told.
    u = await until(ann, lambda m: is_update(m) and m.decisions == 0)
    mover = ann if u.choices else bob
    mine = u if u.choices else await until(bob, lambda m: is_update(m) and bool(m.choices))
    mover.send(p.Move(action=next(c for c in mine.choices if c.reason is None).action))
    await until(ann, lambda m: is_update(m) and m.decisions == 1)
    assert [r["code"] for r in index_of(tmp_path)] == [code]
    for c in (ann, bob):
        await c.close()
    await first.stop()
    # Once the first has stopped, the folder is free: the next server resumes its table.
    third = await start_server(tmp_path)
    assert [t.code for t in third.tables.values()] == [code]
    await third.stop()


async def test_a_table_that_cannot_be_resumed_stays_in_the_index_until_it_can(tmp_path: Path) -> None:
    records = seed_tables(tmp_path, [1, 2, 3])
    store = SaveStore(tmp_path)
    store.path("table-2").write_text('{"format_version": 1, "ga')  # damaged
    window = store.lock("table-3")  # open in a Rivals window of this host
    server = await start_server(tmp_path, seed=5)
    assert sorted(server.tables) == [1]
    assert server.problems == [
        "Table 2 is not resumed (table-2.json: not a Rivals save (the JSON is cut off at line 1)); "
        "it stays in tables.json.",
        f"Table 3 is not resumed (table-3: already open in another Rivals window (pid {os.getpid()})); "
        "it stays in tables.json.",
    ]
    # A new table takes neither the number nor the code of one waiting to be resumed, and writing
    # the index keeps those as they were.
    eve = await player(server, "Eve")
    await table_for(server, [eve], "rivalist", ai=1)
    assert sorted(server.tables) == [1, 4]
    written = index_of(tmp_path)
    assert [r["table"] for r in written] == [1, 2, 3, 4]
    assert written[1:3] == converter.unstructure(records[1:], unstructure_as=list[TableRecord])
    assert written[3]["code"] not in {r.code for r in records}
    await eve.close()
    await server.stop()
    # Mended and closed, both come back at the next start.
    store.save("table-2", rivalist(2))
    window.release()
    server = await start_server(tmp_path)
    assert sorted(server.tables) == [1, 2, 3, 4] and server.problems == []
    await server.stop()


async def test_a_table_index_that_cannot_be_read_stops_the_start_and_is_left_as_it_is(tmp_path: Path) -> None:
    seed_tables(tmp_path, [1])
    broken = '[{"table": 1, "name": "table-1", "code": "code1a", "claims": {}}, {"table": '
    (tmp_path / INDEX_FILE).write_text(broken)
    server = TableServer(SaveStore(tmp_path))
    with pytest.raises(SaveError) as refused:
        await server.start("127.0.0.1", 0)
    assert str(refused.value) == (
        f"{tmp_path / INDEX_FILE}: cannot be read (the JSON is cut off at line 1); "
        "mend it or move it away, or the server would lose the tables it lists"
    )
    assert (tmp_path / INDEX_FILE).read_text() == broken
    # Mended, the folder serves again (the refused start left it free).
    seed_tables(tmp_path, [1])
    server = await start_server(tmp_path)
    assert sorted(server.tables) == [1]
    await server.stop()


async def test_an_index_the_disk_refuses_is_written_once_it_takes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = await start_server(tmp_path, seed=2)
    server.disk.pauses = (0.02, 0.1)
    write = saving.write_index
    refused: list[int] = []

    def full(path: Path, records: list[TableRecord]) -> None:
        refused.append(len(records))
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saving, "write_index", full)
    ann = await player(server, "Ann")
    await table_for(server, [ann], "rivalist", ai=1)
    await asyncio.sleep(0.2)
    assert len(refused) >= 2 and not (tmp_path / INDEX_FILE).exists()
    monkeypatch.setattr(saving, "write_index", write)
    for _ in range(100):
        await asyncio.sleep(0.02)
        if (tmp_path / INDEX_FILE).exists():
            break
    assert [r["table"] for r in index_of(tmp_path)] == [1]
    await ann.close()
    await server.stop()


def test_rivals_serve_says_what_it_could_not_resume_and_a_second_one_on_the_folder_exits(
    tmp_path: Path,
) -> None:
    host = Host(tmp_path, ssh=False)
    host.saves.mkdir()
    seed_tables(host.saves, [1, 2])
    SaveStore(host.saves).path("table-2").write_text("{}")
    host.start()
    try:
        shown = (tmp_path / "serve.log").read_text()
        assert "1 table resumed" in shown
        assert (
            "Table 2 is not resumed (table-2.json: not a Rivals save (it has no format_version)); " in shown
        )
        argv = [sys.executable, "-m", "rivals_tui", "--save-dir", str(host.saves), "serve", "--no-ssh"]
        argv += ["--table-port", str(free_port())]
        second = subprocess.run(argv, cwd=ROOT, env=host.env, capture_output=True, text=True, timeout=30)
        assert second.returncode == 1
        assert host.proc is not None
        assert second.stderr.strip().splitlines() == [
            f"rivals: cannot serve: {host.saves}: " + BUSY.format(pid=host.proc.pid) + "."
        ]
        assert host.proc.poll() is None  # the first goes on
        assert [r["table"] for r in index_of(host.saves)] == [1, 2]
    finally:
        host.stop()
