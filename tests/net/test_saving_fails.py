"""A table whose saves fail (the folder full or read-only): a move that is not on disk is told to
nobody; every seat and spectator is told the table waits; nothing more happens at the table (moves,
undos, the AI, the next game) until a retry saves it; then everyone is told all they missed and
play goes on by itself. The lobby never shows a move before it is on disk, nor does the app's
status line keep the waiting sentence once the table goes on.

Budget: 5 s (the server in the test's loop, over the protocol on 127.0.0.1; two Pilot apps).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from textual.widgets import Static

from engine.core.match import Match, Series
from rivals_net import protocol as p
from rivals_net.client import TableClient
from rivals_net.saving import CANNOT_SAVE
from rivals_net.server import TableServer
from rivals_tui.remote_app import RemoteApp
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from saves.errors import SaveError
from saves.store import SaveStore
from tests.net.support import identity, is_error, is_update, player, start_server, table_for, until
from tests.net.test_series import CODE, finished_first_game


class FailingStore(SaveStore):
    """A save folder whose disk refuses every write while `full` is set, as a full or read-only
    one does (the real store turns the system's error into this same SaveError)."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.full = False
        self.refused = 0

    def save(self, name: str, match: Match) -> Path:
        if self.full:
            self.refused += 1
            raise SaveError(f"{name}.json", "could not be saved (No space left on device)")
        return super().save(name, match)


async def failing_server(root: Path, **kw: Any) -> tuple[TableServer, FailingStore]:
    store = FailingStore(root)
    server = await start_server(root, store=store, **kw)
    server.disk.pauses = (0.02, 0.1)  # retried every tenth of a second at most
    return server, store


async def quiet(client: TableClient, seconds: float = 0.3) -> list[Any]:
    """Every message `client` receives in the next `seconds`."""
    got: list[Any] = []
    with_deadline = asyncio.get_running_loop().time() + seconds
    while (left := with_deadline - asyncio.get_running_loop().time()) > 0:
        try:
            got.append(await asyncio.wait_for(client.receive(), left))
        except TimeoutError:
            break
    return got


def notice(text: str) -> p.Notice:
    return p.Notice(table=1, text=text)


async def test_a_move_that_cannot_be_saved_is_told_to_nobody_and_the_table_waits(tmp_path: Path) -> None:
    server, store = await failing_server(tmp_path, seed=3)
    ann, bob, eve = [await player(server, n) for n in ("Ann", "Bob", "Eve")]
    await table_for(server, [ann, bob], "rivalist")
    table = server.tables[1]
    eve.send(p.Watch(table=1))
    first = [await until(c, is_update) for c in (ann, bob, eve)]
    for c in (ann, bob, eve):
        await quiet(c, 0.1)  # (updates saying who has come)
    mover = ann if first[0].choices else bob
    mine = first[0] if mover is ann else first[1]
    waiting_for = table.info(set()).waiting_for
    told = first[0].decisions
    store.full = True
    mover.send(p.Move(action=next(c for c in mine.choices if c.reason is None).action))
    # Everyone at the table hears that it waits, and nothing else: no update, no move told.
    for c in (ann, bob, eve):
        assert await asyncio.wait_for(c.receive(), 5) == notice(CANNOT_SAVE)
        assert not [m for m in await quiet(c, 0.1) if is_update(m)]
    assert len(table.match.history) == told + 1  # held in memory, not on disk
    assert len(SaveStore(tmp_path).load(table.name).history) == told
    assert store.refused >= 3, "saving was not tried again"
    # Nothing more happens at the table meanwhile; each refusal says why.
    mover.send(p.Undo())
    assert (await until(mover, is_error)).text == CANNOT_SAVE
    # The lobby does not show the move either, and someone coming to watch is told the table waits.
    zoe = await player(server, "Zoe")
    zoe.send(p.ListTables())
    (line,) = (await until(zoe, lambda m: isinstance(m, p.Tables))).tables
    assert line.waiting_for == waiting_for
    zoe.send(p.Watch(table=1))
    assert isinstance(await until(zoe, lambda m: not isinstance(m, p.Tables)), p.Seated)
    assert await asyncio.wait_for(zoe.receive(), 5) == notice(CANNOT_SAVE)
    assert not [m for m in await quiet(zoe, 0.1) if is_update(m)]
    # The disk recovers: the next retry saves the move, and everyone is told it, the waiting over.
    store.full = False
    latest = {}
    for c in (ann, bob, eve, zoe):
        assert await asyncio.wait_for(c.receive(), 5) == notice("")
        latest[c] = await until(c, is_update)
        assert latest[c].decisions == told + 1
    assert len(SaveStore(tmp_path).load(table.name).history) == told + 1
    # (The lobby's lines are at most a second old: asked again until they show the move.)
    for _ in range(30):
        zoe.send(p.ListTables())
        (line,) = (await until(zoe, lambda m: isinstance(m, p.Tables))).tables
        if line.waiting_for != waiting_for:
            break
        await asyncio.sleep(0.1)
    assert line.waiting_for == table.info(set()).waiting_for != waiting_for
    # And play goes on as before.
    deciding = next(c for c in (ann, bob) if latest[c].choices)
    deciding.send(p.Move(action=next(c for c in latest[deciding].choices if c.reason is None).action))
    await until(eve, lambda m: is_update(m) and m.decisions == told + 2)
    for c in (ann, bob, eve, zoe):
        await c.close()
    await server.stop()


async def test_the_ai_waits_with_the_table_and_plays_once_it_is_saved(tmp_path: Path) -> None:
    server, store = await failing_server(tmp_path, seed=2)
    ann = await player(server, "Ann")
    await table_for(server, [ann], "rivalist", ai=1)
    table = server.tables[1]
    u = await until(ann, lambda m: is_update(m) and bool(m.choices))
    store.full = True
    ann.send(p.Move(action=next(c for c in u.choices if c.reason is None).action))
    assert await until(ann, lambda m: isinstance(m, p.Notice)) == notice(CANNOT_SAVE)
    held = len(table.match.history)
    # Ann drops and comes back meanwhile (each wakes the table's AI, had it anything to do).
    await ann.close()
    await asyncio.sleep(0.2)
    ann = await player(server, "Ann")
    ann.send(p.Join(code=table.code))
    assert isinstance(await until(ann, lambda m: not isinstance(m, p.Tables)), p.Seated)
    assert await asyncio.wait_for(ann.receive(), 5) == notice(CANNOT_SAVE)
    await asyncio.sleep(0.2)
    assert len(table.match.history) == held, "the AI played at a table that could not be saved"
    store.full = False
    assert await until(ann, lambda m: isinstance(m, p.Notice)) == notice("")
    await until(ann, lambda m: is_update(m) and m.decisions > held)  # the AI's move, told once saved
    assert len(SaveStore(tmp_path).load(table.name).history) > held
    await ann.close()
    await server.stop()


async def test_the_next_game_waits_until_it_is_saved(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    finished_first_game(saves, Series(games=2))
    server, store = await failing_server(saves)
    ann, bob = await player(server, "Ann"), await player(server, "Bob")
    for who in (ann, bob):
        who.send(p.Join(code=CODE))
        assert (await until(who, is_update)).outcome is not None
        await until(who, lambda m: isinstance(m, p.Chat))  # (the table's chat comes after the update)
    ann.send(p.Again())
    await until(bob, lambda m: is_update(m) and m.again == [0])
    store.full = True
    bob.send(p.Again())
    for who in (ann, bob):
        assert await until(who, lambda m: not is_update(m) and not isinstance(m, p.Record)) == notice(
            CANNOT_SAVE
        )
        assert not [m for m in await quiet(who, 0.1) if isinstance(m, p.Seated)]
    store.full = False
    for who, seat in ((ann, 0), (bob, 1)):
        assert await asyncio.wait_for(who.receive(), 5) == notice("")
        assert (await until(who, lambda m: isinstance(m, p.Seated))).seat == seat
        fresh = await until(who, is_update)
        assert fresh.outcome is None and fresh.decisions == 0
    assert len(SaveStore(saves).load("table-1").series.results) == 1
    for who in (ann, bob):
        await who.close()
    await server.stop()


async def test_the_app_shows_the_waiting_sentence_until_the_table_goes_on(tmp_path: Path) -> None:
    server, store = await failing_server(tmp_path / "saves", seed=6)
    bob = await player(server, "Bob")
    bob.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer()]))
    seated = await until(bob, lambda m: isinstance(m, p.Seated))
    app = RemoteApp(
        "127.0.0.1", server.port, "Ann", identity("Ann"), code=seated.code, settings_path=tmp_path / "s.json"
    )

    def status() -> str:
        lines = app.screen.query("#status")
        return str(lines.first(Static).render()) if lines else ""

    async with app.run_test(size=(80, 24)) as pilot:

        async def settle(test: Any) -> None:
            deadline = time.monotonic() + 60  # generous: a loaded machine is slow, a pass is quick
            while time.monotonic() < deadline:
                await pilot.pause(0.02)
                if test():
                    return
            raise AssertionError(f"the screen never got there: {status()!r}")

        await settle(lambda: isinstance(app.screen, GameScreen))
        u = await until(bob, lambda m: is_update(m) and (bool(m.choices) or 1 in m.to_act))
        assert app.session is not None
        seen = len(app.session.log_for(1))
        store.full = True
        if u.choices:  # Bob moves (the app only watches)
            bob.send(p.Move(action=next(c for c in u.choices if c.reason is None).action))
        else:  # Ann's move, by keys
            await settle(lambda: "Ann:" in status())
            await pilot.press("a")
            await settle(lambda: not isinstance(app.screen, GameScreen))
            await pilot.press("enter")
        await settle(lambda: CANNOT_SAVE in status().replace("\n", " "))
        assert app.session is not None and len(app.session.log_for(1)) == seen  # the move not told
        store.full = False
        await settle(lambda: "cannot save" not in status())
        await settle(lambda: app.session is not None and len(app.session.log_for(1)) > seen)
    await bob.close()
    await server.stop()


async def test_the_game_over_screen_says_the_next_game_waits_for_the_server(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    finished_first_game(saves, Series(games=3))
    server, store = await failing_server(saves)
    bob = await player(server, "Bob")
    bob.send(p.Join(code=CODE))
    app = RemoteApp(
        "127.0.0.1", server.port, "Ann", identity("Ann"), code=CODE, settings_path=tmp_path / "s.json"
    )
    async with app.run_test(size=(80, 24)) as pilot:

        async def settle(test: Any) -> None:
            deadline = time.monotonic() + 60  # generous: a loaded machine is slow, a pass is quick
            while time.monotonic() < deadline:
                await pilot.pause(0.02)
                if test():
                    return
            raise AssertionError(f"the screen never got there: {app.screen!r} {again_line_or_none()!r}")

        def again_line_or_none() -> str | None:
            return again_line() if app.screen.query("#over-again") else None

        def again_line() -> str:
            return str(app.screen.query_one("#over-again", Static).render()).replace("\n", " ")

        await settle(lambda: isinstance(app.screen, GameOverScreen) and bool(app.screen.query("#over-again")))
        bob.send(p.Again())
        await settle(lambda: "Bob asked for the next game" in again_line())
        store.full = True
        await pilot.press("n")
        await settle(lambda: CANNOT_SAVE in again_line())
        assert isinstance(app.screen, GameOverScreen)
        store.full = False
        await settle(lambda: isinstance(app.screen, GameScreen))
        assert len(SaveStore(saves).load("table-1").series.results) == 1
    await bob.close()
    await server.stop()
