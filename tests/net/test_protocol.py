"""The table server against hostile or broken clients: one error, nothing changed, limits kept.

Budget: 3 s. Every test runs a server on 127.0.0.1 in the test's own loop.
"""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path

from rivals_net import protocol as p
from rivals_net.server import Limits, TableServer
from tests.net.support import identity, is_error, is_update, player, start_server, table_for, until

V = p.VERSION


async def _raw(server: TableServer) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port, limit=p.MAX_SERVER_LINE)
    await reader.readline()  # welcome
    return reader, writer


async def _reply(reader: asyncio.StreamReader) -> dict[str, object]:
    line = await asyncio.wait_for(reader.readline(), 5)
    reply: dict[str, object] = json.loads(line)
    return reply


async def test_bad_lines_get_one_error_each_and_change_nothing(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    ann, bob = await player(server, "Ann"), await player(server, "Bob")
    await table_for(server, [ann, bob], "rivalist")
    table = next(iter(server.tables.values()))
    first = await until(ann, lambda m: is_update(m) and m.decisions == 0)
    reader, writer = await _raw(server)
    hello = p.encode(p.Hello(name="Eve", identity=identity("Eve")))
    writer.write(hello)
    bad = [
        (b"{not json\n", "Not a message"),
        (b"[1, 2]\n", "expected a JSON object"),
        (b'{"v": %d, "t": "ping"}\n' % (V - 1), f"version {V}"),
        (b'{"v": %d, "t": "launch"}\n' % V, "Unknown message kind"),
        (b'{"v": %d, "t": "join", "code": "x", "seat": 3}\n' % V, "unexpected field seat"),
        (b'{"v": %d, "t": "join", "code": 7}\n' % V, "Bad join message"),
        (b'{"v": %d, "t": "watch", "table": 1e999}\n' % V, "expected a whole number"),
        (b'{"v": %d, "t": "watch", "table": ' % V + b"9" * 40 + b"}\n", "far too large"),
        (b'{"v": %d, "t": "join", "code": "nope"}\n' % V, "No table with a free seat has that invite code."),
        (b'{"v": %d, "t": "move", "action": {"type": "Take"}}\n' % V, "You are not seated at a table."),
    ]
    for line, words in bad:
        writer.write(line)
        reply = await _reply(reader)
        assert reply["t"] == "error" and words in str(reply["text"]), (line, reply)
    assert table.match.history == [] and len(server.tables) == 1
    # The connection still works after all that.
    writer.write(p.encode(p.ListTables()))
    assert (await _reply(reader))["t"] == "tables"
    # Out of turn: the seat that does not owe a decision is told so; nothing changes.
    mover = ann if first.choices else bob
    waiter = bob if mover is ann else ann
    legal = await until(mover, lambda m: is_update(m) and bool(m.choices)) if mover is bob else first
    waiter.send(p.Move(action=legal.choices[0].action))
    assert (await until(waiter, is_error)).text == "It is not your turn to decide."
    # A move the rules refuse gets the rules' sentence; a move of another game, the codec's.
    greyed = [c for c in legal.choices if c.reason is not None]
    if greyed:
        mover.send(p.Move(action=greyed[0].action))
        assert (await until(mover, is_error)).text == greyed[0].reason
    mover.send(p.Move(action={"type": "PickCharacter", "character": 1}))
    assert "not a move of Rivalist" in (await until(mover, is_error)).text
    assert table.match.history == []
    writer.close()
    await server.stop()


async def test_an_oversized_line_closes_that_connection_only(tmp_path: Path) -> None:
    server = await start_server(tmp_path, Limits(max_line=1024))
    reader, writer = await _raw(server)
    writer.write(b'{"v": %d, "t": "hello", "name": "' % V + b"x" * 5000 + b'"}\n')
    reply = await _reply(reader)
    assert reply == {"v": V, "t": "bye", "text": "A message was longer than 1024 bytes."}
    assert await reader.read() == b""
    other = await player(server, "Ann")  # the server still serves everyone else
    other.send(p.ListTables())
    assert isinstance(await until(other, lambda m: isinstance(m, p.Tables)), p.Tables)
    await server.stop()


async def test_rate_idle_errors_and_connection_cap(tmp_path: Path) -> None:
    server = await start_server(
        tmp_path, Limits(rate=1.0, burst=3, idle=0.5, max_connections=2, seat_reserve=0, max_errors=30)
    )
    ann = await player(server, "Ann")
    for _ in range(6):
        ann.send(p.ListTables())
    replies = [await until(ann, lambda m: isinstance(m, p.Tables | p.Error)) for _ in range(6)]
    # The hello took one message from the bucket of three.
    assert [type(m).__name__ for m in replies] == ["Tables", "Tables"] + ["Error"] * 4
    assert replies[-1].text == "Too many messages: slow down."
    bob = await player(server, "Bob")
    bob.send(p.ListTables())  # (once he has said hello, a newcomer cannot take his place)
    await until(bob, lambda m: isinstance(m, p.Tables))
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    assert json.loads(await reader.readline())["text"] == "The server is full; try again later."
    writer.close()
    # Nobody speaks: both are closed after the idle time, with a sentence.
    bye = await until(bob, lambda m: isinstance(m, p.Bye), timeout=5)
    assert bye.text == "Closed after 0 seconds without a message."
    assert (await until(ann, lambda m: isinstance(m, p.Bye), timeout=5)).text == bye.text
    for _ in range(100):
        if not server.conns:
            break
        await asyncio.sleep(0.01)
    assert not server.conns
    await server.stop()


async def test_too_many_refusals_end_the_connection(tmp_path: Path) -> None:
    server = await start_server(tmp_path, Limits(max_errors=3))
    reader, writer = await _raw(server)
    for _ in range(3):
        writer.write(b"junk\n")
    kinds = [(await _reply(reader))["t"] for _ in range(4)]
    assert kinds == ["error", "error", "error", "bye"]
    await server.stop()


async def test_an_ssh_identity_needs_the_doors_token(tmp_path: Path) -> None:
    server = await start_server(tmp_path, door="secret-token")
    reader, writer = await _raw(server)
    writer.write(p.encode(p.Hello(name="Eve", identity="ssh:SHA256:" + "A" * 43, door="guess")))
    assert (await _reply(reader))["text"] == "Only the SSH door may vouch for an ssh: identity."
    writer.write(p.encode(p.ListTables()))
    assert (await _reply(reader))["text"] == "Say hello first."
    writer.write(p.encode(p.Hello(name="Eve", identity="ssh:SHA256:" + "A" * 43, door="secret-token")))
    writer.write(p.encode(p.ListTables()))
    assert (await _reply(reader))["t"] == "tables"
    # Once known, a connection cannot become someone else.
    writer.write(p.encode(p.Hello(name="Eve", identity=identity("Ann"))))
    assert (await _reply(reader))["text"] == "You have already said hello."
    await server.stop()


async def test_a_client_that_stops_reading_is_dropped_and_keeps_its_seat(tmp_path: Path) -> None:
    server = await start_server(
        tmp_path,
        Limits(
            max_unsent=16 * 1024,
            rate=1e6,
            burst=10**6,
            client_rate=1e6,
            client_burst=10**6,
            socket_buffer=32 * 1024,
        ),
    )
    ann, bob = await player(server, "Ann"), await player(server, "Bob")
    code = await table_for(server, [ann, bob], "rivalist")
    # Bob's terminal freezes: a socket with a tiny window that is never read again.
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    frozen = sock.makefile("wb")
    frozen.write(p.encode(p.Hello(name="Bob", identity=identity("Bob"))))
    for _ in range(400):  # each answer carries a whole view
        frozen.write(p.encode(p.Join(code=code)) * 2)
        frozen.flush()
        await asyncio.sleep(0.005)
        if len(server.conns) == 2:
            break
    assert len(server.conns) == 2, "the frozen connection was not dropped"
    table = next(iter(server.tables.values()))
    assert sorted(table.claims.values()) == [0, 1]  # Bob's seat is still Bob's
    ann.send(p.ListTables())
    assert isinstance(await until(ann, lambda m: isinstance(m, p.Tables)), p.Tables)
    sock.close()
    await server.stop()
