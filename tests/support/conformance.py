"""The contract's checks, run at every step of a random game (tests/conformance uses them for every
registered game; a game's own tests may call `check_step` on positions they build by hand).

Each check fails with a sentence naming the game, the step and the seat, so a failure reads as a
bug report: "rival_kings step 41, seat 2: the events Player 3 reads differ between two states it
cannot tell apart".
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.core import AnyGame, Event, IllegalAction, Rng, SeatSpec
from engine.core.match import Match
from engine.core.phases import PhasedGame
from saves.convert import converter
from saves.replay import Replay


class ContractBroken(AssertionError):
    pass


# At every RULES_EVERY-th step the rules are asked afresh about every move listed, and about
# PROBES moves listed earlier in the game that must be refused where they are not listed.
RULES_EVERY = 2
PROBES = 6
# The replay viewer's positions are compared with the live game's at every REPLAY_EVERY-th one
# (every seat halfway and at the end, elsewhere a spectator and one seat in turn, as the views of
# `check_step`): a Rivals view costs a fifth of a millisecond, and the suite has its three minutes.
REPLAY_EVERY = 5


def _public(events: list[Event], seat: int | None) -> list[tuple[str, int | None, str]]:
    """What `seat` reads of some events (their words, subject and kind, not their addressing)."""
    return [(e.text, e.seat, e.kind) for e in events if e.visible_to(seat)]


def _before_reveal(events: list[Event]) -> list[Event]:
    for i, e in enumerate(events):
        if e.reveal:
            return events[:i]
    return events


def _same(game: AnyGame, a: Any, b: Any) -> bool:
    # States compare by their attrs fields.
    return bool(a == b)


class Checker:
    """Runs the contract's checks on states of one game; `where` prefixes every failure."""

    def __init__(self, game: AnyGame, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self.where = ""
        self.step = 0
        # Every move the game has listed so far (by repr), and a generator of its own to draw
        # some of them as moves that must be refused where they are not listed (`_check_rules`).
        self.seen: dict[str, Any] = {}
        self.probe_rng = Rng.from_seed(rng.state ^ 0x5EED)

    def fail(self, text: str) -> None:
        raise ContractBroken(f"{self.game.id} {self.where}: {text}")

    # -- the whole set, for one position ------------------------------------------------------
    def check_step(self, s: Any, seats: int, chosen: tuple[int, Any] | None) -> None:
        """Every check for position `s`; `chosen` is the decision about to be made from it."""
        g = self.game
        self.check_clone(s)
        # The save format is checked at every fourth step and at the end: a round trip costs a
        # quarter of all the checks, and a field the codec mishandles is held over many steps.
        if chosen is None or self.step % 4 == 0:
            self.check_round_trip(s)
        acting = g.to_act(s)
        for seat in range(seats):
            if seat in acting:
                self.check_legality(s, seat)
            elif list(g.legal(s, seat)):
                self.fail(f"seat {seat} does not act but has legal moves")
        # Views and secrecy are checked for the spectator, for whoever acts, and for one more seat
        # in turn (step by step every seat gets its turn as the observer): checking all six seats
        # of a Rivals table at every step costs six times as much and has found nothing more.
        observers = sorted({*acting, self.step % seats})
        self.check_view(s, None)
        for seat in observers:
            sample = self.check_view(s, seat)
            assert sample is not None
            self.check_indistinguishable(s, seat, chosen, sample)

    # -- clone and save -------------------------------------------------------------------------
    def check_clone(self, s: Any) -> None:
        g = self.game
        c = g.clone(s)
        if not _same(g, c, s):
            self.fail("clone differs from the state")
        keep = g.clone(s)
        if g.outcome(c) is None:
            seat = g.to_act(c)[0]
            moves = g.legal(c, seat)
            g.apply(c, seat, moves[self.rng.below(len(moves))])
            if not _same(g, keep, s):
                self.fail("playing on a clone changed the original")

    def check_round_trip(self, s: Any) -> None:
        g = self.game
        text = json.dumps(converter.unstructure(s, unstructure_as=g.state_type))
        back = converter.structure(json.loads(text), g.state_type)
        if not _same(g, back, s):
            self.fail("the state does not survive the save format unchanged")

    # -- legality -------------------------------------------------------------------------------
    def check_legality(self, s: Any, seat: int) -> None:
        g = self.game
        legal = list(g.legal(s, seat))
        if not legal:
            self.fail(f"seat {seat} must act but has no legal move")
        if len(set(map(repr, legal))) != len(legal):
            self.fail(f"seat {seat}'s legal list repeats a move")
        if list(g.legal(s, seat)) != legal:
            self.fail(f"seat {seat}'s legal list is not in a fixed order")
        if g.prompt(s, seat).declines and not g.interrupts:
            self.fail(f"seat {seat} is asked an interrupt, but the game says it has none")
        choices = g.choices(s, seat)
        if isinstance(g, PhasedGame):
            phase = g.phases[s.phase]
            for a, _ in choices:
                if type(a) not in phase.kinds:
                    self.fail(f"phase {s.phase!r} lists {a!r}, of a type it does not name")
        if self.step % RULES_EVERY == 0:
            self._check_rules(s, seat, legal, choices)
        else:
            for a in legal:
                why = g.why_illegal(s, seat, a)
                if why is not None:
                    self.fail(f"legal move {a!r} of seat {seat} has a reason against it: {why}")
        allowed = [a for a, why in choices if why is None]
        if sorted(map(repr, allowed)) != sorted(map(repr, legal)):
            self.fail(f"seat {seat}: the picker's allowed moves differ from the legal list")
        for a, why in choices:
            if why is None:
                continue
            if not why.strip():
                self.fail(f"greyed move {a!r} has an empty reason")
            before = g.clone(s)
            try:
                g.apply(s, seat, a)
            except IllegalAction:
                pass
            else:
                self.fail(f"greyed move {a!r} ({why}) was accepted by apply")
            if not _same(g, before, s):
                self.fail(f"refusing greyed move {a!r} changed the state")

    def _check_rules(
        self, s: Any, seat: int, legal: list[Any], choices: list[tuple[Any, str | None]]
    ) -> None:
        """The rules asked afresh: on a copy of `s` that nothing has asked for a list yet, so no
        list remembered from a `legal` call can answer for them, `why_illegal` (the check in
        `apply`) lets every listed move through, gives each greyed move the sentence the picker
        shows, and refuses a few moves listed earlier in the game that are not listed now.
        Asking changes nothing."""
        g = self.game
        fresh = g.clone(s)
        for a in legal:
            why = g.why_illegal(fresh, seat, a)
            if why is not None:
                self.fail(f"legal move {a!r} of seat {seat} has a reason against it: {why}")
        shown: set[str] = set()
        for a, greyed in choices:
            shown.add(repr(a))
            self.seen.setdefault(repr(a), a)
            if greyed is None:
                continue
            why = g.why_illegal(fresh, seat, a)
            if why != greyed:
                self.fail(
                    f"greyed move {a!r} of seat {seat} reads {greyed!r} in the picker but {why!r} in apply"
                )
        unlisted = [a for key, a in self.seen.items() if key not in shown]
        for _ in range(min(PROBES, len(unlisted))):
            a = unlisted.pop(self.probe_rng.below(len(unlisted)))
            if g.why_illegal(fresh, seat, a) is None:
                self.fail(f"{a!r} is not listed for seat {seat}, but apply would accept it")
        if not _same(g, fresh, s):
            self.fail(f"judging seat {seat}'s moves changed the state")

    # -- views and determinize --------------------------------------------------------------------
    def check_view(self, s: Any, seat: int | None) -> Any:
        """Checks the view of `seat` and returns a determinization of it (None for a spectator)."""
        g = self.game
        v = g.view(s, seat)
        if not _same(g, g.view(v, seat), v):
            self.fail(f"the view of seat {seat} shows something when viewed again")
        if g.to_act(v) != g.to_act(s):
            self.fail(f"the view of seat {seat} changes who acts")
        if seat is None:
            return None
        if (g.outcome(v) is None) != (g.outcome(s) is None):
            self.fail(f"the view of seat {seat} changes whether the game is over")
        d = g.determinize(v, seat, Rng(self.rng.next64()))
        if not _same(g, g.view(d, seat), v):
            self.fail(f"a determinization for seat {seat} does not give back its view")
        self._check_playable(d, f"a determinization for seat {seat}")
        return d

    def _check_playable(self, d: Any, what: str) -> None:
        """A sampled state must be one the game could be in: whoever acts has a move, and the move
        applies."""
        g = self.game
        for other in g.to_act(d):
            moves = list(g.legal(d, other))
            if not moves:
                self.fail(f"{what} leaves seat {other} to act with no legal move")
            c = g.clone(d)
            try:
                g.apply(c, other, moves[self.rng.below(len(moves))])
            except IllegalAction as exc:
                self.fail(f"{what}: a legal move of seat {other} is refused ({exc.reason})")

    def check_indistinguishable(
        self, s: Any, seat: int, chosen: tuple[int, Any] | None, d: Any = None
    ) -> None:
        """Seat `seat` cannot tell `s` from a determinization of its view: it must receive the same
        prompt, legal list, greyed reasons, and — after the decision about to be made — the same
        events and view, unless those events reveal hidden information (marked `reveal`)."""
        g = self.game
        if d is None:
            d = g.determinize(g.view(s, seat), seat, Rng(self.rng.next64()))
        if g.to_act(d) != g.to_act(s):
            self.fail(f"who acts depends on what seat {seat} cannot see")
        if seat in g.to_act(s):
            if g.prompt(d, seat) != g.prompt(s, seat):
                self.fail(f"seat {seat}'s prompt depends on what it cannot see")
            if list(map(repr, g.legal(d, seat))) != list(map(repr, g.legal(s, seat))):
                self.fail(f"seat {seat}'s legal moves depend on what it cannot see")
            if [(repr(a), w) for a, w in g.choices(d, seat)] != [(repr(a), w) for a, w in g.choices(s, seat)]:
                self.fail(f"seat {seat}'s greyed moves or reasons depend on what it cannot see")
        if chosen is None:
            return
        actor, action = chosen
        if g.why_illegal(d, actor, action) is not None:
            if actor == seat:
                self.fail(f"seat {seat}'s own move is refused in a state it cannot tell apart")
            return  # the other seat could not have made this move there: nothing to compare
        s2, d2 = g.clone(s), g.clone(d)
        ev_s = g.apply(s2, actor, action)
        ev_d = g.apply(d2, actor, action)
        revealed = any(e.reveal for e in ev_s) or any(e.reveal for e in ev_d)
        if revealed:
            # Hidden information became public: from that event on, the seat may tell the two
            # states apart. What happened before it must still read the same.
            ev_s, ev_d = _before_reveal(ev_s), _before_reveal(ev_d)
        if _public(ev_s, seat) != _public(ev_d, seat):
            self.fail(
                f"the events seat {seat} reads after {action!r} by seat {actor} depend on what it "
                f"cannot see: {_public(ev_s, seat)} vs {_public(ev_d, seat)}"
            )
        if not revealed and not _same(g, g.view(s2, seat), g.view(d2, seat)):
            self.fail(
                f"after {action!r} by seat {actor}, seat {seat}'s view depends on what it could not see "
                "(an automatic step or skip leaks a secret)"
            )


def conformance_game(
    game: AnyGame,
    options: Any,
    seats: int,
    seed: int,
    every: int = 1,
    limit: int = 20000,
    extra: Callable[[Any], None] | None = None,
) -> int:
    """Play one random game, checking the contract at every `every`-th step; returns the steps.
    The same seed replays to the same final state (determinism is checked at the end)."""
    rng = Rng.from_seed(seed * 1_000_003 + seats)
    checker = Checker(game, Rng.from_seed(seed + 17))
    s = game.setup(options, seats, seed)
    history: list[tuple[int, Any]] = []
    log: list[list[Event]] = []
    step = 0
    while game.outcome(s) is None:
        seat = game.to_act(s)[0]
        moves = list(game.legal(s, seat))
        if not moves:
            raise ContractBroken(f"{game.id} step {step}: seat {seat} must act but has no legal move")
        a = moves[rng.below(len(moves))]
        if step % every == 0:
            checker.where = f"seed {seed}, {seats} seats, step {step}"
            checker.step = step
            checker.check_step(s, seats, (seat, a))
            if extra is not None:
                extra(s)
        log.append(game.apply(s, seat, a))
        history.append((seat, a))
        step += 1
        if step > limit:
            raise ContractBroken(f"{game.id} seed {seed}: no end after {limit} decisions")
    checker.where = f"seed {seed}, {seats} seats, the end"
    checker.check_step(s, seats, None)
    again = game.setup(options, seats, seed)
    for seat, a in history:
        game.apply(again, seat, a)
    if again != s:
        raise ContractBroken(f"{game.id} seed {seed}: the same seed and decisions gave another game")
    check_replay(game, options, seats, seed, history, log, s)
    return step


def check_replay(
    game: AnyGame,
    options: Any,
    seats: int,
    seed: int,
    history: list[tuple[int, Any]],
    log: list[list[Event]],
    final: Any,
) -> None:
    """The replay viewer's secrecy (saves.replay), on a game played to its end (`final`): at
    the positions REPLAY_EVERY names it shows the seats and a spectator what they saw live (the
    view, and the events read so far), and a decision in words only to the seat that made it.
    The same game cut halfway, with the first seat played at this keyboard, shows that seat what
    it saw, and may not be looked at through other eyes or with everything shown."""
    people = tuple(SeatSpec(f"P{i + 1}", "human" if i == 0 else "ai", "easy") for i in range(seats))

    def fail(text: str) -> None:
        raise ContractBroken(f"{game.id} seed {seed}, {seats} seats, replay: {text}")

    def replay(upto: int, state: Any) -> Replay:
        events = [list(e) for e in log[:upto]]
        return Replay.of(Match(game, options, people, seed, list(history[:upto]), state, events))

    whole = replay(len(history), final)
    half = len(history) // 2
    s = game.setup(options, seats, seed)
    read: dict[int | None, list[Event]] = {seat: [] for seat in (*range(seats), None)}
    first_saw: dict[int, Any] = {}  # what the first seat saw, where the game cut halfway is checked
    for k in range(len(history) + 1):
        if k == half:
            cut = replay(half, game.clone(s))
        if k <= half and k % REPLAY_EVERY == 0:
            first_saw[k] = game.view(s, 0)
        if k % REPLAY_EVERY == 0 or k in (half, len(history)):
            # Every seat halfway and at the end; elsewhere a spectator and one seat in turn.
            ends = k in (half, len(history))
            for seat in read if ends else (None, k // REPLAY_EVERY % seats):
                if not _same(game, whole.shown(k, seat), game.view(s, seat)):
                    fail(f"position {k}: seat {seat} is shown another view than it had")
                # (The events at two positions only: each comparison reads the log from its start.)
                if ends and [e for _, e in whole.events(k, seat)] != read[seat]:
                    fail(f"position {k}: seat {seat} is shown other events than it read")
                said = whole.described(k, seat)
                if k and (said is None) != (seat != history[k - 1][0]):
                    fail(f"position {k}: seat {seat} is told a decision that was not its own")
        if k == len(history):
            break
        for seat, events in read.items():
            events.extend(e for e in log[k] if e.visible_to(seat))
        game.perform(s, *history[k])
    if cut.finished:
        return
    if cut.eyes != (0,):
        fail(f"the game in progress may be seen through {cut.eyes}, not the first seat's eyes alone")
    for k, view in first_saw.items():
        if not _same(game, cut.shown(k, 0), view):
            fail(f"position {k} of the game in progress shows the first seat another view")
    others: list[tuple[int | None, bool]] = [(None, False), (0, True)]
    for eyes, everything in [*others, *((seat, False) for seat in range(1, seats))]:
        try:
            cut.shown(half, eyes, everything)
        except ValueError:
            continue
        fail(f"the game in progress shows eyes {eyes} (everything: {everything})")
