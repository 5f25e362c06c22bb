"""Snapshots of the Rivality game screen at 80×24 and 120×40 while a tile is being laid: the
battlefield several tiles wide, the preview of the focused square drawn, the human to act.
Seeded play, pinned theme, no AI pace.

Update with `pytest tests/tui/rivality/test_snapshots.py --snapshot-update` after a deliberate
change, and look at the SVGs before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.core.match import Match
from engine.rivality.preview import preview
from tests.tui.boards import SIZES, pinned, screen_app, settle


def interesting(m: Match) -> bool:
    """Ann lays a tile with the battlefield at least eight tiles big."""
    return m.to_act() == (0,) and m.state.phase == "place" and len(m.state.pos) >= 8


def test_the_moment_has_a_preview_that_changes_a_tile() -> None:
    s = pinned("rivality-screen").state
    assert any(sp.result == "lands" for p in s.frontier for sp in preview(s, s.chosen, p, 0).spells)


@pytest.mark.parametrize("size", SIZES)
def test_rivality_game_screen(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = screen_app(tmp_path, pinned("rivality-screen"))
    assert snap_compare(app, terminal_size=size, run_before=settle)
