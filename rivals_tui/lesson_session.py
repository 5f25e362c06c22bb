"""`LessonSession`: a lesson played here — a `LocalSession` whose opponents follow the lesson's
script, then play as the easy AI (rivals_tui/lesson.py reads the script).

The lesson is a save like any game (named `lesson-<game>`), and where the game stands in the
lesson is read from its moves (`Script.place`), so leaving and resuming needs nothing more. A
finished lesson is marked done in `saves.lessons.LessonsDone` (the menu shows the mark).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core import Event, Game
from engine.core.match import Match
from rivals_tui.lesson import LessonError, Place, Script, has_lesson, load, save_name
from rivals_tui.session import Bot, LocalSession
from saves.lessons import LessonsDone

if TYPE_CHECKING:
    from saves.store import SaveLock, SaveStore

# The tip asks this level: quick enough not to keep a beginner waiting.
TIP_LEVEL = "hard"


class ScriptedBot:
    """An opponent of the lesson: the script's move while the game follows it, else the easy AI."""

    def __init__(self, session: LessonSession, seat: int, free: Bot) -> None:
        self.session = session
        self.seat = seat
        self.free = free

    def choose(
        self,
        game: Game[Any, Any, Any],
        view: Any,
        seat: int,
        *,
        should_stop: Callable[[], bool] | None = None,
    ) -> Any:
        scripted = self.session.scripted_move(seat)
        if scripted is not None:
            return scripted
        return self.free.choose(game, view, seat, should_stop=should_stop)


class LessonSession(LocalSession):
    """A lesson's game: the script's opponents, the place in the lesson, the done mark."""

    hint_level = TIP_LEVEL

    def __init__(
        self,
        match: Match,
        script: Script,
        store: SaveStore | None = None,
        name: str | None = None,
        lock: SaveLock | None = None,
        done: LessonsDone | None = None,
    ) -> None:
        self.script = script
        self.lesson = script.lesson
        self.done = done if done is not None else LessonsDone.default()
        super().__init__(match, store, name=name or script.lesson.save_name, lock=lock)

    def place(self) -> Place:
        return self.script.place(self.match.history)

    def scripted_move(self, seat: int) -> Any:
        """The script's next move when it is `seat`'s and the game still follows the script."""
        place = self.place()
        n = len(self.match.history)
        if place.free or n >= len(self.script.moves) or self.script.moves[n][0] != seat:
            return None
        return self.script.moves[n][1]

    def expected(self) -> Any:
        """The learner's move the lesson waits for now (None: free play, or not their turn)."""
        place = self.place()
        return None if place.free or not place.owed else self.script.expected(len(self.match.history))

    def pointed(self) -> Any:
        """The move whose piece the coach puts the cursor on now (None: none)."""
        return None if self.expected() is None else self.script.pointed(len(self.match.history))

    def said(self) -> str:
        """The expected move as the learner's list of moves describes it ("" when none)."""
        text = self.script.said.get(len(self.match.history), "")
        return self.words(text) if self.expected() is not None else ""

    def events_of(self, index: int) -> list[Event]:
        """What the learner saw of the decision `index` (its events, in the seats' names)."""
        if not 0 <= index < len(self.match.log):
            return []
        return [e for e in self.match.log[index] if e.visible_to(self.lesson.you)]

    def bot(self, seat: int) -> Bot:
        return ScriptedBot(self, seat, super().bot(seat))

    def submit(self, seat: int, action: Any) -> list[Event]:
        events = super().submit(seat, action)
        self._mark_if_done()
        return events

    def pass_declines(self, alone: bool) -> bool:
        passed = super().pass_declines(alone)
        self._mark_if_done()
        return passed

    def _mark_if_done(self) -> None:
        if self.finished_here:
            self.done.mark(self.lesson.game_id)


def lesson_script(game: Game[Any, Any, Any]) -> Script | None:
    """The game's lesson, played through (None: it has none, or it no longer plays)."""
    if not has_lesson(game.id):
        return None
    try:
        return load(game.id, game)
    except LessonError:
        return None


def local_session(
    match: Match, store: SaveStore | None, name: str | None = None, lock: SaveLock | None = None
) -> LocalSession:
    """The session for a game opened here: a lesson's save (its name, its deal) opens as the
    lesson, every other game as itself. A lesson whose file no longer plays opens as a game."""
    if name == save_name(match.game.id):
        script = lesson_script(match.game)
        if script is not None and script.lesson.fits(match):
            return LessonSession(match, script, store, name=name, lock=lock)
    return LocalSession(match, store, name=name, lock=lock)


def open_lesson(game: Game[Any, Any, Any], store: SaveStore, *, fresh: bool = False) -> LessonSession:
    """The lesson of `game`: its save when one is in progress (unless `fresh`: start again),
    else a new game at its first step. Raises LessonError (no lesson, or it does not play),
    SaveError or OSError (the save cannot be opened or written), each with its sentence."""
    script = load(game.id, game)
    name = script.lesson.save_name
    if not fresh and store.path(name).exists():
        lock = store.lock(name)
        try:
            match = store.load(name)
        except BaseException:
            lock.release()
            raise
        if not match.over and script.lesson.fits(match):
            return LessonSession(match, script, store, name=name, lock=lock)
        lock.release()
    return LessonSession(script.lesson.new_match(game), script, store, name=name)
