"""Snapshots of the Rival Kings game screen at 80×24 and 120×40, mid-cycle: crests on the table,
cards collected, the human player to act. Seeded play, pinned theme, no AI pace.

Update with `pytest tests/tui/rival_kings/test_snapshots.py --snapshot-update` after a deliberate
change, and look at the SVGs before committing them.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from engine.core import SeatSpec
from engine.core.match import Match
from engine.rival_kings import GAME
from rivals_tui.app import RivalsApp
from rivals_tui.session import LocalSession
from rivals_tui.settings import Settings
from saves.store import SaveStore

SIZES = [(80, 24), (120, 40)]


def interesting_match() -> Match:
    """Ann against a bot, played at random until Ann is to act with crests and cards on the table."""
    seats = [SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")]
    for seed in range(1, 200):
        m = Match.new(GAME, GAME.Options(), seats, seed)
        rng = random.Random(seed)
        while not m.over:
            s = m.state
            if (
                m.to_act() == (0,)
                and s.phase == "turn"
                and s.crests
                and all(s.buildings[i] or s.subjects[i] for i in range(2))
                and len(s.buildings[0]) + len(s.subjects[0]) >= 2
            ):
                return m
            seat = m.to_act()[0]
            m.submit(seat, rng.choice(list(m.legal(seat))))
    raise AssertionError("no interesting moment found")


def rk_app(tmp_path: Path) -> RivalsApp:
    settings = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", confirm_moves=False, ai_pace=0.0).save(settings)
    store = SaveStore(tmp_path / "saves", games={"rival_kings": GAME})
    session = LocalSession(interesting_match(), store)
    return RivalsApp(games={"rival_kings": GAME}, store=store, settings_path=settings, session=session)


@pytest.mark.parametrize("size", SIZES)
def test_rival_kings_game_screen(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def settle(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(rk_app(tmp_path), terminal_size=size, run_before=settle)
