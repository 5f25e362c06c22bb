"""The web door in a real browser: `rivals serve --web PORT` in a child process on 127.0.0.1, two
players in headless Chromium (two browser contexts: two cookie jars, two people) and one over SSH,
at one Rival Kings table, every decision made by keys in the decider's own page or terminal.

What a person would notice: the page comes up with the lobby and loads nothing from anywhere but
the door; the browsers take seats with the invite code; a move made in a browser reaches the other
browser and the SSH terminal, and one made over SSH reaches the browsers; a reload, and a tab
closed mid-game and opened again, come back to the same seat; what one browser is sent holds
nothing of another seat's hand; and when the server stops, no app process is left.

Not part of the README's test command (it needs Chromium and Playwright): `.ci/run` installs them
and runs this on its own. Budget: a minute. Measured on the shared two-core machine at a load
average of 18-20: 31 s (`python -m pytest tests_web`); the whole `.ci/run` step on a clean clone,
with Chromium already installed, 74 s (the test 47 s of it, installing Playwright the rest).
"""

from __future__ import annotations

import asyncio
import random
import re
import shutil
from pathlib import Path

import asyncssh
import pytest
from playwright.async_api import async_playwright

from engine.core.match import Match
from engine.registry import GAMES
from engine.rival_kings.data import CHARACTERS
from rivals_net import protocol as p
from rivals_net.harness import CODE, Host, Terminal, Watcher, free_port, named_seats, seed_table
from tests_web.browser import CHROMIUM, Player, launch

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None, reason=f"no Chromium at {CHROMIUM}")

NAMES = ["Ann", "Bob", "Cy"]


def early_position(seed: int, made: int) -> Match:
    """A three-player Rival Kings game after `made` random decisions: early enough that the
    others' hands hold characters nobody has seen played yet."""
    game = GAMES["rival_kings"]
    m = Match.new(game, game.Options(), named_seats(NAMES, 0), seed)
    rng = random.Random(seed)
    for _ in range(made):
        s = m.to_act()[0]
        m.submit(s, rng.choice(list(m.legal(s))))
    return m


def hidden_from(update: p.Update, match: Match, seat: int) -> set[str]:
    """Characters in the other seats' hands that `seat` cannot know of: held by nobody else it can
    see, named nowhere in the table's public log (a spectator's) or its own hand."""
    state = match.state
    own = {CHARACTERS[c].name for c in state.hands[seat]}
    public = " ".join(str(e["text"]) for e in update.log)
    others = {CHARACTERS[c].name for s, hand in enumerate(state.hands) if s != seat for c in hand}
    return {n for n in others - own if not re.search(rf"\b{re.escape(n)}\b", public)}


def shows(player: Player | Terminal, name: str, since: int = 0) -> bool:
    return re.search(rf"\b{re.escape(name)}\b", player.text(since)) is not None


async def play(deciders: list[Player | Terminal], watcher: Watcher, decisions: int) -> None:
    """Make `decisions` decisions, each by keys in the deciding seat's own page or terminal, and
    see each reach the other two: their screens draw the move's first line in the log."""
    for _ in range(decisions):
        now = await watcher.until(lambda u: bool(u.to_act) or u.outcome is not None)
        if now.outcome is not None:
            return
        seat = now.to_act[0]
        marks = [len(d.screen) for d in deciders]
        seen = len(watcher.updates)
        await deciders[seat].decide()
        await watcher.until(lambda u, b=now.decisions: u.decisions > b)
        told = [e for _, u in watcher.updates[seen:] for e in u.log]
        assert told, "a decision told the table nothing"
        # A word of the move's first log line (the longest: one word is never split by wrapping;
        # the seats' names are the app's, not the engine's "Player N").
        words = re.findall(r"[A-Za-z]{5,}", str(told[0]["text"]).replace("Player", ""))
        word = max(words, key=len)
        for other, (d, mark) in enumerate(zip(deciders, marks, strict=True)):
            if other != seat:
                await d.wait_for(word, since=mark)


async def test_two_browsers_and_an_ssh_player_at_one_table(tmp_path: Path) -> None:
    web_port = free_port()
    host = Host(tmp_path, args=["--web", str(web_port)])
    host.saves.mkdir()
    key = asyncssh.generate_private_key("ssh-ed25519")
    start = early_position(seed=1, made=3)
    # Seats 0 and 1 are free for the browsers (they take them with the code); Cy's is his key's.
    seed_table(host.saves, start, [None, None, key])
    host.start()
    url = f"http://127.0.0.1:{web_port}/"
    watcher = Watcher()
    cy = Terminal(key, "cy")
    async with async_playwright() as pw:
        browser = await launch(pw)
        size = {"width": 1100, "height": 760}
        ann = Player(await browser.new_context(viewport=size), url, "Ann")
        bob = Player(await browser.new_context(viewport=size), url, "Bob")
        try:
            await watcher.open(host.table_port)
            first = await watcher.until(lambda u: True)
            await ann.open()
            await ann.wait_for("Tables at")  # the lobby
            await ann.join(CODE)
            await bob.open()
            await bob.join(CODE)
            await cy.join(host.port)
            seated = await watcher.until(lambda u: all(s.here for s in u.seats))
            assert seated.decisions == first.decisions
            assert len(host.apps()) == 3  # an app per page, and Cy's

            # Nothing came from anywhere but the door (the page, its script, styles and font).
            for player in (ann, bob):
                assert player.requests and all(r.startswith(url) for r in player.requests), player.requests
                assert not [e for e in player.errors if "Content Security Policy" in e]

            # Each page shows its own hand and nothing of the others' (checked before any move,
            # while the table is the position the test put on disk).
            for seat, player in enumerate((ann, bob)):
                await player.wait_for("Your hand")
                hidden = hidden_from(first, start, seat)
                assert hidden, "the position hides no character from this seat: pick another"
                for c in start.state.hands[seat]:
                    assert shows(player, CHARACTERS[c].name)
                assert not [n for n in hidden if shows(player, n)]

            await play([ann, bob, cy], watcher, 4)

            # A reload takes Ann back to her seat; her old tab's app is gone.
            mark = await watcher.until(lambda u: True)
            await ann.reload()
            await ann.join(CODE)  # straight back to the table: no code asked
            back = await watcher.until(lambda u: u.seats[0].here and u.seats[0].name == mark.seats[0].name)
            assert back.decisions == mark.decisions
            await until_apps(host, 3)

            # Bob closes his tab mid-game: his seat waits for him; the same browser brings him back.
            await bob.close_tab()
            await watcher.until(lambda u: not u.seats[1].here)
            await until_apps(host, 2)
            await bob.open()
            await bob.join(CODE)
            await watcher.until(lambda u: u.seats[1].here)
            await until_apps(host, 3)

            await play([ann, bob, cy], watcher, 4)
        finally:
            await cy.close()
            await watcher.close()
            await browser.close()
            host.stop()
    await host.until_no_apps()


async def until_apps(host: Host, count: int) -> None:
    """Until exactly `count` app processes run for the host's doors."""
    for _ in range(200):
        if len(host.apps()) == count:
            return
        await asyncio.sleep(0.05)
    assert len(host.apps()) == count
