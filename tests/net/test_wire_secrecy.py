"""Secrecy on the wire: every byte the server sends one seat, over whole games of every registered
game, holds nothing of another seat's secrets.

Each game is played to its end through the protocol on 127.0.0.1, every seat a client making
random legal moves. Everything sent to seat 1 is recorded. At every update it receives: the view
is exactly its own view; nothing it is sent changes when the hidden parts of the state are
resampled (a determinization of its view — so prompt, listed moves, greyed reasons, "the turn goes
on" flags and the rest depend only on what it may see); every event it is sent is addressed to it.
At the end, no private event text meant only for others occurs anywhere in its bytes.

The web door sends a browser tab what the app draws, not the protocol: two tabs at one table (a
browser each) are sent their own hand and nothing of the other's.

Budget: 12 s for the five games (one seed each, the smallest table of at least two).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import secrets as secrets_module
from pathlib import Path
from typing import Any

import attrs
import pytest
from yarl import URL

from engine.core import Rng
from engine.core.match import Match
from engine.registry import GAMES
from engine.rival_kings.data import CHARACTERS
from rivals_net import protocol as p
from rivals_net.client import TableClient
from rivals_net.harness import ANSI, CODE, named_seats
from rivals_net.server import INDEX_FILE, Limits, TableRecord
from rivals_net.table import Table, identity_key
from rivals_net.web import COOKIE, identity_of
from saves.convert import converter
from saves.store import SaveStore
from tests.net.support import identity, start_server, table_for, until
from tests.net.web_support import browser, doors, screen

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


def _early_kings(made: int) -> Match:
    game = GAMES["rival_kings"]
    m = Match.new(game, game.Options(), named_seats(["Ann", "Bob"], 0), 1)
    rng = random.Random(1)
    for _ in range(made):
        s = m.to_act()[0]
        m.submit(s, rng.choice(list(m.legal(s))))
    return m


async def test_a_web_tab_is_drawn_its_own_hand_and_nothing_of_the_others(tmp_path: Path) -> None:
    # Two browsers, each holding a seat of a two-player Rival Kings table early in its first
    # round: each hand holds characters the other seat has never seen.
    keys = [secrets_module.token_urlsafe(32) for _ in range(2)]
    start = _early_kings(2)
    SaveStore(tmp_path / "saves").save("table-1", start)
    claims = {identity_key(identity_of(k)): seat for seat, k in enumerate(keys)}
    index = converter.unstructure(
        [TableRecord(1, "table-1", CODE, claims, 0)], unstructure_as=list[TableRecord]
    )
    (tmp_path / "saves" / INDEX_FILE).write_text(json.dumps(index))
    web, tables = await doors(tmp_path)
    url = f"http://127.0.0.1:{web.port}/"
    public = " ".join(e.text for _, e in start.log_for(None))
    names = [{CHARACTERS[c].name for c in hand} for hand in start.state.hands]
    for seat, key in enumerate(keys):
        async with browser() as session:
            session.cookie_jar.update_cookies({COOKIE: key}, URL(url))
            tab = await session.ws_connect(url + "ws?width=120&height=40", origin=url.rstrip("/"))
            drawn = bytearray()
            await screen(tab, "Your hand", drawn)  # the lobby takes the player straight to the table
            # and whatever else its first screens draw, for a second
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(1):
                    await screen(tab, "(never drawn)", drawn)
            text = ANSI.sub(b"", bytes(drawn)).decode("utf-8", "replace")
            hidden = {n for n in names[1 - seat] - names[seat] if not re.search(rf"\b{n}\b", public)}
            assert hidden, "the position hides nothing from this seat: pick another"
            assert all(re.search(rf"\b{n}\b", text) for n in names[seat])
            assert not [n for n in hidden if re.search(rf"\b{n}\b", text)]
            await tab.close()
    await web.stop()
