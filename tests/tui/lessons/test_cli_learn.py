"""`rivals learn GAME`: a name that is no game, or a game without a lesson, is one sentence on
stderr and exit status 2, with nothing saved."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.registry import GAMES
from rivals_tui.cli import main
from rivals_tui.lesson import has_lesson


def test_an_unknown_game_is_one_sentence_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["--save-dir", str(tmp_path / "saves"), "learn", "chess"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert err.startswith("rivals: there is no game called 'chess' (lessons: ") and "rivalist" in err
    assert not list((tmp_path / "saves").glob("*.json"))


def test_a_game_without_a_lesson_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    without = [info for info in GAMES.infos() if not has_lesson(info.id)]
    if not without:
        pytest.skip("every game has its lesson")
    code = main(["--save-dir", str(tmp_path / "saves"), "learn", without[0].id])
    err = capsys.readouterr().err
    assert code == 2
    assert err == f"rivals: {without[0].title} has no lesson yet (lessons: " + err.split("(lessons: ")[1]
