"""What must hold for a newcomer: a six-seat Rivals game started from the menu and played by Enter
and the arrows only loses no card without a question. Enter takes what the cursor starts on; when
Enter does nothing (or is answered "Back"), an arrow moves the cursor on and Enter again. A card
leaves the player's hand, discard or skills by their own decision (uninstalled, replaced, paid for
an optional effect) only after a question answered yes; the few questions that are the decision
itself (a skill must make room) are answered yes after Back has been tried twice."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import Input, Select

from engine.ai import make_bot
from engine.registry import GAMES
from engine.rivals import actions as A
from engine.rivals.game import GAME
from rivals_tui.app import RivalsApp
from rivals_tui.dialogs import ConfirmDialog
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.settings import Settings
from rivals_tui.widgets.action_picker import ActionPicker
from saves.store import SaveStore
from tests.tui.flow import new_game_form, settle

LOSING = (A.Uninstall, A.ReplaceSkill, A.PayOptional)
ARROWS = ("down", "up", "left", "right")


def menu_app(tmp_path: Path) -> RivalsApp:
    settings = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", ai_pace=0.0).save(settings)
    return RivalsApp(games=GAMES, store=SaveStore(tmp_path / "saves", games=GAMES), settings_path=settings)


async def test_six_seats_by_enter_and_arrows_lose_no_card_without_a_question(tmp_path: Path) -> None:
    app = menu_app(tmp_path)
    rng = random.Random(6)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await new_game_form(pilot)
        form.query_one("#game", Select).value = "rivals"
        await pilot.pause()
        form.query_one("#count", Select).value = 6
        await pilot.pause()
        for i in range(1, 6):
            form.query_one(f"#kind-{i}", Select).value = "easy"
        form.query_one("#seed", Input).value = "6"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        match = session.match
        assert len(match.seats) == 6
        # The opponents' quality is not what is tested: random ones keep the test short.
        bots = {seat: make_bot("random", seat) for seat in range(1, 6)}
        session.bot = bots.__getitem__  # type: ignore[method-assign]
        confirmed: set[int] = set()  # decisions made after a question answered yes
        backs = 0
        phases: set[str] = set()  # where Ann was asked to decide
        for _ in range(1500):
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen) or match.state.round > 2:
                break
            if isinstance(app.screen, ConfirmDialog):
                backs += 1
                if backs > 2:
                    confirmed.add(len(match.history))
                    await pilot.press("y")
                    backs = 0
                else:
                    await pilot.press("enter")  # Back: Enter's answer to a question about a card
                    await pilot.press(rng.choice(ARROWS))
                continue
            if isinstance(app.screen, ActionPicker):
                await pilot.press("enter")
                continue
            assert app.screen is screen
            if 0 not in match.to_act():
                continue
            before = len(match.history)
            phases.add(match.state.phase)
            await pilot.press("enter")
            await settle(pilot)
            if app.screen is screen and len(match.history) == before:
                await pilot.press(rng.choice(ARROWS))  # Enter did nothing here: look elsewhere
        ann = [(n, a) for n, (seat, a) in enumerate(match.history) if seat == 0]
        assert len(ann) > 40 and match.state.round >= 3  # a real stretch of the game was played
        # ... through the decisions where Enter on a card would spend or lose it.
        assert {"turn", "optional", "consult", "install"} <= phases, phases
        lost = [(n, a) for n, a in ann if isinstance(a, LOSING) and n not in confirmed]
        assert not lost, [(n, GAME.describe(match.state, a)) for n, a in lost]
