"""`Match`: one game in progress — who sits where, the seed, every decision so far, the state.

The match is what gets saved (as seed + options + decisions, replayed on load) and what the
table server owns. Screens talk to it through `submit`, `view`, `log_for` and `undo`.

Checked and unchecked moves, as python-chess's `push_san` and `push`: `submit` is the one place
a move from outside — a key, the network, a save being loaded — is judged by the rules, once,
before it is carried out. Moves already judged are carried out unchecked (`Game.perform`): the
replay behind undo (every move in the history was judged when submitted) and the look ahead of
`continues_turn` (a move the caller has judged).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.game import Event, Game, Outcome, Prompt, SeatSpec
from engine.core.interrupts import decline_ways, forced_decline

# The kind of the log's events that mark a decision the AI made for an absent person.
STAND_IN = "stand_in"


def stand_in_events(seat: int, described: str) -> list[Event]:
    """The log's mark on a decision the AI made for `seat` while its player was away: a line
    everyone reads, and what was chosen for the seat itself alone (it may be a secret)."""
    who = f"Player {seat + 1}"
    return [
        Event(f"The AI plays for {who}, who is away.", seat=seat, kind=STAND_IN),
        Event(f"The AI chose for you: {described}", seat=seat, to=(seat,), kind=STAND_IN),
    ]


def continues_turn(game: Game[Any, Any, Any], state: Any, seat: int, action: Any) -> bool:
    """Whether `action`, a move of `seat` the rules allow in `state`, leaves its turn unfinished:
    afterwards the same seat alone decides again and nothing is revealed or told to anyone in
    private, so the answer depends on nothing the seat cannot see. ("Confirm moves" asks at the
    turn's last step; a table server tells each listed move's answer to its seat.) `state` is
    left as it is: the move is carried out, unchecked, on a copy."""
    after = game.clone(state)
    events = game.perform(after, seat, action)
    if game.outcome(after) is not None or game.to_act(after) != (seat,):
        return False
    return not any(e.reveal or e.to is not None for e in events)


@attrs.frozen
class Series:
    """Several games in a row (Rival Kings' option): a number of games, or first to a score.

    `games` > 1 plays that many games; `points` > 0 plays until someone's running total
    reaches it. Both zero/one means a single game. `results` holds each finished game's scores.
    """

    games: int = 1
    points: int = 0
    results: tuple[tuple[int, ...], ...] = ()

    @property
    def is_single(self) -> bool:
        return self.games <= 1 and self.points <= 0

    def totals(self, seats: int) -> tuple[int, ...]:
        return tuple(sum(r[i] for r in self.results) for i in range(seats))

    def finished(self, seats: int) -> bool:
        if self.is_single:
            return len(self.results) >= 1
        if self.points > 0:
            return any(t >= self.points for t in self.totals(seats))
        return len(self.results) >= self.games

    def leaders(self, seats: int) -> tuple[int, ...]:
        t = self.totals(seats)
        best = max(t) if t else 0
        return tuple(i for i, v in enumerate(t) if v == best)

    def with_result(self, scores: tuple[int, ...]) -> Series:
        return attrs.evolve(self, results=(*self.results, tuple(scores)))


@attrs.define
class Match:
    """A game in progress. Build with `Match.new`; never mutate `state` directly."""

    game: Game[Any, Any, Any]
    options: Any
    seats: tuple[SeatSpec, ...]
    seed: int
    history: list[tuple[int, Any]] = attrs.field(factory=list)
    state: Any = None
    # log[i] holds the events produced by history[i]; log_setup those produced by setup.
    log: list[list[Event]] = attrs.field(factory=list)
    series: Series = attrs.field(factory=Series)
    # The decisions (by index in `history`) that a table server's AI made for a person who was
    # away: each is marked in the log (`stand_in_events`) and in the save.
    stand_ins: set[int] = attrs.field(factory=set)

    @classmethod
    def new(
        cls,
        game: Game[Any, Any, Any],
        options: Any,
        seats: Sequence[SeatSpec],
        seed: int,
        series: Series | None = None,
    ) -> Match:
        # The same sentence the form, the CLI and the save loader give: never a silent fallback.
        problem = game.check_options(options, len(seats))
        if problem is not None:
            raise ValueError(problem)
        m = cls(game=game, options=options, seats=tuple(seats), seed=seed, series=series or Series())
        m.state = game.setup(options, len(seats), seed)
        return m

    # -- reading ---------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @property
    def over(self) -> bool:
        return self.outcome() is not None

    def prompt(self, seat: int) -> Prompt:
        return self.game.prompt(self.state, seat)

    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)

    def legal(self, seat: int) -> Sequence[Any]:
        if seat not in self.to_act():
            return ()
        return self.game.legal(self.state, seat)

    def why_illegal(self, seat: int, action: Any) -> str | None:
        """The rules' verdict on a move, without making it: for a question asked before a move
        is submitted (a confirmation). `submit` judges the move again as it applies it."""
        if seat not in self.to_act():
            return "It is not your turn to decide."
        return self.game.why_illegal(self.state, seat, action)

    def continues_turn(self, seat: int, action: Any) -> bool:
        """Whether the move `action`, which the rules allow `seat` now, leaves its turn
        unfinished (`continues_turn`)."""
        return continues_turn(self.game, self.state, seat, action)

    def quick_decline(self, seat: int, alone: bool) -> Any | None:
        """The way `seat` declines an interrupt without being asked, or None when it must decide
        (`engine.core.interrupts.forced_decline`). A person is passed for only with a terminal to
        themselves (`alone`): with several people at one keyboard, skipping someone only when
        their hand holds nothing would tell the others so. Whoever applies the decline does it
        as a decision of its own, never folded into another seat's update
        (rivals_net/server.py), so what a seat is sent never depends on a hand."""
        if seat not in self.to_act():
            return None
        bot = self.seats[seat].is_ai
        if not bot and not alone:
            return None
        return forced_decline(self.game, self.state, seat, bot)

    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if not s.is_ai)

    def log_for(self, seat: int | None) -> list[tuple[int, Event]]:
        """Every event `seat` may read, with the index of the decision that caused it."""
        return [(i, e) for i, evs in enumerate(self.log) for e in evs if e.visible_to(seat)]

    # -- changing --------------------------------------------------------------------------
    def submit(self, seat: int, action: Any, *, stand_in: bool = False) -> list[Event]:
        """Judge one decision from outside and apply it: the one place such a move is checked.
        Raises NotYourTurn or IllegalAction, with the rules' sentence, and changes nothing if it
        is not allowed. `stand_in`: the AI decides for a person who is away; the log says so
        first."""
        if seat not in self.to_act():
            raise NotYourTurn("It is not your turn to decide.")
        # Described before it is applied, as the seat would have seen it in its list of moves.
        described = self.game.describe(self.view(seat), action) if stand_in else ""
        events = self.game.apply(self.state, seat, action)
        if stand_in:
            self.stand_ins.add(len(self.history))
            events = [*stand_in_events(seat, described), *events]
        self.history.append((seat, action))
        self.log.append(list(events))
        return events

    def stood_in_for(self, seat: int) -> list[str]:
        """What the AI chose for `seat` since that seat's player last decided themselves, as
        the seat's own log says it (its view only), oldest first."""
        texts: list[str] = []
        for i in range(len(self.history) - 1, -1, -1):
            if self.history[i][0] != seat:
                continue
            if i not in self.stand_ins:
                break
            texts[:0] = [e.text for e in self.log[i] if e.kind == STAND_IN and e.to == (seat,)]
        return texts

    def replay(self, upto: int | None = None) -> Any:
        """The state after the first `upto` decisions (all of them by default), rebuilt from the
        seed. Each was judged when it was submitted: they are carried out unchecked."""
        s = self.game.setup(self.options, len(self.seats), self.seed)
        for seat, action in self.history[: len(self.history) if upto is None else upto]:
            self.game.perform(s, seat, action)
        return s

    def undo_target(self, seat: int) -> int | None:
        """How many decisions to keep to take back `seat`'s last decision, or None if not allowed.

        Against AI opponents a player may take back their last decision along with every AI
        decision after it. With other humans at the table, undo stops at anything another human
        decided and at any reveal of hidden information, so nobody can peek and change their mind.
        """
        humans = self.humans()
        guarded = len(humans) > 1
        for i in range(len(self.history) - 1, -1, -1):
            who, _ = self.history[i]
            revealed = any(e.reveal for e in self.log[i])
            if who == seat:
                # A decision that itself revealed something (the last secret choice) is final:
                # its maker has seen the others' secrets and must not choose again.
                return None if guarded and revealed else i
            if guarded and (who in humans or revealed):
                return None
        return None

    def undo_blocker(self, seat: int) -> str | None:
        """Why `seat` cannot undo now, in one sentence, or None when it can."""
        if self.undo_target(seat) is not None:
            return None
        if not any(who == seat for who, _ in self.history):
            return "There is nothing of yours to take back yet."
        return "Another player has acted or hidden cards were revealed since your last move."

    def undo(self, keep: int) -> None:
        """Keep only the first `keep` decisions, rebuilding the state and log from the seed."""
        if not 0 <= keep <= len(self.history):
            raise IllegalAction("Nothing to undo.")
        self.history = self.history[:keep]
        self.log = self.log[:keep]
        self.stand_ins = {i for i in self.stand_ins if i < keep}
        self.state = self.replay()

    def rebuild(
        self,
        history: Sequence[tuple[int, Any]],
        fill_declines: bool = False,
        stand_ins: frozenset[int] = frozenset(),
    ) -> int:
        """Replay `history` from the seed, every move judged as it is submitted (used when
        loading a save: the replay is the save's check). `stand_ins` numbers the saved moves the
        AI made for an absent person (marked again).

        `fill_declines`: for a save made before its game had interrupt windows (`Prompt.declines`),
        a window the saved moves do not answer is answered with its plain pass, as the player
        then had no such choice. Returns how many passes were filled in. Each saved move is
        first put in today's terms by the game (`upgrade_action`)."""
        self.state = self.game.setup(self.options, len(self.seats), self.seed)
        self.history = []
        self.log = []
        self.stand_ins = set()
        filled = 0
        upgrade = self.game.upgrade_action
        for n, (seat, saved) in enumerate(history):
            while True:
                try:
                    self.submit(seat, upgrade(self.state, seat, saved), stand_in=n in stand_ins)
                    break
                except IllegalAction:
                    if not fill_declines or not self._pass_window():
                        raise
                    filled += 1
        return filled

    def _pass_window(self) -> bool:
        """Answer the interrupt window owed now with its plain pass; False when none is owed."""
        if not self.to_act():
            return False
        owing = self.to_act()[0]
        ways = decline_ways(self.prompt(owing), self.game.choices(self.state, owing))
        if not ways:
            return False
        self.submit(owing, ways[-1])
        return True

    def next_in_series(self) -> Match:
        """After a finished game: the next game of the series, same seats, new seed, totals carried."""
        out = self.outcome()
        if out is None:
            raise IllegalAction("The game is not over yet.")
        series = self.series.with_result(out.scores)
        options = self.game.next_options(self.options, out)
        return Match.new(self.game, options, self.seats, self.seed + 1, series=series)

    def rematch(self) -> Match:
        """The same table again: same seats and variants, a new deal (still reproducible from the
        first seed), and a series of the same length started again from zero."""
        series = Series(games=self.series.games, points=self.series.points)
        seed = (self.seed * 6364136223846793005 + 1442695040888963407) % (2**31 - 1) + 1
        return Match.new(self.game, self.options, self.seats, seed, series=series)

    def following(self) -> Match:
        """After a finished game, the one a table plays next: the series' next game while the
        series goes on, otherwise a rematch."""
        out = self.outcome()
        if out is None:
            raise IllegalAction("The game is not over yet.")
        after = self.series.with_result(out.scores)
        if not self.series.is_single and not after.finished(len(self.seats)):
            return self.next_in_series()
        return self.rematch()
