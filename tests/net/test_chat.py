"""Chat at a server's table: who hears whom, what is refused (and that the table goes on), the
host's mute and spectator rule, and the history a returning player or a restarted server keeps.

Budget: 3 s. Every test runs a server on 127.0.0.1 in the test's own loop.
"""

from __future__ import annotations

import asyncio
import collections
import json
import time
import types
from pathlib import Path
from typing import Any

import pytest

from engine.core import IllegalAction
from rivals_net import chat, hostile
from rivals_net import protocol as p
from rivals_net.client import TableClient
from rivals_net.server import Limits, TableServer
from tests.net.support import is_error, player, start_server, table_for, until


def is_chat(m: Any) -> bool:
    return isinstance(m, p.Chat)


def said(m: Any) -> bool:
    return isinstance(m, p.Chat) and bool(m.lines)


async def _table(
    tmp: Path, limits: Limits | None = None
) -> tuple[TableServer, TableClient, TableClient, TableClient]:
    """Ann's table (she is its host) with Bob in its other seat and Eve watching; each has had
    the table's first update and chat."""
    server = await start_server(tmp, limits, seed=3)
    ann, bob, eve = await player(server, "Ann"), await player(server, "Bob"), await player(server, "Eve")
    await table_for(server, [ann, bob], "rivalist")
    table = next(iter(server.tables.values()))
    eve.send(p.Watch(table=table.id))
    for who in (ann, bob, eve):
        await until(who, is_chat)
    return server, ann, bob, eve


async def _close(server: TableServer, *clients: TableClient) -> None:
    for c in clients:
        await c.close()
    await server.stop()


# -- the message itself ----------------------------------------------------------------------------
def test_a_message_is_made_plain_and_bounded() -> None:
    assert chat.checked_text("  good\x1b[31m game\x1b]0;pwned\x07  \n!") == "good game !"
    assert chat.checked_text("[b]bold[/b] [@click=app.quit]") == "[b]bold[/b] [@click=app.quit]"
    assert chat.checked_text("\u202eevil") == "evil"
    assert chat.checked_text("x" * p.CHAT_LIMIT) == "x" * p.CHAT_LIMIT
    for bad, why in [
        ("x" * (p.CHAT_LIMIT + 1), chat.TOO_LONG),
        ("x" * 10_000, chat.TOO_LONG),
        ("\x1b[2J\x1b[H", chat.EMPTY),
        ("   \n ", chat.EMPTY),
    ]:
        with pytest.raises(IllegalAction) as refused:
            chat.checked_text(bad)
        assert refused.value.reason == why
    # Escape sequences do not count against the limit: what is left is what is shown.
    assert chat.checked_text("\x1b[1m" * 20 + "hi") == "hi"


def test_protocol_round_trips_the_chat_messages() -> None:
    line = p.ChatLine(name="Ann", seat=0, text="gg", at=1.5)
    for message, kinds in [
        (p.Say(text="hi"), p.CLIENT_MESSAGES),
        (p.Mute(seat=1), p.CLIENT_MESSAGES),
        (p.HearSpectators(heard=True), p.CLIENT_MESSAGES),
        (p.Chat(4, [line], True, [1], False, True), p.SERVER_MESSAGES),
    ]:
        assert p.decode(p.encode(message), kinds) == message


# -- at a table ------------------------------------------------------------------------------------
async def test_players_hear_each_other_and_spectators_talk_among_themselves(tmp_path: Path) -> None:
    server, ann, bob, eve = await _table(tmp_path)
    ann.send(p.Say(text="good luck"))
    for who in (ann, bob, eve):
        got = await until(who, said)
        assert [(line.name, line.seat, line.text) for line in got.lines] == [("Ann", 0, "good luck")]
    eve.send(p.Say(text="nice opening"))
    heard = await until(eve, said)
    assert heard.lines[0].seat is None and heard.lines[0].players is False
    # The players are not told: the next chat they get is Bob's, not Eve's.
    bob.send(p.Say(text="thanks"))
    for who in (ann, bob):
        assert [line.text for line in (await until(who, said)).lines] == ["thanks"]
    # The host lets spectators reach the players; Eve's next message reaches everyone.
    ann.send(p.HearSpectators(heard=True))
    state = await until(bob, is_chat)
    assert state.heard is True and state.host is False
    assert (await until(ann, is_chat)).host is True
    eve.send(p.Say(text="go Bob"))
    for who in (ann, bob):
        assert [line.text for line in (await until(who, said)).lines] == ["go Bob"]
    await _close(server, ann, bob, eve)


async def test_hostile_chat_gets_a_sentence_each_and_the_table_goes_on(tmp_path: Path) -> None:
    # (The connection's own rate is high enough here for the chat's to be the one that refuses.)
    server, ann, bob, eve = await _table(tmp_path, Limits(rate=1000, burst=1000, max_errors=500))
    table = next(iter(server.tables.values()))
    bob.send(p.Say(text="x" * 10_000))
    assert (await until(bob, is_error)).text == chat.TOO_LONG
    bob.send(p.Say(text="\x1b[2J\x1b]0;pwned\x07"))
    assert (await until(bob, is_error)).text == chat.EMPTY
    bob.send(p.Say(text="[red]hi[/red]\x1b[5m!"))
    assert (await until(ann, said)).lines[0].text == "[red]hi[/red]!"
    await until(bob, said)
    # A flood: 100 messages at once; the first few pass (the burst), the rest are refused.
    for i in range(100):
        bob.send(p.Say(text=f"spam {i}"))
    answers = [await until(bob, lambda m: said(m) or is_error(m)) for _ in range(100)]
    passed = [m for m in answers if isinstance(m, p.Chat)]
    refused = {m.text for m in answers if isinstance(m, p.Error)}
    assert len(passed) == Limits().chat_burst - 1  # (the markup message took one)
    assert refused == {chat.TOO_FAST}
    # An unknown kind, and chat fields that are not text.
    writer = bob.writer
    writer.write(b'{"v": %d, "t": "shout", "text": "hi"}\n' % p.VERSION)
    assert "Unknown message kind" in (await until(bob, is_error)).text
    writer.write(b'{"v": %d, "t": "say", "text": 7}\n' % p.VERSION)
    assert "Bad say message" in (await until(bob, is_error)).text
    # Ann's chat and the game go on; only the kept messages are in the history.
    ann.send(p.Say(text="still here"))
    assert (await until(eve, lambda m: said(m) and m.lines[0].text == "still here")).lines[0].name == "Ann"
    ann.send(p.ListTables())
    assert table.id in [t.table for t in (await until(ann, lambda m: isinstance(m, p.Tables))).tables]
    assert table.match.history == []
    kept = [line.text for line in server.chat.room(table).record.lines]
    assert kept[0] == "[red]hi[/red]!" and kept[-1] == "still here" and len(kept) == Limits().chat_burst + 1
    await _close(server, ann, bob, eve)


async def test_the_host_mutes_a_seat_and_only_the_host_may(tmp_path: Path) -> None:
    server, ann, bob, eve = await _table(tmp_path)
    bob.send(p.Mute(seat=0))
    assert (await until(bob, is_error)).text == chat.ONLY_HOST
    eve.send(p.HearSpectators(heard=True))
    assert (await until(eve, is_error)).text == chat.ONLY_HOST
    ann.send(p.Mute(seat=0))
    assert (await until(ann, is_error)).text == "You cannot mute your own seat."
    ann.send(p.Mute(seat=1))
    assert (await until(bob, is_chat)).muted == [1]
    bob.send(p.Say(text="hello?"))
    assert (await until(bob, is_error)).text == chat.MUTED
    ann.send(p.Mute(seat=1, muted=False))
    assert (await until(bob, is_chat)).muted == []
    bob.send(p.Say(text="thanks"))
    assert (await until(ann, said)).lines[0].text == "thanks"
    await _close(server, ann, bob, eve)


async def test_a_player_back_and_a_restarted_server_have_the_chat(tmp_path: Path) -> None:
    server, ann, bob, eve = await _table(tmp_path)
    table = next(iter(server.tables.values()))
    ann.send(p.Say(text="back in five"))
    await until(bob, said)
    eve.send(p.Say(text="spectators only"))
    await until(eve, lambda m: said(m) and m.lines[0].text == "spectators only")
    ann.send(p.Mute(seat=1))
    await until(ann, lambda m: is_chat(m) and m.muted == [1])
    await bob.close()
    bob = await player(server, "Bob")
    bob.send(p.Watch(table=table.id))
    history = await until(bob, is_chat)
    assert history.reset and [line.text for line in history.lines] == ["back in five"]
    assert history.muted == [1]
    await _close(server, ann, bob, eve)
    kept = json.loads((tmp_path / chat.CHAT_FOLDER / f"{table.name}.json").read_text())
    assert [line["text"] for line in kept["lines"]] == ["back in five", "spectators only"]

    again = await start_server(tmp_path, seed=3)
    eve = await player(again, "Eve")
    eve.send(p.Watch(table=table.id))
    history = await until(eve, is_chat)
    assert [line.text for line in history.lines] == ["back in five", "spectators only"]
    assert history.muted == [1] and history.host is False
    await _close(again, eve)


async def test_chat_outside_a_table_is_refused(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    ann = await player(server, "Ann")
    ann.send(p.Say(text="anyone?"))
    assert (await until(ann, is_error)).text == chat.NOT_AT_TABLE
    await _close(server, ann)


async def test_an_unreadable_chat_file_is_moved_aside_and_the_table_talks_on(tmp_path: Path) -> None:
    server, ann, bob, eve = await _table(tmp_path)
    table = next(iter(server.tables.values()))
    await _close(server, ann, bob, eve)
    path = tmp_path / chat.CHAT_FOLDER / f"{table.name}.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text("{broken")
    again = await start_server(tmp_path, seed=3)
    ann = await player(again, "Ann")
    ann.send(p.Watch(table=table.id))
    assert (await until(ann, is_chat)).lines == []
    assert path.with_name(path.name + ".damaged").read_text() == "{broken"
    ann.send(p.Say(text="fresh start"))
    await until(ann, said)
    assert "fresh start" in path.read_text()
    await _close(again, ann)
    await asyncio.sleep(0)


async def test_names_are_made_plain_as_chat_is(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    ann = await player(server, "Ann\x1b]0;pwned\x07\x1b[31m\u202e")
    bob = await player(server, "Bob")
    await table_for(server, [ann, bob], "rivalist")
    table = next(iter(server.tables.values()))
    assert table.names() == ["Ann", "Bob"]
    ann.send(p.Say(text="hi"))
    assert (await until(bob, said)).lines[0].name == "Ann"
    await _close(server, ann, bob)


async def test_the_benchs_chat_flood_is_refused_and_the_table_plays_on(tmp_path: Path) -> None:
    server, ann, bob, eve = await _table(tmp_path)
    table = next(iter(server.tables.values()))
    tally: collections.Counter[str] = collections.Counter()
    until_ = asyncio.get_running_loop().time() + 0.3  # (one volley)
    await hostile._chat(server.port, "127.0.0.9", table.id, until_, tally)
    assert tally["chat: messages sent"] >= 22
    assert tally[f"chat: error: {chat.TOO_LONG[:48]}"] >= 1
    assert tally[f"chat: error: {chat.TOO_FAST[:48]}"] >= 1
    assert tally["chat: messages told"] == Limits().chat_burst  # (the markup and four more)
    # What passed was made plain; the players were told none of it (spectators talk among
    # themselves), and the table still answers them.
    kept = [line.text for line in server.chat.room(table).record.lines]
    assert kept and "[b]hi[/b]" in kept and not any("\x1b" in text for text in kept)
    ann.send(p.Say(text="still fine"))
    assert (await until(bob, said)).lines[0].text == "still fine"
    await _close(server, ann, bob, eve)


async def test_messages_sent_at_once_from_several_seats_are_all_kept(tmp_path: Path) -> None:
    server, ann, bob, eve = await _table(tmp_path)
    table = next(iter(server.tables.values()))
    for i in range(3):
        for who in (ann, bob, eve):
            who.send(p.Say(text=f"{i}"))
    for _ in range(9):
        await until(eve, said)
    await _close(server, ann, bob, eve)
    kept = json.loads((tmp_path / chat.CHAT_FOLDER / f"{table.name}.json").read_text())
    assert sorted((line["name"], line["text"]) for line in kept["lines"]) == sorted(
        (name, f"{i}") for i in range(3) for name in ("Ann", "Bob", "Eve")
    )


async def test_a_message_the_disk_refuses_is_told_to_nobody(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    server, ann, bob, eve = await _table(tmp_path)
    table = next(iter(server.tables.values()))

    def full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(chat, "write_file", full)
    ann.send(p.Say(text="lost?"))
    assert (await until(ann, is_error)).text == chat.CANNOT_KEEP
    monkeypatch.undo()
    ann.send(p.Say(text="kept"))
    # Bob's first chat line is the one that was kept: the refused one never reached him.
    assert [line.text for line in (await until(bob, said)).lines] == ["kept"]
    assert [line.text for line in server.chat.room(table).record.lines] == ["kept"]
    await _close(server, ann, bob, eve)


async def test_the_rate_limit_forgets_who_spoke_once_their_allowance_is_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Spectators come and go: a table's rate limit must not remember every one who ever spoke.
    server, ann, bob, eve = await _table(tmp_path)
    room = server.chat.room(next(iter(server.tables.values())))
    eve.send(p.Say(text="one"))
    await until(eve, said)
    later = time.monotonic() + 60
    monkeypatch.setattr(chat, "time", types.SimpleNamespace(monotonic=lambda: later, time=time.time))
    ann.send(p.Say(text="two"))
    await until(eve, lambda m: said(m) and m.lines[0].text == "two")
    assert list(room.said._left) == ["seat 0"]
    await _close(server, ann, bob, eve)
