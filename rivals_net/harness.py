"""Driving `rivals serve` from outside, as players would: for the tests (tests/net) and the bench.

`Host` runs `python -m rivals_tui serve` in a child process (so it can be killed and started again
on the same saves); `Terminal` is one asyncssh client session with a pseudo-terminal, keeping
everything the app draws and when it last drew; `Tab` is the same for a browser tab at the web door
(an aiohttp websocket, as the page's script has); `Watcher` follows a table over the protocol (the
oracle for whose turn it is — the terminals themselves are driven by keys only).
A failed wait raises `Stuck` with what the terminal showed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
import asyncssh
from yarl import URL

from engine.core import SeatSpec
from engine.core.match import Match
from rivals_net import protocol as p
from rivals_net.admission import new_code
from rivals_net.client import TableClient
from rivals_net.server import INDEX_FILE, TableRecord
from rivals_net.spawner import APP_NAME
from rivals_net.table import identity_key
from rivals_net.web import COOKIE, identity_of
from saves.convert import converter
from saves.store import SaveStore

ROOT = Path(__file__).resolve().parents[1]
CODE = "abc234"
ANSI = re.compile(rb"\x1b\[[0-9;:?<>=]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>]")


class Stuck(AssertionError):
    """Something the players wait for did not happen in time."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def fingerprint(key: asyncssh.SSHKey) -> str:
    return str(key.get_fingerprint("sha256"))


# Who holds a seat: an SSH key, or an identity as a door vouches for it ("web:..." for a browser).
Holder = asyncssh.SSHKey | str | None


def seed_table(saves: Path, match: Match, keys: list[Holder], ai_after: int = 0) -> None:
    """Put `match` on disk as table 1 (invite code CODE), seat i held by keys[i]: the server
    resumes it at start."""
    seed_tables(saves, [(match, keys)], ai_after)


def seed_tables(saves: Path, tables: list[tuple[Match, list[Holder]]], ai_after: int = 0) -> None:
    """Put each match on disk as tables 1, 2, ... (the first with invite code CODE, the others
    with fresh codes), seat i of each held by its keys[i] (a key's owner, or an identity)."""
    store = SaveStore(saves)
    records, codes = [], {CODE}
    for number, (match, keys) in enumerate(tables, 1):
        store.save(f"table-{number}", match)
        claims = {
            identity_key(k if isinstance(k, str) else f"ssh:{fingerprint(k)}"): i
            for i, k in enumerate(keys)
            if k is not None
        }
        code = CODE if number == 1 else new_code(codes)
        codes.add(code)
        records.append(TableRecord(number, f"table-{number}", code, claims, ai_after))
    index = converter.unstructure(records, unstructure_as=list[TableRecord])
    (saves / INDEX_FILE).write_text(json.dumps(index))


def named_seats(names: list[str], ai: int) -> list[SeatSpec]:
    ais = [SeatSpec(f"AI {len(names) + i + 1}", "ai", "easy") for i in range(ai)]
    return [SeatSpec(n) for n in names] + ais


def _live() -> list[tuple[int, bytes, bytes]]:
    """Every process still running (not a zombie): its pid, argv and name."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text()
                if ") Z " not in stat:
                    name = (entry / "comm").read_bytes().strip()
                    found.append((int(entry.name), (entry / "cmdline").read_bytes(), name))
    return found


class Host:
    """`rivals serve` on two free loopback ports."""

    def __init__(
        self,
        tmp: Path,
        ssh: bool = True,
        launcher: list[str] | None = None,
        host: str = "127.0.0.1",
        args: list[str] | None = None,
        root: Path = ROOT,
        flags: list[str] | None = None,
    ) -> None:
        self.tmp = tmp
        self.ssh = ssh
        self.host = host
        self.root = root  # the source tree whose `rivals` runs (the bench compares two)
        # More `rivals serve` options: `args` (the door's), `flags` (the table server's limits).
        self.args = args or []
        self.flags = flags or []
        # How `rivals` is started: `python -m rivals_tui` unless a test wraps it.
        self.launcher = launcher or ["-m", "rivals_tui"]
        self.saves = tmp / "saves"
        self.port = free_port()
        self.table_port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        config = tmp / "config"
        config.mkdir(exist_ok=True)
        (config / "settings.json").write_text(json.dumps({"ai_pace": 0.0, "theme": "textual-dark"}))
        self.env = {
            **os.environ,
            "RIVALS_CONFIG_DIR": str(config),
            "RIVALS_STATE_DIR": str(tmp / "state"),
            "PYTHONPATH": str(root),
        }

    def start(self) -> None:
        argv = [sys.executable, *self.launcher, "--save-dir", str(self.saves), "serve"]
        argv += ["--host", self.host, "--port", str(self.port), "--table-port", str(self.table_port)]
        argv += self.args
        argv += ["--host-key", str(self.tmp / "host_key")] + ([] if self.ssh else ["--no-ssh"]) + self.flags
        path = self.tmp / "serve.log"
        start = path.stat().st_size if path.exists() else 0
        log = open(path, "ab")  # noqa: SIM115 - handed to the child
        self.proc = subprocess.Popen(argv, cwd=self.root, env=self.env, stdout=log, stderr=log)
        log.close()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if b"Ctrl-C stops" in path.read_bytes()[start:]:
                return
            if self.proc.poll() is not None:
                raise Stuck(path.read_text())
            time.sleep(0.05)
        raise Stuck("rivals serve did not start")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(10)
        self.proc = None

    def apps(self) -> list[int]:
        """Processes running the app for this host's door, found by the table port in argv: apps
        started as processes (`rivals join 127.0.0.1:PORT`) and those forked by the door's
        spawner (its argv, named rivals-app)."""
        mark = f"{self.host}:{self.table_port}".encode()
        return [pid for pid, cmd, name in _live() if mark in cmd and (b"join" in cmd or name == APP_NAME)]

    def spawners(self) -> list[int]:
        """The spawner processes of this host's door (spawner.py; its argv names the port)."""
        mark = f"apps-for-{self.host}:{self.table_port}".encode()
        return [pid for pid, cmd, name in _live() if mark in cmd and name != APP_NAME]

    async def until_no_apps(self, timeout: float = 10) -> None:
        """No app is left (and, once the server is down, no spawner either)."""

        def left() -> list[int]:
            return self.apps() + (self.spawners() if self.proc is None else [])

        deadline = time.monotonic() + timeout
        while left() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        if self.apps():
            raise Stuck("an app process was left behind")
        if left():
            raise Stuck("the door's spawner outlived the server")


class Screen:
    """What a player's terminal (or browser tab) has been drawn, and when each piece arrived."""

    def __init__(self, user: str) -> None:
        self.user = user
        self.screen = bytearray()
        self.changed = 0.0  # when output last arrived (loop clock)
        self.arrivals: list[float] = []  # when each piece of output arrived (loop clock)

    def arrived(self, data: bytes) -> None:
        self.screen += data
        self.changed = asyncio.get_running_loop().time()
        self.arrivals.append(self.changed)

    def text(self, since: int = 0) -> str:
        return ANSI.sub(b"", bytes(self.screen[since:])).decode("utf-8", "replace")

    async def wait_for(self, words: str, since: int | None = None, timeout: float = 20) -> str:
        """Until `words` are drawn after byte `since` (default: in the last screenfuls drawn).
        `words` may hold alternatives separated by " | "; the one drawn is returned."""
        choices = words.split(" | ")
        if since is None:
            since = max(0, len(self.screen) - 256 * 1024)
        deadline = time.monotonic() + timeout
        seen = since
        while True:
            if len(self.screen) != seen:
                # Only what came since the last look (and a margin, for words drawn across two
                # pieces of output): reading the whole screen each time costs seconds.
                start = max(since, seen - 4096)
                seen = len(self.screen)
                text = self.text(start)
                for choice in choices:
                    if choice in text:
                        return choice
            if time.monotonic() > deadline:
                raise Stuck(f"{self.user} never showed {words!r}: {self.text(since)[-400:]!r}")
            await asyncio.sleep(0.05)


class Terminal(Screen):
    """One SSH session with a terminal, as a player's `ssh -p PORT 127.0.0.1` would be."""

    def __init__(self, key: asyncssh.SSHKey, user: str) -> None:
        super().__init__(user)
        self.key = key
        self.conn: asyncssh.SSHClientConnection | None = None
        self.proc: asyncssh.SSHClientProcess[bytes] | None = None
        self._reader: asyncio.Task[None] | None = None

    async def open(
        self,
        port: int,
        size: tuple[int, int] = (100, 30),
        host: str = "127.0.0.1",
        local: tuple[str, int] | None = None,
        term_type: str = "xterm-256color",
    ) -> Terminal:
        """Log in to the door at `host` (from the address `local`, if given) with a terminal."""
        self.screen.clear()
        self.conn = await asyncssh.connect(
            host, port, username=self.user, client_keys=[self.key], known_hosts=None, local_addr=local or ()
        )
        self.proc = await self.conn.create_process(term_type=term_type, term_size=size, encoding=None)
        self._reader = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        assert self.proc is not None
        while True:
            data = await self.proc.stdout.read(65536)
            if not data:
                return
            self.arrived(data)

    def press(self, keys: str) -> None:
        assert self.proc is not None
        self.proc.stdin.write(keys.encode())

    async def join(self, port: int, code: str = CODE) -> None:
        """Take a seat with the invite code, unless the lobby takes this player straight back to
        the seat they hold (their only unfinished table)."""
        await self.open(port)
        # The first listing either takes them back to the game (its Detail pane drawn, often
        # before the lobby's note could be) or shows the lobby's count of tables (read from the
        # session's first byte: the lobby may draw it with its title).
        listed = "Detail | table. c creates | tables. c creates | No tables yet."
        if await self.wait_for(listed, since=0) == "Detail":
            return
        mark = len(self.screen)
        self.press("j")
        await self.wait_for("Join a table", since=mark)
        self.press(code + "\r")
        await self.wait_for("Detail", since=mark)

    async def watch(self, port: int) -> None:
        await self.open(port)
        await self.wait_for("table")  # the list is in ("1 table.")
        await self.wait_for("1 table")
        mark = len(self.screen)
        self.press("w")
        await self.wait_for("Detail", since=mark)

    async def decide(self) -> None:
        """Open the action picker and take its first allowed move."""
        for _ in range(10):
            mark = len(self.screen)
            self.press("a")
            with contextlib.suppress(Stuck):
                await self.wait_for("Type to filter", since=mark, timeout=3)
                self.press("\r")
                return
            # Not this seat's turn on its screen yet (or the picker came late): start again clean.
            self.press("\x1b")
            await asyncio.sleep(0.2)
        raise Stuck(f"{self.user} could not open the action picker")

    def abort(self) -> None:
        """The player's connection dies (a killed ssh, a lost network)."""
        if self.conn is not None:
            self.conn.abort()
        if self._reader is not None:
            self._reader.cancel()

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.conn.wait_closed(), 5)
        if self._reader is not None:
            self._reader.cancel()


class Tab(Screen):
    """One browser tab at the web door, as the page's script plays it (no browser: the browser
    runs on the player's machine, not the host): a cookie jar of its own holding `secret`, the
    page loaded, then the websocket that brings the screen's bytes and takes the keys."""

    def __init__(self, secret: str, user: str) -> None:
        super().__init__(user)
        self.secret = secret
        self.session: aiohttp.ClientSession | None = None
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self._keys: asyncio.Queue[str] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []

    @property
    def identity(self) -> str:
        """Who the web door tells the table server this tab's player is."""
        return identity_of(self.secret)

    async def open(
        self,
        port: int,
        size: tuple[int, int] = (100, 30),
        host: str = "127.0.0.1",
        local: tuple[str, int] | None = None,
    ) -> Tab:
        """Load the door's page at `host` (from the address `local`, if given) and open its tab."""
        self.screen.clear()
        site = f"http://{host}:{port}"
        # (unsafe: a jar that keeps cookies of a site reached by its IP address, as browsers do)
        jar = aiohttp.CookieJar(unsafe=True)
        jar.update_cookies({COOKIE: self.secret}, URL(site))
        self.session = aiohttp.ClientSession(cookie_jar=jar, connector=aiohttp.TCPConnector(local_addr=local))
        async with self.session.get(site + "/") as page:
            await page.read()
        self.socket = await self.session.ws_connect(
            f"{site}/ws?width={size[0]}&height={size[1]}", origin=site
        )
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._read()), loop.create_task(self._write())]
        return self

    async def _read(self) -> None:
        assert self.socket is not None
        async for message in self.socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.arrived(message.data)

    async def _write(self) -> None:
        # One writer, so that keys reach the door in the order they were pressed.
        assert self.socket is not None
        while True:
            await self.socket.send_str(json.dumps(["stdin", await self._keys.get()]))

    def press(self, keys: str) -> None:
        self._keys.put_nowait(keys)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.socket is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.socket.close(), 5)
        if self.session is not None:
            await self.session.close()


class Watcher:
    """The test's own view of the table: a spectator over the protocol."""

    def __init__(self) -> None:
        self.client: TableClient | None = None
        self.latest: p.Update | None = None
        self.updates: list[tuple[float, p.Update]] = []
        self._task: asyncio.Task[None] | None = None

    async def open(self, port: int, table: int = 1, local: str | None = None) -> None:
        """Watch `table` (from the loopback address `local`, if given)."""
        self.client = await TableClient.connect(
            "127.0.0.1", port, "Watcher", f"key:watcher-{table}-" + "0" * 24, local=local
        )
        self.client.send(p.Watch(table=table))
        self._task = asyncio.get_running_loop().create_task(self._follow())

    async def _follow(self) -> None:
        assert self.client is not None
        with contextlib.suppress(Exception):
            while True:
                m = await self.client.receive()
                if isinstance(m, p.Update):
                    self.latest = m
                    self.updates.append((asyncio.get_running_loop().time(), m))

    async def until(self, test: Any, timeout: float = 20) -> p.Update:
        deadline = time.monotonic() + timeout
        while self.latest is None or not test(self.latest):
            if time.monotonic() > deadline:
                raise Stuck(f"the table never got there: {self.latest!r:.300}")
            await asyncio.sleep(0.02)
        return self.latest

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self.client is not None:
            await self.client.close()
