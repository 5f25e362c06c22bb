"""Helpers for the table server's tests: a server on loopback, players, and waiting for messages."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rivals_net import protocol as p
from rivals_net.client import TableClient
from rivals_net.server import Limits, TableServer
from rivals_net.table import Table
from rivals_tui.remote_app import RemoteApp
from saves.store import SaveStore

WAIT = 10.0  # seconds any one message may take on a loaded machine


async def start_server(
    root: Path, limits: Limits | None = None, store: SaveStore | None = None, **kw: Any
) -> TableServer:
    server = TableServer(store or SaveStore(root), limits, **kw)
    await server.start("127.0.0.1", 0)
    STARTED.append(server)
    return server


# Servers started by the running test; tests/net/conftest.py stops any the test did not (one
# that failed half-way), so that its tasks cannot hold up the test's event loop at teardown.
STARTED: list[TableServer] = []


def identity(name: str) -> str:
    return f"key:{name}-" + "0" * 24


async def player(server: TableServer, name: str, local: str | None = None, door: str = "") -> TableClient:
    """`name` connected (from loopback address `local`, if given) and said hello. With `door`,
    as the SSH door's app for the key `name` would."""
    who = f"ssh:SHA256:{name}" + "A" * 30 if door else identity(name)
    return await TableClient.connect("127.0.0.1", server.port, name, who, door, local=local)


async def until(client: TableClient, wanted: Callable[[Any], bool], timeout: float = WAIT) -> Any:
    """The first message `wanted` accepts (those before it are dropped)."""

    async def look() -> Any:
        while True:
            message = await client.receive()
            if wanted(message):
                return message

    return await asyncio.wait_for(look(), timeout)


def is_update(m: Any) -> bool:
    return isinstance(m, p.Update)


def is_error(m: Any) -> bool:
    return isinstance(m, p.Error)


async def table_for(server: TableServer, players: list[TableClient], game: str, ai: int = 0) -> str:
    """A table of `game` for `players` (the first creates it) plus `ai` easy AI seats; its code."""
    seats = [p.SeatOffer() for _ in players] + [p.SeatOffer("ai", "easy") for _ in range(ai)]
    players[0].send(p.Create(game=game, seats=seats))
    seated = await until(players[0], lambda m: isinstance(m, p.Seated))
    for other in players[1:]:
        other.send(p.Join(code=seated.code))
        await until(other, lambda m: isinstance(m, p.Seated))
    code: str = seated.code
    return code


async def random_move(
    server: TableServer, table: Table, bob: TableClient, u: p.Update, rng: random.Random
) -> bool:
    """A random legal move at a two-seat table after update `u`: Bob's (seat 0) over the
    protocol, or seat 1's decided at the server as its terminal would send it. False when
    neither seat decides on `u` (nothing was moved)."""
    if u.choices:
        bob.send(p.Move(action=rng.choice([c for c in u.choices if c.reason is None]).action))
    elif table.match.to_act() == (1,):
        legal = [a for a, why in table.game.choices(table.match.state, 1) if why is None]
        table.match.submit(1, rng.choice(legal))
        await server._changed(table)
    else:
        return False
    return True


async def ann_at_bobs_table(
    tmp: Path, game: str = "rivalist", seed: int = 6
) -> tuple[TableServer, TableClient, p.Seated, RemoteApp]:
    """A two-seat table Bob created over the protocol, and Ann's app (a `RemoteApp`, not yet
    run) taking its other seat with the invite code."""
    server = await start_server(tmp / "saves", seed=seed)
    bob = await player(server, "Bob")
    bob.send(p.Create(game=game, seats=[p.SeatOffer(), p.SeatOffer()]))
    seated = await until(bob, lambda m: isinstance(m, p.Seated))
    app = RemoteApp(
        "127.0.0.1", server.port, "Ann", identity("Ann"), code=seated.code, settings_path=tmp / "s.json"
    )
    return server, bob, seated, app
