"""The session: what a game screen talks to, so a server's table can replace the local one.

A screen never touches a `Match` directly. It asks the session who owes a decision, what a seat
may see (`view`, `log_for`), what a seat may do (`legal`, `choices`), and hands decisions back
through `submit`. `LocalSession` owns a `Match` in this process, autosaves it after every applied
decision and holds the save's lock until `close`. `RemoteSession` (rivals_tui/remote.py)
implements the same calls for a seat at a table server that owns the match. Where the two differ
for a screen, the session says what it can do (`passes_keyboard`, `answers_later`, ...), one
question each, and the screens ask that rather than which kind of session they hold.

AI seats: the session only says which AI seat owes a decision (`ai_to_act`), hands out that
seat's *view* and its bot; the screen runs the bot in a thread worker and submits the result.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from engine.core import Event, Game, IllegalAction, Outcome, Prompt, SeatSpec, name_seats
from engine.core.match import Match, Series
from engine.core.options import option_fields
from rivals_tui.text import safe_text

if TYPE_CHECKING:
    from rivals_tui.chat import ChatBook
    from rivals_tui.dialogs.away import AwayRules
    from saves.replay import Replay
    from saves.store import SaveLock, SaveStore

# The hint asks the strongest level the wait allows. At this keyboard nobody else waits on
# the player, so the hint thinks as long as expert does (its bar shows how far it has got); at
# a server's table the other players wait, and an away clock may be running, so it asks hard.
HINT_LEVEL = "expert"
REMOTE_HINT_LEVEL = "hard"


def options_in_force(options: Any, seats: int, changed_only: bool = False) -> str:
    """The variants that apply to a table of `seats`, in words ("Expert rules: on"); "" for a
    game without any. With `changed_only`, only those set otherwise than their default (the
    game screen's status line, where every word costs the board a line at 80x24; the legend
    and the load list name them all)."""
    return "; ".join(
        f"{f.label}: {f.show(getattr(options, f.name))}"
        for f in option_fields(type(options))
        if f.applies(seats) and not (changed_only and getattr(options, f.name) == f.default)
    )


class Bot(Protocol):
    """What the screen needs of an AI player (engine.ai's bots fit): an action for `seat` from its view."""

    def choose(
        self,
        game: Game[Any, Any, Any],
        view: Any,
        seat: int,
        *,
        should_stop: Callable[[], bool] | None = None,
    ) -> Any: ...


class Session(Protocol):
    """The calls a game screen makes. Every method is cheap except `bot`'s `choose`."""

    game: Game[Any, Any, Any]
    seats: tuple[SeatSpec, ...]
    name: str | None
    options: Any
    # The seat this terminal decides for, when the keyboard does not pass (None: watching).
    seat_here: int | None
    # The AI level the hint asks (HINT_LEVEL here, REMOTE_HINT_LEVEL at a server's table).
    hint_level: str
    # The table's chat (a server's table, rivals_tui.chat); None where there is nobody to talk to
    # but the people at this keyboard (a game played in this process).
    chat: ChatBook | None

    # What the session can do, one question each (a server's table, rivals_tui.remote, answers
    # each otherwise than a game played in this process).
    @property
    def passes_keyboard(self) -> bool:
        """People take turns at this terminal's keyboard (the pass screen, the table asked about an
        interrupt); if not, it stays on `seat_here` and the other seats decide elsewhere."""

    @property
    def watching(self) -> bool:
        """Nobody decides here: a spectator, who may not ask for another game either."""

    @property
    def answers_later(self) -> bool:
        """`submit` only sends the move: what it did comes with a later update, not at once."""

    @property
    def saves_here(self) -> bool:
        """The game is saved here, so a failed autosave is this terminal's to report (if not, the
        saver's own sentence is `save_problem`, which the status line shows in `table_notes`)."""

    @property
    def next_game_asked(self) -> bool:
        """The next game is the table's: it starts once every person has asked for it (`again`),
        and while a series goes on it is the series' next game, never a rematch."""

    @property
    def again(self) -> tuple[int, ...]:
        """The seats whose players have asked for the next game (`next_game_asked`)."""

    @property
    def keeps_moves(self) -> bool:
        """Every move of the game is held here, so `replay` can show it again move by move (a
        server's table: only the server has them)."""

    def replay(self) -> Replay:
        """The game so far, move by move, for the replay viewer (`keeps_moves` only)."""

    @property
    def keeps_record(self) -> bool:
        """The finished game's record is here for the player to keep on this computer (a server's
        table, once its game is over; a game played here is kept by its save already)."""

    def keep_record(self) -> str:
        """Keep the record (`keeps_record` only): one sentence saying where, or why it could not be."""

    @property
    def series(self) -> Series: ...
    def to_act(self) -> tuple[int, ...]: ...
    def seat_note(self, seat: int) -> str: ...
    def table_notes(self) -> list[str]: ...
    def view(self, seat: int | None) -> Any: ...
    def prompt(self, seat: int) -> Prompt: ...
    def legal(self, seat: int) -> Sequence[Any]: ...
    def choices(self, seat: int) -> list[tuple[Any, str | None]]: ...
    def describe(self, seat: int | None, action: Any) -> str: ...
    def words(self, text: str) -> str: ...
    def why_illegal(self, seat: int, action: Any) -> str | None: ...
    def continues_turn(self, seat: int, action: Any) -> bool: ...
    def submit(self, seat: int, action: Any) -> list[Event]: ...
    def pass_declines(self, alone: bool) -> bool: ...
    def undo_blocker(self, seat: int) -> str | None: ...
    def undo(self, seat: int) -> None: ...
    def log_for(self, seat: int | None) -> list[Event]: ...
    def outcome(self) -> Outcome | None: ...
    def progress(self) -> str: ...
    def ai_to_act(self) -> int | None: ...
    def bot(self, seat: int) -> Bot: ...
    def hint_bot(self) -> Bot: ...
    def save(self) -> bool: ...
    @property
    def save_problem(self) -> str | None: ...
    def save_elsewhere(self, folder: str) -> str: ...

    # The game's life cycle: what comes after it, and leaving it.
    def next_game(self, rematch: bool) -> Match | None:
        """After game over, the game to open here next (`rematch`: the same table again from
        nothing; else the series' next game), or None when it comes from elsewhere (a server's
        table opens its next game once every player has asked for it)."""

    def leave_question(self) -> AwayRules | None:
        """What a player leaving the game now is asked to choose (how a server's table plays or
        pauses their seat while they are away), or None when leaving is simply leaving."""

    def close(self, *, pause: bool = False) -> None:
        """Leave the game (saved; a server's seat paused if `pause`). Safe to call twice."""


class LocalSession:
    """A match played in this process, saved through a `SaveStore` after every decision."""

    passes_keyboard = True
    seat_here: int | None = None
    watching = False
    answers_later = False
    saves_here = True
    keeps_moves = True
    keeps_record = False
    chat: ChatBook | None = None
    next_game_asked = False
    again: tuple[int, ...] = ()
    hint_level = HINT_LEVEL

    def __init__(
        self,
        match: Match,
        store: SaveStore | None = None,
        name: str | None = None,
        lock: SaveLock | None = None,
    ) -> None:
        self.match = match
        self.game: Game[Any, Any, Any] = match.game
        # The names as the screens show them: a name typed or saved with escape sequences or
        # invisible characters is shown escaped (the save keeps it as it is).
        self.seats: tuple[SeatSpec, ...] = tuple(
            attrs.evolve(seat, name=safe_text(seat.name)) for seat in match.seats
        )
        self.options: Any = match.options
        self.store = store
        self.name = name
        self._lock = lock
        self._bots: dict[int, Bot] = {}
        self._hint: Bot | None = None
        self.closed = False
        # The game ended by a decision made in this session (not a finished save opened again):
        # only such a game may set a personal best.
        self.finished_here = False
        # Why the last save failed (None when it worked). The game goes on in memory and every
        # later decision tries again; the screen says so and offers to save elsewhere.
        self._save_problem: str | None = None
        # Held while the match changes or is written, so that a hang-up saving from another
        # thread never writes a half-applied decision.
        self.guard = threading.RLock()
        if store is not None:
            if self.name is None:
                self.name = store.new_name(self.game.id)
            if self._lock is None:
                self._lock = store.lock(self.name)
            # Save at once so the game shows up in Load/Continue even before the first move.
            self.save()

    # -- reading ---------------------------------------------------------------------------
    @property
    def series(self) -> Series:
        return self.match.series

    def to_act(self) -> tuple[int, ...]:
        return self.match.to_act()

    def seat_note(self, seat: int) -> str:
        """A word after a seat's name in "Waiting for …" (a remote table says who is away, and
        that its server's AI is thinking)."""
        return ""

    def table_notes(self) -> list[str]:
        """Lines the status line adds about the table (a remote table: the server's word, and
        when the AI plays for an away player); none here."""
        return []

    def view(self, seat: int | None) -> Any:
        return self.match.view(seat)

    def words(self, text: str) -> str:
        """An engine text with "Player N" replaced by the seat's name (engine.core.name_seats)."""
        return name_seats(text, [s.name for s in self.seats])

    def prompt(self, seat: int) -> Prompt:
        p = self.match.prompt(seat)
        return attrs.evolve(p, text=self.words(p.text))

    def legal(self, seat: int) -> Sequence[Any]:
        return self.match.legal(seat)

    def choices(self, seat: int) -> list[tuple[Any, str | None]]:
        if seat not in self.to_act():
            return []
        return [
            (a, None if why is None else self.words(why))
            for a, why in self.game.choices(self.match.state, seat)
        ]

    def describe(self, seat: int | None, action: Any) -> str:
        # Described on the seat's view so a description can never leak what the seat cannot see.
        return self.words(self.game.describe(self.match.view(seat), action))

    def why_illegal(self, seat: int, action: Any) -> str | None:
        why = self.match.why_illegal(seat, action)
        return None if why is None else self.words(why)

    def continues_turn(self, seat: int, action: Any) -> bool:
        """Whether `action`, a move the rules allow `seat` now, leaves its turn unfinished
        (`Match.continues_turn`). ("Confirm moves" asks at the turn's last step.)"""
        return self.match.continues_turn(seat, action)

    def log_for(self, seat: int | None) -> list[Event]:
        return [attrs.evolve(e, text=self.words(e.text)) for _, e in self.match.log_for(seat)]

    def outcome(self) -> Outcome | None:
        out = self.match.outcome()
        if out is None:
            return None
        return attrs.evolve(out, reason=self.words(out.reason), tiebreak=self.words(out.tiebreak))

    def progress(self) -> str:
        return self.game.progress(self.match.state)

    def undo_blocker(self, seat: int) -> str | None:
        return self.match.undo_blocker(seat)

    def replay(self) -> Replay:
        # Imported when asked: the records' machinery is no part of starting a game.
        from saves.replay import Replay

        return Replay.of(self.match)

    def keep_record(self) -> str:
        return "This game's save is its record: rivals export writes it as one."

    def ai_to_act(self) -> int | None:
        """An AI seat owing a decision, once no human at the table owes one.

        Humans decide first in simultaneous phases so the keyboard is never locked behind a
        thinking bot; a bot's view hides what a human chose anyway.
        """
        owing = self.to_act()
        if any(not self.seats[s].is_ai for s in owing):
            return None
        for s in owing:
            if self.seats[s].is_ai:
                return s
        return None

    # -- changing --------------------------------------------------------------------------
    def submit(self, seat: int, action: Any) -> list[Event]:
        """Apply one decision and autosave. Raises IllegalAction, with the rules' sentence in the
        seats' names, and changes nothing if refused (the match judges the move, once)."""
        with self.guard:
            try:
                events = self.match.submit(seat, action)
            except IllegalAction as exc:
                raise IllegalAction(self.words(exc.reason)) from None
            self.finished_here = self.match.over
        self.save()
        return [attrs.evolve(e, text=self.words(e.text)) for e in events]

    def pass_declines(self, alone: bool) -> bool:
        """Decline every interrupt window nobody needs to see (`Match.quick_decline`; `alone`:
        one person at this keyboard), one after the other, saved once. True if any was."""
        passed = False
        with self.guard:
            while not self.match.over and self.match.to_act():
                seat = self.match.to_act()[0]
                choice = self.match.quick_decline(seat, alone)
                if choice is None:
                    break
                self.match.submit(seat, choice)
                passed = True
            self.finished_here = self.match.over
        if passed:
            self.save()
        return passed

    @property
    def record_id(self) -> str:
        """This game among the player's games, for the personal-best records: its game and seed
        (each new game, rematch or next game of a series draws a new seed)."""
        return f"{self.game.id}:{self.match.seed}"

    def undo(self, seat: int) -> None:
        keep = self.match.undo_target(seat)
        if keep is None:
            raise IllegalAction(self.match.undo_blocker(seat) or "Nothing to undo.")
        with self.guard:
            self.match.undo(keep)
        self.save()

    def bot(self, seat: int) -> Bot:
        if seat not in self._bots:
            from engine.ai import make_bot

            # Seeded from the match so a replayed game meets the same opponents.
            self._bots[seat] = make_bot(self.seats[seat].level, self.match.seed * 7919 + seat)
        return self._bots[seat]

    def hint_bot(self) -> Bot:
        if self._hint is None:
            from engine.ai import make_bot

            self._hint = make_bot(self.hint_level, self.match.seed * 7919 + 101)
        return self._hint

    @property
    def save_problem(self) -> str | None:
        return self._save_problem

    def save(self) -> bool:
        """Write the match; False (and `save_problem` says why) if the disk refused."""
        from saves.errors import SaveError

        with self.guard:
            if self.store is None or self.name is None or self.closed:
                return True
            try:
                self.store.save(self.name, self.match)
            except SaveError as exc:
                self._save_problem = exc.fault
                return False
            self._save_problem = None
            return True

    def save_elsewhere(self, folder: str) -> str:
        """Move this game's saving to `folder` (after a failed autosave, say); the path written.

        Raises SaveError with a sentence if that folder cannot take it; nothing changes then.
        """
        from saves.store import SaveStore

        with self.guard:
            old = self.store
            target = SaveStore.default(folder, games=old.games if old is not None else None)
            name = self.name or self.game.id
            if target.path(name).exists() or target.backup_path(name).exists():
                name = target.new_name(self.game.id)
            lock = target.lock(name)
            try:
                path = target.save(name, self.match)
            except BaseException:
                lock.release()
                raise
            if self._lock is not None:
                self._lock.release()
            self.store, self.name, self._lock = target, name, lock
            self._save_problem = None
            return str(path)

    def next_game(self, rematch: bool) -> Match | None:
        return self.match.rematch() if rematch else self.match.next_in_series()

    def leave_question(self) -> AwayRules | None:
        return None  # the game waits, saved, until it is opened again

    def close(self, *, pause: bool = False) -> None:
        """Save one last time and release the lock. Safe to call more than once, from any
        thread; a failed last save leaves `save_problem` set instead of raising. (A game here
        waits whoever leaves it: `pause` changes nothing.)"""
        with self.guard:
            if self.closed:
                return
            try:
                self.save()
            finally:
                self.closed = True
                if self._lock is not None:
                    self._lock.release()
                    self._lock = None
