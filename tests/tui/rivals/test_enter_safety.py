"""Enter never destroys a card without asking: on a hand card that can only be uninstalled now
the board asks first (whatever "confirm moves" says, with Back as Enter's answer), as it does on
any card a decision would uninstall, replace or discard (the cursor then starts on the way out,
where there is one). That Enter passes in a window in someone else's turn is checked where the
window is reached (test_interrupt_screen.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.core import SeatSpec
from engine.rivals.actions import (
    PayOptional,
    ReplaceSkill,
    SkipOptional,
    StopUninstalling,
    Uninstall,
)
from engine.rivals.data.catalog import CARD, CARD_COUNT
from engine.rivals.game import GAME
from engine.rivals.rules.turn import place_skill
from rivals_tui.dialogs import ConfirmDialog
from rivals_tui.screens.game import GameScreen
from rivals_tui.widgets.board import GameBoard
from tests.engine.rivals.helpers import give, ready_to_fight
from tests.tui.boards import screen_app
from tests.tui.rivals.harness import BoardApp, find_state
from tests.tui.rivals.test_flow import wait
from tests.tui.rivals.test_interrupt_screen import to_first_turn


async def test_enter_on_a_card_that_can_only_be_uninstalled_asks_first(tmp_path: Path) -> None:
    m = to_first_turn([SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")], seed=5)
    s = m.state
    app = screen_app(tmp_path, m)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(80):  # to Ann's own turn
            await wait(pilot)
            if m.to_act() == (0,) and s.phase == "turn":
                break
            if 0 in m.to_act():
                screen.choose(m.legal(0)[-1])
        assert m.to_act() == (0,) and s.phase == "turn"
        s.ashaks[0].crystals = 2
        # A card that cannot be played from here (no target in reach): only uninstalling it is
        # possible, so Enter on it would uninstall it.
        card = -1
        for name in dict.fromkeys(d.name for d in CARD):
            card = give(s, 0, name)
            if [a for a in GAME.legal(s, 0) if getattr(a, "card", None) == card] == [Uninstall(card)]:
                break
            s.hand[0].remove(card)
        assert card in s.hand[0]
        screen._render_all()  # (the hand edited by the test: shown again)
        await wait(pilot)
        board = screen.query_one(GameBoard)
        board._set_cursor(("card", card))  # type: ignore[attr-defined]
        await pilot.press("enter")
        await wait(pilot)
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert f"Uninstall {CARD[card].name} (hand)?" in dialog.question and "for good" in dialog.question
        await pilot.press("enter")  # Enter out of habit: Back
        await wait(pilot)
        assert app.screen is screen and card in s.hand[0] and s.ashaks[0].crystals == 2
        await pilot.press("enter")
        await wait(pilot)
        await pilot.press("y")  # asked for: done
        await wait(pilot)
        assert card not in s.hand[0] and s.ashaks[0].crystals == 0


class AskingBoardApp(BoardApp):
    """The board alone, recording what Enter asks before each choice (None: nothing)."""

    def __init__(self, state: Any, seat: int) -> None:
        super().__init__(state, seat)
        self.asked: list[str | None] = []

    def on_game_board_action_chosen(self, msg: GameBoard.ActionChosen) -> None:
        super().on_game_board_action_chosen(msg)
        self.asked.append(msg.ask)


def replacing() -> tuple[Any, int]:
    """Seat 0 installs a fourth skill: one of the three must make room."""
    s = ready_to_fight(("Atmos", "Korrin"), seat=0)
    skills = [c for c in range(CARD_COUNT) if CARD[c].type == "skill" and c in s.iface_deck]
    for c in skills[:3]:
        s.iface_deck.remove(c)
        s.skills[0].append(c)
    s.iface_deck.remove(skills[3])
    s.hand[0].append(skills[3])
    place_skill(s, 0, skills[3])
    assert s.phase == "replace"
    return s, 0


@pytest.mark.parametrize(
    ("phase", "losing", "passing"),
    [
        ("optional", PayOptional, SkipOptional),
        ("uninstall", Uninstall, StopUninstalling),
        ("replace", ReplaceSkill, None),
    ],
)
async def test_enter_on_a_card_it_would_lose_asks_and_the_cursor_starts_on_the_pass(
    phase: str, losing: type, passing: type | None
) -> None:
    if phase == "replace":
        s, seat = replacing()
    else:
        s, seat = find_state(3, lambda s, seat: s.phase == phase, tries=200)
    app = AskingBoardApp(s, seat)
    async with app.run_test(size=(46, 20)) as pilot:
        board = app.board
        if passing is not None:  # a way out that costs nothing: Enter by habit takes it
            assert [type(a) for a in board.actions_for(board.cursor_key)] == [passing]
        piece = next(it.key for it in board.table().items if isinstance(one(board, it.key), losing))
        board._set_cursor(piece)
        await pilot.press("enter")
        await pilot.pause()
        assert app.asked and app.asked[-1] is not None and "?" in app.asked[-1]


def one(board: Any, key: Any) -> Any:
    acts = board.actions_for(key)
    return acts[0] if len(acts) == 1 else None
