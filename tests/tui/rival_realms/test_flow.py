"""Pilot flows through the real app: a whole 2-player game against the AI and a whole solo game
against the Raven, played on the Rival Realms board by keyboard (Enter on what the board offers,
a planned adventure committed with c, e to end the turn), ending on the game-over screen with the
score broken down by category."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from engine.core import SeatSpec
from engine.core.match import Match
from engine.rival_realms.actions import Go, Summon
from engine.rival_realms.game import GAME
from engine.rival_realms.scoring import CATEGORIES
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.screens.rules import RulesScreen
from rivals_tui.widgets.action_picker import ActionPicker
from tests.tui.boards import screen_app


async def wait(pilot: Any) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def near_the_end(new: Callable[[int], Match], deck: int, seeds: range = range(1, 120)) -> Match:
    """A seeded match (`new(seed)`) played on with random moves until the deck is down to `deck`
    cards and Ann starts a turn where she can pay for a step: the keys take over from there.
    The first seed that gets there is used, so an engine change never strands the test."""
    for seed in seeds:
        match = new(seed)
        rng = random.Random(seed)
        while not match.over:
            s = match.state
            if (
                len(s.deck) <= deck
                and match.to_act() == (0,)
                and s.phase == "turn"
                and s.action == ""
                and any(isinstance(a, Go) and a.card for a in match.legal(0))
            ):
                return match
            seat = match.to_act()[0]
            match.submit(seat, rng.choice(list(match.legal(seat))))
    raise AssertionError("no seeded game reached the moment wanted")


async def decide_by_keys(pilot: Any, seen: dict[str, int]) -> None:
    """One decision of the human at the keyboard, by the board's keys only."""
    app = pilot.app
    screen = app.screen
    session = screen.session
    before = len(session.match.history)
    board = screen.query_one("#board")
    # On the real 80×24 screen every line of the board fits its width: no word is cut.
    assert board.table().width() <= board.size.width
    summons = [a for a in session.legal(0) if isinstance(a, Summon)]
    steps = [a for a in session.legal(0) if isinstance(a, Go) and (a.card or a.creature)]
    if steps and (seen["plans"] == 0 or (seen["summons"] >= 1 and seen["plans"] < 2)):
        # Plan one paid step on the board and commit it with c.
        assert board.focus_action(steps[0])
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, ActionPicker):
            await pilot.press("enter")
            await pilot.pause()
        assert board.plan, "the step was planned, not played"
        await pilot.press("c")
        seen["plans"] += 1
    elif summons and seen["summons"] < 3:
        # A card from the hand, then a marked slot.
        assert board.focus_action(summons[0])
        board._set_cursor(("hand", summons[0].card))
        await pilot.press("enter")
        await pilot.pause()
        assert board.chosen == ("hand", summons[0].card)
        await pilot.press("enter")
        seen["summons"] += 1
    else:
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, ActionPicker):
            await pilot.press("enter")
        elif board.plan:
            await pilot.press("c")
        elif len(session.match.history) == before:
            await pilot.press("e")
    await wait(pilot)
    if len(session.match.history) == before and isinstance(app.screen, GameScreen):
        # Nothing the keys offered fitted (a rare greyed spot): the action picker always can.
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("enter")
        await wait(pilot)
    seen["keys"] += 1


async def play_to_the_end(pilot: Any, limit: int) -> dict[str, int]:
    app = pilot.app
    seen = {"keys": 0, "plans": 0, "summons": 0}
    await wait(pilot)
    for _ in range(limit):
        if isinstance(app.screen, GameOverScreen):
            return seen
        assert isinstance(app.screen, GameScreen)
        await decide_by_keys(pilot, seen)
    raise AssertionError("the game did not end")


def assert_breakdown(app: Any, seats: int) -> None:
    over = app.screen
    assert isinstance(over, GameOverScreen)
    table = over.query_one(DataTable)
    labels = [str(table.get_row_at(r)[0]) for r in range(table.row_count)]
    out = over.session.outcome()
    # The categories, then a line per quest won (or one saying none was), then the total.
    assert labels[:5] == list(CATEGORIES[:5]) and labels[-1] == "Total"
    assert labels[5:-1] == [line.label for line in out.lines[5:]]
    assert all(label.startswith("Quest") for label in labels[5:-1])
    totals = [int(str(x)) for x in table.get_row_at(table.row_count - 1)[1:]]
    assert totals == list(out.scores) and len(totals) == seats


@pytest.mark.paints  # a crash painting any state along the way fails it
async def test_a_whole_game_against_the_ai_on_the_board(tmp_path: Path) -> None:
    seats = [SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")]
    match = near_the_end(lambda n: Match.new(GAME, GAME.Options(), seats, n), 2)
    app = screen_app(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_to_the_end(pilot, 200)
        # An adventure was planned and committed on the board (summoning by keys: the solo game).
        assert seen["plans"] >= 1
        assert_breakdown(app, 2)


async def test_a_whole_solo_game_on_the_board(tmp_path: Path) -> None:
    match = near_the_end(lambda n: Match.new(GAME, GAME.Options(solo_level="hard"), [SeatSpec("Ann")], n), 4)
    app = screen_app(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_to_the_end(pilot, 200)
        assert seen["summons"] >= 1
        assert_breakdown(app, 1)
        assert "Raven" in str(app.screen.query_one("#over-reason").content)


async def test_rules_open_at_what_the_board_is_doing(tmp_path: Path) -> None:
    def planning_moment(m: Match) -> bool:
        return m.to_act() == (0,) and any(isinstance(a, Go) and a.card for a in m.legal(0))

    from tests.tui.boards import find_match

    app = screen_app(tmp_path, find_match(GAME, planning_moment))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        board = app.screen.query_one("#board")
        step = next(a for a in board.legal if isinstance(a, Go) and a.card)
        board.focus_action(step)
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, ActionPicker):
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.section == "go-adventuring"
