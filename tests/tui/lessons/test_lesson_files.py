"""Every lesson file: it plays through the rules, and it covers every main section of its game's
rules help (the `##` headings): in its steps, in the free play when every game reaches the section,
or by name only when the lesson's table cannot have it."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.registry import GAMES
from rivals_tui.lesson import LESSON_DIR, LessonError, help_sections, load

LESSONS = sorted(p.stem for p in LESSON_DIR.glob("*.toml"))

# The sections a lesson may leave to its free play (`[free].teaches`): those every game comes to
# by itself, whatever is played, so the free play is sure to teach them.
REACHED_BY_EVERY_GAME: dict[str, dict[str, str]] = {
    "rivals": {},
    "rivality": {"End and scoring": "every game ends when the tiles or a side's golems run out"},
    "rival_kings": {
        "End of the game": "the bots always buy, so a pile runs out",
        "Scoring": "the game-over screen scores every game",
    },
    # Final scoring is not here: a military or science win ends the game before it.
    "rivalist": {},
    "rival_realms": {"End of the game": "a full realm, an empty deck or two passes end every game"},
}

# The sections a lesson may only name (`[free].mentions`): another table size or an option the
# lesson's table does not have, so no step can show them.
ONLY_FOR_OTHER_TABLES: dict[str, dict[str, str]] = {
    "rivals": {
        "Drone mode": "two seats with the drone option; the lesson has three",
        "Hacking": "drones hack each other: two seats with the drone option",
    },
    "rivality": {
        "Three players": "another table size; the lesson has two seats",
        "Four players": "another table size; the lesson has two seats",
        "Expert rules": "an option the lesson leaves off",
        "Delayed spells": "an expert rule, an option the lesson leaves off",
        "Besieged tiles": "an expert rule, an option the lesson leaves off",
        "Solo against Souramoun": "one seat against the automaton; the lesson has two",
        "Solo: a turn": "one seat against the automaton; the lesson has two",
        "Solo: the end and scoring": "one seat against the automaton; the lesson has two",
    },
    "rival_kings": {"Several games": "a series, chosen for the table; a lesson is one game"},
    "rivalist": {},
    "rival_realms": {
        "Enchantments": "optional rules chosen for the table",
        "Events": "an option: event cards shuffled into the deck",
        "Solo against the Raven": "one seat against the Raven; the lesson has two",
    },
}


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
def test_every_main_section_of_the_rules_is_taught_or_belongs_to_another_table(game_id: str) -> None:
    lesson = load(game_id, GAMES[game_id]).lesson
    covered = lesson.sections() | set(lesson.free_mentions)
    assert [s for s in help_sections(game_id) if s not in covered] == []
    # Only named: a section of another table size or option than the lesson's.
    assert set(lesson.free_mentions) <= set(ONLY_FOR_OTHER_TABLES[game_id])
    # Taught by the free play alone: a section every game reaches (its end, its scoring).
    assert set(lesson.free_teaches) <= set(REACHED_BY_EVERY_GAME[game_id])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_lists_of_free_sections_name_real_sections(game_id: str) -> None:
    sections = set(help_sections(game_id))
    assert set(REACHED_BY_EVERY_GAME[game_id]) <= sections
    assert set(ONLY_FOR_OTHER_TABLES[game_id]) <= sections


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


def test_the_free_part_may_mention_sections_and_they_must_exist(tmp_path: Path) -> None:
    step = '[[steps]]\nsay = "Pick."\nmove = "pick wonder 6"\n'
    free = '[free]\nteaches = "Final scoring"\nmentions = {}\nsay = "On your own."\n'
    text = 'game = "rivalist"\nseed = 2\nnames = ["A", "B"]\n' + step
    (tmp_path / "rivalist.toml").write_text(text + free.format('["Wonders"]'), encoding="utf-8")
    lesson = load("rivalist", GAMES["rivalist"], folder=tmp_path).lesson
    assert lesson.free_mentions == ("Wonders",) and "Wonders" not in lesson.sections()
    (tmp_path / "rivalist.toml").write_text(text + free.format('["Dragons"]'), encoding="utf-8")
    with pytest.raises(LessonError, match=r"free: no rules section is called 'Dragons'"):
        load("rivalist", GAMES["rivalist"], folder=tmp_path)
