"""Mods on the screen: a lone player holding no mod is not asked about mods after playing a
physical card (the step passes by itself, the target comes next); holding one, the question
comes with the cursor on "No more mods", so Enter by habit spends no card."""

from __future__ import annotations

from pathlib import Path

from engine.core import SeatSpec
from engine.core.match import Match
from engine.rivals.actions import DoneMods, PlayCard
from rivals_tui.screens.game import GameScreen
from rivals_tui.widgets.board import GameBoard
from tests.engine.rivals.helpers import clear_hand, fighting, give, put, reveal_all
from tests.tui.boards import screen_app
from tests.tui.rivals.test_flow import wait
from tests.tui.rivals.test_interrupt_screen import to_first_turn


def about_to_attack(mod: str | None, m: Match, me: int = 0) -> int:
    """`me`'s turn in round 2, next to the other Ashak, holding a Blaster, another card and maybe
    a mod; returns the Blaster."""
    s = m.state
    reveal_all(s)
    for o in range(s.seats):
        clear_hand(s, o)
    fighting(s, me)
    s.ashaks[me].crystals = 0  # (nothing to uninstall with: Enter on the Blaster plays it)
    put(s, me, 0, 0)
    put(s, 1 - me, 0, -2)
    blaster = give(s, me, "Blaster")
    give(s, me, mod or "Psywave")
    return blaster


def ann_about_to_attack(mod: str | None) -> tuple[Match, int]:
    m = to_first_turn([SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")], seed=5)
    return m, about_to_attack(mod, m)


async def enter_on_card(pilot, screen: GameScreen, card: int) -> None:
    screen._render_all()  # (the table edited by the test: shown again)
    await wait(pilot)
    board = screen.query_one(GameBoard)
    board._set_cursor(("card", card))  # type: ignore[attr-defined]
    await pilot.press("enter")
    await wait(pilot)


async def test_no_mod_in_hand_no_question_about_mods(tmp_path: Path) -> None:
    m, blaster = ann_about_to_attack(None)
    app = screen_app(tmp_path, m)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await enter_on_card(pilot, screen, blaster)
        assert m.history[-2:] == [(0, PlayCard(blaster)), (0, DoneMods())]
        assert m.state.phase == "target" and m.to_act() == (0,)
        assert "Add mods" not in str(screen.query_one("#status").render())


async def test_with_a_mod_in_hand_enter_adds_none(tmp_path: Path) -> None:
    m, blaster = ann_about_to_attack("Long Barrel")
    app = screen_app(tmp_path, m)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await enter_on_card(pilot, screen, blaster)
        assert m.state.phase == "mods" and m.to_act() == (0,)
        assert "Add mods" in str(screen.query_one("#status").render())
        board = screen.query_one(GameBoard)
        assert list(board.actions_for(board.cursor_key)) == [DoneMods()]
        hand = list(m.state.hand[0])
        await pilot.press("enter")
        await wait(pilot)
        assert m.history[-1] == (0, DoneMods()) and m.state.hand[0] == hand
