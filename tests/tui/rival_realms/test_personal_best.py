"""The solo personal best as the player meets it: finishing a game sets it, the game-over screen
names the best to beat (or cheers a better one), the next game's Raven panel shows it, and a
damaged record file is ignored with one sentence."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

from engine.core import SeatSpec
from engine.core.match import Match
from engine.rival_realms.game import GAME
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from saves.records import DAMAGED, FILE_NAME, BestScores
from tests.tui.boards import screen_app

TABLE = "rival_realms/normal"


def one_decision_from_the_end(seed: int = 5) -> tuple[Match, Any]:
    """A seeded solo game (normal) played at random to its end, then rebuilt without its last
    decision: the match and that decision."""
    options = GAME.Options(solo_level="normal")
    match = Match.new(GAME, options, [SeatSpec("Ann")], seed)
    rng = random.Random(seed)
    while not match.over:
        match.submit(0, rng.choice(list(match.legal(0))))
    *before, (_seat, last) = match.history
    again = Match.new(GAME, options, [SeatSpec("Ann")], seed)
    again.rebuild(before)
    return again, last


async def finish(pilot: Any, last: Any) -> None:
    app = pilot.app
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    app.screen.choose(last)
    for _ in range(50):
        if isinstance(app.screen, GameOverScreen):
            return
        await pilot.pause()
    raise AssertionError("the game-over screen did not open")


async def test_a_finished_solo_game_sets_the_best_shown_in_the_next_game(tmp_path: Path) -> None:
    match, last = one_decision_from_the_end()
    app = screen_app(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await finish(pilot, last)
        score = app.screen.session.outcome().scores[0]
        record = str(app.screen.query_one("#over-record").content)
        assert record == f"Your first score at normal: {score}, now your personal best to beat."
        # A rematch: the Raven's panel names the best to beat alongside the Raven's score.
        await pilot.press("r")
        for _ in range(50):
            if isinstance(app.screen, GameScreen):
                break
            await pilot.pause()
        await pilot.pause()
        board = app.screen.query_one("#board")
        assert f"The Raven 30 to beat (normal) │ your best {score}" in board.rendered_text()
    assert BestScores.default().best_for(TABLE) == score  # kept for the next session


async def test_a_better_score_is_cheered_and_a_worse_one_names_the_best(tmp_path: Path) -> None:
    match, last = one_decision_from_the_end()
    score = match.game.outcome(_finished(match, last)).scores[0]
    for best, said in (
        (score - 3, f"New personal best! {score} at normal (your best was {score - 3})."),
        (score + 3, f"Your personal best (normal): {score + 3}."),
    ):
        assert BestScores.default().offer(TABLE, f"an earlier game ({best})", best)[0]
        match, last = one_decision_from_the_end()
        app = screen_app(tmp_path, match)
        async with app.run_test(size=(80, 24)) as pilot:
            await finish(pilot, last)
            assert str(app.screen.query_one("#over-record").content) == said
        assert BestScores.default().best_for(TABLE) == max(best, score)


def _finished(match: Match, last: Any) -> Any:
    """The state after `last`, on a copy (the match itself stays one decision from the end)."""
    s = match.game.clone(match.state)
    match.game.apply(s, 0, last)
    return s


async def test_a_damaged_record_file_is_ignored_with_one_sentence(tmp_path: Path) -> None:
    data = Path(os.environ["RIVALS_DATA_DIR"])
    data.mkdir(parents=True)
    (data / FILE_NAME).write_text("{ this is not a record", encoding="utf-8")
    match, _last = one_decision_from_the_end()
    app = screen_app(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        sentence = DAMAGED.format(path=data / FILE_NAME)
        assert [str(n.message) for n in app._notifications] == [sentence]
        # The game plays on, with no best to show yet.
        assert isinstance(app.screen, GameScreen)
        assert "your best" not in app.screen.query_one("#board").rendered_text()
