"""Snapshots of the Rivals game screen at 80×24 and 120×40 on Ann's turn in round 2, with the
cursor on a card of her hand so that the map shades its reach; and no word cut without the cut
mark on any page at 80×24. (The legend open and the ASCII set: tests/tui/test_legends.py.)

Update with `pytest tests/tui/rivals/test_snapshots.py --snapshot-update` after a deliberate
change, and look at the SVGs before committing them.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine.core.match import Match
from engine.rivals.actions import PlayCard
from engine.rivals.data.catalog import CARD
from engine.rivals.game import GAME
from engine.rivals.rules.targeting import ashak_targets
from rivals_tui.games.rivals import BOARD
from rivals_tui.games.rivals.layout import PAGES
from tests.tui.boards import SIZES, pinned, screen_app, settle
from tests.tui.rivals.harness import BoardApp


def aimed(m: Match) -> list[int]:
    """Ann's physical cards she may play now at a rival in reach and sight."""
    return [
        a.card
        for a in m.legal(0)
        if isinstance(a, PlayCard)
        and CARD[a.card].type == "physical"
        and ashak_targets(m.state, 0, CARD[a.card])
    ]


def interesting(m: Match) -> bool:
    """Ann's turn in round 2 or later, with a card she may aim at a rival in reach."""
    return m.to_act() == (0,) and m.state.phase == "turn" and m.state.round >= 2 and bool(aimed(m))


async def on_a_card(pilot: Any) -> None:
    await settle(pilot)
    board = pilot.app.screen.query_one(BOARD)
    card = next(
        a.card
        for a in board.legal
        if isinstance(a, PlayCard)
        and CARD[a.card].type == "physical"
        and ashak_targets(board.view, 0, CARD[a.card])
    )
    board._set_cursor(("card", card))
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_rivals_game_screen(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = screen_app(tmp_path, pinned("rivals-screen"))
    assert snap_compare(app, terminal_size=size, run_before=on_a_card)


async def test_no_line_runs_past_the_board_at_80x24() -> None:
    """The board is 46×20 inside the game screen at 80×24: every line fits it, so nothing is cut
    except where the layout wrote the cut mark itself."""
    rng = random.Random(5)
    s = GAME.setup(GAME.Options(), 6, 5)
    app = BoardApp(s, 0)
    checked = 0
    async with app.run_test(size=(46, 20)) as pilot:
        while GAME.to_act(s) and checked < 40:
            seat = GAME.to_act(s)[0]
            events = GAME.apply(s, seat, rng.choice(GAME.legal(s, seat)))
            if rng.random() > 0.15:
                continue
            app.seat = GAME.to_act(s)[0] if GAME.to_act(s) else seat
            app.refresh_board(events)
            board = app.board
            for page in PAGES:
                board.page = page
                board._table = None
                for line in board.rendered_text().split("\n"):
                    assert len(line) <= 46, (page, line)
            board.page = "map"
            await pilot.pause()
            checked += 1
    assert checked >= 20
