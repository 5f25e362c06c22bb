"""The game screen, the same for every game: status line, board, detail panel, log, keys (the
panes, and the keys that only read them, are `GamePanes` in game_panes.py).

It turns keys and board messages into decisions for the session and never decides rules; it
shows only the view and events of the seat at the keyboard. AI seats think in a thread worker on
their own view (the status line says who, with a bar for long thinks); hot-seat hand-overs go
through the pass-the-keyboard screen.

At 80×24 nothing is cut: the status line wraps onto as many lines as it needs, the log wraps
again when its width changes, the detail panel scrolls with the Page keys.

"Confirm moves" asks once per turn: a decision after which the same seat decides again, with
nothing coming to light in between, is made at once; the last decision of the turn asks about
the whole turn, and answering no takes the earlier decisions back.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from textual import on, work
from textual.binding import Binding
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import Worker, WorkerState, get_current_worker

from engine.core import IllegalAction
from engine.core.interrupts import decline_ways
from rivals_tui import glyphs
from rivals_tui.dialogs import AskDialog, ConfirmDialog, ErrorDialog
from rivals_tui.games.book import entries_for
from rivals_tui.screens.game_panes import GamePanes
from rivals_tui.screens.pass_keyboard import InterruptScreen, PassScreen
from rivals_tui.session import Bot, Session, options_in_force
from rivals_tui.text import plain
from rivals_tui.thinking import TICK, Thinker
from rivals_tui.widgets.action_picker import ActionPicker
from rivals_tui.widgets.board import GameBoard
from rivals_tui.widgets.footer import KeysFooter
from rivals_tui.widgets.log import WrappingLog
from rivals_tui.widgets.quiet import show_text

# How long after sending a move a remote table's screen shows the seat waiting, unless the
# server's update (the new state) has come by then, as it nearly always has.
PENDING_SHOWN_AFTER = 0.1


class AiChose(Message):
    """A bot finished thinking. `generation` guards against moves made stale by an undo."""

    def __init__(self, seat: int, action: Any, generation: int) -> None:
        super().__init__()
        self.seat = seat
        self.action = action
        self.generation = generation


class HintReady(Message):
    def __init__(self, text: str, action: Any, generation: int) -> None:
        super().__init__()
        self.text = text
        self.action = action
        self.generation = generation


class GameScreen(GamePanes):
    """Plays one session until its outcome, then hands over to the game-over screen."""

    BINDINGS = [
        Binding(
            "question_mark,f1", "rules", "Rules", tooltip="The rules at the current step", id="game.rules"
        ),
        Binding("a,space", "picker", "Actions", tooltip="Pick from every action", id="game.picker"),
        Binding(
            "f",
            "hurry",
            "Skip pauses",
            tooltip="The AI plays on without its pauses (the AI pace) until you decide again",
            id="game.hurry",
        ),
        Binding("u", "undo", "Undo", tooltip="Take back your last decision", id="game.undo"),
        Binding("h", "hint", "Hint", tooltip="Ask the AI what it would do", id="game.hint"),
        Binding("l", "full_log", "Log", tooltip="Everything that happened", id="game.log"),
        Binding("g", "legend", "Legend", tooltip="What every symbol on the board means", id="game.legend"),
        Binding("b", "book", "Book", tooltip="Every card and piece of the game, searchable", id="game.book"),
        Binding("q", "leave", "Menu", tooltip="Save and go back to the menu", id="game.leave"),
        Binding(
            "ctrl+s",
            "save_as",
            "Save elsewhere",
            tooltip="Save this game in another folder (if the usual one is full or read-only)",
            show=False,
            id="game.save_as",
        ),
        Binding(
            "pagedown",
            "detail(1)",
            "Detail down",
            show=False,
            tooltip="Read on in the detail panel",
            id="game.detail_down",
        ),
        Binding(
            "pageup",
            "detail(-1)",
            "Detail up",
            show=False,
            tooltip="Back up in the detail panel",
            id="game.detail_up",
        ),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        humans = [i for i, s in enumerate(session.seats) if not s.is_ai]
        # With one human the keyboard never changes hands; with several the first hand-over
        # also goes through the pass screen, so nobody sees a hand that is not theirs. At a
        # remote table the keyboard belongs to this terminal's seat for good.
        self.keyboard: int | None = humans[0] if len(humans) == 1 else None
        if not session.passes_keyboard:
            self.keyboard = session.seat_here
        self.thinking: int | None = None
        # The last think begun, the AI's or the hint's (never both), as the status line tells it.
        self._thinker: Thinker | None = None
        # Set by `f`: the AI's moves come without the pace's pause until a person decides.
        self.hurry = False
        # The seat that asked for the keyboard to interrupt a turn (InterruptScreen), until it has it.
        self._taking: int | None = None
        self.message = ""
        self._generation = 0
        self._shown = 0
        self._over = False
        # The save problem last reported, so that it is said once, not after every move.
        self._told_problem: str | None = None
        # The log panel's text, as shown to the seat at the keyboard (tests read it too).
        self.log_lines: list[str] = []
        # With "confirm moves": what the seat at the keyboard already decided this turn, unconfirmed.
        self.turn_so_far: list[str] = []
        # The action picker, once opened (installed in the app, so closing it keeps it).
        self._picker: ActionPicker | None = None

    def on_mount(self) -> None:
        self._ticker: Timer = self.set_interval(TICK, self._tick_bar, pause=True)
        self.advance()
        self.report_save_problem()

    def on_unmount(self) -> None:
        picker, self._picker = self._picker, None
        if picker is not None and picker not in self.app.screen_stack:
            self.app.uninstall_screen(picker)
            picker.remove()

    # -- the loop --------------------------------------------------------------------------
    def advance(self) -> None:
        """Bring the screen up to date with the session and start whatever comes next."""
        s = self.session
        if s.outcome() is not None:
            self.thinking = None
            self._render_all()
            if not self._over:
                self._over = True
                self.rivals.game_over(self)
            return
        # Interrupt windows nobody needs to see; with several people at this keyboard the
        # table is asked instead (`_interrupt_answered`).
        if s.pass_declines(alone=sum(1 for x in s.seats if not x.is_ai) == 1):
            self._generation += 1
            self.report_save_problem()
        owing = s.to_act()
        humans = [x for x in owing if not s.seats[x].is_ai]
        if not s.passes_keyboard:
            # Every seat decides in its own terminal and the server plays the AI: no hand-overs.
            self._render_all()
            return
        if humans:
            self.hurry = False
            nxt = self.keyboard if self.keyboard in humans else humans[0]
            declines = s.prompt(nxt).declines
            if declines and nxt != self.keyboard and nxt != self._taking:
                # Ask the table before handing over the keyboard for an interrupt.
                passes = [s.describe(nxt, a) for a in decline_ways(s.prompt(nxt), s.choices(nxt))]
                question = InterruptScreen(s.seats[nxt].name, s.words(s.prompt(nxt).text) + ".", passes)
                self.app.push_screen(question, lambda answer: self._interrupt_answered(nxt, answer))
                return
            if nxt == self._taking:
                self._taking = None  # it gets the keyboard now, through the pass screen below
            if nxt != self.keyboard:
                needs_pass = self._needs_pass(self.keyboard, nxt)
                self.keyboard = nxt
                self._rebuild_log()
                if needs_pass:
                    # No prompt text on the pass screen: it could hint at the next player's hand.
                    self.app.push_screen(PassScreen(s.seats[nxt].name), self._after_pass)
                    return
        self._render_all()
        if not humans:
            seat = s.ai_to_act()
            if seat is not None and self.thinking is None:
                self.thinking = seat
                self._thinker = Thinker(f"{s.seats[seat].name} (AI) is thinking…", s.bot(seat))
                self._render_status()
                self._ticker.resume()
                self.run_ai(seat, s.view(seat), self._generation, self._pace())

    def _after_pass(self, _: None = None) -> None:
        self.advance()

    def _interrupt_answered(self, seat: int, answer: str | None) -> None:
        """The table's answer to InterruptScreen for `seat`: the keyboard goes to it, or it passes."""
        s = self.session
        if answer == "take":
            self._taking = seat  # the keyboard goes to it the usual way, through the pass screen
        else:
            ways = decline_ways(s.prompt(seat), s.choices(seat))
            if ways:
                self._apply(seat, ways[0] if answer == "quiet" and len(ways) > 1 else ways[-1])
                return
        self.advance()

    def _needs_pass(self, old: int | None, new: int) -> bool:
        humans = [i for i, x in enumerate(self.session.seats) if not x.is_ai]
        if len(humans) < 2:
            return False
        if old is None or self.session.prompt(new).secret:
            return True
        # Hidden information is involved whenever the two players see different tables.
        return bool(self.session.view(old) != self.session.view(new))

    # -- drawing ---------------------------------------------------------------------------
    def _render_all(self) -> None:
        s = self.session
        seat = self.keyboard
        events = s.log_for(seat)
        new = events[self._shown :]
        self._shown = len(events)
        log = self.query_one("#log", WrappingLog)
        for e in new:
            log.add(e.text)
        self.log_lines.extend(e.text for e in new)
        board = self.query_one(GameBoard)
        legal = s.legal(seat) if seat is not None and self.thinking is None else ()
        board.name_seats(self.seat_names())
        board.show(s.view(seat), seat, legal, new)
        if board.last_detail is not None:
            self._show_detail(*board.last_detail)  # now, with the rest (its message then changes nothing)
        if legal:
            board.focus_board()
        self._render_status()

    def _render_status(self) -> None:
        s = self.session
        parts = [s.game.title]
        variants = options_in_force(s.options, len(s.seats), changed_only=True)
        if variants:
            parts.append(variants)
        progress = s.progress()
        if progress:
            parts.append(progress)
        out = s.outcome()
        owing = s.to_act()
        if out is not None:
            parts.append("Game over")
        elif self.thinking is not None and self._thinker is not None:
            skipping = " (no pauses until a person decides)" if self.hurry else ""
            parts.append(f"{self._thinker.shown()}{skipping}")
        elif self.keyboard is not None and self.keyboard in owing:
            parts.append(f"{s.seats[self.keyboard].name}: {s.prompt(self.keyboard).text}")
        else:
            parts.append("Waiting for " + ", ".join(s.seats[x].name + s.seat_note(x) for x in owing))
        # A server's table: its word while it cannot save, and when the AI plays for an away seat.
        think = self._shown_think()
        message = think.shown() if think is not None and self.thinking is None else self.message
        line = " · ".join(parts) + "".join("\n" + text for text in (*s.table_notes(), message) if text)
        # In the ASCII set, "thinking…" reads "thinking..." (the line filter would make it "~").
        show_text(self.query_one("#status", Static), plain(glyphs.text(line)))
        self.refresh_bindings()
        # The footer's keys in this same paint, not in one of their own once Textual gets round
        # to telling the footer that the bindings changed.
        self.query_one(KeysFooter).update_keys()

    def _shown_think(self) -> Thinker | None:
        """The think the status line tells of: the AI's, or the hint's until a newer message."""
        think = self._thinker
        shown = think is not None and (self.thinking is not None or self.message == think.words)
        return think if shown else None

    def _tick_bar(self) -> None:
        """Every TICK from the start of a think: its bar moves on; paused once none is shown."""
        think = self._shown_think()
        if think is not None and think.measured:
            self._render_status()
        else:
            self._ticker.pause()

    def tick(self) -> None:
        """A second has passed at a server's table: an away player's countdown moves on."""
        self._render_status()

    def say(self, text: str) -> None:
        """One line of feedback under the status (an illegal move's reason, a hint, an undo blocker)."""
        self.message = text
        self._render_status()

    # -- workers ---------------------------------------------------------------------------
    @work(thread=True, exclusive=True, group="ai", exit_on_error=False)
    def run_ai(self, seat: int, view: Any, generation: int, pace: float) -> None:
        worker = get_current_worker()
        started = time.monotonic()
        bot = self.session.bot(seat)
        action = bot.choose(self.session.game, view, seat, should_stop=lambda: worker.is_cancelled)
        # The pace setting leaves humans time to follow what the bots do (`f` cuts it short).
        while not worker.is_cancelled and not self.hurry and time.monotonic() - started < pace:
            time.sleep(0.02)
        if not worker.is_cancelled:
            self.post_message(AiChose(seat, action, generation))

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def run_hint(self, seat: int, view: Any, generation: int, bot: Bot) -> None:
        worker = get_current_worker()
        action = bot.choose(self.session.game, view, seat, should_stop=lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            text = self.session.words(self.session.game.describe(view, action))
            words = f"Hint ({self.session.hint_level}): the AI would {text.rstrip('.')}."
            self.post_message(HintReady(words, action, generation))

    def on_ai_chose(self, msg: AiChose) -> None:
        if msg.generation != self._generation:
            return
        self.thinking = None
        try:
            self.session.submit(msg.seat, msg.action)
        except IllegalAction as exc:
            self.app.push_screen(ErrorDialog(f"The AI tried a move that is not allowed: {exc.reason}"))
            return
        self._generation += 1
        self.advance()
        self.report_save_problem()

    def remote_changed(self, log_reset: bool, refused: str | None = None) -> None:
        """A remote table changed (or refused our last message, saying why): show it as it is now."""
        if not self.is_mounted:
            return  # mounting shows the session as it is by then
        # Every change an update makes is painted together, in one refresh of the screen.
        with self.app.batch_update():
            if log_reset:
                self._rebuild_log()
            if refused is not None:
                self.message = refused
            self._generation += 1
            self.advance()
            self._report_refreshes()

    def _report_refreshes(self) -> None:
        """Hand the screen every repaint and layout asked for so far, so that it paints them at once.

        A widget tells its screen that it needs painting (or a layout) only when its own message
        queue next goes idle, and the screen paints as soon as it has heard from one: an update
        that changed the board, the log, the status line and the footer was painted in two goes,
        or three with a layout after the first. (Textual's `_check_refresh` is that idle step.)"""
        for widget in self.walk_children(Widget):
            widget._check_refresh()

    def on_hint_ready(self, msg: HintReady) -> None:
        if msg.generation != self._generation:
            return
        note = self.query_one(GameBoard).point_at(msg.action)
        self.say(f"{msg.text} {note}" if note else msg.text)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        # The one place worker failures surface: a dialog, and the screen keeps working.
        if event.state != WorkerState.ERROR:
            return
        self._thinker = None  # the think that failed, the AI's or the hint's
        if event.worker.group == "ai":
            self.thinking = None
        self._render_status()
        error = event.worker.error
        self.app.push_screen(ErrorDialog(f"{type(error).__name__}: {error}", title="The AI failed"))

    # -- choosing --------------------------------------------------------------------------
    @on(GameBoard.ActionChosen)
    def _board_chose(self, event: GameBoard.ActionChosen) -> None:
        self.choose(event.action, ask=event.ask)

    def _my_turn(self) -> bool:
        return (
            self.keyboard is not None
            and self.thinking is None
            and not self._over
            and self.keyboard in self.session.to_act()
        )

    def choose(self, action: Any, ask: str | None = None) -> None:
        """Submit `action` for the seat at the keyboard; with "confirm moves" after asking, and
        with `ask` (a costly move the board's piece is not mainly for) after asking that."""
        seat = self.keyboard
        if seat is None or not self._my_turn():
            self.say("It is not your turn to decide.")
            return
        confirm = self.rivals.settings.confirm_moves
        if not confirm and ask is None:
            self._apply(seat, action)  # judged by the rules as it is submitted (its sentence, if refused)
            return
        # A question comes first: asked only about a move the rules allow.
        reason = self.session.why_illegal(seat, action)
        if reason is not None:
            self.say(reason)
            return
        if not confirm and ask is not None:
            self.app.push_screen(
                ConfirmDialog(ask, yes="Do it", no="Back", enter_says_no=True),
                lambda ok: self._apply(seat, action) if ok else None,
            )
            return
        text = self.session.describe(seat, action)
        if self.session.continues_turn(seat, action):
            # Not the end of the turn: asked about with the rest of it, at its last decision.
            self._apply(seat, action, keep_turn=True)
            self.turn_so_far.append(text)
            return
        earlier = len(self.turn_so_far)
        steps = [*self.turn_so_far, text]
        question = "; then ".join([steps[0], *(t[:1].lower() + t[1:] for t in steps[1:])])
        no = "Back" if not earlier else "Take the turn back"

        def confirmed(ok: bool | None) -> None:
            if ok:
                self._apply(seat, action)
            elif earlier:
                self._take_back_turn(seat, earlier)

        self.app.push_screen(ConfirmDialog(f"{question}?", yes="Do it", no=no), confirmed)

    def _apply(self, seat: int, action: Any, keep_turn: bool = False) -> None:
        try:
            self.session.submit(seat, action)
        except IllegalAction as exc:
            self.say(exc.reason)
            return
        self.message = ""
        self.workers.cancel_group(self, "hint")  # its advice was for the position before this move
        if not keep_turn:
            self.turn_so_far = []
        self._generation += 1
        if self.session.answers_later:
            # The move is only sent: the server's update, tens of milliseconds away, brings the
            # new state. Showing the wait first (no prompt, no moves on the board) laid out and
            # painted the whole screen, to be replaced at once by the update's own paint, at the
            # very moment the other terminals paint the same move. It shows if the update is late.
            generation = self._generation
            self.set_timer(PENDING_SHOWN_AFTER, lambda: self._show_pending(generation))
        else:
            self.advance()
        self.report_save_problem()
        # Painted at once with whatever else the screen has to paint now (after the action
        # picker, the game screen coming back from under it): one paint, not two or three.
        self._report_refreshes()

    def _show_pending(self, generation: int) -> None:
        """A move sent `PENDING_SHOWN_AFTER` ago is still unanswered: show the seat waiting."""
        if generation == self._generation and self.is_attached:
            self.advance()
            self._report_refreshes()

    def _take_back_turn(self, seat: int, decisions: int) -> None:
        """Undo the `decisions` made earlier this turn (the confirmation was refused)."""
        self.turn_so_far = []
        for _ in range(decisions):
            if self.session.undo_blocker(seat) is not None:
                break
            self.session.undo(seat)
        # Refusing the confirmation is not a take-back: those steps were never confirmed and
        # showed nothing new, so the game may still set a personal best.
        self._generation += 1
        self._rebuild_log()
        self.say("The whole turn was taken back: nothing of it was played.")
        self.advance()

    # -- keys ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("picker", "hint"):
            return True if self._my_turn() else None
        if action == "hurry":
            return True if self.thinking is not None and self._pace() > 0 else None
        if action == "undo":
            return True if self.keyboard is not None and not self._over else None
        if action == "book":
            return True if entries_for(self.session.game.id) else None
        return super().check_action(action, parameters)

    def action_picker(self) -> None:
        seat = self.keyboard
        if seat is None or not self._my_turn():
            return
        s = self.session
        entries = [(a, s.describe(seat, a), reason) for a, reason in s.choices(seat)]
        prompt = f"{s.seats[seat].name}: {s.prompt(seat).text}"
        # One picker for the screen's life, shown again each time: composing, styling and
        # removing a new one cost a full layout and paint on opening and another on closing.
        picker = self._picker
        if picker is None:
            picker = self._picker = ActionPicker(prompt, entries)
            self.app.install_screen(picker, f"action-picker-{id(self)}")
        else:
            picker.show(prompt, entries)
        self.app.push_screen(picker, self._picked)

    def _pace(self) -> float:
        """The pause after each AI move thought here: the AI pace setting, none once `f` asked for
        none. (A server's table plays its AI at the server's pace: no bot thinks here.)"""
        return 0.0 if self.hurry else self.rivals.settings.ai_pace

    def action_hurry(self) -> None:
        """No more pauses between the AI's moves until a person has a decision to make."""
        self.hurry = True
        self._render_status()

    def _picked(self, action: Any) -> None:
        if action is not None:
            self.choose(action)

    def action_undo(self) -> None:
        seat = self.keyboard
        if seat is None:
            return
        blocker = self.session.undo_blocker(seat)
        if blocker is not None:
            self.say(blocker)
            return
        self.workers.cancel_group(self, "ai")
        self.workers.cancel_group(self, "hint")
        self.thinking = None
        self.turn_so_far = []
        self.session.undo(seat)
        self.rivals.moves_taken_back(self.session)
        self._generation += 1
        self._rebuild_log()
        self.say("Your last decision was taken back.")
        self.advance()
        self.report_save_problem()

    def action_hint(self) -> None:
        seat = self.keyboard
        if seat is None or not self._my_turn():
            return
        bot = self.session.hint_bot()
        self._thinker = Thinker(f"Asking the AI ({self.session.hint_level})…", bot)
        self.say(self._thinker.words)
        self._ticker.resume()
        self.run_hint(seat, self.session.view(seat), self._generation, bot)

    # -- saving trouble ------------------------------------------------------------------------
    def report_save_problem(self) -> None:
        """Say once, in one sentence, that autosave failed; and once that it works again. (At a
        server's table the status line shows the server's own sentence while it lasts.)"""
        if not self.session.saves_here:
            return
        problem = self.session.save_problem
        if problem == self._told_problem:
            return
        if problem is not None:
            self.say(
                f"Autosave failed ({problem}): the game goes on and saving is tried again after "
                "the next move, or press ctrl+s to save it in another folder."
            )
        elif self._told_problem is not None:
            self.say("The game is saved again.")
        self._told_problem = problem

    def action_save_as(self) -> None:
        def chosen(folder: str | None) -> None:
            if folder is None:
                return
            from saves.errors import SaveError

            try:
                path = self.session.save_elsewhere(folder)
            except (SaveError, OSError) as exc:
                self.say(f"Could not save there: {exc}")
                return
            self._told_problem = None
            self.say(f"Saved as {path}; the game is saved there from now on.")

        self.app.push_screen(
            AskDialog("Save this game in which folder?", value=str(Path.home()), title="Save elsewhere"),
            chosen,
        )

    def action_leave(self) -> None:
        self.stop_workers()
        self.rivals.to_menu()

    def stop_workers(self) -> None:
        self.workers.cancel_group(self, "ai")
        self.workers.cancel_group(self, "hint")
