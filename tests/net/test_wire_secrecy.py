"""Secrecy on the wire: every byte the server sends one seat, over whole games of every registered
game, holds nothing of another seat's secrets.

Each game is played to its end through the protocol on 127.0.0.1, every seat a client making
random legal moves. Everything sent to seat 1 is recorded. At every update it receives: the view
is exactly its own view; nothing it is sent changes when the hidden parts of the state are
resampled (a determinization of its view — so prompt, listed moves, greyed reasons, "the turn goes
on" flags and the rest depend only on what it may see); every event it is sent is addressed to it.
At the end, no private event text meant only for others occurs anywhere in its bytes.

Budget: 12 s for the five games (one seed each, the smallest table of at least two).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from engine.core import Rng
from engine.core.match import Match
from engine.registry import GAMES
from rivals_net import protocol as p
from rivals_net.client import TableClient
from rivals_net.server import Limits
from rivals_net.table import Table
from saves.convert import converter
from saves.store import SaveStore
from tests.net.support import identity, start_server, table_for, until

OBSERVED = 1


class _Unsaved(SaveStore):
    """Saving is not what this test is about, and costs most of its time: skipped."""

    def save(self, name: str, match: Match) -> Path:
        return self.path(name)


class Recorder(TableClient):
    """A client that keeps every line it receives."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.bytes = bytearray()

    async def receive(self) -> Any:
        line = await self.reader.readuntil(b"\n")
        self.bytes += line
        return p.decode(line, p.SERVER_MESSAGES)


async def _recorder(port: int, name: str) -> Recorder:
    import asyncio

    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=p.MAX_SERVER_LINE)
    client = Recorder(reader, writer)
    await client.receive()
    client.send(p.Hello(name=name, identity=identity(name)))
    return client


def _as_sent(update: p.Update) -> Any:
    # The final scores are everyone's to see once the game ends (the count reveals every hand).
    return json.loads(json.dumps(converter.unstructure(attrs.evolve(update, log=[], outcome=None))))


def _check_update(table: Table, update: p.Update, sent_before: int, rng: Rng, twin: bool = True) -> None:
    g, m = table.game, table.match
    own = converter.unstructure(m.view(OBSERVED), unstructure_as=g.state_type)
    assert update.view == json.loads(json.dumps(own))  # as JSON carries it (mapping keys as text)
    for raw in update.log:
        to = raw.get("to")
        assert to is None or OBSERVED in to, f"seat {OBSERVED} was sent an event for {to}: {raw}"
    if not twin:
        return
    # A state the seat cannot tell from the real one must give the same message.
    other = g.determinize(m.view(OBSERVED), OBSERVED, rng)
    twin_match = Match(m.game, m.options, m.seats, m.seed, list(m.history), other, m.log, m.series)
    twin = Table(table.id, table.code, table.name, twin_match, dict(table.claims))
    here = set(range(len(m.seats)))
    again, _ = twin.update_for(OBSERVED, sent_before, here)
    assert _as_sent(again) == _as_sent(update), f"{g.id} after {len(m.history)} decisions"


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_one_seat_receives_nothing_of_the_others_secrets(tmp_path: Path, game_id: str) -> None:
    game = GAMES[game_id]
    seats = max(2, game.players.start)
    # Random players move far faster than people: no rate limit here.
    server = await start_server(
        tmp_path,
        Limits(rate=1e6, burst=10**6, client_rate=1e6, client_burst=10**6),
        store=_Unsaved(tmp_path),
        seed=3,
    )
    clients = [await _recorder(server.port, f"P{i}") for i in range(seats)]
    await table_for(server, list[TableClient](clients), game_id)
    table = next(iter(server.tables.values()))
    rng, check_rng = random.Random(7), Rng.from_seed(11)
    latest: list[p.Update] = [
        await until(c, lambda m: isinstance(m, p.Update) and all(s.here for s in m.seats)) for c in clients
    ]
    sent = 0
    _check_update(table, latest[OBSERVED], 0, check_rng)
    sent = len(table.match.log_for(OBSERVED))
    while not table.match.over:
        seat = table.match.to_act()[0]
        allowed = [c for c in latest[seat].choices if c.reason is None]
        clients[seat].send(p.Move(action=rng.choice(allowed).action))
        n = len(table.match.history) + 1
        for i, c in enumerate(clients):
            latest[i] = await until(c, lambda m, n=n: isinstance(m, p.Update) and m.decisions == n)
        # The resampling check every third decision and at the end keeps the test inside its budget
        # (the engines' own conformance suite resamples at every step).
        twin = len(table.match.history) % 3 == 0 or table.match.over
        _check_update(table, latest[OBSERVED], sent, check_rng, twin)
        sent = len(table.match.log_for(OBSERVED))
        assert len(table.match.history) < 3000
    # Private texts meant only for others never appear in the observed seat's bytes.
    every = [e for _, e in table.match.log_for(None)] + [e for evs in table.match.log for e in evs]
    readable = {e.text for e in every if e.visible_to(OBSERVED)}
    secrets = {e.text for e in every if not e.visible_to(OBSERVED)} - readable
    wire = bytes(clients[OBSERVED].bytes).decode("utf-8")
    leaked = [t for t in secrets if json.dumps(t)[1:-1] in wire]
    assert leaked == []
    assert latest[OBSERVED].outcome is not None
    await server.stop()
