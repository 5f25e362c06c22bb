"""Pilot flows on the real game: Rival Kings from the new-game dialog to the score table (the
middle of the game jumped over, see tests/tui/flow.py), and quitting in the middle of a cycle
then resuming exactly there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Select

from engine.registry import GAMES
from rivals_tui.app import RivalsApp
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.screens.menu import MenuScreen
from rivals_tui.screens.pass_keyboard import PassScreen
from rivals_tui.session import LocalSession
from rivals_tui.settings import Settings
from saves.store import SaveStore
from tests.tui.flow import jump_near_end, new_game_form, pick_first, settle


def rk_app(tmp_path: Path) -> RivalsApp:
    settings = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", ai_pace=0.0).save(settings)
    return RivalsApp(games=GAMES, store=SaveStore(tmp_path / "saves", games=GAMES), settings_path=settings)


async def new_rk_game(pilot: Pilot[Any], players: int, level: str, seed: int) -> GameScreen:
    app = pilot.app
    form = await new_game_form(pilot)
    form.query_one("#game", Select).value = "rival_kings"
    form.query_one("#count", Select).value = players
    await pilot.pause()
    for i in range(1, players):
        form.query_one(f"#kind-{i}", Select).value = level
    form.query_one("#seed", Input).value = str(seed)
    await pilot.pause()
    await pilot.press("ctrl+s")
    await settle(pilot)
    assert isinstance(app.screen, GameScreen)
    return app.screen


@pytest.mark.paints  # a crash painting any state along the way fails it
async def test_a_whole_rival_kings_game_against_ai_ends_on_the_score_table(tmp_path: Path) -> None:
    app = rk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_rk_game(pilot, players=2, level="easy", seed=3)
        session = screen.session
        assert [s.kind for s in session.seats] == ["human", "ai"]
        for _ in range(3):
            await pick_first(pilot)
        await jump_near_end(pilot, left=8, seed=3)
        for _ in range(300):
            if isinstance(app.screen, GameOverScreen):
                break
            assert not isinstance(app.screen, PassScreen)  # one human: never asked to pass
            await pick_first(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        out = session.outcome()
        assert out is not None
        table = over.query_one(DataTable)
        labels = [str(table.get_row_at(r)[0]) for r in range(table.row_count)]
        assert labels == [line.label for line in out.lines] + ["Total"]
        assert [str(v) for v in table.get_row_at(table.row_count - 1)[1:]] == [str(s) for s in out.scores]


async def test_rival_kings_quit_mid_cycle_and_resume_exactly_there(tmp_path: Path) -> None:
    app = rk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_rk_game(pilot, players=3, level="easy", seed=3)
        session = screen.session
        assert isinstance(session, LocalSession)
        for _ in range(4):
            await pick_first(pilot)
        # The bots answer in turn, each in a worker of its own: on a loaded machine the last
        # one can still be thinking here. Quit on the human's turn, as the test means to.
        for _ in range(50):
            if 0 in session.match.to_act() and not app.workers:
                break
            await settle(pilot)
        history = list(session.match.history)
        state = session.match.state
        assert len(history) > 4  # the bot answered too
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
    again = rk_app(tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        resumed = again.screen
        assert isinstance(resumed, GameScreen) and isinstance(resumed.session, LocalSession)
        assert resumed.session.match.history == history
        assert resumed.session.match.state == state


async def test_new_game_dialog_sets_seats_names_seed_and_a_series(tmp_path: Path) -> None:
    app = rk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await new_game_form(pilot)
        form.query_one("#count", Select).value = 3
        form.query_one("#kind-1", Select).value = "human"
        form.query_one("#kind-2", Select).value = "hard"
        form.query_one("#name-0", Input).value = "Ann"
        form.query_one("#name-1", Input).value = "Ann"
        form.query_one("#seed", Input).value = "42"
        form.query_one("#series", Select).value = "points"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "different name" in str(form.query_one("#new-error").render())
        form.query_one("#name-1", Input).value = "Ben"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "score of at least 1" in str(form.query_one("#new-error").render())
        form.query_one("#series-n", Input).value = "30"
        await pilot.press("ctrl+s")
        await settle(pilot)
        session = app.session
        assert isinstance(session, LocalSession)
        m = session.match
        assert [(s.name, s.kind) for s in m.seats] == [("Ann", "human"), ("Ben", "human"), ("AI 3", "ai")]
        assert m.seats[2].level == "hard" and m.seed == 42 and m.series.points == 30
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Ann"  # two people share the keys


async def test_enter_where_nothing_can_be_chosen_says_so_once_in_the_status_line(tmp_path: Path) -> None:
    app = rk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_rk_game(pilot, players=2, level="easy", seed=3)
        board = screen.query_one("#board")
        # Move the cursor off the hand (up to a player's row), where nothing is choosable now.
        for _ in range(8):
            await pilot.press("up")
        assert board.cursor_key is not None and board.cursor_key[0] != "hand"
        for _ in range(3):
            await pilot.press("enter")
            await pilot.pause()
        assert "Nothing to choose there" in screen.message
        assert len(app._notifications) == 0  # no pile of toasts hiding the board
        assert len(session_history(screen)) == 0


def session_history(screen: GameScreen) -> list[Any]:
    session = screen.session
    assert isinstance(session, LocalSession)
    return session.match.history
