"""Helpers for the web door's tests: a table server and web door on loopback, a cookie jar that
behaves as a browser's, and reading a tab's terminal output."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp

from rivals_net.door_limits import DoorLimits, new_token
from rivals_net.harness import ANSI
from rivals_net.limits import Limits
from rivals_net.server import TableServer
from rivals_net.web import WebDoor
from tests.net.support import start_server


async def doors(
    tmp_path: Path, limits: DoorLimits | None = None, table_limits: Limits | None = None
) -> tuple[WebDoor, TableServer]:
    token = new_token()
    tables = await start_server(tmp_path / "saves", table_limits, door=token)
    web = WebDoor(tables.port, token, tmp_path / "players", limits, table_limits)
    await web.start("127.0.0.1", 0)
    return web, tables


def browser() -> aiohttp.ClientSession:
    # (unsafe: a jar that keeps cookies of a site reached by its IP address, as browsers do)
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def screen(socket: aiohttp.ClientWebSocketResponse, words: str, seen: bytearray) -> None:
    """Read the tab's terminal output until `words` are drawn."""
    async with asyncio.timeout(20):
        while words not in ANSI.sub(b"", bytes(seen)).decode("utf-8", "replace"):
            message = await socket.receive()
            if message.type == aiohttp.WSMsgType.BINARY:
                seen += message.data
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                raise AssertionError(f"closed before {words!r}: {bytes(seen)[-300:]!r}")
