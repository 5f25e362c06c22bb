"""The web door (`rivals serve --web`) without a browser: an aiohttp client plays the page's part
against a real table server and web door on 127.0.0.1.

The browser itself (Chromium, two players and an SSH one at a table, reloads, secrecy on screen)
is tests_web/test_browser.py, run by .ci/run after this suite.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from unittest import mock

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import make_mocked_request

from rivals_net import protocol as p
from rivals_net.door_limits import DoorLimits
from rivals_net.limits import Limits
from rivals_net.table import identity_key
from rivals_net.web import COOKIE, NO_COOKIE, PASTE_LIMIT, STATIC, client_address, identity_of
from tests.net.support import start_server
from tests.net.web_support import browser, doors, screen


async def _first_visit(session: aiohttp.ClientSession, url: str) -> str:
    async with session.get(url) as page:
        assert page.status == 200
        cookie = page.cookies[COOKIE]
        return cookie.value


async def test_a_first_visit_gets_a_secret_that_only_this_site_sends_back(tmp_path: Path) -> None:
    web, tables = await doors(tmp_path)
    url = f"http://127.0.0.1:{web.port}/"
    async with browser() as session:
        async with session.get(url) as page:
            header = page.headers["Set-Cookie"]
            secret = page.cookies[COOKIE].value
        assert re.fullmatch(r"[A-Za-z0-9_-]{43}", secret)
        assert "HttpOnly" in header and "SameSite=Strict" in header and "Path=/" in header
        assert "Secure" not in header  # plain http: a Secure cookie would never come back
        # Coming back, the browser keeps its secret (the page sets the same one again).
        async with session.get(url) as again:
            assert again.cookies[COOKIE].value == secret
    async with browser() as other:  # another browser: another player
        assert await _first_visit(other, url) != secret
        # Behind a TLS proxy on this host, the cookie is sent over https only.
        async with other.get(url, headers={"X-Forwarded-Proto": "https"}) as proxied:
            assert "Secure" in proxied.headers["Set-Cookie"]
    await web.stop()


async def test_the_page_loads_nothing_from_outside(tmp_path: Path) -> None:
    web, tables = await doors(tmp_path)
    url = f"http://127.0.0.1:{web.port}/"
    async with browser() as session, session.get(url) as page:
        html = await page.text()
        policy = page.headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "connect-src 'self'" in policy
        loads = re.findall(r"""(?:src|href)=["']([^"']+)|url\(["']?([^"')]+)""", html)
        assert loads
        for found in loads:
            ref = "".join(found)
            assert "//" not in ref and ":" not in ref, f"the page loads {ref} from elsewhere"
            async with session.get(url + ref) as loaded:
                assert loaded.status == 200, ref
    # What the page's stylesheet loads is here too (none of it from elsewhere).
    css = (STATIC / "css" / "xterm.css").read_text()
    assert not re.findall(r"url\(\s*['\"]?(?:https?:)?//", css)
    await web.stop()


async def test_a_tab_without_the_cookie_or_from_another_site_gets_no_app(tmp_path: Path) -> None:
    web, tables = await doors(tmp_path)
    url = f"http://127.0.0.1:{web.port}/"
    async with browser() as session:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(url + "ws")
        assert refused.value.status == 403
        async with session.get(url + "ws", headers={"Upgrade": "websocket"}) as said:
            assert NO_COOKIE in await said.text()
        await _first_visit(session, url)
        with pytest.raises(aiohttp.WSServerHandshakeError) as elsewhere:
            await session.ws_connect(url + "ws", origin="http://evil.example")
        assert elsewhere.value.status == 403
    assert not web.apps and web.sessions.total == 0
    await web.stop()


async def test_a_browser_plays_as_a_hash_of_its_secret_within_the_limits(tmp_path: Path) -> None:
    # One session per browser here, so that a second tab is refused.
    web, tables = await doors(tmp_path, DoorLimits(per_key=1), Limits(max_line=4096))
    url = f"http://127.0.0.1:{web.port}/"
    async with browser() as session:
        secret = await _first_visit(session, url)
        socket = await session.ws_connect(
            url + "ws?width=100&height=30", origin=f"http://127.0.0.1:{web.port}"
        )
        seen = bytearray()
        await screen(socket, "Tables at", seen)  # the lobby
        [app] = web.apps
        # The table server knows the player by a hash of a hash of the secret; the app was told
        # the first hash in its environment, and the secret is nowhere but in the door.
        assert [c.key for c in tables.conns] == [identity_key(identity_of(secret))]
        environ = Path(f"/proc/{app.pid}/environ").read_bytes()
        command = Path(f"/proc/{app.pid}/cmdline").read_bytes()
        assert f"RIVALS_IDENTITY={identity_of(secret)}".encode() in environ
        assert secret.encode() not in environ + command and identity_of(secret).encode() not in command
        # A second tab of the same browser is over the limit: told so, and no app for it.
        second = await session.ws_connect(url + "ws", origin=f"http://127.0.0.1:{web.port}")
        told = bytearray()
        with pytest.raises(AssertionError, match="closed before"):
            await screen(second, "never", told)
        assert b"This browser already has 1 session open here" in told
        assert len(web.apps) == 1
        # A paste longer than the table server's longest line still reaches the app (the app's
        # fields bound what they take); one past the door's own bound closes the tab and ends
        # its app.
        await socket.send_str('["stdin", "' + "x" * 5000 + '"]')
        # Still open: a new size redraws the lobby.
        await socket.send_str('["resize", {"width": 90, "height": 30}]')
        await screen(socket, "Tables at", bytearray())
        assert app.returncode is None
        await socket.send_str('["stdin", "' + "x" * PASTE_LIMIT + '"]')
        async with asyncio.timeout(10):
            while (await socket.receive()).type not in (
                aiohttp.WSMsgType.CLOSE,
                aiohttp.WSMsgType.CLOSED,
            ):
                pass
        async with asyncio.timeout(10):
            while web.apps or web.sessions.total:
                await asyncio.sleep(0.05)
        assert app.returncode is not None
        # When the server stops, the tab shows why its app ended, as an SSH terminal does.
        again = await session.ws_connect(url + "ws", origin=f"http://127.0.0.1:{web.port}")
        shown = bytearray()
        await screen(again, "Tables at", shown)
        await tables.stop()
        with pytest.raises(AssertionError, match="closed before"):
            await screen(again, "never", shown)
        assert b"The server is restarting: connect again in a moment." in shown
    await web.stop()
    assert not web.apps


async def test_a_web_identity_needs_the_doors_token(tmp_path: Path) -> None:
    server = await start_server(tmp_path, door="secret-token")
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    await reader.readline()  # welcome
    writer.write(p.encode(p.Hello(name="Eve", identity="web:" + "a" * 64, door="guess")))
    writer.write(p.encode(p.ListTables()))
    async with asyncio.timeout(10):
        reply = p.decode(await reader.readline(), p.SERVER_MESSAGES)
    assert isinstance(reply, p.Error) and reply.text == "Only the web door may vouch for a web: identity."
    writer.close()
    await server.stop()


def _request(peer: str, headers: dict[str, str]) -> web.Request:
    transport = mock.Mock()
    transport.get_extra_info.side_effect = lambda name, default=None: (
        (peer, 50000) if name == "peername" else default
    )
    return make_mocked_request("GET", "/", headers=headers, transport=transport)


def test_only_a_proxy_on_this_host_says_where_a_browser_is() -> None:
    # Behind a proxy on this host, the address the proxy saw (the last one it lists) is the one
    # the per-address limits count; what a client wrote before it, or from elsewhere, is not.
    proxied = {"X-Forwarded-For": "10.9.9.9, 203.0.113.7"}
    assert client_address(_request("127.0.0.1", proxied)) == "203.0.113.7"
    assert client_address(_request("::1", proxied)) == "203.0.113.7"
    assert client_address(_request("198.51.100.2", proxied)) == "198.51.100.2"
    assert client_address(_request("127.0.0.1", {"X-Forwarded-For": "me, not an address"})) == "127.0.0.1"
    assert client_address(_request("127.0.0.1", {})) == "127.0.0.1"
