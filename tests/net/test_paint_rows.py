"""What a player's app at a table paints after each update is what a repaint of everything gives.

A line board repaints only the rows whose drawing changed (`LineBoard._repaint_rows`), a board
resized by a layout is not repainted again, and the screen paints an update in one go
(`GameScreen.remote_changed`): a row any of these leaves stale would differ here. Random moves,
for both seats, in Rivalist (whose status line changes height every other move, so the screen is
laid out again) and Rivals (whose board follows the cursor).

Budget: 10 s (mostly the pauses that let each update be painted).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rivals_tui.screens.game import GameScreen
from tests.net.support import ann_at_bobs_table, is_update, random_move, until


@pytest.mark.paints
@pytest.mark.parametrize("game", ["rivalist", "rivals"])
async def test_what_is_painted_after_each_update_is_what_a_full_repaint_paints(
    tmp_path: Path, game: str
) -> None:
    server, bob, seated, app = await ann_at_bobs_table(tmp_path, game, seed=7)
    updates = 0
    shown = GameScreen.remote_changed

    def counted(screen: GameScreen, log_reset: bool, refused: str | None = None) -> None:
        nonlocal updates
        updates += 1
        shown(screen, log_reset, refused)

    rng = random.Random(2)
    compared = 0
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(GameScreen, "remote_changed", counted)
        async with app.run_test(size=(100, 30)) as pilot:
            while not isinstance(app.screen, GameScreen):
                await pilot.pause(0.02)
            table = server.tables[seated.table]
            made = 0
            while made < 10 and not table.match.over:
                u = await until(bob, is_update)
                if not await random_move(server, table, bob, u, rng):
                    continue
                made += 1
                # Let the update settle (on a loaded machine a layout pass may still be due):
                # two screenshots a moment apart that agree, then repaint everything and compare.
                seen, painted = updates, ""
                for _ in range(20):
                    await pilot.pause(0.1)
                    again = app.export_screenshot()
                    if again == painted:
                        break
                    seen, painted = updates, again
                for widget in app.screen.walk_children():
                    widget.refresh()
                await pilot.pause(0.05)
                if updates == seen:  # no update came in between
                    assert app.export_screenshot() == painted, f"stale rows after move {made}"
                    compared += 1
    await server.stop()
    assert compared >= 6
