"""Enter never destroys a card without asking: on a hand card that can only be uninstalled now
the board asks first (whatever "confirm moves" says, with Back as Enter's answer), and in a
window in someone else's turn the cursor starts on the plain pass, not on a card."""

from __future__ import annotations

from pathlib import Path

from engine.core import SeatSpec
from engine.rivals.actions import EndTurn, Uninstall
from engine.rivals.data.catalog import CARD
from engine.rivals.game import GAME
from rivals_tui.dialogs import ConfirmDialog
from rivals_tui.screens.game import GameScreen
from rivals_tui.widgets.board import GameBoard
from tests.engine.rivals.helpers import give
from tests.tui.boards import screen_app
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
        s.crystals[0] = 2
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
        assert app.screen is screen and card in s.hand[0] and s.crystals[0] == 2
        await pilot.press("enter")
        await wait(pilot)
        await pilot.press("y")  # asked for: done
        await wait(pilot)
        assert card not in s.hand[0] and s.crystals[0] == 0


async def test_in_an_interrupt_window_enter_passes(tmp_path: Path) -> None:
    m = to_first_turn([SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")], seed=5)
    app = screen_app(tmp_path, m)
    end = next(a for a in GAME.legal(m.state, m.to_act()[0]) if isinstance(a, EndTurn))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        # Play until Ann, holding a utility, is asked whether to interrupt the bot's turn.
        for _ in range(80):
            await wait(pilot)
            if 0 not in m.to_act():
                continue
            if m.state.phase == "interrupt":
                break
            if m.state.phase == "turn" and "Second Wind" not in [CARD[c].name for c in m.state.hand[0]]:
                give(m.state, 0, "Second Wind")
            screen.choose(end if end in m.legal(0) else m.legal(0)[0])
        assert m.state.phase == "interrupt" and m.to_act() == (0,)
        hand = list(m.state.hand[0])
        passing = m.legal(0)[-1]
        await pilot.press("enter")
        await wait(pilot)
        assert (0, passing) in m.history[-3:] and sorted(m.state.hand[0]) == sorted(hand)
