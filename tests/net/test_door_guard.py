"""The SSH door facing strangers: what a client sends (window sizes, its terminal type, a flood of
resizes or of refused requests, more sessions or connections than its share) never costs the
server more than a bounded amount, never leaks a descriptor or a pseudo-terminal, never leaves
an app behind and never fills the log; each refused player is told why in one sentence. The
door's apps reach a table server listening on any address.

Budget: about 15 s in all (the door and the table server in the test's loop; a dozen apps
forked; one `rivals serve` in a child process).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import random
import struct
import termios
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from engine.core.match import Match
from engine.registry import GAMES
from rivals_net import door as door_module
from rivals_net.door import Door, load_host_key
from rivals_net.door_limits import (
    FALLBACK_TERM,
    LOG_BURST,
    LOG_EVERY,
    MAX_COLUMNS,
    MAX_ROWS,
    DoorLimits,
    LogLimiter,
    clean_name,
    clean_term,
    dial_host,
    new_token,
    window,
)
from rivals_net.harness import Host, Terminal, Watcher, named_seats, seed_table
from rivals_net.protocol import NAME_LIMIT
from rivals_net.serve import door_limits_from
from rivals_net.server import TableServer
from rivals_tui.cli import build_parser
from tests.net.support import start_server


async def _door(tmp_path: Path, limits: DoorLimits | None = None) -> tuple[Door, TableServer]:
    token = new_token()
    tables = await start_server(tmp_path / "saves", door=token)
    door = Door(tables.port, token, load_host_key(tmp_path / "host_key"), limits=limits)
    await door.start("127.0.0.1", 0)
    return door, tables


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def open_files() -> tuple[int, int]:
    """This process's open descriptors, and how many of them are pseudo-terminals."""
    fds = os.listdir("/proc/self/fd")
    links = []
    for fd in fds:
        with contextlib.suppress(OSError):
            links.append(os.readlink(f"/proc/self/fd/{fd}"))
    return len(fds), sum(1 for link in links if link == "/dev/ptmx" or link.startswith("/dev/pts/"))


async def settled(door: Door) -> tuple[int, int]:
    """`open_files()` once the door has seen every connection close."""
    await until(lambda: door.connections.total == 0, "a closed connection is still counted")
    await asyncio.sleep(0.1)  # the socket is closed just after asyncssh reports the loss
    return open_files()


async def until(test: Callable[[], Any], what: str, timeout: float = 10) -> None:
    for _ in range(int(timeout / 0.05)):
        if test():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(what)


def gone(pid: int) -> bool:
    try:
        return ") Z " in Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True


async def session(
    port: int, key: asyncssh.SSHKey, size: tuple[int, int] = (80, 24), source: str = "127.0.0.1"
) -> asyncssh.SSHCompletedProcess:
    """One login from `source` asking for a terminal, run until the door ends it (a refused one
    at once)."""
    async with asyncssh.connect(
        "127.0.0.1", port, username="ann", client_keys=[key], known_hosts=None, local_addr=(source, 0)
    ) as conn:
        return await asyncio.wait_for(conn.run(term_type="xterm", term_size=size, encoding="utf-8"), 10)


async def test_a_size_no_terminal_has_is_refused_at_login_and_leaves_nothing_open(tmp_path: Path) -> None:
    door, tables = await _door(tmp_path)
    # Once, so that whatever asyncssh opens for good at its first connection is counted before.
    first = await session(door.port, new_key(), (70000, 24))
    before = await settled(door)
    for size in [(70000, 24), (80, 1 << 31), ((1 << 32) - 1, (1 << 32) - 1)]:
        ran = await session(door.port, new_key(), size)
        assert ran.exit_status == 1 and "no terminal is" in str(ran.stderr), ran
    assert first.exit_status == 1
    assert await settled(door) == before, "descriptors leaked"
    assert not door.children
    await door.stop()
    await tables.stop()


async def test_a_huge_terminal_is_drawn_at_the_largest_size_the_door_allows(tmp_path: Path) -> None:
    door, tables = await _door(tmp_path)
    term = Terminal(new_key(), "ann")
    await term.open(door.port, size=(65535, 65535))
    await term.wait_for("─" * (MAX_COLUMNS - 10))  # the lobby's frame spans the screen
    assert "─" * (MAX_COLUMNS + 1) not in term.text()
    (app,) = door.children
    # The app's own terminal says the clamped size (what Textual draws from).
    rows, cols = _app_size(app.pid)
    assert (cols, rows) == (MAX_COLUMNS, MAX_ROWS)
    assert term.proc is not None
    mark = len(term.screen)
    term.proc.change_terminal_size(100, 30)
    await term.wait_for("─" * 90, since=mark)
    assert _app_size(app.pid) == (30, 100)
    mark = len(term.screen)
    term.proc.change_terminal_size(1 << 20, 1 << 20)  # later, too: clamped
    await term.wait_for("─" * (MAX_COLUMNS - 10), since=mark)
    assert _app_size(app.pid) == (MAX_ROWS, MAX_COLUMNS)
    await term.close()
    await until(lambda: gone(app.pid), "the app outlived its session")
    await door.stop()
    await tables.stop()


def _app_size(pid: int) -> tuple[int, int]:
    """Rows and columns of the terminal app `pid` draws on."""
    fd = os.open(f"/proc/{pid}/fd/0", os.O_RDONLY | os.O_NOCTTY)
    try:
        rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    finally:
        os.close(fd)
    return rows, cols


def _table_of_two(saves: Path, ann: asyncssh.SSHKey) -> None:
    """Table 1, Rivalist: Ann's key holds seat 0 (the other seat is nobody's yet)."""
    game = GAMES["rivalist"]
    match = Match.new(game, game.Options(), named_seats(["Ann", "Bob"], 0), 5)
    rng = random.Random(5)
    for _ in range(3):
        seat = match.to_act()[0]
        match.submit(seat, rng.choice(list(match.legal(seat))))
    saves.mkdir(parents=True)
    seed_table(saves, match, [ann, None])


async def test_a_window_change_no_terminal_has_orphans_nothing(tmp_path: Path) -> None:
    ann_key = new_key()
    _table_of_two(tmp_path / "saves", ann_key)
    door, tables = await _door(tmp_path)
    watcher = Watcher()
    await watcher.open(tables.port)
    ann = Terminal(ann_key, "ann")
    await ann.join(door.port)
    await watcher.until(lambda u: u.seats[0].here)
    (app,) = door.children
    assert ann.proc is not None
    ann.proc.change_terminal_size(70000, 70000)
    mark = len(ann.screen)
    ann.proc.change_terminal_size(120, 40)  # the door still passes sizes on: the app redraws
    await ann.wait_for("Detail", since=mark)
    assert _app_size(app.pid) == (40, 120)
    await ann.close()
    await until(lambda: gone(app.pid), "the app was left running after its session closed")
    await watcher.until(lambda u: not u.seats[0].here)
    await until(lambda: not door.children, "the door still counts the ended app")
    await watcher.close()
    await door.stop()
    await tables.stop()


async def test_an_error_in_a_session_ends_that_session_cleanly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    door, tables = await _door(tmp_path)
    await session(door.port, new_key(), (70000, 24))  # asyncssh's first-connection files
    before = await settled(door)
    term = Terminal(new_key(), "ann")
    await term.open(door.port, size=(80, 24))
    await term.wait_for("Tables at")
    (app,) = door.children

    def broken(fd: int, rows: int, cols: int) -> None:
        raise RuntimeError("the terminal broke")

    monkeypatch.setattr(door_module, "set_window", broken)
    assert term.proc is not None
    with caplog.at_level(logging.INFO):
        term.proc.change_terminal_size(100, 30)
        await asyncio.wait_for(term.proc.wait_closed(), 10)
        await until(lambda: gone(app.pid), "the app outlived its broken session")
    told = await term.proc.stderr.read()
    assert b"something went wrong on the server" in told
    await term.close()
    assert await settled(door) == before, "descriptors leaked"
    assert not door.children
    said = [r for r in caplog.records if "the terminal broke" in r.getMessage()]
    assert len(said) == 1 and said[0].exc_info is None
    await door.stop()
    await tables.stop()


async def test_sessions_are_capped_per_key_per_address_and_in_all(tmp_path: Path) -> None:
    door, tables = await _door(tmp_path, DoorLimits(max_sessions=3, per_key=1, per_address=2))
    ann, bob, cy, dee = new_key(), new_key(), new_key(), new_key()
    terminals = [Terminal(ann, "ann"), Terminal(bob, "bob")]
    try:
        await terminals[0].open(door.port, size=(80, 24))
        again = await session(door.port, ann)
        assert again.exit_status == 1 and "Your key already has 1 session open here" in str(again.stderr)
        await terminals[1].open(door.port, size=(80, 24))
        third = await session(door.port, cy)
        assert third.exit_status == 1 and "2 sessions from your address" in str(third.stderr)
        # From another address Cy gets in, and the server is then full.
        elsewhere = Terminal(cy, "cy")
        terminals.append(elsewhere)
        await elsewhere.open(door.port, size=(80, 24), local=("127.0.0.2", 0))
        full = await session(door.port, dee, source="127.0.0.3")
        assert full.exit_status == 1 and "full" in str(full.stderr)
        for t in terminals:
            await t.wait_for("Tables at")
        assert len(door.children) == 3
        # A session that ends frees its place.
        await terminals[0].close()
        await until(lambda: len(door.children) == 2, "the closed session's app did not end")
        await terminals[0].open(door.port, size=(80, 24))
        await terminals[0].wait_for("Tables at")
    finally:
        for t in terminals:
            await t.close()
    await door.stop()
    await tables.stop()


async def test_connections_past_twice_the_session_limits_are_closed_at_once(tmp_path: Path) -> None:
    door, tables = await _door(tmp_path, DoorLimits(max_sessions=3, per_key=1, per_address=1))
    await session(door.port, new_key(), (70000, 24))  # asyncssh's first-connection files
    before = await settled(door)
    key = new_key()

    async def connect(source: str) -> asyncssh.SSHClientConnection:
        return await asyncssh.connect(
            "127.0.0.1",
            door.port,
            username="ann",
            client_keys=[key],
            known_hosts=None,
            local_addr=(source, 0),
        )

    # Two per address (no session asked for yet), six in all.
    held = [await connect(source) for source in ["127.0.0.1", "127.0.0.1", "127.0.0.2", "127.0.0.2"]]
    with pytest.raises((asyncssh.Error, OSError)):
        await connect("127.0.0.1")
    held += [await connect("127.0.0.3"), await connect("127.0.0.3")]
    with pytest.raises((asyncssh.Error, OSError)):
        await connect("127.0.0.4")
    held.pop(0).close()
    await until(lambda: door.connections.total == 5, "a closed connection was still counted")
    held.append(await connect("127.0.0.1"))
    for conn in held:
        conn.close()
        await conn.wait_closed()
    assert await settled(door) == before, "descriptors leaked"
    assert not door.connections.addresses
    await door.stop()
    await tables.stop()


async def test_a_terminal_type_with_control_characters_starts_the_app(tmp_path: Path) -> None:
    # (asyncssh itself refuses a user name with control characters, at both ends.)
    door, tables = await _door(tmp_path)
    term = Terminal(new_key(), "ann")
    await term.open(door.port, size=(80, 24), term_type="xterm\x00\n\x07")
    await term.wait_for("Tables at")
    assert "Traceback" not in term.text() and "null" not in term.text()
    await term.close()
    await door.stop()
    await tables.stop()


def test_what_the_client_says_is_cleaned_before_the_app_is_given_it() -> None:
    assert clean_term("xterm-256color") == "xterm-256color"
    assert clean_term("screen.xterm-256color") == "screen.xterm-256color"
    for bad in ["xterm\x00", "", "-x", "a" * 65, "xterm\n", "x term", "xterm\u00e9"]:
        assert clean_term(bad) == FALLBACK_TERM, bad
    assert clean_name("  Ann\u2003the\tGreat\u200b ") == "Ann the Great"
    assert clean_name("x" * 500) == "x" * NAME_LIMIT
    assert clean_name("\u200b\u202e") == "player"
    assert window(0, 0) == (80, 24)
    assert window(65535, 3) == (MAX_COLUMNS, 3)
    assert window(120, 65535) == (120, MAX_ROWS)


def test_the_log_takes_a_burst_per_address_then_a_line_now_and_then_and_says_what_it_left_out(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [0.0]
    limiter = LogLimiter(logging.getLogger("rivals_net.door"), clock=lambda: now[0])
    with caplog.at_level(logging.INFO):
        for i in range(LOG_BURST + 30):
            limiter.line(logging.INFO, "10.0.0.1", f"line {i}")
        limiter.line(logging.INFO, "10.0.0.2", "another client")
        assert len(caplog.records) == LOG_BURST + 1
        now[0] += LOG_EVERY
        limiter.line(logging.INFO, "10.0.0.1", "later")
    assert caplog.records[-1].getMessage() == "later (30 earlier lines about 10.0.0.1 left out)"


async def test_a_client_cannot_fill_the_servers_log(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    door, tables = await _door(tmp_path)
    key = new_key()
    with caplog.at_level(logging.INFO):
        term = Terminal(key, "ann")
        await term.open(door.port, size=(80, 24))
        await term.wait_for("Tables at")
        assert term.proc is not None and term.conn is not None
        for i in range(300):
            term.proc.change_terminal_size(80 + i % 2, 24)
        # Refused requests, many of them, from the same client.
        for _ in range(40):
            ran = await term.conn.run("ls", encoding="utf-8")
            assert ran.exit_status == 1
        mark = len(term.screen)
        term.proc.change_terminal_size(120, 30)
        await term.wait_for("─" * 110, since=mark)
        await term.close()
        await until(lambda: not door.children, "the app outlived its session")
    lines = [r for r in caplog.records if r.name.startswith(("asyncssh", "rivals_net.door"))]
    assert len(lines) <= LOG_BURST, [r.getMessage() for r in lines]
    assert all(r.exc_info is None for r in lines)
    await door.stop()
    await tables.stop()


async def test_serve_on_another_address_with_session_limits(tmp_path: Path) -> None:
    """`rivals serve --host 127.0.0.2`: the door's apps reach the table server there; the door's
    limits are `rivals serve` options."""
    host = Host(tmp_path, host="127.0.0.2", args=["--max-sessions-per-key", "1"])
    key = new_key()
    term = Terminal(key, "ann")
    host.start()
    try:
        await term.open(host.port, size=(80, 24), host="127.0.0.2")
        assert await term.wait_for("Tables at | cannot reach") == "Tables at"
        async with asyncssh.connect(
            "127.0.0.2", host.port, username="ann", client_keys=[key], known_hosts=None
        ) as conn:
            again = await conn.run(term_type="xterm", term_size=(80, 24), encoding="utf-8")
        assert again.exit_status == 1 and "already has 1 session" in str(again.stderr)
    finally:
        await term.close()
        host.stop()
    await host.until_no_apps()


def test_the_apps_dial_the_address_the_table_server_listens_on(tmp_path: Path) -> None:
    assert dial_host("127.0.0.2") == "127.0.0.2" and dial_host("192.0.2.7") == "192.0.2.7"
    assert dial_host("0.0.0.0") == "127.0.0.1" and dial_host("") == "127.0.0.1"
    assert dial_host("::") == "::1" and dial_host("localhost") == "localhost"
    key = load_host_key(tmp_path / "host_key")
    assert Door(2223, "", key, table_host="::1").app_args() == ["join", "[::1]:2223"]
    assert Door(2223, "", key, table_host="10.1.2.3").app_args() == ["join", "10.1.2.3:2223"]


def test_the_door_limits_are_serve_options(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    assert door_limits_from(parser.parse_args(["serve"])) == DoorLimits()
    given = parser.parse_args(
        ["serve", "--max-sessions", "7", "--max-sessions-per-key", "2", "--max-sessions-per-address", "3"]
    )
    assert door_limits_from(given) == DoorLimits(max_sessions=7, per_key=2, per_address=3)
    for bad in ["0", "-1", "many"]:
        with pytest.raises(SystemExit):
            parser.parse_args(["serve", "--max-sessions", bad])
        assert "is not a whole number from 1 up" in capsys.readouterr().err
