"""What showing one update costs a player's app, in CPU time of its main thread (not a test: run
`python -m tests.net.paint_cpu [GAME ...]` from the repository root).

A headless app (Pilot) sits at a two-seat table of a server in the same process; Bob, over the
protocol, plays random legal moves for both seats (40 of them), each followed by a pause in which
the app shows it. Per move: the main thread's CPU (`time.thread_time`, which a busy machine does
not inflate the way it does wall time), the layouts and paints Textual did, and their CPU. The
server's own share in the same thread is under a millisecond.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.screen import Screen

from rivals_tui.screens.game import GameScreen
from tests.net.support import ann_at_bobs_table, is_update, random_move, until

CPU: Counter[str] = Counter()
CALLS: Counter[str] = Counter()


def timed(cls: type, name: str, label: str) -> None:
    original: Callable[..., Any] = getattr(cls, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.thread_time()
        try:
            return original(*args, **kwargs)
        finally:
            CPU[label] += time.thread_time() - started
            CALLS[label] += 1

    setattr(cls, name, wrapper)


async def measure(tmp: Path, game: str, moves: int = 40) -> str:
    server, bob, seated, app = await ann_at_bobs_table(tmp, game)
    rng = random.Random(1)
    async with app.run_test(size=(100, 30)) as pilot:
        while not isinstance(app.screen, GameScreen):
            await pilot.pause(0.02)
        await pilot.pause(0.3)
        CPU.clear()
        CALLS.clear()
        table = server.tables[seated.table]
        made, cpu = 0, 0.0
        while made < moves and not table.match.over:
            u = await until(bob, is_update)
            started = time.thread_time()
            if not await random_move(server, table, bob, u, rng):
                continue
            made += 1
            await pilot.pause(0.2)
            cpu += time.thread_time() - started
    await server.stop()
    parts = ", ".join(f"{k} {1000 * v / made:.1f} ms ({CALLS[k] / made:.1f}×)" for k, v in CPU.most_common())
    return f"{game}: {made} moves, main-thread CPU per move {1000 * cpu / made:.1f} ms | {parts}"


def main(games: list[str]) -> None:
    timed(Screen, "_refresh_layout", "layout and paint")
    timed(Screen, "_compositor_refresh", "paint")
    timed(GameScreen, "remote_changed", "taking the update in")
    with tempfile.TemporaryDirectory() as tmp:
        for game in games or ["rivalist", "rival_kings"]:
            print(asyncio.run(measure(Path(tmp) / game, game)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
