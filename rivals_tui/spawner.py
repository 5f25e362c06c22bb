"""The spawner process: the app, imported once, forked for each SSH session of the door.

rivals_net/spawner.py says why and gives the message format; this is the process's side, started
by the door as `python -m rivals_tui.spawner FD LABEL` (FD: its end of the socket pair; LABEL
names the door it serves in `ps`). It runs no event loop and no thread, since a fork copies only
the thread that forks and a lock another thread held would stay held in the child for ever.
"""

from __future__ import annotations

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

from rivals_net.spawner import APP_NAME, MAX_MESSAGE


def preload() -> None:
    """Import everything an app may need: the games, the saves, every module of the app."""
    import rivals_tui
    from engine.registry import GAMES

    for game_id in GAMES:
        GAMES[game_id]  # noqa: B018 - the registry loads a game's rules when it is first asked

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


def main() -> None:
    sock = socket.socket(fileno=int(sys.argv[1]))
    preload()
    gc.collect()
    gc.freeze()
    serve(sock)


if __name__ == "__main__":
    main()
