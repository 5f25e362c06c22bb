"""Pilot flows through the real app: whole Rivals games against two and against five AI. The
first decisions are made with the board's keys (Enter on what the board offers, the picker when
a piece stands for several choices); the rest of the human's decisions go through the game
screen's own `choose`, as the action picker would send them, so each test stays short."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable
from textual.worker import WorkerCancelled

from engine.ai import make_bot
from engine.core import SeatSpec
from engine.core.match import Match
from engine.rivals.actions import Move
from engine.rivals.game import GAME
from rivals_tui.games.rivals import BOARD
from rivals_tui.games.rivals.layout import hex_row, hex_x
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.widgets.action_picker import ActionPicker
from tests.tui.boards import screen_app


async def wait(pilot: Any) -> None:
    """Let the screen settle and a bot finish its decision (a cancelled one is simply over)."""
    for _ in range(2):
        with contextlib.suppress(WorkerCancelled):
            await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def by_keys(pilot: Any, decisions: int) -> list[str]:
    """Make Ann's next `decisions` decisions with Enter on the board; returns what was chosen."""
    app = pilot.app
    chosen: list[str] = []
    presses = 0
    while len(chosen) < decisions and presses < 4 * decisions:
        await wait(pilot)
        if isinstance(app.screen, ActionPicker):
            await pilot.press("enter")
            continue
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        if session.outcome() is not None:
            break
        if 0 not in session.to_act():
            continue  # a bot is deciding
        before = len(session.match.history)
        board = screen.query_one(BOARD)
        assert board.legal, "Ann decides, so the board offers the legal moves"
        assert board.actions_for(board.cursor_key), "the cursor starts on a piece Enter works on"
        await pilot.press("enter")
        presses += 1
        await wait(pilot)
        if isinstance(app.screen, ActionPicker):
            await pilot.press("enter")
            await wait(pilot)
        if len(session.match.history) > before:
            chosen.append(str(session.match.history[before][1]))
    return chosen


async def walk_to(pilot: Any, board: Any, h: int) -> None:
    """Arrows only: up or down to the hex's row, then left or right along it."""
    for _ in range(40):
        here = board.cursor_key[1]
        if here == h:
            return
        if hex_row(here) != hex_row(h):
            await pilot.press("down" if hex_row(h) > hex_row(here) else "up")
        else:
            await pilot.press("right" if hex_x(h) > hex_x(here) else "left")
    raise AssertionError("the arrows did not reach the hex")


async def to_the_end(pilot: Any, rng: random.Random, max_steps: int = 3000) -> GameOverScreen:
    """Ann's decisions at random through the screen; the AI's through its workers."""
    app = pilot.app
    for _ in range(max_steps):
        await wait(pilot)
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return screen
        assert isinstance(screen, GameScreen)
        if 0 in screen.session.to_act():
            screen.choose(rng.choice(list(screen.session.legal(0))))
    raise AssertionError("the game did not end")


def late(m: Match, rounds: int) -> bool:
    """Whether the match has reached the second player turn of round `rounds`."""
    return m.state.round > rounds or (m.state.round == rounds and m.state.turn_no >= 2)


async def fast_forward(pilot: Any, rng: random.Random, rounds: int) -> None:
    """Once Ann decides again, every seat's decisions straight into the session's match (Ann at
    random, the bots as the screen would ask them) up to round `rounds`, saved once; then the
    screen catches up. (Autosaving every one of some 300 decisions would take most of the time.)"""
    app = pilot.app
    screen = app.screen
    assert isinstance(screen, GameScreen)
    session = screen.session
    while 0 not in session.to_act() and session.outcome() is None:
        await wait(pilot)
    while session.outcome() is None and not late(session.match, rounds):
        seat = session.to_act()[0]
        if seat == 0:
            session.match.submit(0, rng.choice(list(session.legal(0))))
        else:
            session.match.submit(seat, session.bot(seat).choose(GAME, session.view(seat), seat))
    session.save()
    screen.advance()
    await wait(pilot)


def near_the_end(ais: int, seed: int, rounds: int) -> Match:
    """A seeded match, Ann against `ais` easy bots, played up to the second turn of round
    `rounds` and on to Ann's next decision: Ann by an easy bot of her own (so that she lives to
    the end), the rest at random."""
    seats = [SeatSpec("Ann")] + [SeatSpec(f"Bot{i + 1}", "ai", "easy") for i in range(ais)]
    m = Match.new(GAME, GAME.Options(), seats, seed)
    ann = make_bot("easy", seed)
    rng = random.Random(seed)
    while not m.over and (not late(m, rounds) or m.to_act() != (0,)):
        seat = m.to_act()[0]
        pick = ann.choose(GAME, m.view(0), 0) if seat == 0 else rng.choice(list(m.legal(seat)))
        m.submit(seat, pick)
    assert not m.over
    return m


@pytest.mark.paints  # a crash painting any state along the way fails it
async def test_a_whole_game_against_two_ai(tmp_path: Path) -> None:
    seats = [SeatSpec("Ann"), SeatSpec("Bot1", "ai", "easy"), SeatSpec("Bot2", "ai", "easy")]
    app = screen_app(tmp_path, Match.new(GAME, GAME.Options(), seats, 8))
    async with app.run_test(size=(80, 24)) as pilot:
        chosen = await by_keys(pilot, 3)
        # Set-up by keys: an Ashak, a guild kept, a starting hex.
        assert [c.split(" ")[0] for c in chosen] == ["ashak", "keep", "place"]
        # Ann's first turn: the arrows take the cursor to a hex she may move to; Enter moves.
        while 0 not in app.screen.session.to_act():
            await wait(pilot)
        board = app.screen.query_one(BOARD)
        board._set_cursor(("hex", app.screen.session.match.state.ashaks[0].pos))
        goal = next(a.hex for a in board.legal if isinstance(a, Move))
        before = len(app.screen.session.match.history)
        await walk_to(pilot, board, goal)
        await pilot.press("enter")
        await wait(pilot)
        if isinstance(app.screen, ActionPicker):  # a move and a scout on the same hex
            await pilot.press("enter")
            await wait(pilot)
        # (then the bots' answers to the interrupt window her move opened)
        assert app.screen.session.match.history[before] == (0, Move(goal))
        assert len(await by_keys(pilot, 3)) == 3
        rng = random.Random(8)
        await fast_forward(pilot, rng, 11)
        over = await to_the_end(pilot, rng)
        out = over.session.outcome()
        assert out is not None and len(out.winners) == 1


async def test_the_end_of_a_game_against_five_ai(tmp_path: Path) -> None:
    match = near_the_end(5, 20, 11)
    assert (
        match.to_act() == (0,) and sum(a.alive for a in match.state.ashaks) == 2
    )  # Ann and one bot are left
    app = screen_app(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        assert len(await by_keys(pilot, 2)) == 2
        over = await to_the_end(pilot, random.Random(3))
        out = over.session.outcome()
        assert out is not None and len(out.winners) == 1
        assert over.session.match.state.round >= 11
        # The end table: the points, then what breaks a tie; no "Total", which would read as
        # their sum.
        table = over.query_one(DataTable)
        labels = [str(table.get_row_at(r)[0]) for r in range(table.row_count)]
        assert labels == ["Rival Points", "Health", "Still standing"]
