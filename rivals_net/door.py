"""The SSH front door: `ssh -p PORT HOST` gets the Rivals app, playing at this host's tables.

Design (docs/NETWORK.md says why): each SSH session runs the ordinary app as a child process on a
pseudo-terminal — `rivals join` pointed at the table server on loopback, told the SSH key's
fingerprint as the player's identity and a token proving the door vouches for it. The door only
copies bytes between the SSH channel and the terminal, passes window-size changes on (TIOCSWINSZ,
which also sends the child SIGWINCH), and ends the child when the channel closes (SIGHUP to its
process group, SIGKILL if it has not gone after `CHILD_GRACE`). The app is forked from a process
that has imported it already (spawner.py: a fraction of the start-up time and memory), or
started as a new process when that one is not there. A crash of one player's app
touches nobody else, and the app in a terminal is exactly the app on a desktop.

The door runs nothing else: no shell commands, exec, subsystems (sftp, scp), port forwarding,
agent or X11 forwarding, passwords or keyboard-interactive logins. Any public key is accepted; its
SHA-256 fingerprint is who the player is.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hashlib
import logging
import os
import pty
import secrets
import signal
import struct
import sys
import termios
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import asyncssh

from rivals_net import trace
from rivals_net.spawner import Spawner

log = logging.getLogger("rivals_net.door")

# After the channel closes, the app gets this long to leave its table before it is killed.
CHILD_GRACE = 3.0
# Output waiting for an SSH client that does not read: past this, the door stops reading the
# app's terminal (the app then waits; nothing else does).
MAX_PENDING_OUTPUT = 1024 * 1024
NOT_A_SHELL = "This server only runs Rivals: connect without a command, e.g. ssh -p PORT HOST\r\n"
NEEDS_A_TERMINAL = "Rivals needs a terminal: connect with ssh -t.\r\n"


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
    """One SSH connection's authentication: public keys only, any key, remembered."""

    def __init__(self) -> None:
        self.fingerprint = ""

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
    """The SSH server. `command(process)` gives the app's argv for one session."""

    def __init__(
        self, table_port: int, token: str, host_key: asyncssh.SSHKey, players: Path | None = None
    ) -> None:
        self.table_port = table_port
        self.token = token
        self.host_key = host_key
        # Each key's settings (theme, symbols...) in a folder of its own under `players`, so one
        # player's choices never change another's screen.
        self.players = players
        self.children: set[Child] = set()
        self._server: asyncssh.SSHAcceptor | None = None
        self.port = 0
        self.spawner = Spawner()

    def app_args(self) -> list[str]:
        return ["join", f"127.0.0.1:{self.table_port}"]

    def command(self) -> list[str]:
        """The app as a process of its own: when the spawner cannot fork one."""
        return [sys.executable, "-m", "rivals_tui", *self.app_args()]

    async def start(self, host: str, port: int) -> int:
        await self.spawner.start(_app_environment(), f"apps-for-127.0.0.1:{self.table_port}")
        self._server = await asyncssh.create_server(
            _Gate,
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

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for child in list(self.children):
            _signal_group(child, signal.SIGHUP)
        await asyncio.gather(*(self._reap(c) for c in list(self.children)), return_exceptions=True)
        await self.spawner.stop()

    # -- one session -----------------------------------------------------------------------------
    async def _session(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        if process.command is not None or process.subsystem is not None:
            process.stderr.write(NOT_A_SHELL.encode())
            process.exit(1)
            return
        term = process.get_terminal_type()
        if not term:
            process.stderr.write(NEEDS_A_TERMINAL.encode())
            process.exit(1)
            return
        gate = process.channel.get_connection().get_owner()
        fingerprint = gate.fingerprint if isinstance(gate, _Gate) else ""
        cols, rows, _, _ = process.get_terminal_size()
        env = _app_environment()
        env.update(
            TERM=term,
            RIVALS_IDENTITY=f"ssh:{fingerprint}",
            RIVALS_DOOR=self.token,
            RIVALS_NAME=process.get_extra_info("username") or "player",
        )
        env.setdefault("LANG", "C.UTF-8")
        if self.players is not None:
            folder = hashlib.sha256(fingerprint.encode()).hexdigest()[:24]
            env["RIVALS_CONFIG_DIR"] = str(self.players / folder)
        master, slave = pty.openpty()
        set_window(slave, rows, cols)
        try:
            child = await self._start_app(env, slave)
        except OSError as exc:
            os.close(master)
            os.close(slave)
            process.stderr.write(f"Cannot start Rivals: {exc}\r\n".encode())
            process.exit(1)
            return
        os.close(slave)
        self.children.add(child)
        code = 0
        try:
            code = await _pump(process, master, child)
        finally:
            _signal_group(child, signal.SIGHUP)
            await self._reap(child)
            os.close(master)
            with contextlib.suppress(Exception):
                process.exit(code)

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


async def _pump(process: asyncssh.SSHServerProcess[bytes], master: int, child: Child) -> int:
    """Copy bytes both ways until the app ends or the channel closes; the app's exit status."""
    loop = asyncio.get_running_loop()
    os.set_blocking(master, False)
    ended = loop.create_future()
    channel = process.channel

    def finish(_: Any = None) -> None:
        if not ended.done():
            ended.set_result(None)

    def output() -> None:
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
        process.stdout.write(data)
        if channel.get_write_buffer_size() > MAX_PENDING_OUTPUT:
            loop.remove_reader(master)
            loop.create_task(_resume_after_drain(process, master, output))

    loop.add_reader(master, output)

    async def keys() -> None:
        while True:
            try:
                data = await process.stdin.read(4096)
            except asyncssh.TerminalSizeChanged as size:
                set_window(master, size.height, size.width)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (asyncssh.Error, ConnectionError):
                break
            if not data:
                break
            with contextlib.suppress(BlockingIOError):
                os.write(master, data)
        finish()

    reader = loop.create_task(keys())
    waiter = loop.create_task(child.wait())
    waiter.add_done_callback(finish)
    try:
        await ended
    finally:
        loop.remove_reader(master)
        reader.cancel()
    if waiter.done():
        # Let the app's last screen (its goodbye) reach the player.
        with contextlib.suppress(OSError):
            while rest := os.read(master, 65536):
                process.stdout.write(rest)
        return child.returncode or 0
    waiter.cancel()
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


def new_token() -> str:
    """The secret that lets the door's children claim "ssh:" identities (new at every start)."""
    return secrets.token_hex(24)
