"""Every lesson played as a learner plays it: from the menu's "Learn to play", every step's move
made with the keys the coach asks for (Enter, on the piece it put the cursor on; or the action
picker, when the board has no piece for that move), up to free play. A rules change that breaks
a lesson, or a step the keys cannot make, fails here."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from engine.registry import GAMES
from rivals_tui.app import RivalsApp
from rivals_tui.dialogs import ConfirmDialog
from rivals_tui.lesson import LESSON_DIR, load, save_name
from rivals_tui.screens.lesson import LessonScreen, short
from rivals_tui.settings import Settings
from rivals_tui.widgets.detail import DetailPanel
from saves.store import SaveStore
from tests.tui.flow import until

LESSONS = sorted(p.stem for p in LESSON_DIR.glob("*.toml"))


def lesson_app(tmp_path: Path) -> RivalsApp:
    settings = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", ai_pace=0.0).save(settings)
    return RivalsApp(store=SaveStore(tmp_path / "saves", games=GAMES), settings_path=settings)


def coach(app: RivalsApp) -> str:
    return app.screen.query_one("#coach", DetailPanel).plain


async def to_line(pilot: Pilot[Any], game_id: str) -> None:
    """In the Learn list, down to the game's line (the list opens on the first lesson)."""
    listed = pilot.app.screen.query_one(OptionList)
    for _ in range(len(GAMES.infos())):
        if listed.highlighted is not None and listed.get_option_at_index(listed.highlighted).id == game_id:
            return
        await pilot.press("down")
    raise AssertionError(f"no line for {game_id} in the Learn list")


async def open_from_menu(pilot: Pilot[Any], game_id: str) -> LessonScreen:
    """Menu → Learn to play → the game's line → Enter."""
    await pilot.press("l")
    await pilot.pause()
    await to_line(pilot, game_id)
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, LessonScreen))
    screen = pilot.app.screen
    assert isinstance(screen, LessonScreen)
    return screen


async def learner_owes(pilot: Pilot[Any], screen: LessonScreen) -> None:
    await until(pilot, lambda: screen._my_turn() or screen.lesson.match.over)


async def take_step(pilot: Pilot[Any], screen: LessonScreen) -> None:
    """The step's move by the keys its Now line names, and wait until it is made: the board's keys
    ("Enter" on the piece the cursor is on, "e", "Enter, then c" for a Rival Realms step planned
    then played, "Enter, then y" where Enter asks first), or the action picker, filtered by the
    move's name, when the board has neither a piece nor a key for it."""
    session = screen.lesson
    shown = coach(pilot.app)
    now = f"Now: {short(session.said())}."
    assert now in shown
    before = len(session.match.history)
    if f"{now} Press a and choose it from the list." in shown:
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*short(session.said()), "enter")
    else:
        keys = re.search(rf"{re.escape(now)} Press (.+?)\.(?:\s|$)", shown)
        assert keys is not None, shown
        for key in keys.group(1).split(", then "):
            if key == "y":  # the question Enter asked first
                await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmDialog))
            await pilot.press(key.lower())
    await until(pilot, lambda: len(session.match.history) > before)


@pytest.mark.parametrize("game_id", LESSONS)
async def test_every_lesson_plays_through_by_the_keys_the_coach_asks_for(
    tmp_path: Path, game_id: str
) -> None:
    script = load(game_id, GAMES[game_id])
    app = lesson_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_from_menu(pilot, game_id)
        session = screen.lesson
        assert session.name == save_name(game_id)
        for step in script.lesson.steps:
            await learner_owes(pilot, screen)
            place = session.place()
            assert place.step == step and place.owed
            shown = coach(app)
            # The step, its rules section and its text, and what to press.
            assert f"Step {step.number} of {len(script.lesson.steps)}" in shown
            assert step.say in shown
            before = len(session.match.history)
            await take_step(pilot, screen)
            assert session.match.history[before] == script.moves[before]
        await learner_owes(pilot, screen)
        # The whole script, move for move, and the coach hands the game over.
        assert tuple(session.match.history[: len(script.moves)]) == script.moves
        assert session.place().free
        assert "You are on your own now." in coach(app)
        assert not session.match.over
