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

The spawner ends when the door's end of the socket closes (the door stopped or was killed). Apps
it started keep running until their terminal hangs up, exactly like apps started as processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import gc
import importlib
import json
import os
import pkgutil
import select
import signal
import socket
import sys
import termios
import traceback
from typing import Any

# Largest message: a session's environment is a few kilobytes.
MAX_MESSAGE = 256 * 1024
# What `ps -o comm` shows for the spawner's children (the command line stays the spawner's).
APP_NAME = b"rivals-app"


def preload() -> None:
    """Import everything an app may need: the games, the saves, every module of the app."""
    import engine.registry  # noqa: F401 - the games register themselves
    import rivals_tui

    for info in pkgutil.walk_packages(rivals_tui.__path__, "rivals_tui."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)


def serve(sock: socket.socket) -> None:
    """Fork an app for each request on `sock` until the door closes it."""
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda signum, frame: None)
    # Ctrl-C at the host's terminal reaches the whole foreground group: the server handles it,
    # and this process ends when the server closes the socket.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        while True:
            ready, _, _ = select.select([sock.fileno(), wake_r], [], [])
            if wake_r in ready:
                with contextlib.suppress(BlockingIOError):
                    os.read(wake_r, 512)
                _reap(sock)
            if sock.fileno() in ready:
                try:
                    data, fds, _, _ = socket.recv_fds(sock, MAX_MESSAGE, 4)
                except ConnectionError:
                    return
                if not data:
                    return
                _spawn(sock, json.loads(data), fds, (wake_r, wake_w))
    finally:
        signal.set_wakeup_fd(-1)


def _reap(sock: socket.socket) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        with contextlib.suppress(OSError):
            sock.send(json.dumps({"ended": pid, "code": os.waitstatus_to_exitcode(status)}).encode())


def _spawn(sock: socket.socket, request: dict[str, Any], fds: list[int], own: tuple[int, int]) -> None:
    if len(fds) != 1:
        for fd in fds:
            os.close(fd)
        sock.send(json.dumps({"id": request.get("id"), "error": "no terminal"}).encode())
        return
    terminal = fds[0]
    try:
        pid = os.fork()
    except OSError as exc:
        os.close(terminal)
        sock.send(json.dumps({"id": request["id"], "error": str(exc)}).encode())
        return
    if pid == 0:
        sock.close()
        for fd in own:
            os.close(fd)
        os._exit(_run_app(terminal, request["argv"], request["env"]))
    os.close(terminal)
    # Opened before this process can reap the child, so it names that child and no other.
    pidfd = os.pidfd_open(pid)
    try:
        socket.send_fds(sock, [json.dumps({"id": request["id"], "pid": pid}).encode()], [pidfd])
    except OSError:
        pass
    finally:
        os.close(pidfd)


def _run_app(terminal: int, argv: list[str], env: dict[str, str]) -> int:
    """In the forked child: become what `python -m rivals_tui ARGV` in that terminal would be."""
    code = 1
    try:
        signal.set_wakeup_fd(-1)
        for sig in (signal.SIGCHLD, signal.SIGINT):
            signal.signal(sig, signal.SIG_DFL if sig == signal.SIGCHLD else signal.default_int_handler)
        # Its own session with the pseudo-terminal as controlling terminal, so that resizes reach
        # it as SIGWINCH and a hang-up as SIGHUP.
        os.setsid()
        fcntl.ioctl(terminal, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(terminal, fd)
        if terminal > 2:
            os.close(terminal)
        with contextlib.suppress(OSError), open("/proc/self/comm", "wb") as comm:
            comm.write(APP_NAME)
        os.environ.clear()
        os.environ.update(env)
        # New standard streams on the terminal, as a fresh interpreter would open them (Textual
        # writes to sys.__stderr__ and reads sys.__stdin__).
        # (the streams live as long as the process: no context manager; typeshed calls the
        # __std*__ names final, but they are what the interpreter gave this process)
        streams = (
            open(0, encoding="utf-8", errors="surrogateescape", closefd=False),  # noqa: SIM115
            open(1, "w", buffering=1, encoding="utf-8", closefd=False),  # noqa: SIM115
            open(2, "w", buffering=1, encoding="utf-8", errors="backslashreplace", closefd=False),  # noqa: SIM115
        )
        for name, stream in zip(("stdin", "stdout", "stderr"), streams, strict=True):
            setattr(sys, name, stream)
            setattr(sys, f"__{name}__", stream)
        sys.argv = ["rivals", *argv]
        from rivals_tui.cli import main

        code = main(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        with contextlib.suppress(Exception):
            traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
    return code


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
                sys.executable, "-m", "rivals_net.spawner", str(fd), label,
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


def main() -> None:
    sock = socket.socket(fileno=int(sys.argv[1]))
    preload()
    gc.collect()
    gc.freeze()
    serve(sock)


if __name__ == "__main__":
    main()
