"""The SSH front door: `ssh -p PORT HOST` gets the Rivals app, playing at this host's tables.

Design (docs/NETWORK.md says why): each SSH session runs the ordinary app as a child process on a
pseudo-terminal — `rivals join` pointed at the table server (`dial_host`), told the SSH key's
fingerprint as the player's identity and a token proving the door vouches for it. The door only
copies bytes between the SSH channel and the terminal, passes window-size changes on (TIOCSWINSZ,
which also sends the child SIGWINCH), and ends the child when the channel closes (SIGHUP to its
process group, SIGKILL if it has not gone after `CHILD_GRACE`). The app is forked from a process
that has imported it already (spawner.py: a fraction of the start-up time and memory), or
started as a new process when that one is not there. A crash of one player's app
touches nobody else, and the app in a terminal is exactly the app on a desktop.

The door runs nothing else: no shell commands, exec, subsystems (sftp, scp), port forwarding,
agent or X11 forwarding, passwords or keyboard-interactive logins. Any public key is accepted; its
SHA-256 fingerprint is who the player is. So anyone may connect, and what a client sends is
bounded (door_limits.py): the window sizes passed on, the terminal type and name handed to the
app, the sessions per key, per address and in all, the lines it can make the server log. An error
in one session ends that session alone, its terminal closed and its app ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hashlib
import logging
import os
import pty
import signal
import struct
import sys
import termios
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import asyncssh

from rivals_net import trace
from rivals_net.door_limits import (
    Connections,
    DoorLimits,
    LogLimiter,
    Sessions,
    clean_name,
    clean_term,
    login_refusal,
    window,
)
from rivals_net.spawner import Spawner

log = logging.getLogger("rivals_net.door")

# After the channel closes, the app gets this long to leave its table before it is killed.
CHILD_GRACE = 3.0
# Output waiting for an SSH client that does not read: past this, the door stops reading the
# app's terminal (the app then waits; nothing else does).
MAX_PENDING_OUTPUT = 1024 * 1024
NOT_A_SHELL = "This server only runs Rivals: connect without a command, e.g. ssh -p PORT HOST"
NEEDS_A_TERMINAL = "Rivals needs a terminal: connect with ssh -t."
SESSION_FAILED = "Rivals stopped: something went wrong on the server. Connect again to go on."


def load_host_key(path: Path) -> asyncssh.SSHKey:
    """The door's host key, created (ed25519, readable by this user only) on first start."""
    if path.exists():
        return asyncssh.read_private_key(str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    return key


class Child(Protocol):
    """A session's app: an asyncio process, or a `ForkedApp` from the spawner."""

    @property
    def pid(self) -> int: ...

    @property
    def returncode(self) -> int | None: ...

    async def wait(self) -> int: ...


def _app_environment() -> dict[str, str]:
    # The pseudo-terminal carries the player's size: a COLUMNS or LINES inherited from the
    # host's shell (or a test runner) would pin every player's app to the host's size.
    return {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}


def set_window(fd: int, rows: int, cols: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(rows, 1), max(cols, 1), 0, 0))


def _take_terminal() -> None:
    # Runs in the child after setsid: make the pseudo-terminal its controlling terminal, so that
    # resizes reach it as SIGWINCH and a hang-up as SIGHUP.
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class _Gate(asyncssh.SSHServer):
    """One SSH connection: counted against the door's limits (closed at once past them), and let in
    with a public key, any key, which it remembers."""

    def __init__(self, connections: Connections, log: LogLimiter) -> None:
        self.connections = connections
        self.log = log
        self.fingerprint = ""
        self.address = ""
        self.counted = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.address = str((conn.get_extra_info("peername") or ("unknown",))[0])
        self.counted = self.connections.admit(self.address)
        if not self.counted:
            self.log.line(logging.INFO, self.address, f"too many connections from {self.address}: closed one")
            conn.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.counted = False
            self.connections.release(self.address)

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # Called for each key the client offers and again with its signature; the last call
        # before the login succeeds is for the key that signed.
        self.fingerprint = key.get_fingerprint("sha256")
        return True


class Door:
    """The SSH server. Its apps dial the table server at `table_host` (the address it listens
    on: `dial_host`), port `table_port`."""

    def __init__(
        self,
        table_port: int,
        token: str,
        host_key: asyncssh.SSHKey,
        players: Path | None = None,
        limits: DoorLimits | None = None,
        table_host: str = "127.0.0.1",
    ) -> None:
        self.table_port = table_port
        self.table_host = table_host
        self.token = token
        self.host_key = host_key
        # Each key's settings (theme, symbols...) in a folder of its own under `players`, so one
        # player's choices never change another's screen.
        self.players = players
        self.children: set[Child] = set()
        limits = limits or DoorLimits()
        self.sessions = Sessions(limits)
        self.connections = Connections(limits)
        self.log = LogLimiter(log)
        self._server: asyncssh.SSHAcceptor | None = None
        self.port = 0
        self.spawner = Spawner()

    def app_args(self) -> list[str]:
        host = f"[{self.table_host}]" if ":" in self.table_host else self.table_host
        return ["join", f"{host}:{self.table_port}"]

    def command(self) -> list[str]:
        """The app as a process of its own: when the spawner cannot fork one."""
        return [sys.executable, "-m", "rivals_tui", *self.app_args()]

    async def start(self, host: str, port: int) -> int:
        # asyncssh logs every connection, channel request and window change at INFO: a client
        # could write thousands of lines a second. The door logs what matters itself, a bounded
        # number of lines per client (`LogLimiter`).
        asyncssh.set_log_level(logging.WARNING)
        await self.spawner.start(_app_environment(), f"apps-for-{self.app_args()[1]}")
        self._server = await asyncssh.create_server(
            lambda: _Gate(self.connections, self.log),
            host,
            port,
            server_host_keys=[self.host_key],
            process_factory=self._session,
            encoding=None,
            line_editor=False,
            allow_pty=True,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            password_auth=False,
            kbdint_auth=False,
            login_timeout=60,
            keepalive_interval=60,
        )
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    def close(self) -> None:
        """Take no more sessions (the ones running go on)."""
        if self._server is not None:
            self._server.close()

    async def stop(self, grace: float = 0.0) -> None:
        """End every session: its app is given `grace` seconds to end by itself (the table
        server has told it why it must, and it shows the player that sentence on its way out),
        then it is hung up on."""
        self.close()
        running = [asyncio.ensure_future(c.wait()) for c in self.children if c.returncode is None]
        if running and grace > 0:
            _, late = await asyncio.wait(running, timeout=grace)
            for waiting in late:
                waiting.cancel()
        for child in list(self.children):
            _signal_group(child, signal.SIGHUP)
        await asyncio.gather(*(self._reap(c) for c in list(self.children)), return_exceptions=True)
        await self.spawner.stop()

    # -- one session -----------------------------------------------------------------------------
    async def _session(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        gate = process.channel.get_connection().get_owner()
        fingerprint, address = (gate.fingerprint, gate.address) if isinstance(gate, _Gate) else ("", "")
        name = clean_name(process.get_extra_info("username") or "")
        who = f"{name!r} ({fingerprint}) from {address}"
        refusal = _refusal(process) or self.sessions.admit(fingerprint, address)
        if refusal is not None:
            self.log.line(logging.INFO, address, f"{who}: refused: {refusal}")
            with contextlib.suppress(OSError):  # the client may be gone already
                process.stderr.write(f"{refusal}\r\n".encode())
                process.exit(1)
            return
        code = 1
        try:
            code = await self._play(process, self._environment(process, fingerprint, name), who, address)
        except Exception as exc:  # one session's fault ends that session only
            # One line, no traceback: whatever a client can set off, it cannot fill the log.
            where = traceback.extract_tb(exc.__traceback__)[-1]
            self.log.line(
                logging.WARNING,
                address,
                f"{who}: session ended by an error: {exc!r} (at {Path(where.filename).name}:{where.lineno})",
            )
            with contextlib.suppress(OSError):
                process.stderr.write(f"\r\n{SESSION_FAILED}\r\n".encode())
        finally:
            self.sessions.release(fingerprint, address)
            with contextlib.suppress(Exception):
                process.exit(code)

    def _environment(
        self, process: asyncssh.SSHServerProcess[bytes], fingerprint: str, name: str
    ) -> dict[str, str]:
        """The app's environment: the door's own, and only checked values from the client."""
        env = _app_environment()
        env.update(
            TERM=clean_term(process.get_terminal_type() or ""),
            RIVALS_IDENTITY=f"ssh:{fingerprint}",
            RIVALS_DOOR=self.token,
            RIVALS_NAME=name,
        )
        env.setdefault("LANG", "C.UTF-8")
        if self.players is not None:
            folder = self.players / hashlib.sha256(fingerprint.encode()).hexdigest()[:24]
            env["RIVALS_CONFIG_DIR"] = str(folder)
            # The lessons (Learn to play, in the lobby) are played in the app itself: each key's
            # lesson saves and done marks beside its settings, never another player's.
            env["RIVALS_SAVE_DIR"] = str(folder / "saves")
            env["RIVALS_DATA_DIR"] = str(folder)
        return env

    async def _play(
        self, process: asyncssh.SSHServerProcess[bytes], env: dict[str, str], who: str, address: str
    ) -> int:
        """Run the session's app until it or the channel ends; its exit status. Whatever goes
        wrong, the terminal is closed and the app is ended before this returns or raises."""
        cols, rows = window(*process.get_terminal_size()[:2])
        master, slave = pty.openpty()
        child: Child | None = None
        try:
            try:
                set_window(slave, rows, cols)
                child = await self._start_app(env, slave)
            except OSError as exc:
                process.stderr.write(f"Cannot start Rivals: {exc}\r\n".encode())
                self.log.line(logging.WARNING, address, f"{who}: cannot start the app: {exc}")
                return 1
            finally:
                os.close(slave)
            self.children.add(child)
            self.log.line(logging.INFO, address, f"{who}: playing (app {child.pid})")
            code = await _pump(process, master, child)
            self.log.line(logging.INFO, address, f"{who}: left (app {child.pid} ended with {code})")
            return code
        finally:
            if child is not None:
                _signal_group(child, signal.SIGHUP)
                await self._reap(child)
            os.close(master)

    async def _start_app(self, env: dict[str, str], terminal: int) -> Child:
        """The session's app: forked by the spawner, or else started as a process of its own."""
        forked = await self.spawner.spawn(self.app_args(), env, terminal)
        if forked is not None:
            return forked
        return await asyncio.create_subprocess_exec(
            *self.command(),
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,
            env=env,
            start_new_session=True,
            preexec_fn=_take_terminal,
        )

    async def _reap(self, child: Child) -> None:
        try:
            await asyncio.wait_for(child.wait(), CHILD_GRACE)
        except TimeoutError:
            _signal_group(child, signal.SIGKILL)
            await child.wait()
        self.children.discard(child)


def _refusal(process: asyncssh.SSHServerProcess[bytes]) -> str | None:
    """Why this session cannot have the app, or None: the door runs nothing else, and only in a
    terminal that could exist."""
    if process.command is not None or process.subsystem is not None:
        return NOT_A_SHELL
    if not process.get_terminal_type():
        return NEEDS_A_TERMINAL
    width, height, _, _ = process.get_terminal_size()
    return login_refusal(width, height)


async def _pump(process: asyncssh.SSHServerProcess[bytes], master: int, child: Child) -> int:
    """Copy bytes both ways until the app ends or the channel closes; the app's exit status. An
    error in either direction ends the copying and is raised here."""
    loop = asyncio.get_running_loop()
    os.set_blocking(master, False)
    ended: asyncio.Future[None] = loop.create_future()
    channel = process.channel
    draining: set[asyncio.Task[None]] = set()

    def finish(error: Exception | None = None) -> None:
        if not ended.done():
            if error is None:
                ended.set_result(None)
            else:
                ended.set_exception(error)

    def output() -> None:
        try:
            copy_output()
        except Exception as exc:  # raised from _pump, not lost in the loop's log
            finish(exc)

    def copy_output() -> None:
        try:
            data = os.read(master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app closed its terminal
            data = b""
        if not data:
            loop.remove_reader(master)
            finish()
            return
        trace.mark("door.read", child.pid)
        try:
            process.stdout.write(data)
        except OSError:  # the channel is closing: its own end is on its way
            loop.remove_reader(master)
            finish()
            return
        if channel.get_write_buffer_size() > MAX_PENDING_OUTPUT:
            loop.remove_reader(master)
            task = loop.create_task(_resume_after_drain(process, master, output))
            draining.add(task)
            task.add_done_callback(draining.discard)

    loop.add_reader(master, output)

    async def keys() -> None:
        try:
            while True:
                try:
                    data = await process.stdin.read(4096)
                except asyncssh.TerminalSizeChanged as size:
                    cols, rows = window(size.width, size.height)
                    set_window(master, rows, cols)
                    continue
                except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                    continue
                except (asyncssh.Error, ConnectionError):
                    break
                if not data:
                    break
                with contextlib.suppress(BlockingIOError):
                    os.write(master, data)
        except Exception as exc:  # raised from _pump, not lost with the task
            finish(exc)
        finish()

    reader = loop.create_task(keys())
    waiter = loop.create_task(child.wait())
    waiter.add_done_callback(lambda _: finish())
    try:
        await ended
    finally:
        app_ended = waiter.done()
        loop.remove_reader(master)
        for task in (reader, waiter, *draining):
            task.cancel()
    if app_ended:
        # Let the app's last screen (its goodbye) reach the player.
        with contextlib.suppress(OSError):
            while rest := os.read(master, 65536):
                process.stdout.write(rest)
        return child.returncode or 0
    return 0


async def _resume_after_drain(
    process: asyncssh.SSHServerProcess[bytes], master: int, output: Callable[[], None]
) -> None:
    with contextlib.suppress(Exception):
        await process.stdout.drain()
        asyncio.get_running_loop().add_reader(master, output)


def _signal_group(child: Child, sig: int) -> None:
    if child.returncode is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(child.pid, sig)
