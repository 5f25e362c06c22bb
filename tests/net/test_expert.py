"""Expert at a server's tables: a table takes expert seats and names every level when it refuses
one; a think called off (an undo, the server stopping) ends its search at once; the terminals
say the server's AI is thinking (the protocol tells no progress, so there is no bar); the hint
there asks hard and says so.

Budget: 4 s. The server's expert thinks for a minute here (no iteration cap), so a search still
running after it was called off would show.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

import engine.ai
from engine.core import SeatSpec
from rivals_net import protocol as p
from rivals_tui.remote_app import RemoteApp
from rivals_tui.screens.game import GameScreen
from tests.net.support import (
    WAIT,
    ann_at_bobs_table,
    identity,
    is_error,
    is_update,
    player,
    start_server,
    until,
)
from tests.net.test_remote_screen import bob_plays_until_ann_decides, pause_until, status


@pytest.fixture
def slow_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine.ai, "EXPERT_BUDGET", 60.0)
    monkeypatch.setattr(engine.ai, "EXPERT_ITERATIONS", 10**9)


async def searching(table: Any, seat: int) -> Any:
    """The seat's bot, once its search is under way at the server."""
    deadline = time.monotonic() + WAIT
    while not (seat in table.bots and table.bots[seat].searches >= 1):
        assert time.monotonic() < deadline, "the AI never began to think"
        await asyncio.sleep(0.01)
    return table.bots[seat]


async def test_a_table_takes_expert_seats_and_names_every_level_when_it_refuses_one(
    tmp_path: Path, slow_expert: None
) -> None:
    server = await start_server(tmp_path, seed=3)
    ann = await player(server, "Ann")
    ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer("ai", "master")]))
    refused = await until(ann, is_error)
    assert refused.text == 'A seat is "open" or "ai" at level easy, normal, hard or expert.'
    ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer("ai", "expert")]))
    seated = await until(ann, lambda m: isinstance(m, p.Seated))
    assert server.tables[seated.table].match.seats[1] == SeatSpec("AI 2", "ai", "expert")
    await ann.close()
    await server.stop()


@pytest.mark.parametrize("how", ["undo", "stop"])
async def test_a_think_called_off_ends_its_search_at_once(
    tmp_path: Path, slow_expert: None, how: str
) -> None:
    server = await start_server(tmp_path, seed=2)
    ann = await player(server, "Ann")
    ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer("ai", "expert")]))
    table = None
    while table is None or 1 not in table.match.to_act():
        u = await until(ann, lambda m: is_update(m) and (bool(m.choices) or 1 in m.to_act))
        table = next(iter(server.tables.values()))
        if u.choices:
            ann.send(p.Move(action=next(c for c in u.choices if c.reason is None).action))
    bot = await searching(table, 1)
    if how == "undo":
        ann.send(p.Undo())  # Ann takes her move back while the expert thinks about its answer
        await until(ann, lambda m: is_update(m) and 0 in m.to_act)
    else:
        await server.stop()
    # The thread that ran the search is free again: it did not think on for its minute.
    await asyncio.wait_for(asyncio.to_thread(server.executor.shutdown, True), WAIT)
    assert bot.progress() < 0.5
    await ann.close()
    await server.stop()


async def test_the_terminals_say_the_servers_ai_is_thinking_without_a_bar(
    tmp_path: Path, slow_expert: None
) -> None:
    server = await start_server(tmp_path / "saves", seed=5)
    bob = await player(server, "Bob")
    bob.send(p.Create(game="rivality", seats=[p.SeatOffer("ai", "expert"), p.SeatOffer(), p.SeatOffer()]))
    seated = await until(bob, lambda m: isinstance(m, p.Seated))
    table = server.tables[seated.table]
    assert table.match.to_act() == (0,)  # the expert decides first
    app = RemoteApp(
        "127.0.0.1", server.port, "Ann", identity("Ann"), code=seated.code, settings_path=tmp_path / "s.json"
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await searching(table, 0)
        await pause_until(pilot, lambda: "Waiting for AI 1 (AI, thinking…)" in status(app))
        assert "%" not in status(app)
    await bob.close()
    await server.stop()


async def test_the_hint_at_a_servers_table_asks_hard_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine.ai, "HARD_ITERATIONS", 40)
    server, bob, seated, app = await ann_at_bobs_table(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        table = server.tables[seated.table]
        await bob_plays_until_ann_decides(bob, table)
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen._my_turn())
        await pilot.press("h")
        await pause_until(pilot, lambda: "Hint (hard): the AI would " in status(app))
    await bob.close()
    await server.stop()
