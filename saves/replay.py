"""A game move by move, for the replay viewer (rivals_tui/screens/replay.py, `rivals replay`).

`Replay.of(match)` takes a match whose moves were judged when it was played or loaded (a save's
loading replays every move through the rules) and lays out its positions: position k is the
table after the first k moves, 0 the table as set up, `moves` the end (or, for a game still in
progress, now). Each position is one state of the game, rebuilt on demand with `perform`
(unchecked: the moves were judged) from the nearest checkpoint, a copy kept every
`CHECKPOINT_EVERY` moves: a copy of every position made opening a 1,400-move Rivals game cost
half a second more than the checkpoints do (`python -m saves.bench --replay`).

Secrecy: what the viewer may show is decided here, not by the screen. A finished game may be
looked at through any seat's eyes, a spectator's, or with nothing hidden (`everything`). A game
still in progress shows only what the seat that played it at this keyboard saw, at every
position; with several people at one keyboard (or none), only what a spectator sees — anyone
at the keyboard may be looking, and the public view is the one that tells none of them
another's secret. Both rules are in `eyes` and `shown`. A game played at a server's table names
the one seat its terminal held (`Replay.of(match, seat)`): that seat is the keyboard's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import Event, Game, Outcome, Prompt, SeatSpec
from engine.core.match import Match
from saves.gamerecord import TurnCount

# A copy of the table is kept every this many moves; a position between two is rebuilt from the
# copy before it (at most this many moves carried out, a millisecond or two in Rivals).
CHECKPOINT_EVERY = 32


class Replay:
    """The positions of one game, its moves, who made them, their round and turn, and the log."""

    def __init__(self, match: Match, seat: int | None = None) -> None:
        game: Game[Any, Any, Any] = match.game
        self.game = game
        self.options: Any = match.options
        self.seats: tuple[SeatSpec, ...] = match.seats
        self.history: tuple[tuple[int, Any], ...] = tuple(match.history)
        # The events each move caused, as the match logged them when the move was judged.
        self.log: tuple[tuple[Event, ...], ...] = tuple(tuple(events) for events in match.log)
        self.outcome: Outcome | None = match.outcome()
        self.finished = self.outcome is not None
        # The people who played at this keyboard: `seat` alone when given (a server's table,
        # where this terminal held one seat), else every person's seat of the match.
        self._humans = match.humans() if seat is None else (seat,)
        # (round, turn) of each move, as a game record numbers it; and the checkpoints.
        self.numbers: list[tuple[int, int]] = []
        count = TurnCount(game)
        s = game.setup(match.options, len(match.seats), match.seed)
        self._checkpoints: list[Any] = [game.clone(s)]
        for i, (seat, action) in enumerate(self.history):
            self.numbers.append(count.next(s, seat, action))
            game.perform(s, seat, action)
            if (i + 1) % CHECKPOINT_EVERY == 0:
                self._checkpoints.append(game.clone(s))
        # The last position rebuilt, kept so that a step forward costs one move.
        self._at: tuple[int, Any] = (len(self.history), s)
        # The positions where a turn, and a round, begins: before the first move of each.
        self._turns = self._starts(self.numbers)
        self._rounds = self._starts([n[0] for n in self.numbers])

    @staticmethod
    def _starts(marks: Sequence[object]) -> list[int]:
        return [p for p in range(len(marks)) if p == 0 or marks[p] != marks[p - 1]]

    @classmethod
    def of(cls, match: Match, seat: int | None = None) -> Replay:
        return cls(match, seat)

    @property
    def moves(self) -> int:
        return len(self.history)

    # -- whose eyes ------------------------------------------------------------------------------
    @property
    def eyes(self) -> tuple[int | None, ...]:
        """The eyes the viewer may look through, the first being where it starts: after the end,
        every seat (the one person who played, first) and then a spectator's; before it, the
        one seat played at this keyboard, or a spectator's when several people (or nobody)
        played here."""
        n = len(self.seats)
        if self.finished:
            first = self._humans[0] if len(self._humans) == 1 else 0
            return (first, *(i for i in range(n) if i != first), None)
        return (self._humans[0],) if len(self._humans) == 1 else (None,)

    def _check_eyes(self, seat: int | None, everything: bool) -> None:
        if seat not in self.eyes:
            raise ValueError("The replay of a game in progress shows only what was seen at this keyboard.")
        if everything and not self.finished:
            raise ValueError("Every hand is shown only once the game is over.")

    # -- positions -------------------------------------------------------------------------------
    def _state(self, k: int) -> Any:
        """The table after `k` moves (the replay's own copy: read it, never change it)."""
        if not 0 <= k <= self.moves:
            raise IndexError(f"no position {k} in a game of {self.moves} moves")
        at, s = self._at
        base = k // CHECKPOINT_EVERY * CHECKPOINT_EVERY
        if not base <= at <= k:
            at, s = base, self.game.clone(self._checkpoints[base // CHECKPOINT_EVERY])
        for seat, action in self.history[at:k]:
            self.game.perform(s, seat, action)  # judged when the game was played or loaded
        self._at = (k, s)
        return s

    def shown(self, k: int, seat: int | None, everything: bool = False) -> Any:
        """What the viewer draws at position `k` through `seat`'s eyes: that seat's view, or
        with `everything` (a finished game only) the whole table, nothing hidden. Eyes the
        replay does not allow (`eyes`) raise ValueError."""
        self._check_eyes(seat, everything)
        s = self._state(k)
        return self.game.clone(s) if everything else self.game.view(s, seat)

    def to_act(self, k: int) -> tuple[int, ...]:
        """The seats that owed a decision at position `k`."""
        return self.game.to_act(self._state(k))

    def prompt(self, k: int, seat: int) -> Prompt:
        """What `seat` was deciding at position `k` (its help section, for the rules key)."""
        return self.game.prompt(self._state(k), seat)

    def progress(self, k: int) -> str:
        return self.game.progress(self._state(k))

    # -- moves -----------------------------------------------------------------------------------
    def decider(self, k: int) -> int | None:
        """The seat whose decision led to position `k` (None at the start)."""
        return self.history[k - 1][0] if k > 0 else None

    def described(self, k: int, seat: int | None, everything: bool = False) -> str | None:
        """The decision that led to position `k` in a few words, as its maker saw it, when the
        eyes `seat` may know it (their own decision, or everything after the end); else None:
        another seat's decision is known only by what the log tells."""
        self._check_eyes(seat, everything)
        who = self.decider(k)
        if who is None or (who != seat and not everything):
            return None
        action = self.history[k - 1][1]
        return self.game.describe(self.game.view(self._state(k - 1), who), action)

    def events(self, k: int, seat: int | None) -> list[tuple[int, Event]]:
        """Every event `seat` could read by position `k`, each with the number (from 1) of the
        move that caused it."""
        self._check_eyes(seat, False)
        return [(i + 1, e) for i in range(k) for e in self.log[i] if e.visible_to(seat)]

    def number(self, k: int) -> tuple[int, int] | None:
        """(round, turn) of the move that led to position `k` (None at the start)."""
        return self.numbers[k - 1] if k > 0 else None

    def turn_step(self, k: int, step: int, rounds: bool = False) -> int:
        """The position a turn (or, with `rounds`, a round) before or after `k`: the start of the
        next one (`step` 1) or of the current one, or when at its start the one before (-1);
        the end and the start of the game bound it."""
        starts = self._rounds if rounds else self._turns
        if step > 0:
            return next((p for p in starts if p > k), self.moves)
        return next((p for p in reversed(starts) if p < k), 0)
