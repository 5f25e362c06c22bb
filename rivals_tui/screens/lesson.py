"""The lesson's screen: the game screen with a coach panel over the side panes (docs/LESSONS.md).

The coach says one step at a time what is happening, the rule, and what to do now, and puts the
board's cursor on the move it asks for (Enter takes it, as after a hint). It waits for the
learner's move; another legal move is played too, and the coach then says what it did and that
`u` takes it back (the lesson goes on) or that the game goes on without the script. After the
script the learner plays on alone against the easy AI; whenever they pause over a decision for
`HESITATION` seconds (or press `h`) the coach gives a tip. `?` opens the rules at the section the
step teaches. Everything the coach says is read from the session (`coach_text`), so a resumed
lesson shows exactly what it showed when it was left.
"""

from __future__ import annotations

import re

import attrs
from rich.text import Text
from textual._slug import slug
from textual.app import ComposeResult
from textual.binding import Binding
from textual.timer import Timer

from rivals_tui.lesson_session import LessonSession
from rivals_tui.screens.game import GameScreen, HintReady
from rivals_tui.screens.game_panes import side_panes
from rivals_tui.session import Session
from rivals_tui.widgets.board import GameBoard
from rivals_tui.widgets.detail import DetailPanel

# How long the learner may think over a decision before the coach offers a tip by itself.
HESITATION = 30.0
# Where to find a move the board has no piece for (the action picker, filtered by typing).
FROM_THE_LIST = "Press a and choose it from the list."


def short(described: str) -> str:
    """A move's description up to its first colon or full stop: "Take Tavern (would cost you 0
    coins)". The coach names the move in a line; the detail panel shows the piece in full. A
    single word before the colon is only a name ("Herbalist: give Bram a Conflict marker"), which
    says nothing of the move: then it goes on to the full stop."""
    head = re.split(r"[:.](?:\s|$)", described, maxsplit=1)[0]
    if " " not in head and described[len(head) : len(head) + 1] == ":":
        return re.split(r"\.(?:\s|$)", described, maxsplit=1)[0]
    return head


@attrs.frozen
class Coaching:
    """What the coach shows: a heading (the step and its rules section), what to do now (first,
    so that it shows at 80x24 even when the rest needs [ and ]), and the explanation."""

    heading: str
    now: str
    text: str

    def shown(self) -> Text:
        parts: list[str | tuple[str, str]] = [(self.heading, "bold"), "\n"]
        if self.now:
            parts += [(self.now, "bold"), "\n"]
        return Text.assemble(*parts, self.text)


def coach_text(session: LessonSession, tip: str = "", keys: str | None = "Enter") -> Coaching:
    """What the coach shows now: the step (what is happening, the rule, what to do), or what a
    move off the lesson's path did, or free play; with `tip` after it. `keys`: what to press on
    the board, whose cursor is on the step's move ("Enter", "Enter, then y" where Enter asks
    first, a board's own key; None: neither a piece nor a key of the board makes it, so the coach
    sends the learner to the list of moves)."""
    lesson = session.lesson
    place = session.place()
    tail = f"\n\n{tip}" if tip else ""
    if place.step is not None:
        step = place.step
        rules = f" · {step.teaches[0]} (?)" if step.teaches else ""
        heading = f"Step {step.number} of {len(lesson.steps)}{rules}"
        if place.owed:
            how = f"Press {keys}." if keys else FROM_THE_LIST
            now = f"Now: {short(session.said())}. {how}"
        else:
            names = [s.name for i, s in enumerate(session.seats) if i != lesson.you]
            others = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
            now = f"{others} answer{'s' if len(names) == 1 else ''}: watch the board and the log."
        return Coaching(heading, now, f"{step.say}{tail}")
    free = f"You are on your own now. {lesson.free_say}"
    if place.off is None:
        return Coaching("Free play", "", f"{free}{tail}")
    left = session.script.step_at.get(place.off)
    where = f"step {left.number}" if left is not None else "the lesson"
    later = [i for i, (seat, _) in enumerate(session.match.history) if seat == lesson.you and i > place.off]
    if later:
        back = f"(You left the lesson at {where}: u takes your moves back, one at a time, to return to it.)"
        return Coaching("Free play", "", f"{free}\n\n{back}{tail}")
    expected = session.script.said.get(place.off, "")
    did = " ".join(e.text for e in session.events_of(place.off)) or "nothing anyone can see"
    text = (
        "You played another move than the lesson's"
        + (f", which asked: {short(session.words(expected))}" if expected else "")
        + f". What your move did: {session.words(did)}\n\n"
        "Or play on: the game goes on without the lesson's script, against the easy AI, and I "
        "still give you a tip when you pause (or press h)."
    )
    return Coaching("Your own move", f"Press u to take it back and go on with {where}.", f"{text}{tail}")


class LessonScreen(GameScreen):
    """The game screen of a lesson: the coach, the pointed move, tips, the step's rules."""

    BINDINGS = [
        Binding(
            "right_square_bracket",
            "coach(1)",
            "Coach on",
            show=False,
            tooltip="Read on in the coach's panel",
            id="lesson.coach_down",
        ),
        Binding(
            "left_square_bracket",
            "coach(-1)",
            "Coach back",
            show=False,
            tooltip="Back up in the coach's panel",
            id="lesson.coach_up",
        ),
    ]

    def __init__(self, session: LessonSession) -> None:
        super().__init__(session)
        self.lesson = session
        # The coach's tip, and the number of moves made when it was given (it is for that decision).
        self.tip = ""
        self._tip_for = -1
        self._waiting: Timer | None = None
        # The keys that make the step's move on the board (None: the board has no piece and no
        # key for it).
        self._keys: str | None = "Enter"

    def side_column(self) -> ComposeResult:
        coach = DetailPanel(Text(""), id="coach")
        coach.keys = ("[", "]")
        coach.add_class("key-scroll")  # the screen's [ and ] scroll it
        coach.border_title = "Coach"
        yield coach
        yield from side_panes()

    # -- what the coach shows -----------------------------------------------------------------
    def _render_all(self) -> None:
        super()._render_all()
        pointed = self.lesson.pointed()
        self._asks = False
        if pointed is not None and self._my_turn():
            # A board with neither a piece nor a key for the move leaves the learner the action
            # picker.
            board = self.query_one(GameBoard)
            self._keys = board.keys_for(pointed, board.point_at(pointed) is not None)
        self._show_coach()
        self._wait_for_learner()

    def _show_coach(self) -> None:
        moves = len(self.lesson.match.history)
        coaching = coach_text(self.lesson, self.tip if self._tip_for == moves else "", self._keys)
        coach = self.query_one("#coach", DetailPanel)
        if coach.show(coaching.shown()):
            if coach.scrollable_content_region.height:
                coach.mark_more()
            self.call_after_refresh(self._mark_coach)

    def _mark_coach(self) -> None:
        coach = next(iter(self.query("#coach").results(DetailPanel)), None)
        if self.is_attached and coach is not None:
            coach.mark_more()

    def action_coach(self, pages: int) -> None:
        coach = self.query_one("#coach", DetailPanel)
        coach.scroll_lines(pages * max(1, coach.scrollable_content_region.height - 1))
        self.call_after_refresh(self._mark_coach)

    def _set_tip(self, text: str) -> None:
        self.tip = text
        self._tip_for = len(self.lesson.match.history)
        self._show_coach()

    # -- tips -------------------------------------------------------------------------------
    def _wait_for_learner(self) -> None:
        """After HESITATION seconds over the same decision, the coach offers a tip by itself."""
        if self._waiting is not None:
            self._waiting.stop()
            self._waiting = None
        if self._my_turn() and self._tip_for != len(self.lesson.match.history):
            moves = len(self.lesson.match.history)
            self._waiting = self.set_timer(HESITATION, lambda: self.hesitated(moves))

    def hesitated(self, moves: int) -> None:
        """The learner has thought over the decision after `moves` moves for a while."""
        if moves == len(self.lesson.match.history) and self._my_turn() and self._tip_for != moves:
            self.action_hint()

    def action_hint(self) -> None:
        """On the lesson's path the tip is the step's move; off it, the AI's advice in words."""
        if not self._my_turn():
            return
        if self.lesson.expected() is None:
            super().action_hint()
            return
        self._set_tip(f"Tip: {self.lesson.said()} {self._where(self.lesson.pointed())}")

    def on_hint_ready(self, msg: HintReady) -> None:
        if msg.generation != self._generation:
            return
        words = f"{msg.text} {self._where(msg.action)}"
        self.say(words)
        self._set_tip(words.replace("Hint", "Tip", 1))

    def _where(self, action: object) -> str:
        """The cursor to the tip's move, and how to take it: Enter there, or from the list."""
        return self.query_one(GameBoard).point_at(action) or FROM_THE_LIST

    # -- the rules at the step ----------------------------------------------------------------
    def action_rules(self) -> None:
        step = self.lesson.place().step
        if step is not None and step.teaches:
            # The rules screen finds a section by its heading's slug, as the prompts name it.
            self.rivals.open_rules(self.lesson.game.id, slug(step.teaches[0]))
            return
        super().action_rules()

    def stop_workers(self) -> None:
        if self._waiting is not None:
            self._waiting.stop()
            self._waiting = None
        super().stop_workers()


def screen_for(session: Session) -> GameScreen:
    """The screen that plays `session`: a lesson's has its coach."""
    return LessonScreen(session) if isinstance(session, LessonSession) else GameScreen(session)
