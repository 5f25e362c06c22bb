"""A lesson over SSH: from the door's lobby (`l`), the Learn list, the first listed lesson's
first steps by the keys the coach asks for, at 80×24; each key's lesson is saved in that key's own
folder, so two players' lessons never meet.

Budget: 6 s (the door and the table server in the test's loop; two apps started).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import asyncssh
import pytest

from rivals_net.door import Door, load_host_key
from rivals_net.door_limits import new_token
from rivals_net.harness import Terminal
from tests.net.support import start_server


async def test_a_player_at_the_ssh_door_takes_the_lesson_from_the_lobby(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The door's own folders (where every key's lesson went before each key had its own).
    monkeypatch.setenv("RIVALS_SAVE_DIR", str(tmp_path / "door-saves"))
    monkeypatch.setenv("RIVALS_DATA_DIR", str(tmp_path / "door-data"))
    token = new_token()
    tables = await start_server(tmp_path / "saves", door=token)
    players = tmp_path / "players"
    door = Door(tables.port, token, load_host_key(tmp_path / "host_key"), players=players)
    await door.start("127.0.0.1", 0)
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(2)]
    try:
        for key, user in zip(keys, ("ann", "bob"), strict=True):
            term = Terminal(key, user)
            await term.open(door.port, size=(80, 24))
            await term.wait_for("Tables at")
            mark = len(term.screen)
            term.press("l")
            await term.wait_for("Learn to play", since=mark)
            await term.wait_for("not started", since=mark)
            term.press("\r")
            await term.wait_for("Step 1 of", since=mark)
            term.press("\r")  # the coach's move: the cursor is on it
            await term.wait_for("Step 2 of", since=mark)
            term.press("q")  # back to the lobby, the lesson saved
            await term.wait_for("Tables at", since=mark)
            await term.close()
            folder = players / hashlib.sha256(key.get_fingerprint("sha256").encode()).hexdigest()[:24]
            # The list opens on the first game with a lesson, whichever it is.
            saved = list((folder / "saves").glob("lesson-*.json"))
            assert len(saved) == 1, sorted(str(p) for p in players.rglob("*"))
        # Nothing of either lesson in the table server's folder or the door's.
        assert not list((tmp_path / "saves").glob("lesson-*"))
        assert not (tmp_path / "door-saves").exists()
    finally:
        await door.stop()
        await tables.stop()
