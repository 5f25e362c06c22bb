"""Snapshots of the Rival Kings game screen at 80×24 and 120×40, mid-cycle: crests on the table,
cards collected, the human player to act. Seeded play, pinned theme, no AI pace.

Update with `pytest tests/tui/rival_kings/test_snapshots.py --snapshot-update` after a deliberate
change, and look at the SVGs before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.core.match import Match
from tests.tui.boards import SIZES, pinned, screen_app, settle


def interesting(m: Match) -> bool:
    """Ann to act with crests and cards on the table."""
    s = m.state
    return (
        m.to_act() == (0,)
        and s.phase == "turn"
        and bool(s.crests)
        and all(s.buildings[i] or s.subjects[i] for i in range(2))
        and len(s.buildings[0]) + len(s.subjects[0]) >= 2
    )


@pytest.mark.parametrize("size", SIZES)
def test_rival_kings_game_screen(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = screen_app(tmp_path, pinned("rival_kings-screen"))
    assert snap_compare(app, terminal_size=size, run_before=settle)
