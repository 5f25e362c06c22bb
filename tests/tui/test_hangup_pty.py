"""Closing the terminal while a hard or expert AI thinks: the game is saved and the process is
gone in 2 s.

A real pseudo-terminal runs `python -m rivals_tui` with four AI seats of one level and no pause
between moves, so that a bot is always thinking and the screen always changing. Then the terminal
is hung up — its master side closed, as when an SSH connection or a tmux session dies, or a SIGHUP
sent — and the test waits for the process. Before the fix Textual's shutdown blocked forever
writing to the dead terminal (3 of 3 runs still alive after 10 s). An expert's search runs for
seconds and cannot be told to stop by a process that is going: the process ends all the same.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sys
import time
from pathlib import Path

import pytest

from engine.core.match import Match
from saves.store import SaveStore

pty = pytest.importorskip("pty")
ROOT = Path(__file__).resolve().parents[2]
LIMIT = 2.0
# The status line's thinking bar as the terminal receives it ("thinking… [##--------]  20%").
BAR = re.compile(rb"thinking.{1,8}\[[#-]{10}\] +\d+%", re.S)


def _spawn(tmp_path: Path, level: str) -> tuple[int, int, Path]:
    import fcntl
    import struct
    import termios

    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"ai_pace": 0.0, "theme": "textual-dark"}))
    saves = tmp_path / "saves"
    env = {
        **os.environ,
        "RIVALS_CONFIG_DIR": str(config),
        "RIVALS_STATE_DIR": str(tmp_path / "state"),
        "TERM": "xterm-256color",
    }
    argv = [sys.executable, "-m", "rivals_tui", "--save-dir", str(saves), "new", "rival_kings"]
    argv += ["--players", "4", "--humans", "0", "--ai", level, "--seed", "5"]
    pid, fd = pty.fork()
    if pid == 0:  # the child: a session of its own with the pty as its controlling terminal
        try:
            os.chdir(ROOT)
            os.execve(sys.executable, argv, env)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    return pid, fd, saves


def _drain(fd: int, seconds: float) -> bytes:
    """Read what the app draws (a terminal that is not read would block it)."""
    import select

    end = time.monotonic() + seconds
    drawn = b""
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return drawn
            if not chunk:
                return drawn
            drawn += chunk
    return drawn


def _moves_on_disk(saves: Path) -> int:
    files = list(saves.glob("*.json"))
    if not files:
        return -1
    try:
        return len(json.loads(files[0].read_text())["actions"])
    except (OSError, ValueError, KeyError):
        return -1


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX terminals only")
@pytest.mark.parametrize("how", ["close the terminal", "send SIGHUP"])
@pytest.mark.parametrize("level", ["hard", "expert"])
def test_hang_up_while_the_ai_thinks_saves_and_exits_within_two_seconds(
    tmp_path: Path, how: str, level: str
) -> None:
    pid, fd, saves = _spawn(tmp_path, level)
    try:
        # Wait for the game to be on disk and a bot or two to have moved: then one is thinking.
        # An expert's first search takes seconds: it is thinking once its progress bar is drawn.
        deadline = time.monotonic() + 60
        drawn = b""
        while time.monotonic() < deadline:
            if level == "expert" and _moves_on_disk(saves) >= 0 and BAR.search(drawn):
                break
            if level == "hard" and _moves_on_disk(saves) >= 1:
                break
            drawn = drawn[-4096:] + _drain(fd, 0.2)
            assert os.waitpid(pid, os.WNOHANG) == (0, 0), "the app ended before the hang-up"
        assert _moves_on_disk(saves) >= (0 if level == "expert" else 1), "the AI never moved"
        _drain(fd, 0.3)
        before = _moves_on_disk(saves)
        hung_up = time.monotonic()
        if how == "close the terminal":
            os.close(fd)
            fd = -1
        else:
            os.kill(pid, signal.SIGHUP)
        status = None
        while time.monotonic() - hung_up < LIMIT:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if fd >= 0:
                _drain(fd, 0.02)
            else:
                time.sleep(0.02)
        else:
            pytest.fail(f"the process was still alive {LIMIT} s after the hang-up")
        took = time.monotonic() - hung_up
    finally:
        if fd >= 0:
            os.close(fd)
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
    assert took < LIMIT and os.waitstatus_to_exitcode(status) == 0

    store = SaveStore(saves)
    (info,) = store.list()
    assert info.error is None and info.status == "in progress"
    match: Match = store.load(info.name)
    # Nothing lost: at least every move that was on disk when the terminal went away.
    assert len(match.history) >= before
    store.lock(info.name).release()  # the dead process left the save unlocked
    assert not list(saves.glob(".*.tmp"))


def test_a_hang_up_during_the_last_save_waits_for_it(tmp_path: Path) -> None:
    """The watchdog that ends the process after a hang-up first closes the session it finds,
    which waits for any save in progress. While the app itself is saving the game (its
    session already taken off the app), the watchdog must still find that session: ending
    the process mid-write left a half-written temporary file beside the save (seen once in the
    test above on a loaded machine)."""
    from rivals_tui.app import RivalsApp

    app = RivalsApp(store=SaveStore(tmp_path / "saves"), settings_path=tmp_path / "settings.json")
    seen: list[object] = []

    class Closing:
        save_problem = None

        def close(self) -> None:
            seen.append(app.session_to_save())  # what the watchdog would close (and wait on)

    session = Closing()
    app.session = session  # type: ignore[assignment]
    app.close_session()
    assert seen == [session]
    assert app.session is None and app.session_to_save() is None
