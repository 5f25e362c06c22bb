"""Snapshots of every main screen at 80×24 and 120×40 (seeded game, pinned theme, no blinking).

Update with `pytest tests/tui/test_snapshots.py --snapshot-update` after a deliberate change,
and look at the SVGs in tests/tui/__snapshots__ before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from rivals_tui.app import RivalsApp
from rivals_tui.session import LocalSession
from tests.tui.conftest import HOT_SEAT, VS_AI, goof_match, make_app, make_store
from tests.tui.test_flows import play_out, settle

SIZES = [(80, 24), (120, 40)]


def no_blink(app: Any) -> None:
    for box in app.screen.query(Input):
        box.cursor_blink = False


def game_app(tmp_path: Path, seats: Any) -> RivalsApp:
    store = make_store(tmp_path)
    session = LocalSession(goof_match(seats, seed=21, cards=5), store)
    return make_app(tmp_path, store=store, session=session)


@pytest.mark.parametrize("size", SIZES)
def test_menu(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def open_dialog(pilot: Pilot[Any]) -> None:
        await pilot.press("n")
        await pilot.pause()
        no_blink(pilot.app)
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=size, run_before=open_dialog)


@pytest.mark.parametrize("size", SIZES)
def test_game_screen(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def two_rounds(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("down", "enter")
        await settle(pilot)

    assert snap_compare(game_app(tmp_path, VS_AI), terminal_size=size, run_before=two_rounds)


@pytest.mark.parametrize("size", SIZES)
def test_pass_the_keyboard(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def after_ann(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.press("enter", "enter")  # Ann confirms, then bids
        await pilot.pause()

    assert snap_compare(game_app(tmp_path, HOT_SEAT), terminal_size=size, run_before=after_ann)


@pytest.mark.parametrize("size", SIZES)
def test_rules(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def open_rules(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("f1")
        # Wait until the rules have jumped to the Bidding section.
        for _ in range(100):
            await pilot.pause()
            if pilot.app.screen.query_one("#rules-scroll").scroll_y > 0:
                break

    assert snap_compare(game_app(tmp_path, VS_AI), terminal_size=size, run_before=open_rules)


@pytest.mark.parametrize("size", SIZES)
def test_game_over(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def finish(pilot: Pilot[Any]) -> None:
        await play_out(pilot)
        await pilot.pause()

    assert snap_compare(game_app(tmp_path, VS_AI), terminal_size=size, run_before=finish)
