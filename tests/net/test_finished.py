"""A finished game at a server's table: its record reaches both players and a spectator once the
game is over and never before, replays (every move judged) to the game's own scores, comes
again to whoever opens the finished table, and no undo takes the game back from its end.

Budget: 2 s (the server in the test's loop, over the protocol on 127.0.0.1).
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from engine.core.match import Match, Series
from engine.registry import GAMES
from rivals_net import protocol as p
from rivals_net.client import TableClient
from rivals_net.finished import record_line
from rivals_net.server import Limits
from saves import codec
from saves.bench import finished_match
from saves.gamerecord import replay
from saves.recordread import read
from saves.store import SaveStore
from tests.net.support import identity, is_error, is_update, player, start_server, table_for, until
from tests.net.test_series import CODE, finished_first_game


class Recorder(TableClient):
    """A client that keeps every message it receives, in order, with its line."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.heard: list[tuple[Any, bytes]] = []

    async def receive(self) -> Any:
        line = await self.reader.readuntil(b"\n")
        message = p.decode(line, p.SERVER_MESSAGES)
        self.heard.append((message, line))
        return message


class _Unsaved(SaveStore):
    """Saving is not what the first test is about, and would cost most of its time: skipped."""

    def save(self, name: str, match: Match) -> Path:
        return self.path(name)


async def _recorder(port: int, name: str) -> Recorder:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=p.MAX_SERVER_LINE)
    client = Recorder(reader, writer)
    await client.receive()
    client.send(p.Hello(name=name, identity=identity(name)))
    return client


async def test_the_record_comes_to_both_players_and_a_spectator_only_after_the_end(tmp_path: Path) -> None:
    fast = Limits(rate=1e6, burst=10**6, client_rate=1e6, client_burst=10**6)
    server = await start_server(tmp_path, fast, store=_Unsaved(tmp_path), seed=5)
    bob, ann, eve = [await _recorder(server.port, n) for n in ("Bob", "Ann", "Eve")]
    await table_for(server, [bob, ann], "rivalist")
    table = server.tables[1]
    eve.send(p.Watch(table=1))
    clients = [bob, ann]
    latest = [await until(c, lambda m: is_update(m) and all(s.here for s in m.seats)) for c in clients]
    await until(eve, is_update)
    rng = random.Random(2)
    while not table.match.over:
        seat = table.match.to_act()[0]
        clients[seat].send(
            p.Move(action=rng.choice([c for c in latest[seat].choices if c.reason is None]).action)
        )
        n = len(table.match.history) + 1
        for i, c in enumerate(clients):
            latest[i] = await until(c, lambda m, n=n: is_update(m) and m.decisions == n)
        await until(eve, lambda m, n=n: is_update(m) and m.decisions == n)
    assert all(u.outcome is not None for u in latest)
    seed, scores = table.match.seed, table.match.outcome().scores  # type: ignore[union-attr]
    for who in (bob, ann, eve):
        # Until the update that tells the end, nothing carried the record, its seed or its moves.
        told = [line for _, line in who.heard]
        assert not any(isinstance(m, p.Record) for m, _ in who.heard)
        assert not any(str(seed).encode() in line or b'"seed"' in line for line in told)
        got = await until(who, lambda m: isinstance(m, p.Record))
        assert got.table == 1
        record = read(got.text)
        assert (record.seed, record.scores, len(record.moves)) == (seed, scores, len(table.match.history))
        assert [s.name for s in record.seats] == ["Bob", "Ann"]
        again = replay(record)  # every move judged by the rules again
        assert again.outcome().scores == scores  # type: ignore[union-attr]
        assert again.history == table.match.history
    for who in (bob, ann, eve):
        await who.close()
    await server.stop()


async def test_whoever_opens_a_finished_table_is_sent_its_record_once(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    match = finished_first_game(saves, Series())
    server = await start_server(saves)
    bob = await player(server, "Bob")  # at the table throughout: it stands while anyone is there
    bob.send(p.Join(code=CODE))
    await until(bob, lambda m: isinstance(m, p.Record))
    ann = await player(server, "Ann")
    ann.send(p.Join(code=CODE))
    first = await until(ann, lambda m: isinstance(m, p.Record) or is_update(m))
    assert is_update(first) and first.outcome is not None  # the end is told first, then the record
    got = await until(ann, lambda m: isinstance(m, p.Record))
    assert read(got.text).scores == match.outcome().scores  # type: ignore[union-attr]
    # Asking for a rematch changes the table's line, not the game: no second record.
    ann.send(p.Again())
    await until(ann, lambda m: is_update(m) and m.again == [0])
    ann.send(p.ListTables())
    later = await until(ann, lambda m: isinstance(m, p.Tables | p.Record))
    assert isinstance(later, p.Tables)
    # Back from the lobby, at the table again: the record comes again (a new screen needs it).
    ann.send(p.Leave(table=1))
    ann.send(p.Watch(table=1))
    await until(ann, lambda m: isinstance(m, p.Seated))
    again = await until(ann, lambda m: isinstance(m, p.Record))
    assert again.text == got.text
    # Once the last one has left, the finished table is gone, and its record with it.
    for who in (ann, bob):
        who.send(p.Leave(table=1))
    bob.send(p.Watch(table=1))
    assert (await until(bob, is_error)).text == "There is no such table."
    await ann.close()
    await bob.close()
    await server.stop()


async def test_no_undo_takes_a_game_back_from_its_end_once_its_record_is_out(tmp_path: Path) -> None:
    """Against the AI a player may take back their last decision with the AI's after it; at the
    end that would reopen a game whose every secret its record has told."""
    fast = Limits(rate=1e6, burst=10**6, client_rate=1e6, client_burst=10**6)
    server = await start_server(tmp_path, fast, store=_Unsaved(tmp_path), seed=5)
    bob = await player(server, "Bob")
    await table_for(server, [bob], "rivalist", ai=1)
    table = server.tables[1]
    rng, done = random.Random(3), -1
    while True:
        u = await until(
            bob, lambda m, done=done: is_update(m) and m.decisions > done and (m.choices or m.outcome)
        )
        if u.outcome is not None:
            break
        done = u.decisions
        bob.send(p.Move(action=rng.choice([c for c in u.choices if c.reason is None]).action))
    await until(bob, lambda m: isinstance(m, p.Record))
    assert table.match.undo_target(0) is not None  # (the rules alone would allow it)
    bob.send(p.Undo())
    assert (await until(bob, is_error)).text == "The game is over: nothing can be taken back."
    assert table.match.over
    await bob.close()
    await server.stop()


def test_the_longest_games_record_fits_a_line_a_client_reads() -> None:
    """A six-seat Rivals game (some 1,400 moves) is the longest; its record is one line, far
    inside what a client reads and what waits unread for one before it is dropped."""
    match = finished_match(GAMES["rivals"], 6)
    line = record_line(7, match)
    assert line is not None and len(line) < Limits().max_unsent < p.MAX_SERVER_LINE
    message = p.decode(line, p.SERVER_MESSAGES)
    assert isinstance(message, p.Record) and message.table == 7
    assert len(read(message.text).moves) == len(match.history) > 1000


def test_the_record_says_when_the_game_ended() -> None:
    """A player who keeps a table's record and imports it later finds the game listed, and
    counted in the statistics, when it was played: the record carries the time of its end."""
    match = finished_match(GAMES["rivalist"], 2)
    before = codec.now()
    line = record_line(7, match)
    after = codec.now()
    assert line is not None
    message = p.decode(line, p.SERVER_MESSAGES)
    assert isinstance(message, p.Record)
    assert before <= read(message.text).updated <= after


async def test_a_client_cannot_send_a_record(tmp_path: Path) -> None:
    server = await start_server(tmp_path, store=_Unsaved(tmp_path))
    eve = await player(server, "Eve")
    eve.send(p.Record(table=1, text="{}"))
    assert (await until(eve, is_error)).text == "Unknown message kind 'record'."
    await eve.close()
    await server.stop()
