"""The rules kernel: a game as a table of phases, each phase one kind of decision.

A game's state names the phase it is in (its `phase`) and the seat deciding (its `actor`), and
the game's class holds a table (`phases`) from phase name to a `Phase` record: the action types
decided there, the one function that lists every action worth showing with its verdict (None:
allowed; else the sentence the player reads), the one that carries an allowed action out, and
what the player is asked (the prompt and its help section). A phase whose list is long may also
judge one action without listing them all (`reason`), and a phase the AI's search asks at every
step may list its legal actions without writing the refusals (`legal`); both must agree with
`options`, which the conformance suite checks. A phase not in the table (the end of the game, or
automatic work between decisions) owes no decision.

From the table `PhasedGame` derives the whole legality side of the contract — `to_act`,
`candidates`, `choices`, `legal`, `reason`, `why_illegal`, `apply`, `perform` and `prompt` — so
every game reads the same way, and a rule is written once: in its phase's `options`, or in its
`reason` when the options are built from it (`Phase.judged`). Checked and unchecked moves follow
python-chess (`push_san` against `push`): `apply` (through `Match.submit`, for a move from a key,
the network or a save) judges the move, then performs it; `perform` alone is for a move already
judged (one the AI's search has just taken from `legal` of the same state, or the history the
match replays behind undo).
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

import attrs

from engine.core.errors import IllegalAction
from engine.core.game import A, Event, GameBase, O, Prompt


class Phased(Protocol):
    """A state that names its phase — a key of its game's table, or a name outside it when
    nobody owes a decision ("over", or automatic work between decisions) — and the seat owing
    the phase's decision (`actor`, -1 when none; a simultaneous phase names its seats with
    `Phase.acting` instead). Read in place, not through a method: the AI's search asks who
    decides millions of times."""

    phase: str

    @property
    def actor(self) -> int: ...


S = TypeVar("S", bound=Phased)  # a phased game's state

Option = tuple[Any, str | None]  # an action worth showing, and why it is not allowed (None: it is)

NOT_YOUR_TURN = "It is not your turn to decide."
# An action of the phase's types that its list does not hold, in a phase without `reason`.
NOT_NOW = "That is not possible now."
# An action of a type the current phase does not decide (a game may say more: `misplaced`).
MISPLACED = "That decision does not belong to this moment of the game."

# `to_act` of one seat: the same tuple every time.
_ALONE: tuple[tuple[int, ...], ...] = tuple((seat,) for seat in range(16))


def verdict_in(listed: Sequence[Option], a: Any) -> str | None:
    """The verdict a phase's options give `a`: its sentence, None (allowed), or NOT_NOW when
    the list does not hold it. A move taken from a list is usually the listed (interned)
    object: looked for by identity first, by equality only then."""
    for b, why in listed:
        if b is a:
            return why
    kind = type(a)
    for b, why in listed:
        if type(b) is kind and b == a:
            return why
    return NOT_NOW


# The verdict on one action: None (allowed) or the sentence a player reads.
Check = Callable[[S, int, Any], str | None]


@attrs.frozen
class Phase(Generic[S]):
    """One kind of decision: what may be chosen in it, and what choosing does.

    `types`: the action classes decided in this phase (any other is `misplaced`).
    `options(s, seat)`: every action worth showing, in a fixed order, each with None (allowed)
    or the player's sentence (greyed); the one place the phase's rules decide.
    `perform(s, seat, a)`: carry out an allowed action and what follows by itself; the events.
    `prompt`: what the seat is asked, as text (with `section` and `secret`) or a function giving
    the text or the whole `Prompt`. `section`: the help section (a heading of the game's help
    file) the prompt opens. `secret`: the decision involves what other seats may not see.
    `reason(s, seat, a)`: the verdict on one action without listing them all (its sentences are
    those `options` gives), or one such function per action class of `types` (a mapping);
    None: the action is looked up in `options`.
    `legal(s, seat)`: the allowed options without their refusals, faster (for the search);
    None: `options` filtered.
    `acting(s)`: the seats deciding at once in a simultaneous phase; None: the game's `actor`.

    The functions take the phase's own action types (hence `Any`).
    """

    types: tuple[type, ...]
    options: Callable[[S, int], Sequence[Option]]
    perform: Callable[[S, int, Any], list[Event]]
    prompt: str | Callable[[S, int], str | Prompt]
    section: str
    secret: bool = False
    reason: Check[S] | Mapping[type, Check[S]] | None = None
    legal: Callable[[S, int], Sequence[Any]] | None = None
    acting: Callable[[S], tuple[int, ...]] | None = None
    # `types` as a set.
    kinds: frozenset[type] = attrs.field(init=False, eq=False, repr=False)
    # The verdict on one action by its class, for every class of `types`: `reason` (or its own
    # function for that class), else the verdict `options` gives. Chosen once here, so a judged
    # move makes one call to its rule.
    checks: Mapping[type, Check[S]] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "kinds", frozenset(self.types))
        reason = self.reason
        if isinstance(reason, Mapping):
            if set(reason) != self.kinds:
                raise ValueError("a phase's checks must name exactly its action classes")
            checks = dict(reason)
        else:
            options = self.options

            def listed_verdict(s: S, seat: int, a: Any) -> str | None:
                return verdict_in(options(s, seat), a)

            check = reason if reason is not None else listed_verdict
            checks = dict.fromkeys(self.types, check)
        object.__setattr__(self, "checks", checks)

    @classmethod
    def judged(
        cls,
        types: tuple[type, ...],
        candidates: Callable[[S, int], Iterable[Any]],
        reason: Check[S] | Mapping[type, Check[S]],
        perform: Callable[[S, int, Any], list[Event]],
        *,
        prompt: str | Callable[[S, int], str | Prompt],
        section: str,
        secret: bool = False,
        legal: Callable[[S, int], Sequence[Any]] | None = None,
        acting: Callable[[S], tuple[int, ...]] | None = None,
    ) -> Phase[S]:
        """A phase whose rules are written as `reason`, the verdict on one action (or one such
        function per action class): its options are the `candidates` (every action worth
        showing), each judged by it."""
        if isinstance(reason, Mapping):
            checks = dict(reason)

            def options(s: S, seat: int) -> list[Option]:
                return [(a, checks[type(a)](s, seat, a)) for a in candidates(s, seat)]

        else:
            check = reason

            def options(s: S, seat: int) -> list[Option]:
                return [(a, check(s, seat, a)) for a in candidates(s, seat)]

        return cls(types, options, perform, prompt, section, secret, reason, legal, acting)


class PhasedGame(GameBase[S, A, O]):
    """A game whose rules are a table of phases (`phases`, see `Phase`), read from the state's
    `phase` and `actor` (`Phased`). A game supplies the table, `waiting_prompt` (what a seat
    owing no decision reads) and the members that are not rules (set-up, views, scoring, texts,
    the AI's evaluation); everything else of the contract's legality is derived here, so no game
    writes `legal`, `why_illegal`, `apply` or `perform`.

    The derived calls read the phase and its seats in place rather than through `to_act`: the
    AI's search makes them millions of times."""

    phases: ClassVar[Mapping[str, Phase[Any]]]

    _table: Mapping[str, Phase[Any]]
    _kinds: frozenset[type]
    _table_reason: bool

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        # What the derived calls read at every decision, kept on the instance: Python 3.11 reads
        # an instance's own attribute several times faster than a class member through it. Set
        # here rather than in __init__, so a subclass's own __init__ need not call super's.
        self = super().__new__(cls)
        # The table:
        self._table = cls.phases
        # Every action class of the game as a set (`isinstance` against a tuple of forty
        # classes tries them one by one):
        self._kinds = frozenset(cls.action_types)
        # Whether `reason` is the table's own: `why_illegal` then asks the phase's check
        # directly. (A class that overrides `reason`, as the conformance suite's planted
        # mistakes do, is asked through its `reason`.)
        self._table_reason = cls.reason is PhasedGame.reason
        return self

    @abc.abstractmethod
    def waiting_prompt(self, s: S, seat: int) -> Prompt:
        """What `seat` reads while it owes no decision: whom it waits for, or the game's end."""

    def misplaced(self, s: S, seat: int, a: A) -> str:
        """Why an action of a type the current phase does not decide is refused."""
        return MISPLACED

    # -- derived from the table ------------------------------------------------------------------
    # The current phase is looked up by subscript, a phase outside the table (nobody owes a
    # decision) being the exception: faster than `get` where the search asks millions of times.
    def to_act(self, s: S) -> tuple[int, ...]:
        try:
            ph = self._table[s.phase]
        except KeyError:
            return ()
        if ph.acting is not None:
            return ph.acting(s)
        seat = s.actor
        return _ALONE[seat] if seat >= 0 else ()

    def _owed(self, s: S, seat: int) -> Phase[Any] | None:
        """The current phase when `seat` owes its decision, else None."""
        ph = self._table.get(s.phase)
        if ph is None or (seat not in ph.acting(s) if ph.acting else seat != s.actor or seat < 0):
            return None
        return ph

    def legal(self, s: S, seat: int) -> Sequence[A]:
        # (`_owed`, written out: the search asks for legal lists millions of times)
        try:
            ph = self._table[s.phase]
        except KeyError:
            return []
        if seat not in ph.acting(s) if ph.acting else seat != s.actor or seat < 0:
            return []
        fast = ph.legal
        if fast is not None:
            return fast(s, seat)
        # (a loop rather than a comprehension, which in Python 3.11 costs a call of its own)
        allowed: list[A] = []
        for a, why in ph.options(s, seat):
            if why is None:
                allowed.append(a)
        return allowed

    def choices(self, s: S, seat: int) -> list[tuple[A, str | None]]:
        ph = self._owed(s, seat)
        return [] if ph is None else list(ph.options(s, seat))

    def candidates(self, s: S, seat: int) -> list[A]:
        return [a for a, _ in self.choices(s, seat)]

    def why_illegal(self, s: S, seat: int, a: A) -> str | None:
        # (`_owed`, written out: every checked move comes through here)
        ph = self._table.get(s.phase)
        if ph is None or (seat not in ph.acting(s) if ph.acting else seat != s.actor or seat < 0):
            return NOT_YOUR_TURN
        check = ph.checks.get(type(a))
        if check is not None and self._table_reason:
            return check(s, seat, a)  # (`reason`, in place)
        if type(a) not in self._kinds and not isinstance(a, self.action_types):
            return "That is not a move of this game."
        return self.reason(s, seat, a)

    def reason(self, s: S, seat: int, a: A) -> str | None:
        """The verdict of the current phase's rules on `a`, for a seat that owes the decision
        (`why_illegal` checks that first)."""
        ph = self._table.get(s.phase)
        if ph is None:
            return NOT_YOUR_TURN
        check = ph.checks.get(type(a))
        if check is None:
            return self.misplaced(s, seat, a)
        return check(s, seat, a)

    def perform(self, s: S, seat: int, a: A) -> list[Event]:
        return self._table[s.phase].perform(s, seat, a)

    def apply(self, s: S, seat: int, a: A) -> list[Event]:
        """Check, then perform. Raises IllegalAction and changes nothing when `a` is not allowed.
        (Every checked move comes through here: the usual case, a move of the current phase by
        the seat owing it, is `why_illegal` written out, the phase read once.)"""
        try:
            ph = self._table[s.phase]
        except KeyError:
            raise IllegalAction(NOT_YOUR_TURN) from None
        check = ph.checks.get(type(a))
        if (
            check is not None
            and self._table_reason
            and (seat == s.actor >= 0 if ph.acting is None else seat in ph.acting(s))
        ):
            why = check(s, seat, a)
        else:
            why = self.why_illegal(s, seat, a)
        if why is not None:
            raise IllegalAction(why)
        return ph.perform(s, seat, a)

    def prompt(self, s: S, seat: int) -> Prompt:
        ph = self._owed(s, seat)
        if ph is None:
            return self.waiting_prompt(s, seat)
        asked = ph.prompt if isinstance(ph.prompt, str) else ph.prompt(s, seat)
        return asked if isinstance(asked, Prompt) else Prompt(asked, ph.section, ph.secret)
