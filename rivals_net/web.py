"""The web door: `rivals serve --web PORT` gives a browser the Rivals app, at this host's tables.

Textual's own `textual-serve` does the work of a terminal in the page: its script (xterm.js) draws
the app and sends keys over a websocket, and its `AppService` runs one app process per tab,
speaking Textual's web driver over the process's pipes. The app is the one every SSH session
runs: `rivals join` pointed at the table server, told who the player is by its environment.

What this module adds is what textual-serve leaves out:

- **Who the player is.** textual-serve has no logins. The first visit gives the browser a random
  secret in a cookie (HttpOnly, so no script reads it; SameSite=Strict, so no other site's page
  sends it; never in a URL, which servers and proxies log). The door hands the app only a hash of
  it, as a `web:` identity vouched for with the door token, in the app's environment (a command
  line is visible to anyone on the host in `ps`); the table server keeps a hash of that. The
  same browser coming back is the same player, in the same seats.
- **Limits**, as at the SSH door: sessions per identity, per address and in all (one app process
  each; shared with the SSH door when both run), a websocket message no longer than the table
  server's longest line, a browser that stops answering pings dropped, the window size the app is
  given bounded, and a bounded number of log lines per address.
- **A page that needs nothing from outside** (`web_page.html`): textual-serve's own page loads a
  font from the internet. This one uses the font and scripts textual-serve ships, served from
  here, and says so to the browser (Content-Security-Policy: nothing from any other origin). It
  finds the websocket from its own address, so it works unchanged behind a reverse proxy.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ipaddress
import json
import logging
import os
import re
import secrets
import shlex
import signal
import sys
from asyncio.subprocess import Process
from pathlib import Path
from typing import Any

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from rivals_net.door_limits import DoorLimits, LogLimiter, Sessions, window
from rivals_net.limits import Limits

log = logging.getLogger("rivals_net.web")

COOKIE = "rivals_player"
# The browser's secret: 32 random bytes, URL-safe base64 (what `secrets.token_urlsafe(32)` makes).
_SECRET = re.compile(r"[A-Za-z0-9_-]{43}")
# Ten years: the cookie is the player, and a player should not lose their seats to a date.
COOKIE_AGE = 10 * 365 * 24 * 3600
# A browser that answers no ping for this long (and half as long again) is gone.
HEARTBEAT = 30.0
# The longest message a tab may send (a paste): 1 MiB.
PASTE_LIMIT = 1 << 20
# After the tab closes, its app gets this long to leave its table before it is killed.
APP_GRACE = 3.0
# How much of the end of an app's standard error is kept, and the most of it a player is shown.
LAST_WORDS = 4096
MAX_SENTENCE = 300
PAGE = Path(__file__).with_name("web_page.html")
# textual-serve's own script, styles and font, served from here.
STATIC = Path(textual_serve.__file__).parent / "static"
# Nothing from another origin: the page works on a LAN cut off from the internet, and a page that
# tried to load something from outside would be refused by the browser rather than leak a visit.
POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'"
)
NO_COOKIE = "This browser has no Rivals cookie: open the page again (cookies must be allowed for it)."
WRONG_ORIGIN = "This connection did not come from the Rivals page."


def browser_secret(request: web.Request) -> str | None:
    """The secret the browser's cookie holds, if it is one this door could have made."""
    value = request.cookies.get(COOKIE, "")
    return value if _SECRET.fullmatch(value) else None


def identity_of(secret: str) -> str:
    """What the app is told the player is: a hash of the browser's secret (the secret itself
    never leaves this process), marked as one the web door vouches for."""
    return "web:" + hashlib.sha256(secret.encode()).hexdigest()


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def _loopback(address: str) -> bool:
    ip = _address(address)
    return ip is not None and ip.is_loopback


def client_address(request: web.Request) -> str:
    """The address a browser counts as: the peer's, or, for a request a reverse proxy on this host
    passed on (from loopback, with X-Forwarded-For), the last address the proxy wrote there (the
    one it saw; any before it are the client's own words). Only a proxy on this host is
    believed: anyone else could write the header."""
    peer = request.remote or "unknown"
    forwarded = _address(request.headers.get("X-Forwarded-For", "").split(",")[-1])
    if forwarded is not None and _loopback(peer):
        return str(forwarded)
    return peer


def _behind_tls(request: web.Request) -> bool:
    if request.secure:
        return True
    return _loopback(request.remote or "") and request.headers.get("X-Forwarded-Proto", "") == "https"


def _same_origin(request: web.Request) -> bool:
    """Whether a websocket was opened by a page of this site (browsers always send Origin; a
    page elsewhere must not drive a player's app, even though its cookie is SameSite)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True  # not a browser: it has no player's cookie to ride on
    host = request.headers.get("Host", "")
    return origin.split("://", 1)[-1] == host


class TabApp(AppService):
    """One tab's app: started without a shell, in a session of its own (so it can be ended with
    its children), with the player's identity in its environment; ended for certain on `stop`."""

    def __init__(self, argv: list[str], env: dict[str, str], **kwargs: Any) -> None:
        super().__init__(shlex.join(argv), **kwargs)
        self.argv = argv
        self.player_env = env
        self.last_words = bytearray()  # the end of what the app wrote to its standard error
        self._errors: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int:
        return self._process.pid if self._process is not None else 0

    @property
    def returncode(self) -> int | None:
        return self._process.returncode if self._process is not None else None

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = super()._build_environment(width, height)
        env.pop("LINES", None)  # (the host's; the web driver takes the size from COLUMNS and ROWS)
        env.update(self.player_env)
        return env

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width, height),
            start_new_session=True,
        )
        assert process.stdin is not None and process.stderr is not None
        self._stdin = process.stdin
        # textual-serve copies an app's standard error to the server's own output once the app
        # has ended. The door keeps it instead (its end only), to show the player the app's last
        # sentence, as an SSH player's terminal shows it (`run`); textual-serve is handed an
        # empty stream.
        self._errors = asyncio.get_running_loop().create_task(self._keep(process.stderr))
        process.stderr = _ended()
        return process

    async def _keep(self, stream: asyncio.StreamReader) -> None:
        while data := await stream.read(4096):
            self.last_words += data
            del self.last_words[:-LAST_WORDS]

    async def on_meta(self, data: bytes) -> None:
        # The app has left its screen: the tab is closed once the app has ended (`run`), so that
        # its last sentence can be shown first.
        if json.loads(data).get("type") != "exit":
            await super().on_meta(data)

    async def run(self) -> None:
        """The app's output passed to the page until the app ends (textual-serve); then the
        app's last sentence, if it said one ("The server is restarting..."), and the tab closed."""
        await super().run()
        if self._errors is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._errors, APP_GRACE)
        said = last_sentence(self.last_words)
        with contextlib.suppress(Exception):  # the tab may be gone already
            if said:
                await self.remote_write_bytes(f"\r\n  {said}\r\n".encode())
            await self.remote_close()

    async def end(self, grace: float) -> None:
        """Ask the app to quit; past `grace` seconds, kill it. Returns once it has ended."""
        process = self._process
        if process is None:
            return
        with contextlib.suppress(TimeoutError, OSError, ConnectionError):
            await asyncio.wait_for(self.stop(), grace)
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            await process.wait()
        for task in (self._task, self._errors):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task


def _ended() -> asyncio.StreamReader:
    stream = asyncio.StreamReader()
    stream.feed_eof()
    return stream


def last_sentence(errors: bytes | bytearray) -> str:
    """What `rivals join` said last on leaving (its lines begin "rivals: "), printable only."""
    lines = [line for line in errors.decode("utf-8", "replace").splitlines() if line.startswith("rivals: ")]
    if not lines:
        return ""
    said = lines[-1].removeprefix("rivals: ")
    return "".join(c for c in said if c.isprintable())[:MAX_SENTENCE]


class WebDoor:
    """The web server. Its apps dial the table server at `table_host`, port `table_port`, as the
    SSH door's do; `sessions` is the SSH door's count when both run (one limit on app processes)."""

    def __init__(
        self,
        table_port: int,
        token: str,
        players: Path | None = None,
        limits: DoorLimits | None = None,
        table_limits: Limits | None = None,
        table_host: str = "127.0.0.1",
        sessions: Sessions | None = None,
    ) -> None:
        self.table_port = table_port
        self.table_host = table_host
        self.token = token
        self.players = players
        limits = limits or DoorLimits()
        table_limits = table_limits or Limits()
        self.sessions = sessions or Sessions(limits)
        # A websocket message is a key, a paste or a new size. A paste arrives whole in one
        # message, and the app bounds what each field takes (a chat line says so in a sentence),
        # so the tab is closed only past a paste no person makes (the SSH door takes it too).
        self.max_message = max(table_limits.max_line, PASTE_LIMIT)
        self.heartbeat = min(HEARTBEAT, table_limits.idle)
        self.log = LogLimiter(log)
        self.apps: set[TabApp] = set()
        self.downloads = DownloadManager()
        self._runner: web.AppRunner | None = None
        self._site: web.TCPSite | None = None
        self.port = 0

    def app_args(self) -> list[str]:
        host = f"[{self.table_host}]" if ":" in self.table_host else self.table_host
        return [sys.executable, "-m", "rivals_tui", "join", f"{host}:{self.table_port}"]

    def application(self) -> web.Application:
        app = web.Application(client_max_size=self.max_message)
        app.add_routes(
            [
                web.get("/", self.index),
                web.get("/ws", self.websocket),
                web.static("/static", STATIC, show_index=False, follow_symlinks=False),
            ]
        )
        app.on_response_prepare.append(_headers)
        return app

    async def start(self, host: str, port: int) -> int:
        # aiohttp logs every request at INFO (a line per page load a client can repeat at will):
        # the door logs what matters itself, a bounded number of lines per address.
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
        # (On stopping, the apps have been ended first: nothing should be left to wait for long.)
        self._runner = web.AppRunner(
            self.application(), access_log=None, handle_signals=False, shutdown_timeout=APP_GRACE
        )
        await self._runner.setup()
        self._site = web.TCPSite(self._runner, host, port)
        await self._site.start()
        self.port = int(self._runner.addresses[0][1])
        return self.port

    async def stop(self, grace: float = 0.0) -> None:
        """End every tab's app: given `grace` seconds to end by itself (the table server has told
        it why), then killed; then the web server stops."""
        if self._site is not None:
            await self._site.stop()  # no new tabs; the open ones go on until told
        await asyncio.gather(*(a.end(grace) for a in list(self.apps)), return_exceptions=True)
        if self._runner is not None:
            await self._runner.cleanup()

    # -- the page ----------------------------------------------------------------------------------
    async def index(self, request: web.Request) -> web.Response:
        """The page, and on a first visit the browser's secret (kept ten years, sent back only to
        this site, never readable by a script)."""
        response = web.Response(body=PAGE.read_bytes(), content_type="text/html", charset="utf-8")
        secret = browser_secret(request) or secrets.token_urlsafe(32)
        response.set_cookie(
            COOKIE,
            secret,
            max_age=COOKIE_AGE,
            path="/",
            httponly=True,
            samesite="Strict",
            secure=_behind_tls(request),
        )
        return response

    # -- one tab -------------------------------------------------------------------------------
    async def websocket(self, request: web.Request) -> web.StreamResponse:
        address = client_address(request)
        secret = browser_secret(request)
        if not _same_origin(request):
            self.log.line(logging.INFO, address, f"browser from {address}: refused: another site's page")
            raise web.HTTPForbidden(text=WRONG_ORIGIN)
        if secret is None:
            raise web.HTTPForbidden(text=NO_COOKIE)
        identity = identity_of(secret)
        key = identity[4:]
        who = f"browser web:{key[:12]} from {address}"
        socket = web.WebSocketResponse(heartbeat=self.heartbeat, max_msg_size=self.max_message)
        await socket.prepare(request)
        refusal = self.sessions.admit(key, address, "This browser")
        if refusal is not None:
            self.log.line(logging.INFO, address, f"{who}: refused: {refusal}")
            await _say(socket, refusal)
            await socket.close()
            return socket
        try:
            await self._play(request, socket, identity, who, address)
        except Exception as exc:  # one tab's fault ends that tab only, in one line
            self.log.line(logging.WARNING, address, f"{who}: session ended by an error: {exc!r}")
        finally:
            self.sessions.release(key, address)
            with contextlib.suppress(Exception):
                await socket.close()
        return socket

    def _environment(self, identity: str) -> dict[str, str]:
        env = {"RIVALS_IDENTITY": identity, "RIVALS_DOOR": self.token, "RIVALS_NAME": "player"}
        env.setdefault("LANG", os.environ.get("LANG", "C.UTF-8"))
        if self.players is not None:
            # The player's settings (their name, theme...) in a folder of their own.
            folder = hashlib.sha256(identity.encode()).hexdigest()[:24]
            env["RIVALS_CONFIG_DIR"] = str(self.players / folder)
        return env

    async def _play(
        self, request: web.Request, socket: web.WebSocketResponse, identity: str, who: str, address: str
    ) -> None:
        cols, rows = window(_number(request.query.get("width")), _number(request.query.get("height")))
        app = TabApp(
            self.app_args(),
            self._environment(identity),
            write_bytes=socket.send_bytes,
            write_str=socket.send_str,
            close=socket.close,
            download_manager=self.downloads,
        )
        try:
            await app.start(cols, rows)
        except OSError as exc:
            self.log.line(logging.WARNING, address, f"{who}: cannot start the app: {exc}")
            await _say(socket, f"Cannot start Rivals: {exc}")
            return
        self.apps.add(app)
        self.log.line(logging.INFO, address, f"{who}: playing (app {app.pid})")
        try:
            await _relay(socket, app)
        finally:
            await app.end(APP_GRACE)
            self.apps.discard(app)
            self.log.line(logging.INFO, address, f"{who}: left (app {app.pid})")


async def _relay(socket: web.WebSocketResponse, app: TabApp) -> None:
    """Pass the page's keys, sizes and focus to the app until the tab or the app goes. A message
    that is not one the page sends is dropped; one over the size limit closes the tab (aiohttp)."""
    async for message in socket:
        if message.type != WSMsgType.TEXT:
            continue
        try:
            envelope = json.loads(message.data)
        except ValueError:
            continue
        if not (isinstance(envelope, list) and envelope and isinstance(envelope[0], str)):
            continue
        kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
        if kind == "stdin" and isinstance(data, str):
            await app.send_bytes(data.encode("utf-8", "replace"))
        elif kind == "resize" and isinstance(data, dict):
            cols, rows = window(_number(data.get("width")), _number(data.get("height")))
            await app.set_terminal_size(cols, rows)
        elif kind == "ping" and isinstance(data, str) and len(data) <= 32:
            await socket.send_json(["pong", data])
        elif kind == "blur":
            await app.blur()
        elif kind == "focus":
            await app.focus()


def _number(value: Any) -> int:
    """A size the page sent: a whole number, or 0 (the usual size) for anything else."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return max(0, value)
    if isinstance(value, str) and value.isdigit() and len(value) <= 6:
        return int(value)
    return 0


async def _say(socket: web.WebSocketResponse, text: str) -> None:
    """One sentence on the tab's terminal (before it is closed)."""
    with contextlib.suppress(Exception):
        await socket.send_bytes(f"\r\n  {text}\r\n".encode())


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store" if request.path == "/" else "max-age=3600"
