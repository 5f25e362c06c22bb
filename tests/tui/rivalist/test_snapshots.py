"""Snapshots of the Rivalist game screen at 80×24 and 120×40 in Age II: Ann has just taken a card
and must construct it, discard it or build a Wonder; both cities have cards and wonders, the
pawn has moved. Seeded play, pinned theme, no AI pace.

Update with `pytest tests/tui/rivalist/test_snapshots.py --snapshot-update` after a deliberate
change, and look at the SVGs before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.core.match import Match
from engine.rivalist.actions import BuildWonder, Construct
from tests.tui.boards import SIZES, pinned, screen_app, settle


def interesting(m: Match) -> bool:
    """Ann must use a card she can build or tuck under a Wonder."""
    s = m.state
    legal = list(m.legal(0)) if m.to_act() == (0,) else []
    return (
        s.phase == "use"
        and s.age == 2
        and Construct() in legal
        and any(isinstance(a, BuildWonder) for a in legal)
        and s.pawn != 0
        and any(c >= 0 for row in s.wonder_cards for c in row)
    )


@pytest.mark.parametrize("size", SIZES)
def test_rivalist_game_screen(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = screen_app(tmp_path, pinned("rivalist-screen"))
    assert snap_compare(app, terminal_size=size, run_before=settle)
