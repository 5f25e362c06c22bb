"""Strangers at the table server: what one client (an address, or an SSH key the door vouches for)
may do across its connections — connect and stay silent, create tables, guess invite codes — and
the tables left alone that close, across a restart too.

Budget: 3 s. Clients connect from several loopback addresses (127.0.0.x), the server runs in the
test's loop.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path
from typing import Any

import attrs
import pytest

from rivals_net import protocol as p
from rivals_net.admission import client_of
from rivals_net.client import Disconnected, TableClient
from rivals_net.limits import from_flags
from rivals_net.server import INDEX_FILE, Limits, TableRecord
from rivals_tui.cli import build_parser
from saves.convert import converter
from tests.net.support import is_error, is_update, player, start_server, table_for, until

DOOR = "door-token"
NO_SEAT = "No table with a free seat has that invite code."
# Invite codes: four groups of two syllables, from letters that neither look nor sound alike.
CONSONANTS, VOWELS, CODE_GROUPS = "bdfghjkmnprstvz", "aeiou", 4


def is_seated(m: Any) -> bool:
    return isinstance(m, p.Seated)


async def listed(client: TableClient) -> bool:
    """The client is in: it is answered (rather than told goodbye)."""
    client.send(p.ListTables())
    return isinstance(await until(client, lambda m: isinstance(m, p.Tables | p.Bye)), p.Tables)


async def turned_away(client: TableClient) -> str:
    text: str = (await until(client, lambda m: isinstance(m, p.Bye))).text
    return text


async def test_a_connection_must_say_hello_within_seconds(tmp_path: Path) -> None:
    server = await start_server(tmp_path, Limits(hello_within=0.3))
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    assert json.loads(await reader.readline())["t"] == "welcome"
    writer.write(p.encode(p.Ping()))  # a ping does not count as a hello
    bye = json.loads(await asyncio.wait_for(reader.readline(), 5))
    assert bye == {"v": p.VERSION, "t": "bye", "text": "Closed: no hello within 0.3 seconds."}
    assert await reader.read() == b""
    ann = await player(server, "Ann")  # someone who says hello stays
    await asyncio.sleep(0.4)
    assert await listed(ann)
    writer.close()
    await server.stop()


async def test_connections_per_address_and_room_kept_for_players_with_a_seat(tmp_path: Path) -> None:
    limits = Limits(max_connections=12, per_address=2, seat_reserve=4)
    server = await start_server(tmp_path, limits, door=DOOR)
    # Ann holds a seat at a table; then her connection drops.
    ann = await player(server, "Ann", local="127.0.0.2")
    ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer("ai", "easy")]))
    await until(ann, is_seated)
    await ann.close()
    # Silent sockets from one address: two are let in, the next is turned away at once.
    silent = [
        await asyncio.open_connection("127.0.0.1", server.port, local_addr=("127.0.0.3", 0)) for _ in range(3)
    ]
    firsts = [json.loads(await reader.readline()) for reader, _ in silent]
    assert [m["t"] for m in firsts] == ["welcome", "welcome", "bye"]
    assert firsts[2]["text"] == "Too many connections from your address; close one first."
    # SSH players all arrive from loopback: each is counted by the key the door vouches for.
    ssh = [await player(server, name, door=DOOR) for name in ("Sam", "Sam", "Kim", "Lou")]
    assert [await listed(c) for c in ssh] == [True] * 4
    third = await player(server, "Sam", door=DOOR)
    assert await turned_away(third) == "Too many connections with your SSH key; close one first."
    # Four more people without a seat fill the eight places for them ...
    guests = [await player(server, f"G{i}", local=f"127.0.0.{4 + i // 2}") for i in range(4)]
    assert [await listed(c) for c in guests] == [True] * 4
    late = await player(server, "Gus", local="127.0.0.9")
    assert await turned_away(late) == "The server is full; try again later."
    # ... and Ann, who holds a seat, still gets in (and back to her seat).
    ann = await player(server, "Ann", local="127.0.0.10")
    assert await listed(ann)
    ann.send(p.Watch(table=1))
    assert (await until(ann, is_seated)).seat == 0
    for _, writer in silent:
        writer.close()
    await server.stop()


async def test_silent_sockets_from_many_addresses_give_way_to_a_newcomer(tmp_path: Path) -> None:
    server = await start_server(tmp_path, Limits(max_connections=4, seat_reserve=0))
    bob = await player(server, "Bob", local="127.0.0.2")
    assert await listed(bob)
    silent = [
        await asyncio.open_connection("127.0.0.1", server.port, local_addr=(f"127.0.0.{3 + i}", 0))
        for i in range(3)
    ]
    assert [json.loads(await reader.readline())["t"] for reader, _ in silent] == ["welcome"] * 3
    # The server is full; the socket silent longest is closed to let Ann in.
    ann = await player(server, "Ann", local="127.0.0.9")
    assert await listed(ann)
    assert json.loads(await silent[0][0].readline()) == {
        "v": p.VERSION,
        "t": "bye",
        "text": "The server is full; try again later.",
    }
    # Those who have said who they are are not closed for anyone.
    others = [
        await player(server, name, local=local)
        for name, local in (("Eve", "127.0.0.10"), ("Gus", "127.0.0.11"))
    ]
    assert [await listed(c) for c in others] == [True, True]
    with pytest.raises(Disconnected, match="^The server is full; try again later.$"):
        await player(server, "Hal", local="127.0.0.12")
    assert await listed(bob) and await listed(ann)
    for _, writer in silent:
        writer.close()
    await server.stop()


async def test_many_ssh_players_may_log_in_at_once_from_where_the_door_dials(tmp_path: Path) -> None:
    server = await start_server(tmp_path, Limits(per_address=2), door=DOOR)
    # The door's apps, all dialling from 127.0.0.1, have not said hello yet: none is turned away.
    arriving = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(5)]
    assert [json.loads(await reader.readline())["t"] for reader, _ in arriving] == ["welcome"] * 5
    for (_, writer), name in zip(arriving, ("Ann", "Bob", "Cy", "Di", "Ed"), strict=True):
        writer.write(p.encode(p.Hello(name=name, identity=f"ssh:SHA256:{name}" + "A" * 30, door=DOOR)))
        writer.write(p.encode(p.ListTables()))
    assert [json.loads(await reader.readline())["t"] for reader, _ in arriving] == ["tables"] * 5
    # Someone at that address who is not an SSH player counts as the address.
    direct = [await player(server, f"Local{i}") for i in range(3)]
    assert [await listed(c) for c in direct[:2]] == [True, True]
    assert await turned_away(direct[2]) == "Too many connections from your address; close one first."
    for _, writer in arriving:
        writer.close()
    await server.stop()


async def test_tables_are_limited_per_player_and_per_address(tmp_path: Path) -> None:
    server = await start_server(tmp_path, Limits(tables_per_player=2, tables_per_address=3))
    offer = p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer()])
    eve = await player(server, "Eve", local="127.0.0.2")
    for _ in range(2):
        eve.send(offer)
        await until(eve, is_seated)
    eve.send(offer)
    assert (await until(eve, is_error)).text == (
        "You have created 2 tables already; a table where nothing has been played closes once "
        "nobody has been at it for 1 hour."
    )
    mal = await player(server, "Mal", local="127.0.0.2")  # another identity, the same address
    mal.send(offer)
    await until(mal, is_seated)
    mal.send(offer)
    assert (await until(mal, is_error)).text.startswith("3 tables were created from your address already;")
    ann = await player(server, "Ann", local="127.0.0.3")
    ann.send(offer)
    await until(ann, is_seated)
    assert len(server.tables) == 4
    await server.stop()


class Clock:
    """The server's clock (the module's `time`), moved by hand; `monotonic` is the real one."""

    def __init__(self) -> None:
        self.now = time.time()

    def time(self) -> float:
        return self.now

    def monotonic(self) -> float:
        return time.monotonic()


async def test_tables_left_alone_close_even_across_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock()
    monkeypatch.setattr("rivals_net.server.time", clock)
    server = await start_server(tmp_path, seed=1)
    ann = await player(server, "Ann")
    ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer()]))  # nobody else comes
    waiting = await until(ann, is_seated)
    ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer("ai", "easy")]))
    played = await until(ann, is_seated)
    u = await until(ann, lambda m: is_update(m) and bool(m.choices))
    ann.send(p.Move(action=next(c for c in u.choices if c.reason is None).action))
    await until(ann, lambda m: is_update(m) and m.decisions > u.decisions)
    await ann.close()
    await server.stop()
    names = {t.id: t.name for t in server.tables.values()}

    # After a restart Ann, who may create two tables, has both still standing.
    server = await start_server(tmp_path, Limits(tables_per_player=2), seed=1)
    ann = await player(server, "Ann")
    while server._thinking or any(t.busy.locked() for t in server.tables.values()):
        await asyncio.sleep(0.01)  # the AI's answer to her move (a table busy saving is not closed)
    clock.now += 3599
    server.tidy()
    assert sorted(server.tables) == [waiting.table, played.table]
    ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer()]))
    assert (await until(ann, is_error)).text.startswith("You have created 2 tables already;")
    # An hour after she left, the table where nothing was played closes, its save with it.
    clock.now += 2
    server.tidy()
    assert sorted(server.tables) == [played.table]
    assert not server.store.path(names[waiting.table]).exists()
    ann.send(p.Join(code=waiting.code))
    assert (await until(ann, is_error)).text == NO_SEAT
    ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer()]))
    fresh = await until(ann, is_seated)
    # A week after she left, the one that was played closes too; its save stays.
    clock.now += 7 * 86400
    server.tidy()
    assert sorted(server.tables) == [fresh.table]  # (Ann is at this one)
    assert server.store.load(names[played.table]).history
    await ann.close()
    await server.stop()


async def test_wrong_invite_codes_are_limited_per_player_and_per_address(tmp_path: Path) -> None:
    server = await start_server(tmp_path, Limits(guess_burst=3, guess_every=600))
    ann = await player(server, "Ann", local="127.0.0.2")
    ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer()]))
    code = (await until(ann, is_seated)).code
    eve = await player(server, "Eve", local="127.0.0.3")
    for guess in ("bada-bada-bada-bada", "kemi-kemi-kemi-kemi", "rutu-rutu-rutu-rutu"):
        eve.send(p.Join(code=guess))
        assert (await until(eve, is_error)).text == NO_SEAT
    limited = "Too many wrong invite codes; try again later."
    eve.send(p.Join(code=code))  # even the right code: past the limit, no code is looked at
    assert (await until(eve, is_error)).text == limited
    again = await player(server, "Eve", local="127.0.0.4")  # the same player, another address
    again.send(p.Join(code=code))
    assert (await until(again, is_error)).text == limited
    mal = await player(server, "Mal", local="127.0.0.3")  # another identity, the same address
    mal.send(p.Join(code=code))
    assert (await until(mal, is_error)).text == limited
    bob = await player(server, "Bob", local="127.0.0.5")
    bob.send(p.Join(code=code))
    assert (await until(bob, is_seated)).seat == 1
    await server.stop()


async def test_a_full_table_and_an_unknown_code_get_the_same_answer(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    ann, bob = await player(server, "Ann"), await player(server, "Bob")
    code = await table_for(server, [ann, bob], "rivalist")
    eve = await player(server, "Eve")
    answers = []
    for guess in (code, "zuzu-zuzu-zuzu-zuzu", "café-über", "x" * 2000):
        eve.send(p.Join(code=guess))
        answers.append((await until(eve, is_error)).text)
    assert answers == [NO_SEAT] * 4
    await server.stop()


async def test_invite_codes_are_easy_to_read_out_and_take_years_to_guess(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    ann = await player(server, "Ann")
    ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer()]))
    code = (await until(ann, is_seated)).code
    group = f"(?:[{CONSONANTS}][{VOWELS}]){{2}}"  # "bado": two syllables
    assert re.fullmatch(f"{group}(?:-{group}){{{CODE_GROUPS - 1}}}", code), code
    # Typed in capitals with spaces, it still finds its table.
    bob = await player(server, "Bob")
    bob.send(p.Join(code=code.upper().replace("-", " ")))
    assert (await until(bob, is_seated)).seat == 1
    await server.stop()
    # A table saved before codes grew keeps its six-character code.
    index = converter.structure(json.loads((tmp_path / INDEX_FILE).read_text()), list[TableRecord])
    index[0] = TableRecord(index[0].table, index[0].name, "abc234", {})
    (tmp_path / INDEX_FILE).write_text(json.dumps(converter.unstructure(index, list[TableRecord])))
    server = await start_server(tmp_path)
    bob = await player(server, "Bob")
    bob.send(p.Join(code=" ABC234 "))
    assert (await until(bob, is_seated)).seat == 0
    await server.stop()
    # At the rate of wrong codes allowed, one address needs over a thousand years, on average,
    # to hit any one of fifty open tables.
    per_year = 365 * 86400 / Limits().guess_every
    codes = (len(CONSONANTS) * len(VOWELS)) ** (2 * CODE_GROUPS)
    assert codes / 50 / per_year > 1000


async def test_refused_messages_are_counted_per_client_across_connections(tmp_path: Path) -> None:
    server = await start_server(tmp_path, Limits(max_errors=3, error_every=600), door=DOOR)
    eve = await player(server, "Eve", local="127.0.0.2")
    for _ in range(3):
        eve.send(p.Join(code="nope"))
    assert [type(await until(eve, lambda m: isinstance(m, p.Error | p.Bye))).__name__ for _ in range(4)] == [
        "Error",
        "Error",
        "Error",
        "Bye",
    ]
    # Coming back does not start afresh: the address is turned away for a while.
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port, local_addr=("127.0.0.2", 0))
    assert json.loads(await reader.readline()) == {
        "v": p.VERSION,
        "t": "bye",
        "text": "Too many refused messages; try again later.",
    }
    writer.close()
    # The same for an SSH key; other keys, arriving from the same loopback address, are not touched.
    sam = await player(server, "Sam", door=DOOR)
    for _ in range(3):
        sam.send(p.Join(code="nope"))
    assert (await turned_away(sam)) == "Too many refused messages."
    assert (
        await turned_away(await player(server, "Sam", door=DOOR))
        == "Too many refused messages; try again later."
    )
    assert await listed(await player(server, "Kim", door=DOOR))
    assert await listed(await player(server, "Ann", local="127.0.0.3"))
    await server.stop()


def test_every_limit_has_a_flag_of_rivals_serve(capsys: pytest.CaptureFixture[str]) -> None:
    args = build_parser().parse_args(["serve", "--per-address", "3", "--guess-every", "2.5"])
    assert from_flags(args) == Limits(per_address=3, guess_every=2.5)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--help"])
    shown = capsys.readouterr().out
    assert all(f"--{f.name.replace('_', '-')}" in shown for f in attrs.fields(Limits))
    assert "(default 16)" in shown and "(default 604800)" in shown


async def test_more_connections_do_not_let_a_client_send_more(tmp_path: Path) -> None:
    server = await start_server(tmp_path, Limits(client_rate=0.01, client_burst=6, max_errors=100))
    # Two hellos and four lists use up the address's six messages; the rest are refused.
    first, second = (
        await player(server, "Eve", local="127.0.0.2"),
        await player(server, "Mal", local="127.0.0.2"),
    )
    for client in (first, second, first, second):
        client.send(p.ListTables())
    answers = [
        await until(c, lambda m: isinstance(m, p.Tables | p.Error)) for c in (first, second, first, second)
    ]
    assert [type(m).__name__ for m in answers] == ["Tables", "Tables", "Tables", "Tables"]
    first.send(p.ListTables())
    assert (await until(first, is_error)).text == "Too many messages: slow down."
    assert await listed(await player(server, "Ann", local="127.0.0.3"))  # another address is not slowed
    await server.stop()


def test_a_client_is_an_address_and_an_ipv6_one_counts_by_its_network() -> None:
    assert client_of(("203.0.113.7", 50000)) == "203.0.113.7"
    assert client_of(("::ffff:203.0.113.7", 50000, 0, 0)) == "203.0.113.7"
    # One machine holds a whole /64: its addresses are one client.
    assert client_of(("2001:db8:1:2:aaaa::1", 50000, 0, 0)) == client_of(("2001:db8:1:2:bbbb::9", 1, 0, 0))
    assert client_of(("2001:db8:1:3::1", 50000, 0, 0)) == "2001:db8:1:3::/64"
