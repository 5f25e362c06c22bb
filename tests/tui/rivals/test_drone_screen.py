"""Drone mode on the screen: a whole game against the AI through the real app (set-up and the
first drone turn by keys, then from near the end), the drone's board and reach overlay, and
snapshots at 80×24 of a drone turn and of the "you" page with the drone's board."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine.core import SeatSpec
from engine.core.match import Match
from engine.rivals.actions import EndTurn, Exchange, Hack, Move, PlaceDrone
from engine.rivals.game import GAME
from engine.rivals.options import RivalsOptions
from rivals_tui.games.rivals import BOARD
from rivals_tui.widgets.action_picker import ActionPicker
from tests.tui.boards import screen_app, settle
from tests.tui.rivals.test_flow import late, to_the_end, wait, walk_to

DRONE = RivalsOptions(drone=True)
SEATS = [SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")]


def drone_match(seed: int, want: Any, rounds: int = 99) -> Match:
    """A seeded drone-mode match, Ann against an easy bot, both at random until `want(m)`."""
    m = Match.new(GAME, DRONE, SEATS, seed)
    rng = random.Random(seed)
    while not m.over and not want(m):
        seat = m.to_act()[0]
        m.submit(seat, rng.choice(list(m.legal(seat))))
    assert not m.over
    return m


def anns_drone_turn(m: Match) -> bool:
    s = m.state
    return m.to_act() == (0,) and s.phase == "drone" and s.round >= 2 and bool(s.drones[0].cards)


@pytest.mark.paints  # a crash painting any state along the way fails it
async def test_a_drone_game_against_the_ai_first_drone_turn_by_keys_then_to_the_end(tmp_path: Path) -> None:
    m = drone_match(3, lambda m: m.to_act() == (0,) and m.state.phase == "dplace")
    app = screen_app(tmp_path, m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(BOARD)
        assert board.cursor_key[0] == "hex"  # placing the drone starts on the map
        start, here = len(m.history), board.cursor_key[1]
        await pilot.press("enter")
        await wait(pilot)
        assert m.history[start] == (0, PlaceDrone(here))
        # Ann's Ashak ends its first turn; then her drone's turn comes, on the same keys.
        while m.state.phase != "drone" or 0 not in m.to_act():
            if 0 in m.to_act() and m.state.phase == "turn":
                app.screen.choose(EndTurn())
            await wait(pilot)
        board = app.screen.query_one(BOARD)
        assert "Your drone's turn: 2AP" in board.rendered_text()
        board._set_cursor(("hex", m.state.drones[0].pos))
        goal = next(a.hex for a in board.legal if isinstance(a, Move))
        before = len(m.history)
        await walk_to(pilot, board, goal)
        await pilot.press("enter")
        await wait(pilot)
        if isinstance(app.screen, ActionPicker):  # a move and a scout on the same hex
            await pilot.press("enter")
            await wait(pilot)
        # (then the AI's answer to the interrupt window the move opened)
        assert m.history[before] == (0, Move(goal)) and m.state.drones[0].pos == goal
    # From a seeded match in the last round, through the screen to the game-over screen.
    late_match = drone_match(3, lambda m: late(m, 9) and m.to_act() == (0,))
    app = screen_app(tmp_path / "late", late_match)
    async with app.run_test(size=(80, 24)) as pilot:
        over = await to_the_end(pilot, random.Random(3))
        out = over.session.outcome()
        assert out is not None and out.winners


async def test_the_drone_board_and_the_hack_reach_are_drawn(tmp_path: Path) -> None:
    m = drone_match(5, lambda m: m.to_act() == (0,) and m.state.phase == "turn" and m.state.round >= 2)
    s = m.state
    s.drones[1].pos = s.ashaks[0].pos  # the opposing drone right here: Ann may hack it
    s.drones[0].pos = s.ashaks[0].pos
    app = screen_app(tmp_path, m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(BOARD)
        assert Hack() in board.legal and any(isinstance(a, Exchange) for a in board.legal)
        n = next(i for i, a in enumerate(board.legal) if isinstance(a, Hack))
        board._set_cursor(("act", n))
        await pilot.pause()
        assert s.ashaks[0].pos in board.zone()[1]  # type: ignore[index]
        board.page = "you"
        board._table = None
        text = board.rendered_text()
        assert "Your drone" in text and "RP (not counted to win)" in text


@pytest.mark.parametrize("page", ["map", "you"])
def test_drone_turn_snapshot(snap_compare: Any, tmp_path: Path, page: str) -> None:
    app = screen_app(tmp_path, drone_match(4, anns_drone_turn))

    async def show(pilot: Any) -> None:
        await settle(pilot)
        board = pilot.app.screen.query_one(BOARD)
        if page != "map":
            board.action_page()
        await settle(pilot)  # the page's detail and keys too, however busy the machine

    assert snap_compare(app, terminal_size=(80, 24), run_before=show)
