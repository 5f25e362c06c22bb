"""A picture of a lesson at 80×24: the coach over the side panes at step 7 (buying a missing
resource), the board's cursor on the move it asks for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tests.tui.lessons.test_lesson_flow import app_on_lesson, lesson_screen, play_steps
from tests.tui.test_flows import settle


def test_a_lesson_step(snap_compare: Any, tmp_path: Path) -> None:
    async def to_step_7(pilot: Pilot[Any]) -> None:
        await play_steps(pilot, lesson_screen(pilot.app), 6)
        await settle(pilot)

    assert snap_compare(app_on_lesson(tmp_path), terminal_size=(80, 24), run_before=to_step_7)
