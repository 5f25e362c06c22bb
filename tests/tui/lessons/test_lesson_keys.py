"""The coach names the keys the board needs for the step's move: Rival Realms plans an
adventuring step with Enter and plays it with c, ends a turn with e (its board draws no End turn
piece at 80×24), and points at the region a Flying Carpet flies to, rather than sending the
learner to the list of moves."""

from __future__ import annotations

from pathlib import Path

from tests.tui.flow import until
from tests.tui.lessons.test_lesson_play import (
    coach,
    learner_owes,
    lesson_app,
    open_from_menu,
    take_step,
)


async def test_rival_realms_coach_asks_for_e_to_end_a_turn_and_c_to_play_a_step(tmp_path: Path) -> None:
    app = lesson_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_from_menu(pilot, "rival_realms")
        history = screen.lesson.match.history
        for keys in (["enter"], ["enter"], ["enter"]):  # seat the Raven, place, summon
            await learner_owes(pilot, screen)
            before = len(history)
            await pilot.press(*keys)
            await until(pilot, lambda n=before: len(history) > n)
        await learner_owes(pilot, screen)
        assert "Now: End your turn. Press e." in coach(app)
        for keys in (["e"], ["enter"], ["e"]):  # end the turn, summon, end the turn
            await learner_owes(pilot, screen)
            before = len(history)
            await pilot.press(*keys)
            await until(pilot, lambda n=before: len(history) > n)
        await learner_owes(pilot, screen)
        assert "Now: Explore 11 Wetlands in middle 3, paying 2 Wetlands. Press Enter, then c." in coach(app)
        before = len(history)
        await pilot.press("enter")
        await pilot.pause()
        assert len(history) == before  # planned, not played yet
        await pilot.press("c")
        await until(pilot, lambda: len(history) > before)
        assert screen.lesson.place().step is not None and screen.lesson.place().step.number == 8
        # Up to the Flying Carpet: its step points at the region it flies to.
        while screen.lesson.place().step.number < 15:
            await learner_owes(pilot, screen)
            await take_step(pilot, screen)
        await learner_owes(pilot, screen)
        assert "Now: Fly the Flying Carpet to 20 Fields in middle 4. Press Enter, then c." in coach(app)
        await take_step(pilot, screen)
        assert screen.lesson.place().step.number == 16
