"""Every lesson file: it plays through the rules, and between its steps it teaches every main
section of its game's rules help (the `##` headings)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.registry import GAMES
from rivals_tui.lesson import LESSON_DIR, LessonError, help_sections, load

LESSONS = sorted(p.stem for p in LESSON_DIR.glob("*.toml"))


def test_there_are_lessons() -> None:
    assert "rivalist" in LESSONS


@pytest.mark.parametrize("game_id", LESSONS)
def test_every_lesson_plays_through_the_rules(game_id: str) -> None:
    script = load(game_id, GAMES[game_id])
    # Each step is one decision of the learner's, in order, and the script holds them all.
    learner = [i for i, (seat, _) in enumerate(script.moves) if seat == script.lesson.you]
    assert sorted(script.step_at) == [i for i in learner if i in script.step_at]
    assert len(script.step_at) == len(script.lesson.steps)


@pytest.mark.parametrize("game_id", LESSONS)
def test_every_main_section_of_the_rules_is_taught(game_id: str) -> None:
    script = load(game_id, GAMES[game_id])
    missing = [s for s in help_sections(game_id) if s not in script.lesson.sections()]
    assert missing == []


def write(folder: Path, steps: str) -> Path:
    (folder / "rivalist.toml").write_text(
        'game = "rivalist"\nseed = 2\nnames = ["A", "B"]\n' + steps + '\n[free]\nsay = "On your own."\n',
        encoding="utf-8",
    )
    return folder


def test_an_illegal_scripted_move_names_its_step_and_the_rules_reason(tmp_path: Path) -> None:
    folder = write(
        tmp_path,
        '[[steps]]\nsay = "Pick."\nmove = "pick wonder 6"\n'
        'then = ["p2: pick wonder 3", "p2: pick wonder 8", "p2: pick wonder 9"]\n'
        '[[steps]]\nsay = "Pick a covered one."\nmove = "pick wonder 6"\n',
    )
    with pytest.raises(LessonError) as raised:
        load("rivalist", GAMES["rivalist"], folder=folder)
    message = str(raised.value)
    assert message.startswith("rivalist.toml: step 2: 'pick wonder 6': ")
    assert len(message) > len("rivalist.toml: step 2: 'pick wonder 6': ")


def test_a_move_out_of_turn_and_an_unknown_section_are_refused(tmp_path: Path) -> None:
    folder = write(
        tmp_path, '[[steps]]\nsay = "Pick."\nmove = "pick wonder 6"\n[[steps]]\nsay = "x"\nmove = "take 3"\n'
    )
    with pytest.raises(LessonError, match=r"step 2: 'take 3'"):
        load("rivalist", GAMES["rivalist"], folder=folder)
    folder = write(tmp_path, '[[steps]]\nteaches = "Dragons"\nsay = "Pick."\nmove = "pick wonder 6"\n')
    with pytest.raises(LessonError, match=r"step 1: no rules section is called 'Dragons'"):
        load("rivalist", GAMES["rivalist"], folder=folder)
