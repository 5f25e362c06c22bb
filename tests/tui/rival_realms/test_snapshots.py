"""Snapshots of the Rival Realms game screen: mid-game at 80×24 and 120×40, an adventure being
planned at 80×24, the solo game, and the final score broken down by category. Seeded play,
pinned theme, no AI pace. (The legend and ASCII snapshots are in tests/tui/test_legends.py.)

Update with `pytest tests/tui/rival_realms/test_snapshots.py --snapshot-update` after a
deliberate change, and look at the SVGs before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.core import SeatSpec
from engine.core.match import Match
from engine.rival_realms.actions import Go
from rivals_tui.widgets.action_picker import ActionPicker
from tests.tui.boards import SIZES, pinned, screen_app, settle


def mid_game(m: Match) -> bool:
    """Ann to act at the start of a turn, with regions, explored land and cards in the nests."""
    s = m.state
    return (
        m.to_act() == (0,)
        and s.phase == "turn"
        and s.action == ""
        and all(sum(map(bool, s.regions[i])) >= 6 for i in range(2))
        and sum(s.explored[0]) >= 3
        and bool(s.nests[0] or s.nests[1])
        and any(isinstance(a, Go) and a.card for a in m.legal(0))
    )


@pytest.mark.parametrize("size", SIZES)
def test_rival_realms_game_screen(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = screen_app(tmp_path, pinned("rival_realms-screen"))
    assert snap_compare(app, terminal_size=size, run_before=settle)


async def plan_two_steps(pilot: Any) -> None:
    """Plan the first paid step the board offers, then one more if there is one."""
    await settle(pilot)
    board = pilot.app.screen.query_one("#board")
    for _ in range(2):
        view, legal = board.current()
        step = next((a for a in legal if isinstance(a, Go) and (a.card or a.creature)), None)
        if step is None:
            break
        board.focus_action(step)
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(pilot.app.screen, ActionPicker):
            await pilot.press("enter")
            await pilot.pause()
    assert board.plan
    await settle(pilot)  # on a busy machine the last step's repaint may still be on its way


def test_an_adventure_being_planned(snap_compare: Any, tmp_path: Path) -> None:
    app = screen_app(tmp_path, pinned("rival_realms-screen"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=plan_two_steps)


def solo_mid(m: Match) -> bool:
    """The solo game (easy) a few turns in, with cards in the nests."""
    s = m.state
    return s.phase == "turn" and s.turns[0] >= 4 and bool(s.nests[0] or s.nests[1])


def test_the_solo_game(snap_compare: Any, tmp_path: Path) -> None:
    app = screen_app(tmp_path, pinned("rival_realms-solo", [SeatSpec("Ann")]))
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)


def test_the_final_score_by_category(snap_compare: Any, tmp_path: Path) -> None:
    app = screen_app(tmp_path, pinned("rival_realms-final"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)
