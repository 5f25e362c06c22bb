"""Spectators that do not read and clients that make the server log: what they may cost the others.

A client that stops reading is sent no more updates until it has read what is queued for it, then
one with everything since; spectators at a table are capped and share one update per change;
bad input logs no traceback, and what any one client can make the server log is bounded.

Budget: 3 s (server in the test's loop, on 127.0.0.1).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import socket
from pathlib import Path
from typing import Any

import pytest

from rivals_net import protocol as p
from rivals_net.server import Limits
from rivals_net.table import Table
from tests.net.support import is_error, is_update, player, random_move, start_server, table_for, until


async def test_a_spectator_that_does_not_read_holds_one_update_and_then_catches_up(tmp_path: Path) -> None:
    server = await start_server(
        tmp_path,
        Limits(rate=1e6, burst=10**6, client_rate=1e6, client_burst=10**6, socket_buffer=4096),
        seed=5,
    )
    bob, ann = await player(server, "Bob"), await player(server, "Ann")
    await table_for(server, [bob, ann], "rivalist")
    table = next(iter(server.tables.values()))
    # A spectator whose terminal froze: a small receive window, never read while the game goes on.
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    sock.sendall(p.encode(p.Hello(name="Eve", identity="key:eve-" + "0" * 24)) + p.encode(p.Watch(table.id)))
    await until(bob, lambda m: is_update(m))
    while not any(c.name == "Eve" and c.table is table for c in server.conns):
        await asyncio.sleep(0.01)
    eve = next(c for c in server.conns if c.name == "Eve")
    rng = random.Random(2)
    while len(table.match.history) < 60 and not table.match.over:
        u = await until(bob, lambda m: is_update(m) and m.decisions == len(table.match.history))
        await random_move(server, table, bob, u, rng)
    await until(bob, lambda m: is_update(m) and m.decisions == len(table.match.history))
    # What waits for her at the server is at most one update (the whole table, log and all).
    whole = len(p.encode(table.update_for(None, 0, set())[0]))
    assert eve.writer.transport.get_write_buffer_size() <= whole
    # She reads again: the last update is the table as it stands, and no event is missing.
    sock.setblocking(False)
    reader, writer = await asyncio.open_connection(sock=sock, limit=p.MAX_SERVER_LINE)
    updates: list[p.Update] = []
    while not updates or updates[-1].decisions < len(table.match.history):
        message = p.decode(await asyncio.wait_for(reader.readline(), 5), p.SERVER_MESSAGES)
        if isinstance(message, p.Update):
            updates.append(message)
    # (What her socket's buffers held came first; then one for all the moves since.)
    assert len(updates) < len(table.match.history), [u.decisions for u in updates]
    events: list[dict[str, Any]] = []
    for u in updates:
        events = u.log if u.log_reset else events + u.log
    assert len(events) == len(table.match.log_for(None))
    writer.close()
    await server.stop()


async def test_spectators_are_capped_per_table_and_share_one_update(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = await start_server(tmp_path, Limits(spectators=3), seed=1)
    bob, ann = await player(server, "Bob"), await player(server, "Ann")
    await table_for(server, [bob, ann], "rivalist")
    table = next(iter(server.tables.values()))
    built: list[int | None] = []
    update_for = Table.update_for

    def counted(self: Table, seat: int | None, sent: int, here: set[int]) -> Any:
        built.append(seat)
        return update_for(self, seat, sent, here)

    monkeypatch.setattr(Table, "update_for", counted)
    watchers = [await player(server, f"W{i}", local=f"127.0.0.{2 + i}") for i in range(4)]
    for w in watchers[:3]:
        w.send(p.Watch(table=table.id))
        assert (await until(w, lambda m: isinstance(m, p.Seated))).seat is None
        await until(w, is_update)
    # A spectator's coming changes nothing the players see: only the newcomer was sent anything.
    assert built == [None] * 3
    watchers[3].send(p.Watch(table=table.id))
    full = "This table has as many spectators as it can take; try again later."
    assert (await until(watchers[3], is_error)).text == full
    # One of the players is not a spectator: she comes back to her seat all the same.
    ann.send(p.Watch(table=table.id))
    assert (await until(ann, lambda m: isinstance(m, p.Seated))).seat == 1
    # A move: one update for each seat and one for the three spectators together.
    u = await until(bob, lambda m: is_update(m) and bool(m.choices))
    built.clear()
    bob.send(p.Move(action=next(c for c in u.choices if c.reason is None).action))
    for w in watchers[:3]:
        await until(w, lambda m: is_update(m) and m.decisions == 1)
    assert sorted(built, key=str) == [0, 1, None]
    await server.stop()


async def test_bad_input_logs_no_traceback_and_one_client_can_make_the_server_log_only_so_much(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.INFO, logger="rivals_net")
    limits = Limits(
        rate=1e6,
        burst=10**6,
        client_rate=1e6,
        client_burst=10**6,
        max_errors=1000,
        log_burst=3,
        log_every=600,
    )
    server = await start_server(tmp_path, limits)
    eve = await player(server, "Eve", local="127.0.0.2")
    eve.send(p.Join(code="café-über"))
    assert (await until(eve, is_error)).text == "No table with a free seat has that invite code."
    assert [r for r in caplog.records if r.name == "rivals_net"] == []

    async def broken(conn: Any) -> None:  # a fault of the server that every undo now meets
        raise RuntimeError("a bug")

    monkeypatch.setattr(server, "_undo", broken)
    for _ in range(40):
        eve.send(p.Undo())
    for _ in range(40):
        assert (await until(eve, is_error)).text == "The server could not do that (its log says why)."
    logged = [r for r in caplog.records if r.name == "rivals_net"]
    assert len(logged) == 3 and len([r for r in logged if r.exc_info]) == 1
    assert "RuntimeError" in logged[0].getMessage() and "failed again" in logged[1].getMessage()
    # Another client has a share of its own.
    mal = await player(server, "Mal", local="127.0.0.3")
    mal.send(p.Undo())
    await until(mal, is_error)
    logged = [r for r in caplog.records if r.name == "rivals_net"]
    assert len(logged) == 4 and "37 such lines left out" in logged[-1].getMessage()
    assert json.dumps([r.getMessage() for r in logged]).count("a bug") == 0  # (the traceback has it)
    await server.stop()


async def test_asking_for_the_lobby_over_and_over_costs_one_listing_a_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = await start_server(tmp_path, Limits(rate=1e6, burst=10**6, client_rate=1e6, client_burst=10**6))
    ann, bob = await player(server, "Ann"), await player(server, "Bob")
    await table_for(server, [ann, bob], "rivalist")
    lines: list[int] = []
    info = Table.info

    def counted(self: Table, here: set[int], key: str | None = None) -> Any:
        lines.append(self.id)
        return info(self, here, key)

    monkeypatch.setattr(Table, "info", counted)
    eve = await player(server, "Eve")
    for _ in range(50):
        eve.send(p.ListTables())
    answers = [await until(eve, lambda m: isinstance(m, p.Tables)) for _ in range(50)]
    # (At most one: the list pushed to the lobby when the table was made may be the one.)
    assert lines in ([], [1])
    # Each answer is still told whose seat is there.
    assert [t.yours for t in answers[-1].tables] == [False]
    ann.send(p.ListTables())
    assert [t.yours for t in (await until(ann, lambda m: isinstance(m, p.Tables))).tables] == [True]
    await server.stop()
