"""Snapshots of the Rivalist game screen at 80×24 and 120×40 in Age II: Ann has just taken a card
and must construct it, discard it or build a Wonder; both cities have cards and wonders, the
pawn has moved. Seeded play, pinned theme, no AI pace.

Update with `pytest tests/tui/rivalist/test_snapshots.py --snapshot-update` after a deliberate
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
from engine.rivalist import GAME
from engine.rivalist.state import BuildWonder, Construct
from rivals_tui.app import RivalsApp
from rivals_tui.session import LocalSession
from rivals_tui.settings import Settings
from saves.store import SaveStore

SIZES = [(80, 24), (120, 40)]


def interesting_match() -> Match:
    """Ann against a bot, played at random until Ann must use a card she can build or tuck."""
    seats = [SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")]
    for seed in range(1, 200):
        m = Match.new(GAME, GAME.Options(), seats, seed)
        rng = random.Random(seed)
        while not m.over:
            s = m.state
            legal = list(m.legal(0)) if m.to_act() == (0,) else []
            if (
                s.phase == "use"
                and s.age == 2
                and Construct() in legal
                and any(isinstance(a, BuildWonder) for a in legal)
                and s.pawn != 0
                and any(c >= 0 for row in s.wonder_cards for c in row)
            ):
                return m
            seat = m.to_act()[0]
            m.submit(seat, rng.choice(list(m.legal(seat))))
    raise AssertionError("no interesting moment found")


def rv_app(tmp_path: Path) -> RivalsApp:
    settings = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", confirm_moves=False, ai_pace=0.0).save(settings)
    store = SaveStore(tmp_path / "saves", games={"rivalist": GAME})
    session = LocalSession(interesting_match(), store)
    return RivalsApp(games={"rivalist": GAME}, store=store, settings_path=settings, session=session)


@pytest.mark.parametrize("size", SIZES)
def test_rivalist_game_screen(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def settle(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(rv_app(tmp_path), terminal_size=size, run_before=settle)
