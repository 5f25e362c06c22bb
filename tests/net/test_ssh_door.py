"""The SSH door runs the app and nothing else, and a terminal's new size reaches the app. Apps
are forked by the door's spawner; without it they are started as processes, and neither outlives
its session or the door. A stopping server leaves each terminal its sentence, the full screen put away.

Budget: 7 s (the door and the table server in the test's loop; four apps started).
"""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import asyncssh
import pytest

from rivals_net.door import Door, load_host_key
from rivals_net.door_limits import new_token
from rivals_net.harness import Terminal
from rivals_net.server import TableServer
from rivals_net.spawner import APP_NAME, ForkedApp
from tests.net.support import start_server


async def _door(tmp_path: Path) -> tuple[Door, TableServer]:
    token = new_token()
    tables = await start_server(tmp_path / "saves", door=token)
    door = Door(tables.port, token, load_host_key(tmp_path / "host_key"))
    await door.start("127.0.0.1", 0)
    return door, tables


async def test_no_shell_no_commands_no_forwarding_no_passwords(tmp_path: Path) -> None:
    door, tables = await _door(tmp_path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with asyncssh.connect(
        "127.0.0.1", door.port, username="eve", client_keys=[key], known_hosts=None
    ) as conn:
        ran = await conn.run("cat /etc/passwd", encoding="utf-8")
        assert ran.exit_status == 1 and "only runs Rivals" in str(ran.stderr) and not ran.stdout
        no_pty = await conn.run(encoding="utf-8")  # a shell without a terminal
        assert no_pty.exit_status == 1 and "needs a terminal" in str(no_pty.stderr)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", tables.port)
        with pytest.raises(asyncssh.Error):
            await conn.start_sftp_client()
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect(
            # No key at all (None, not []: an empty list would load ~/.ssh's default keys).
            "127.0.0.1",
            door.port,
            username="eve",
            password="guess",
            client_keys=None,
            agent_path=None,
            known_hosts=None,
        )
    await door.stop()
    await tables.stop()
    # The host key was made on first start and is kept for the next.
    assert load_host_key(tmp_path / "host_key").get_fingerprint() == door.host_key.get_fingerprint()


async def test_a_resized_terminal_reaches_the_app_and_a_closed_one_ends_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A host shell (or pytest-xdist) exporting its own size must not pin the players' apps to it.
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    door, tables = await _door(tmp_path)
    term = Terminal(asyncssh.generate_private_key("ssh-ed25519"), "ann")
    await term.open(door.port, size=(80, 24))
    await term.wait_for("Tables at")
    assert "─" * 90 not in term.text()
    mark = len(term.screen)
    assert term.proc is not None
    term.proc.change_terminal_size(120, 30)
    await term.wait_for("─" * 110, since=mark)  # the lobby's frame now spans 120 columns
    assert len(door.children) == 1
    await term.close()
    for _ in range(200):
        if not door.children:
            break
        await asyncio.sleep(0.05)
    assert not door.children, "the app outlived its SSH session"
    await door.stop()
    await tables.stop()


def parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


async def until(test: object, what: str) -> None:
    for _ in range(200):
        if test():  # type: ignore[operator]
            return
        await asyncio.sleep(0.05)
    raise AssertionError(what)


async def test_apps_are_forked_by_the_spawner_or_started_as_processes_when_it_is_gone(
    tmp_path: Path,
) -> None:
    door, tables = await _door(tmp_path)
    spawner = door.spawner.pid
    assert spawner is not None
    ann = Terminal(asyncssh.generate_private_key("ssh-ed25519"), "ann")
    await ann.open(door.port, size=(80, 24))
    await ann.wait_for("Tables at")
    (forked,) = door.children
    assert isinstance(forked, ForkedApp) and parent(forked.pid) == spawner
    assert Path(f"/proc/{forked.pid}/comm").read_bytes().strip() == APP_NAME

    # The spawner dies: the next session's app is a process of its own, and the forked app
    # still plays on and still ends with its session.
    os.kill(spawner, signal.SIGKILL)
    await until(lambda: door.spawner.pid is None, "the door did not notice the spawner's end")
    bob = Terminal(asyncssh.generate_private_key("ssh-ed25519"), "bob")
    await bob.open(door.port, size=(80, 24))
    await bob.wait_for("Tables at")
    (started,) = door.children - {forked}
    assert not isinstance(started, ForkedApp) and parent(started.pid) == os.getpid()
    mark = len(ann.screen)
    assert ann.proc is not None
    ann.proc.change_terminal_size(120, 30)
    await ann.wait_for("─" * 110, since=mark)
    await ann.close()
    await until(lambda: forked not in door.children, "a forked app outlived its session")
    await door.stop()
    await tables.stop()
    assert not door.children
    await until(lambda: not Path(f"/proc/{forked.pid}").exists(), "a forked app was left behind")


async def test_the_spawner_ends_with_the_door(tmp_path: Path) -> None:
    door, tables = await _door(tmp_path)
    spawner = door.spawner.pid
    assert spawner is not None
    await door.stop()
    await tables.stop()
    assert not Path(f"/proc/{spawner}").exists()


async def test_a_stopping_server_leaves_each_terminal_its_sentence_and_as_it_was(tmp_path: Path) -> None:
    from rivals_net.serve import shut_down
    from rivals_net.server import RESTARTING

    door, tables = await _door(tmp_path)
    term = Terminal(asyncssh.generate_private_key("ssh-ed25519"), "ann")
    await term.open(door.port, size=(80, 24))
    await term.wait_for("Tables at")
    mark = len(term.screen)
    await shut_down(tables, door)  # what `rivals serve` does on SIGTERM or Ctrl-C
    await term.wait_for(RESTARTING, since=mark)
    # The app left its full screen (the terminal is as the shell had it) before saying so.
    after = bytes(term.screen[mark:])
    assert b"\x1b[?1049l" in after and after.index(b"\x1b[?1049l") < after.index(RESTARTING.encode())
    await term.close()
    assert not door.children
