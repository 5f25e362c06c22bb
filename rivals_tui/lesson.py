"""Lessons: a guided first game per game, read from a file of steps (`rivals_tui/lessons/<game>.toml`,
the format in docs/LESSONS.md). No Textual here: the coach panel and the lesson's screen are in
`rivals_tui/screens/lesson.py`, the session in `rivals_tui/lesson_session.py`.

A lesson is a real game on a fixed deal. Its script is the list of moves the game follows while
the lesson guides it: each step's move is the learner's, each step's `then` the opponents'
replies. `Lesson.load` replays the whole script through the rules, so a lesson whose scripted move
is not allowed (a rules change, a typing slip) fails to load with its step number and the rules'
sentence. `Script.place` tells where a game stands in the lesson from its moves alone, so a saved
lesson needs nothing kept beside its moves: the step is the number of moves made, a move off the
script (the learner chose another) is found by comparing the two.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from engine.core import Game, IllegalAction, SeatSpec
from engine.core.match import Match
from engine.core.options import parse_assignments
from saves.lessons import SAVE_PREFIX

LESSON_DIR = Path(__file__).parent / "lessons"
HELP_DIR = Path(__file__).parent / "help"
# A lesson's save is named after its game: the one save that opens as a lesson.
# The level of the opponents once the script is over (or left).
FREE_LEVEL = "easy"
_SEAT_MOVE = re.compile(r"^p(\d+):\s*(\S.*)$")
_TOP_KEYS = {"game", "seed", "you", "names", "options", "opening", "steps", "free"}
_STEP_KEYS = {"teaches", "say", "move", "point", "then"}
_FREE_KEYS = {"teaches", "mentions", "say"}


class LessonError(ValueError):
    """A lesson file that cannot be played: the sentence names the file and the step."""


@attrs.frozen
class Step:
    """One thing the coach teaches: the sections it teaches, what it says, the learner's move
    (and the move the cursor rests on, when it is another), then the opponents' replies."""

    number: int
    teaches: tuple[str, ...]
    say: str
    move: str
    point: str
    then: tuple[str, ...]


@attrs.frozen
class Lesson:
    """A lesson as its file writes it (`load` checks it against the rules). `free_teaches`: the
    sections the free play teaches by playing (the end, the scoring: every game comes to them);
    `free_mentions`: the sections the lesson only names, its table not having them (another
    table size, a variant left off)."""

    game_id: str
    seed: int
    you: int
    names: tuple[str, ...]
    options: tuple[str, ...]
    opening: tuple[str, ...]
    steps: tuple[Step, ...]
    free_teaches: tuple[str, ...]
    free_mentions: tuple[str, ...]
    free_say: str

    @property
    def save_name(self) -> str:
        return save_name(self.game_id)

    def seats(self) -> list[SeatSpec]:
        """The learner's seat and the opponents' (scripted, then the easy AI)."""
        return [
            SeatSpec(name=name) if i == self.you else SeatSpec(name=name, kind="ai", level=FREE_LEVEL)
            for i, name in enumerate(self.names)
        ]

    def new_match(self, game: Game[Any, Any, Any]) -> Match:
        return Match.new(game, parse_assignments(game.Options, self.options), self.seats(), self.seed)

    def sections(self) -> set[str]:
        """Every rules section some step (or the free play) teaches; not those only mentioned."""
        return {s for step in self.steps for s in step.teaches} | set(self.free_teaches)

    def fits(self, match: Match) -> bool:
        """Whether `match` is this lesson's game (its deal and table), so its save opens as it."""
        return (
            match.game.id == self.game_id
            and match.seed == self.seed
            and [s.name for s in match.seats] == list(self.names)
            and match.humans() == (self.you,)
        )


@attrs.frozen
class Place:
    """Where a game stands in its lesson. `step`: the step whose move the learner owes now, or
    whose replies are being played (None once the script is over or left). `off`: the index of
    the first move that left the script (None: on it). `free`: the lesson guides no more."""

    step: Step | None
    off: int | None
    owed: bool

    @property
    def free(self) -> bool:
        return self.step is None


@attrs.frozen
class Script:
    """A lesson's moves as the rules read them: `moves[i]` the i-th decision of the game while it
    follows the lesson (seat, action), `step_at[i]` the step a learner's move belongs to, and
    `said[i]` that move described as the learner's list of moves says it."""

    lesson: Lesson
    moves: tuple[tuple[int, Any], ...]
    step_at: Mapping[int, Step]
    point_at: Mapping[int, Any]
    said: Mapping[int, str]

    def place(self, history: Sequence[tuple[int, Any]]) -> Place:
        for i, move in enumerate(history):
            if i >= len(self.moves):
                return Place(None, None, False)
            if move != self.moves[i]:
                return Place(None, i, False)
        n = len(history)
        if n >= len(self.moves):
            return Place(None, None, False)
        # The step owed now, or the last one whose replies are still being played.
        owed = n in self.step_at
        earlier = [i for i in self.step_at if i <= n]
        step = self.step_at[max(earlier)] if earlier else self.lesson.steps[0]
        return Place(step, None, owed)

    def expected(self, history_length: int) -> Any:
        """The move the script expects at this point (None past its end)."""
        if history_length >= len(self.moves):
            return None
        return self.moves[history_length][1]

    def pointed(self, history_length: int) -> Any:
        """The move the cursor rests on at this point: the step's `point`, else its move."""
        return self.point_at.get(history_length, self.expected(history_length))


def save_name(game_id: str) -> str:
    return f"{SAVE_PREFIX}{game_id}"


def lesson_path(game_id: str, folder: Path = LESSON_DIR) -> Path:
    return folder / f"{game_id}.toml"


def has_lesson(game_id: str, folder: Path = LESSON_DIR) -> bool:
    return lesson_path(game_id, folder).is_file()


def help_sections(game_id: str, folder: Path = HELP_DIR) -> list[str]:
    """The main sections (`## ` headings) of a game's rules help: what a lesson must teach."""
    text = (folder / f"{game_id}.md").read_text(encoding="utf-8")
    return [line[3:].strip() for line in text.splitlines() if line.startswith("## ")]


def _strings(value: Any, where: str, what: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise LessonError(f"{where}: {what} must be a text or a list of texts")
    return tuple(value)


def _text(table: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
    value = table.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise LessonError(f"{where}: {key} must be a text" + (" (it is required)" if required else ""))
    return " ".join(value.split()) if key == "say" else value.strip()


def parse(data: Mapping[str, Any], name: str) -> Lesson:
    """A lesson from its file's table, its shape checked (not yet its moves: `script`)."""
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise LessonError(f"{name}: unknown key {sorted(unknown)[0]!r}")
    seed, you, names = data.get("seed"), data.get("you", 1), data.get("names")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise LessonError(f"{name}: seed must be a whole number from 0")
    if not isinstance(names, list) or len(names) < 1 or not all(isinstance(n, str) and n for n in names):
        raise LessonError(f"{name}: names must list every seat's name")
    if not isinstance(you, int) or not 1 <= you <= len(names):
        raise LessonError(f"{name}: you must be the learner's seat number, 1 to {len(names)}")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(f"{name}: a lesson needs steps ([[steps]] tables)")
    steps = []
    for number, raw in enumerate(raw_steps, 1):
        where = f"{name}: step {number}"
        if not isinstance(raw, dict):
            raise LessonError(f"{where}: a step is a table")
        unknown = set(raw) - _STEP_KEYS
        if unknown:
            raise LessonError(f"{where}: unknown key {sorted(unknown)[0]!r}")
        teaches = _strings(raw.get("teaches", []), where, "teaches")
        step = Step(
            number=number,
            teaches=teaches,
            say=_text(raw, "say", where),
            move=_text(raw, "move", where),
            point=_text(raw, "point", where, required=False),
            then=_strings(raw.get("then", []), where, "then"),
        )
        steps.append(step)
    free = data.get("free", {})
    if not isinstance(free, dict) or set(free) - _FREE_KEYS:
        raise LessonError(f"{name}: free is a table with teaches, mentions and say")
    return Lesson(
        game_id=_text(data, "game", name),
        seed=seed,
        you=you - 1,
        names=tuple(names),
        options=_strings(data.get("options", []), name, "options"),
        opening=_strings(data.get("opening", []), name, "opening"),
        steps=tuple(steps),
        free_teaches=_strings(free.get("teaches", []), f"{name}: free", "teaches"),
        free_mentions=_strings(free.get("mentions", []), f"{name}: free", "mentions"),
        free_say=_text(free, "say", f"{name}: free"),
    )


def _seat_move(text: str, where: str) -> tuple[int, str]:
    found = _SEAT_MOVE.match(text.strip())
    if found is None:
        raise LessonError(f"{where}: write an opponent's move as 'p2: MOVE', not {text!r}")
    return int(found.group(1)) - 1, found.group(2)


def _pass_forced(match: Match) -> None:
    """Decline every interrupt window nobody needs to see, as the lesson's session does before
    each screen update (`LocalSession.pass_declines`, one person at the keyboard)."""
    while not match.over and match.to_act():
        seat = match.to_act()[0]
        choice = match.quick_decline(seat, alone=True)
        if choice is None:
            return
        match.submit(seat, choice)


def script(lesson: Lesson, game: Game[Any, Any, Any], known: Sequence[str] | None = None) -> Script:
    """Play the lesson's moves through the rules and keep them: a move that cannot be played
    fails with its step's number and the rules' sentence. `known`: the rules sections a step may
    name (the game's `##` headings), checked when given."""
    name = f"{lesson.game_id}.toml"
    for step in lesson.steps:
        for section in step.teaches:
            if known is not None and section not in known:
                raise LessonError(f"{name}: step {step.number}: no rules section is called {section!r}")
    for section in lesson.free_teaches + lesson.free_mentions:
        if known is not None and section not in known:
            raise LessonError(f"{name}: free: no rules section is called {section!r}")
    try:
        match = lesson.new_match(game)
    except ValueError as exc:
        raise LessonError(f"{name}: {exc}") from None
    step_at: dict[int, Step] = {}
    point_at: dict[int, Any] = {}
    said: dict[int, str] = {}

    def play(seat: int, text: str, where: str) -> Any:
        _pass_forced(match)
        if match.over:
            raise LessonError(f"{where}: the game is over before {text!r}")
        try:
            action = game.parse_move(match.state, seat, text)
        except IllegalAction as exc:
            raise LessonError(f"{where}: {text!r}: {exc.reason}") from None
        return action

    for text in lesson.opening:
        seat, move = _seat_move(text, f"{name}: opening")
        if seat == lesson.you:
            raise LessonError(f"{name}: opening: {text!r} is the learner's move (make it a step)")
        match.submit(seat, play(seat, move, f"{name}: opening"))
    for step in lesson.steps:
        where = f"{name}: step {step.number}"
        action = play(lesson.you, step.move, where)
        index = len(match.history)
        step_at[index] = step
        said[index] = game.describe(match.view(lesson.you), action)
        if step.point:
            point_at[index] = play(lesson.you, step.point, f"{where}: point")
        match.submit(lesson.you, action)
        for text in step.then:
            seat, move = _seat_move(text, where)
            if seat == lesson.you:
                raise LessonError(f"{where}: {text!r} is the learner's move (make it a step)")
            match.submit(seat, play(seat, move, where))
    _pass_forced(match)
    return Script(lesson, tuple(match.history), step_at, point_at, said)


def load(
    game_id: str, game: Game[Any, Any, Any], folder: Path = LESSON_DIR, help_dir: Path = HELP_DIR
) -> Script:
    """The lesson of `game_id`, read and played through the rules (LessonError says what is
    wrong, with the step's number)."""
    path = lesson_path(game_id, folder)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LessonError(f"there is no lesson for {game_id} yet") from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LessonError(f"{path.name}: {exc}") from None
    lesson = parse(data, path.name)
    if lesson.game_id != game_id:
        raise LessonError(f"{path.name}: its game is {lesson.game_id!r}, not {game_id!r}")
    known = help_sections(game_id, help_dir) if (help_dir / f"{game_id}.md").is_file() else None
    return script(lesson, game, known)
