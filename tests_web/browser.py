"""A player's browser for the web door's tests: headless Chromium (Debian's, at /usr/bin/chromium)
driven by Playwright, keeping everything the page's terminal was sent.

What the page shows is read from what its websocket received — the app's output, exactly what the
page's terminal draws — with the escape sequences taken out, as `rivals_net.harness.Terminal`
reads an SSH session. Keys are typed into the page as a person types them. Every request the page
makes is kept, so a test can check that nothing comes from anywhere but the door.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from playwright.async_api import Browser, BrowserContext, Page, Playwright, WebSocket

from rivals_net.harness import Screen, Stuck

CHROMIUM = os.environ.get("RIVALS_CHROMIUM", "/usr/bin/chromium")
# What Chromium needs to run headless here, as root, with no network and nothing to phone home.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


async def launch(pw: Playwright) -> Browser:
    """Chromium with a fresh profile of its own (Playwright makes one, and removes it after); each
    player is a context of it, with cookies of its own, as two browsers would be."""
    return await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, chromium_sandbox=False)


class Player(Screen):
    """One person's browser (its cookies are theirs: a new tab in it is the same player); what its
    page has been drawn, read as a terminal's (`Screen`)."""

    def __init__(self, context: BrowserContext, url: str, name: str) -> None:
        super().__init__(name)
        self.context = context
        self.url = url
        self.name = name
        self.page: Page | None = None
        self.requests: list[str] = []
        self.errors: list[str] = []

    async def open(self) -> Player:
        """A new tab at the door (the old one, if any, closed first)."""
        if self.page is not None:
            await self.page.close()
        self.screen.clear()
        page = self.page = await self.context.new_page()
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("websocket", self._follow)
        await page.goto(self.url)
        await self._focus()
        return self

    async def _focus(self) -> None:
        # Keys go to the terminal once it has the focus: a person clicks on it.
        assert self.page is not None
        await self.page.wait_for_selector(".xterm-helper-textarea", state="attached")
        await self.page.focus(".xterm-helper-textarea")

    def _follow(self, socket: WebSocket) -> None:
        def received(payload: Any) -> None:
            if isinstance(payload, bytes):
                self.screen.extend(payload)

        socket.on("framereceived", received)

    async def reload(self) -> None:
        assert self.page is not None
        self.screen.clear()
        await self.page.reload()
        await self._focus()

    async def close_tab(self) -> None:
        if self.page is not None:
            await self.page.close()
            self.page = None

    async def press(self, *keys: str) -> None:
        """Keys as Playwright names them ("j", "Enter", "Escape"), typed into the page."""
        assert self.page is not None
        for key in keys:
            await self.page.keyboard.press(key)

    async def type(self, text: str) -> None:
        assert self.page is not None
        await self.page.keyboard.type(text)

    async def join(self, code: str) -> None:
        """From the lobby, take a seat with the invite code (or be taken back to the one held)."""
        listed = "Detail | table. c creates | tables. c creates | No tables yet."
        if await self.wait_for(listed) == "Detail":
            return
        mark = len(self.screen)
        await self.press("j")
        await self.wait_for("Join a table", since=mark)
        await self.type(code)
        await self.press("Enter")
        await self.wait_for("Detail", since=mark)

    async def decide(self) -> None:
        """Open the action picker and take its first allowed move (as harness.Terminal does)."""
        for _ in range(10):
            mark = len(self.screen)
            await self.press("a")
            try:
                await self.wait_for("Type to filter", since=mark, timeout=3)
            except Stuck:
                await self.press("Escape")
                await asyncio.sleep(0.2)
                continue
            await self.press("Enter")
            return
        raise Stuck(f"{self.name} could not open the action picker")
