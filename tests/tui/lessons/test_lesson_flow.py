"""A lesson's life: another move than the lesson's (explained, taken back, or played on), leaving
and resuming from the save, the done mark in the Learn list, tips, and nothing cut at 80×24."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from engine.registry import GAMES
from rivals_tui.app import RivalsApp
from rivals_tui.dialogs import ConfirmDialog
from rivals_tui.lesson import load, save_name
from rivals_tui.lesson_session import LessonSession, open_lesson
from rivals_tui.screens.game import HintReady
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.screens.learn import LearnScreen
from rivals_tui.screens.lesson import LessonScreen, coach_text, short
from rivals_tui.screens.rules import RulesScreen
from rivals_tui.settings import Settings
from rivals_tui.widgets.lineboard import LineBoard
from saves.lessons import LessonsDone
from saves.store import SaveStore
from tests.tui.flow import jump_near_end, pick_first, until
from tests.tui.lessons.test_lesson_play import (
    coach,
    learner_owes,
    lesson_app,
    open_from_menu,
    take_step,
    to_line,
)
from tests.tui.test_nothing_cut import check

SCRIPT = load("rivalist", GAMES["rivalist"])


def app_on_lesson(tmp_path: Path, symbols: str = "unicode") -> RivalsApp:
    settings = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", ai_pace=0.0, symbols=symbols).save(settings)
    store = SaveStore(tmp_path / "saves", games=GAMES)
    return RivalsApp(store=store, settings_path=settings, session=open_lesson(GAMES["rivalist"], store))


async def play_steps(pilot: Pilot[Any], screen: LessonScreen, steps: int) -> None:
    for _ in range(steps):
        await learner_owes(pilot, screen)
        before = len(screen.lesson.match.history)
        await pilot.press("enter")
        await until(pilot, lambda n=before: len(screen.lesson.match.history) > n)
    await learner_owes(pilot, screen)


async def pick(pilot: Pilot[Any], words: str) -> None:
    """The move whose description starts with `words`, from the action picker by typing."""
    await pilot.press("a")
    await pilot.pause()
    await pilot.press(*words, "enter")
    await pilot.pause()


def lesson_screen(app: RivalsApp) -> LessonScreen:
    screen = app.screen
    assert isinstance(screen, LessonScreen)
    return screen


async def test_another_move_is_explained_and_u_takes_it_back_to_the_same_step(tmp_path: Path) -> None:
    async with app_on_lesson(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = lesson_screen(pilot.app)
        await play_steps(pilot, screen, 3)  # the draft; step 4 asks for the Tavern
        session = screen.lesson
        assert session.place().step == SCRIPT.lesson.steps[3]
        await pick(pilot, "Take Garrison")
        await until(pilot, lambda: len(session.match.history) == 9)
        shown = coach(pilot.app)
        assert "another move than the lesson's, which asked: Take Tavern (would cost you 0 coins)." in shown
        assert "What your move did: Learner takes Garrison." in shown
        assert "Press u to take it back and go on with step 4" in shown
        assert session.place().off == 8
        await pilot.press("u")
        await learner_owes(pilot, screen)
        assert session.place().step == SCRIPT.lesson.steps[3] and session.place().off is None
        assert "Step 4 of" in coach(pilot.app)
        # The lesson goes on from there as if nothing happened.
        await play_steps(pilot, screen, 2)
        assert tuple(session.match.history) == SCRIPT.moves[: len(session.match.history)]
        assert session.place().step == SCRIPT.lesson.steps[5]


async def test_playing_on_after_another_move_is_free_play_against_the_ai(tmp_path: Path) -> None:
    async with app_on_lesson(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = lesson_screen(pilot.app)
        await play_steps(pilot, screen, 3)
        session = screen.lesson
        await pick(pilot, "Take Garrison")
        await until(pilot, lambda: len(session.match.history) == 9)
        await pick(pilot, "Discard")
        # Ada answers as the easy AI (the script's reply was Palisade after the Tavern) and the
        # coach says the game is the learner's own now.
        await learner_owes(pilot, screen)
        assert len(session.match.history) > 10
        assert session.place().free and session.scripted_move(1) is None
        shown = coach(pilot.app)
        assert "You are on your own now." in shown and "You left the lesson at step 4" in shown


async def test_a_lesson_left_and_resumed_is_at_the_same_step(tmp_path: Path) -> None:
    app = lesson_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_from_menu(pilot, "rivalist")
        await play_steps(pilot, screen, 5)
        shown = coach(app)
        await pilot.press("q")
        await until(pilot, lambda: app.session is None)
        # The Learn list says how far it got; Enter there takes the learner back to it.
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LearnScreen)
        assert app.screen.states()["rivalist"].startswith("in progress")
        # The list opens on the lesson just left, whichever games have lessons before it.
        listed = app.screen.query_one(OptionList)
        assert listed.highlighted is not None
        assert listed.get_option_at_index(listed.highlighted).id == "rivalist"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, LessonScreen))
        again = lesson_screen(app)
        await learner_owes(pilot, again)
        assert again is not screen and again.lesson.name == save_name("rivalist")
        assert again.lesson.place().step == SCRIPT.lesson.steps[5]
        assert coach(app) == shown
    # From the command line too (rivals resume opens the lesson as a lesson).
    store = SaveStore(tmp_path / "saves", games=GAMES)
    resumed = open_lesson(GAMES["rivalist"], store)
    try:
        assert isinstance(resumed, LessonSession) and len(resumed.match.history) == 12
    finally:
        resumed.close()


async def test_a_finished_lesson_is_marked_done_in_the_learn_list(tmp_path: Path) -> None:
    app = lesson_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_from_menu(pilot, "rivalist")
        await play_steps(pilot, screen, 2)
        await jump_near_end(pilot, left=2, seed=1)
        while not isinstance(app.screen, GameOverScreen):
            await pick_first(pilot)
        await pilot.press("m")
        await until(pilot, lambda: app.session is None)
        await pilot.press("l")
        await pilot.pause()
        await to_line(pilot, "rivalist")
        learn = app.screen
        assert isinstance(learn, LearnScreen)
        assert learn.states()["rivalist"] == "done"
        # Started again, it is a new game at step 1, and still marked done.
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert lesson_screen(app).lesson.match.history == []
    assert LessonsDone.default().done("rivalist")


async def test_h_names_the_steps_move_and_a_pause_brings_a_tip_too(tmp_path: Path) -> None:
    async with app_on_lesson(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = lesson_screen(pilot.app)
        await learner_owes(pilot, screen)
        await pilot.press("h")
        await pilot.pause()
        assert "Tip: Draft The Red Fort" in coach(pilot.app)
        await play_steps(pilot, screen, 1)
        assert "Tip:" not in coach(pilot.app)
        # The learner hesitates (the timer's call, without waiting for it).
        screen.hesitated(len(screen.lesson.match.history))
        await pilot.pause()
        assert "Tip: Draft Chinese Tower Ships" in coach(pilot.app)


async def test_question_mark_opens_the_rules_at_the_steps_section(tmp_path: Path) -> None:
    async with app_on_lesson(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = lesson_screen(pilot.app)
        await play_steps(pilot, screen, 3)
        assert f"Step 4 of {len(SCRIPT.lesson.steps)} · The pyramid (?)" in coach(pilot.app)
        await pilot.press("question_mark")
        await pilot.pause()
        rules = pilot.app.screen
        assert isinstance(rules, RulesScreen) and rules.section == "the-pyramid"


async def test_nothing_is_cut_on_a_lesson_screen_at_80x24(tmp_path: Path) -> None:
    async with app_on_lesson(tmp_path, symbols="ascii").run_test(size=(80, 24)) as pilot:
        screen = lesson_screen(pilot.app)
        for steps in (0, 3, 8):
            await play_steps(pilot, screen, steps)
            await check(pilot, f"lesson after {steps} more steps")
        await pick(pilot, "Take")  # another move than the lesson's: the longest text
        await check(pilot, "lesson, another move")
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("l")
        await check(pilot, "learn list")
        assert isinstance(pilot.app.screen, LearnScreen)


async def test_a_move_the_board_cannot_point_at_is_chosen_from_the_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A board with no piece for the step's move: the coach sends the learner to the action picker.
    monkeypatch.setattr(LineBoard, "point_at", lambda self, action: None)
    async with app_on_lesson(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = lesson_screen(pilot.app)
        await learner_owes(pilot, screen)
        assert "Now: Draft The Red Fort. Press a and choose it from the list." in coach(pilot.app)
        await pick(pilot, "Draft The Red Fort")
        await until(pilot, lambda: len(screen.lesson.match.history) > 0)
        assert screen.lesson.match.history[0] == SCRIPT.moves[0]


async def test_starting_a_lesson_in_progress_again_asks_first(tmp_path: Path) -> None:
    app = lesson_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_from_menu(pilot, "rivalist")
        await play_steps(pilot, screen, 1)
        await pilot.press("q")
        await until(pilot, lambda: app.session is None)
        await pilot.press("l")
        await pilot.pause()
        await to_line(pilot, "rivalist")
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")  # no: the lesson in progress is kept
        await pilot.pause()
        assert isinstance(app.screen, LearnScreen)
        assert app.screen.states()["rivalist"].startswith("in progress")
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert lesson_screen(app).lesson.match.history == []


def test_while_two_opponents_reply_the_coach_names_them_both(tmp_path: Path) -> None:
    # The Rivals lesson's table has three seats: after the learner's first move, both
    # opponents choose their Ashaks before the learner's next step.
    store = SaveStore(tmp_path / "saves", games=GAMES)
    session = open_lesson(GAMES["rivals"], store)
    try:
        session.submit(0, session.expected())
        assert not session.place().owed
        assert coach_text(session).now == "Brask and Cyra answer: watch the board and the log."
    finally:
        session.close()


async def test_nothing_is_cut_in_the_rivals_lesson_at_80x24(tmp_path: Path) -> None:
    settings = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", ai_pace=0.0, symbols="ascii").save(settings)
    store = SaveStore(tmp_path / "saves", games=GAMES)
    app = RivalsApp(store=store, settings_path=settings, session=open_lesson(GAMES["rivals"], store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = lesson_screen(pilot.app)
        # The attack window (a two-line prompt), a confirmation, the phase window, free play.
        for number in (20, 28, 39, None):
            while (step := screen.lesson.place().step) is not None and step.number != number:
                await learner_owes(pilot, screen)
                await take_step(pilot, screen)
            await learner_owes(pilot, screen)
            await check(pilot, f"Rivals lesson at step {number}")
            if number == 28:
                await pilot.press("enter")  # the question before a card is discarded
                await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmDialog))
                await check(pilot, "Rivals lesson, the discard's question")
                await pilot.press("n")


async def test_a_tip_whose_move_has_no_piece_sends_the_learner_to_the_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(LineBoard, "point_at", lambda self, action: None)
    async with app_on_lesson(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = lesson_screen(pilot.app)
        await learner_owes(pilot, screen)
        await pilot.press("h")
        await pilot.pause()
        assert "Tip: Draft The Red Fort" in coach(pilot.app)
        assert "Press a and choose it from the list." in coach(pilot.app).split("Tip:")[1]
        # The AI's advice (off the script) says where to find its move too.
        action = screen.lesson.match.legal(0)[-1]
        screen.post_message(HintReady("Hint (hard): the AI would draft it.", action, screen._generation))
        await pilot.pause()
        assert "Tip (hard): the AI would draft it. Press a and choose it from the list." in coach(pilot.app)


def test_the_coach_names_an_ability_by_what_it_does() -> None:
    # Rival Kings' abilities are described "Herbalist: give Bram ..."; the name alone before
    # the colon would tell the learner nothing ("Now: Herbalist.").
    script = load("rival_kings", GAMES["rival_kings"])
    match = script.lesson.new_match(GAMES["rival_kings"])
    session = LessonSession(match, script)
    index = next(i for i, step in script.step_at.items() if step.move.startswith("herbalist p3"))
    for seat, action in script.moves[:index]:
        session.pass_declines(alone=True)
        match.submit(seat, action)
    session.pass_declines(alone=True)
    assert "Now: Herbalist: give Bram a Conflict marker from the supply. Press Enter." in str(
        coach_text(session).now
    )
    # A longer move's name still stops at its colon.
    assert (
        short("Take Tavern (would cost you 0 coins): 4 coins at once.")
        == "Take Tavern (would cost you 0 coins)"
    )
