"""Starting the SSH door's apps by forking one process that has already imported the app.

Each SSH session runs the ordinary app in a process of its own (door.py says why). Started from
nothing, a Python process spends most of a second of CPU importing Textual, the games and the
screens before it draws anything, and keeps its own copy of all that: about 48 MB a player. The
spawner is one process, started by the door, that imports the app once and then only forks: a
session's app is a fork of it, on screen in a fraction of that time, sharing the imported code's
memory with every other player's app (the objects are frozen out of the garbage collector so that
it does not write to, and so copy, every page of them).

The spawner runs no event loop and no thread: a fork copies only the thread that forks, and a
lock held by another one would stay held in the child for ever. The door talks to it over a Unix
socket pair (one datagram per message, JSON):

- door → spawner: `{"id", "argv", "env"}` with the session's pseudo-terminal attached (SCM_RIGHTS);
- spawner → door: `{"id", "pid"}` with a pidfd of the child attached (it tells the door when the
  app has ended even if the spawner is gone), or `{"id", "error"}`;
- spawner → door: `{"ended": pid, "code": exit status}` once it has reaped a child.

The spawner process itself is the app's (rivals_tui/spawner.py, `python -m rivals_tui.spawner`):
this module is the door's end and the message format. The spawner ends when the door's end of
the socket closes (the door stopped or was killed). Apps it started keep running until their
terminal hangs up, exactly like apps started as processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sys
from typing import Any

# Largest message: a session's environment is a few kilobytes.
MAX_MESSAGE = 256 * 1024
# What `ps -o comm` shows for the spawner's children (the command line stays the spawner's).
APP_NAME = b"rivals-app"


# How long the door waits for the spawner to answer (its first answer comes after its imports,
# which take seconds on a busy host) before it starts that app as a process of its own.
ANSWER_TIMEOUT = 20.0


class ForkedApp:
    """The door's handle on an app the spawner forked: what the door uses of an asyncio process
    (`pid`, `returncode`, `wait()`)."""

    def __init__(self, pid: int, pidfd: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._pidfd: int | None = pidfd
        self._loop = asyncio.get_running_loop()
        self._done: asyncio.Future[int] = self._loop.create_future()
        self._loop.add_reader(pidfd, self._exited)

    def _exited(self) -> None:
        # The process has ended. Its exit status comes from the spawner, which reaps it; if the
        # spawner is gone (or slow), the status is not known and counts as 0.
        self._close_pidfd()
        self._loop.call_later(0.5, self.ended, 0)

    def ended(self, code: int) -> None:
        if not self._done.done():
            self.returncode = code
            self._close_pidfd()
            self._done.set_result(code)

    def _close_pidfd(self) -> None:
        if self._pidfd is not None:
            self._loop.remove_reader(self._pidfd)
            os.close(self._pidfd)
            self._pidfd = None

    async def wait(self) -> int:
        return await asyncio.shield(self._done)


class Spawner:
    """The door's end: starts the spawner process, asks it for apps, hears of their ends."""

    def __init__(self) -> None:
        self._sock: socket.socket | None = None
        self._proc: asyncio.subprocess.Process | None = None
        self._asked: dict[int, asyncio.Future[tuple[dict[str, Any], list[int]]]] = {}
        self._apps: dict[int, ForkedApp] = {}
        self._next = 0

    @property
    def pid(self) -> int | None:
        """The spawner's process, while the door can use it."""
        return self._proc.pid if self._proc is not None and self._sock is not None else None

    async def start(self, env: dict[str, str], label: str) -> None:
        """Start the spawner (`label` names it in `ps`: which door its apps are for)."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        fd = theirs.fileno()
        try:
            self._proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "rivals_tui.spawner", str(fd), label,
                pass_fds=[fd], env=env, stdin=asyncio.subprocess.DEVNULL,
            )  # fmt: skip
        except OSError:
            ours.close()
            return
        finally:
            theirs.close()
        ours.setblocking(False)
        self._sock = ours
        asyncio.get_running_loop().add_reader(ours, self._read)

    async def spawn(self, argv: list[str], env: dict[str, str], terminal: int) -> ForkedApp | None:
        """A forked app running `rivals ARGV` in `terminal`, or None if the spawner cannot."""
        if self._sock is None:
            return None
        self._next += 1
        asked = self._next
        answer = asyncio.get_running_loop().create_future()
        self._asked[asked] = answer
        try:
            request = json.dumps({"id": asked, "argv": argv, "env": env}).encode()
            socket.send_fds(self._sock, [request], [terminal])
            message, fds = await asyncio.wait_for(answer, ANSWER_TIMEOUT)
        except (OSError, TimeoutError):
            return None
        finally:
            self._asked.pop(asked, None)
        if "pid" not in message or len(fds) != 1:
            for fd in fds:
                os.close(fd)
            return None
        app = ForkedApp(message["pid"], fds[0])
        self._apps[app.pid] = app
        return app

    def _read(self) -> None:
        assert self._sock is not None
        try:
            data, fds, _, _ = socket.recv_fds(self._sock, MAX_MESSAGE, 1)
        except BlockingIOError:
            return
        except OSError:
            data, fds = b"", []
        if not data:
            self._lost()
            return
        message = json.loads(data)
        if "ended" in message:
            app = self._apps.pop(message["ended"], None)
            if app is not None:
                app.ended(message["code"])
            return
        answer = self._asked.get(message.get("id", -1))
        if answer is not None and not answer.done():
            answer.set_result((message, fds))
            return
        for fd in fds:
            os.close(fd)
        if "pid" in message:  # too late: the door has started that session's app itself
            with contextlib.suppress(OSError):
                os.killpg(message["pid"], signal.SIGHUP)

    def _lost(self) -> None:
        """The spawner has gone: apps are started as processes from now on."""
        if self._sock is not None:
            asyncio.get_running_loop().remove_reader(self._sock)
            self._sock.close()
            self._sock = None
        # Their ends are still seen, through their pidfds.
        self._apps.clear()
        for answer in self._asked.values():
            if not answer.done():
                answer.set_exception(ConnectionError("the spawner has gone"))

    async def stop(self) -> None:
        """End the spawner (the apps it started are the door's to end)."""
        self._lost()
        if self._proc is not None:
            try:
                await asyncio.wait_for(self._proc.wait(), 5)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self._proc.kill()
                await self._proc.wait()
            self._proc = None
