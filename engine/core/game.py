"""The one contract every game implements, and the records that cross it.

A game is a stateless object (`Game`) plus a mutable attrs state. Everything that leaves the
engine — actions, events, prompts, outcomes, component data — is frozen. The UI, the AI, the
saves and the tests all drive a game through the same few calls:

    s = game.setup(options, seats, seed)
    while game.outcome(s) is None:
        seat = game.to_act(s)[0]               # several seats when choices are simultaneous
        a = game.legal(s, seat)[0]             # a deterministic order
        events = game.apply(s, seat, a)        # raises IllegalAction and changes nothing if not allowed

A turn that needs several choices is several decisions, each with its own short legal list.
Hidden information is handled by `view` (mask what a seat may not see) and `determinize` (fill
the masked parts with a plausible sample, for the AI).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

import attrs

from engine.core.rng import Rng

S = TypeVar("S")

# Engines do not know the players' names (a replayed save may rename nobody, but the rules must
# not depend on names). Every engine text calls a seat "Player N" (1-based, via `seat_label`);
# whatever shows the text swaps in the seat's name with `name_seats`.
_SEAT_REF = re.compile(r"\bPlayer ([1-9])\b")


def seat_label(seat: int) -> str:
    """How engine texts refer to `seat` (0-based): "Player 1" for seat 0."""
    return f"Player {seat + 1}"


def name_seats(text: str, names: Sequence[str]) -> str:
    """`text` with every "Player N" replaced by the name of seat N-1 (unknown seats left as is)."""

    def sub(m: re.Match[str]) -> str:
        i = int(m.group(1)) - 1
        return names[i] if 0 <= i < len(names) else m.group(0)

    return _SEAT_REF.sub(sub, text)


@attrs.frozen
class Event:
    """Something that happened, in words, for the log.

    `to` limits who may read it (None: everyone). A private fact is usually logged twice: the
    full text to the seat concerned and a masked text to the others. `reveal` marks the moment
    hidden information became public: undo never crosses it when several humans play.
    """

    text: str
    seat: int | None = None
    to: tuple[int, ...] | None = None
    reveal: bool = False
    kind: str = ""

    def visible_to(self, seat: int | None) -> bool:
        """`seat` None means a spectator who sees only public events."""
        if self.to is None:
            return True
        return seat is not None and seat in self.to


@attrs.frozen
class Prompt:
    """What a seat is deciding now, for the status line and the help screen.

    `section` names the help section (a Markdown heading id) to open with `?`.
    `secret` says the decision involves information other seats must not see, so hot-seat play
    shows the pass-the-keyboard screen before it.
    """

    text: str
    section: str = ""
    secret: bool = False


@attrs.frozen
class ScoreLine:
    """One row of the final score table: a category and each seat's points in it."""

    label: str
    values: tuple[int, ...]


@attrs.frozen
class Outcome:
    """The end of a game: totals, the breakdown that adds up to them, the winners and why."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    lines: tuple[ScoreLine, ...] = ()
    reason: str = ""
    tiebreak: str = ""


@attrs.frozen
class SeatSpec:
    """Who sits in a seat. `kind` is "human" or "ai"; `level` is easy / normal / hard."""

    name: str
    kind: str = "human"
    level: str = "normal"

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"


@runtime_checkable
class Game(Protocol[S]):
    """The contract. See the module docstring and docs/ARCHITECTURE.md."""

    id: str
    title: str
    players: range
    Options: type
    action_types: tuple[type, ...]
    state_type: type
    supports_series: bool

    def setup(self, options: Any, seats: int, seed: int) -> S: ...
    def to_act(self, s: S) -> tuple[int, ...]: ...
    def prompt(self, s: S, seat: int) -> Prompt: ...
    def legal(self, s: S, seat: int) -> Sequence[Any]: ...
    def apply(self, s: S, seat: int, a: Any) -> list[Event]: ...
    def why_illegal(self, s: S, seat: int, a: Any) -> str | None: ...
    def outcome(self, s: S) -> Outcome | None: ...
    def view(self, s: S, seat: int | None) -> S: ...
    def determinize(self, v: S, seat: int, rng: Rng) -> S: ...
    def clone(self, s: S) -> S: ...
    def describe(self, s: S, a: Any) -> str: ...
    def choices(self, s: S, seat: int) -> list[tuple[Any, str | None]]: ...
    def evaluate(self, s: S, seat: int) -> float: ...
    def progress(self, s: S) -> str: ...


class GameBase:
    """Shared defaults for games. Subclasses set the class attributes and the rules."""

    id: ClassVar[str]
    title: ClassVar[str]
    players: ClassVar[range]
    Options: ClassVar[type]
    action_types: ClassVar[tuple[type, ...]]
    state_type: ClassVar[type]
    supports_series: ClassVar[bool] = False

    def why_illegal(self, s: Any, seat: int, a: Any) -> str | None:
        """Default: legal means "in the legal list". Games override with specific reasons."""
        if seat not in self.to_act(s):  # type: ignore[attr-defined]
            return "It is not your turn to decide."
        if a in self.legal(s, seat):  # type: ignore[attr-defined]
            return None
        return "That move is not allowed now."

    def describe(self, s: Any, a: Any) -> str:
        return str(a)

    def choices(self, s: Any, seat: int) -> list[tuple[Any, str | None]]:
        """What the action picker lists: every legal action (reason None) and, where it helps the
        player, actions that look possible but are not, each with the reason ("You need 4 coins").
        Default: the legal actions only. Games override to add the greyed ones."""
        return [(a, None) for a in self.legal(s, seat)]  # type: ignore[attr-defined]

    def evaluate(self, s: Any, seat: int) -> float:
        """Heuristic value of `s` for `seat` in [0, 1]; games override. 0.5 = even."""
        return 0.5

    def progress(self, s: Any) -> str:
        """A few words saying how far the game is ("round 3, cycle 2"), for the load list."""
        return ""
