"""Snapshots of the Rivality game screen at 80×24 and 120×40 while a tile is being laid: the
battlefield several tiles wide, the preview of the focused square drawn, the human to act.
Seeded play, pinned theme, no AI pace.

Update with `pytest tests/tui/rivality/test_snapshots.py --snapshot-update` after a deliberate
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
from engine.rivality import GAME
from engine.rivality.preview import preview
from rivals_tui.app import RivalsApp
from rivals_tui.session import LocalSession
from rivals_tui.settings import Settings
from saves.store import SaveStore

SIZES = [(80, 24), (120, 40)]


def interesting_match() -> Match:
    """Ann against a bot, played at random until Ann lays a tile whose preview takes a tile."""
    seats = [SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")]
    for seed in range(1, 200):
        m = Match.new(GAME, GAME.Options(), seats, seed)
        rng = random.Random(seed)
        while not m.over:
            s = m.state
            if m.to_act() == (0,) and s.phase == "place" and len(s.pos) >= 8:
                return m
            seat = m.to_act()[0]
            m.submit(seat, rng.choice(list(m.legal(seat))))
    raise AssertionError("no interesting moment found")


def rv_app(tmp_path: Path) -> RivalsApp:
    settings = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", confirm_moves=False, ai_pace=0.0).save(settings)
    store = SaveStore(tmp_path / "saves", games={"rivality": GAME})
    session = LocalSession(interesting_match(), store)
    return RivalsApp(games={"rivality": GAME}, store=store, settings_path=settings, session=session)


def test_the_moment_has_a_preview_that_changes_a_tile() -> None:
    m = interesting_match()
    s = m.state
    assert any(sp.result == "lands" for p in s.frontier for sp in preview(s, s.chosen, p, 0).spells)


@pytest.mark.parametrize("size", SIZES)
def test_rivality_game_screen(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def settle(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(rv_app(tmp_path), terminal_size=size, run_before=settle)
