"""The one contract every game implements, and the records that cross it.

A game is a stateless object (`Game`) plus a mutable attrs state. Everything that leaves the
engine — actions, events, prompts, outcomes, component data — is frozen. The UI, the AI, the
saves and the tests all drive a game through the same few calls:

    s = game.setup(options, seats, seed)
    while game.outcome(s) is None:
        seat = game.to_act(s)[0]               # several seats when choices are simultaneous
        a = game.legal(s, seat)[0]             # a deterministic order
        events = game.apply(s, seat, a)        # raises IllegalAction and changes nothing if not allowed

Every move has a text form that reads back (engine.core.notation): `game.move_text(s, a)` gives
"play 12", and `game.parse_move(s, seat, "play 12")` the legal move it names.

A turn that needs several choices is several decisions, each with its own short legal list.
Hidden information is handled by `view` (mask what a seat may not see) and `determinize` (fill
the masked parts with a plausible sample, for the AI). `setup` takes options already found fit
for the table (`check_options`, asked by `Match.new` and by everything that sets a table up).
Each game writes its rules as a table of phases (engine.core.phases), from which the legality
calls are derived.
"""

from __future__ import annotations

import abc
import re
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import attrs

from engine.core.copying import copier
from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.notation import Notation, words
from engine.core.options import problem_with
from engine.core.records import quick_init
from engine.core.rng import Rng
from engine.core.words import players_text

S = TypeVar("S")  # a game's mutable state
A = TypeVar("A")  # its action type
O = TypeVar("O")  # its Options class  # noqa: E741  (S, A, O read as a set)
O_contra = TypeVar("O_contra", contravariant=True)  # the same, as the protocol only takes it in

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


@quick_init  # (a game logs one or two per decision: see engine.core.records)
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
    `declines` > 0 marks an interrupt: a chance to act that opens on public facts and is usually
    declined — in someone else's turn, or an extra in one's own (Rivals' mods, asked whenever
    the hand holds a card). The seat's choices then end with that many ways of declining, the
    plain pass last. A terminal passes at once when only declining is legal, and hot-seat play
    asks the whole table before passing the keyboard for it (rivals_tui/screens/game.py).
    """

    text: str
    section: str = ""
    secret: bool = False
    declines: int = 0


@attrs.frozen
class ScoreLine:
    """One row of the final score table: a category and each seat's points in it. `shown`, when
    given, is how each value reads in the table where a bare number would not say it (Rivals'
    "Still standing": yes or no)."""

    label: str
    values: tuple[int, ...]
    shown: tuple[str, ...] = ()


@attrs.frozen
class Outcome:
    """The end of a game: totals, the breakdown that adds up to them, the winners and why.
    `roles`, when given, says what each seat played as (Rivals: its Ashak), shown under its name."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    lines: tuple[ScoreLine, ...] = ()
    reason: str = ""
    tiebreak: str = ""
    roles: tuple[str, ...] = ()


@attrs.frozen
class SeatSpec:
    """Who sits in a seat. `kind` is "human" or "ai"; `level` is easy / normal / hard."""

    name: str
    kind: str = "human"
    level: str = "normal"

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"


@attrs.frozen
class LevelSearch:
    """What a game changes in one search level's search (`Game.ai_level`); every default keeps
    the level as `engine.ai.make_bot` builds it."""

    # Multiplies the level's iteration cap (on top of the game's `ai_iteration_scale`).
    iterations: float = 1.0
    # How often a rollout move is the mover's best one ply deep (by the search's value) instead
    # of a random one, from 0 to 1. Greedy rollouts cost a clone and a move per legal action at
    # every step, so they suit the level that has time for them.
    rollout_greed: float | None = None
    # How many moves are played after a new node before the position is read (over the game's
    # `ai_rollout_depth` and the level's own).
    rollout_depth: int | None = None
    # The value the level reads positions with, a function of a position and a seat (over the
    # game's `ai_search_evaluate`, and `evaluate` for normal).
    evaluate: Callable[[Any, int], float] | None = None
    # The value of a finished game for a seat, from 0 to 1 (over its share of the win): a game may
    # have the level play for the margin too, where a settled result leaves every move alike.
    finished: Callable[[Any, int], float] | None = None
    # How a rollout picks a move where it would pick one at random (its position, the mover, the
    # mover's legal moves, the search's random source): a game's cheap rule of thumb, for a game
    # whose random play is so poor that the value after it says little of the move above it.
    rollout_policy: Callable[[Any, int, Sequence[Any], Rng], Any] | None = None
    # Whether the tree branches on every seat's pick at a simultaneous choice, not on the
    # searcher's own alone: where the picks are revealed at once, what the searcher does next
    # then depends on what the rivals showed, at the cost of many more branches to share the
    # iterations.
    split_secret_choices: bool = False
    # Whether every leaf is read by playing the game on to its end, each mover's best move one
    # ply deep by the search's value, and reading the finished game (`finished`, or the share of
    # the win) instead of the position: the level then sees where a line leads at the end (who
    # runs out of moves first, the races for the last points), which a value can only guess at.
    # Each leaf costs a whole game's remainder, so it suits a level with time and few iterations.
    play_out: bool = False


SAME_SEARCH = LevelSearch()


class Game(Protocol[S, A, O_contra]):
    """The contract every game meets; see the module docstring and docs/ARCHITECTURE.md.

    `S` is the game's mutable state, `A` its action type (usually a union of frozen classes),
    `O` its frozen Options class. Everything the AI, the saves or the app reads from a game is
    declared here; nobody looks a member up with `getattr`. Each game module declares its object
    as `GAME: Game[TheState, TheAction, TheOptions] = TheGame()` so mypy checks the whole shape.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    players: ClassVar[range]
    Options: ClassVar[type[Any]]
    action_types: ClassVar[tuple[type[Any], ...]]
    state_type: ClassVar[type[Any]]
    supports_series: ClassVar[bool]
    # ISMCTS rollout depth; None = the bot's default. A game whose evaluation already looks
    # further than a few random moves pins it (Rivality uses 0).
    ai_rollout_depth: ClassVar[int | None]
    # ISMCTS root shortlist; None = search every legal move. With N, the search first ranks the
    # root's moves one ply deep with `evaluate` (as the greedy bot does) and searches only the
    # best N, deeper: for games whose turns offer dozens of near-equal moves.
    ai_root_moves: ClassVar[int | None]
    # Multiplies the search levels' iteration caps (normal and hard) for this game: below 1 when
    # its iterations are costly or its shortlist leaves little to search.
    ai_iteration_scale: ClassVar[float]
    # Action kinds a thinking bot (greedy, search) leaves out unless nothing else is legal: moves
    # that only take back a half-made one, which a bot judging a step ahead could repeat forever.
    ai_avoid: ClassVar[tuple[type, ...]]
    # Whether a prompt may be an interrupt (`Prompt.declines`). Games without them say so, and
    # the search and the match skip looking for declines at every step (the conformance suite
    # checks no prompt of theirs is one).
    interrupts: ClassVar[bool]

    def check_options(self, options: O_contra, seats: int) -> str | None: ...
    def next_options(self, options: Any, out: Outcome) -> Any: ...
    def setup(self, options: O_contra, seats: int, seed: int) -> S: ...
    def to_act(self, s: S) -> tuple[int, ...]: ...
    def prompt(self, s: S, seat: int) -> Prompt: ...
    def legal(self, s: S, seat: int) -> Sequence[A]: ...
    def choices(self, s: S, seat: int) -> list[tuple[A, str | None]]: ...
    def why_illegal(self, s: S, seat: int, a: A) -> str | None: ...
    def apply(self, s: S, seat: int, a: A) -> list[Event]: ...
    def perform(self, s: S, seat: int, a: A) -> list[Event]: ...
    def outcome(self, s: S) -> Outcome | None: ...
    def view(self, s: S, seat: int | None) -> S: ...
    def determinize(self, v: S, seat: int, rng: Rng) -> S: ...
    def clone(self, s: S) -> S: ...
    def describe(self, s: S, a: A) -> str: ...
    def evaluate(self, s: S, seat: int) -> float: ...
    def ai_search_evaluate(self, s: S, seat: int) -> float: ...
    def ai_turn_mark(self, s: S) -> Hashable | None: ...
    def ai_level(self, s: S, level: str) -> LevelSearch: ...
    def progress(self, s: S) -> str: ...
    def round_and_turn(self, s: S) -> tuple[int, Hashable] | None: ...
    def upgrade_action(self, s: S, seat: int, a: A) -> A: ...
    def upgrade_snapshot(self, data: Any) -> Any: ...
    def move_text(self, s: S, a: A) -> str: ...
    def parse_move(self, s: S, seat: int, text: str) -> A: ...


AnyGame = Game[Any, Any, Any]  # a game whose types the caller does not need (registry, app)


class GameBase(abc.ABC, Generic[S, A, O]):
    """What every game shares. A subclass sets the class members and writes its rules.

    Legality is written once per rule. The four hooks are `to_act`, `candidates` (every action
    worth showing now, allowed or not), `reason` (the one function that decides whether an
    action is allowed, returning the sentence a player reads when it is not) and `perform`
    (carry out an allowed action). From those, `legal`, `choices`, `why_illegal` and `apply`
    follow, so the legal list, the greyed reason and the check in `apply` can never disagree.
    The five games write none of them: they are phased games (engine.core.phases.PhasedGame),
    which derive the hooks from a table of phases; the toy game of the tests writes them by
    hand. No path remembers an answer: `apply` has `reason` judge every move from the state as
    it is (a memo keyed on part of the state let moves through after the rest changed).
    """

    id: ClassVar[str]
    title: ClassVar[str]
    players: ClassVar[range]
    Options: ClassVar[type[Any]]
    action_types: ClassVar[tuple[type, ...]]
    state_type: ClassVar[type]
    supports_series: ClassVar[bool] = False
    ai_rollout_depth: ClassVar[int | None] = None
    ai_root_moves: ClassVar[int | None] = None
    ai_iteration_scale: ClassVar[float] = 1.0
    ai_avoid: ClassVar[tuple[type, ...]] = ()
    interrupts: ClassVar[bool] = False
    # The game's move notation (engine/<game>/notation.py), behind `move_text` and `parse_move`.
    notation: ClassVar[Notation]

    # -- options -------------------------------------------------------------------------
    def check_options(self, options: O, seats: int) -> str | None:
        """Why these options cannot be played by `seats` players, in one sentence, or None.
        The shared field checks first; a game adds its own by overriding and calling super."""
        if not isinstance(options, self.Options):
            return f"These are not {self.title} options."
        if seats not in self.players:
            return f"{self.title} is for {players_text(self.players)}."
        return problem_with(options, seats)

    def next_options(self, options: O, out: Outcome) -> O:
        """The options of the next game of a series after a game ending in `out`. Default: the
        same options; a game whose rules change the next game (Rival Realms: the loser begins)
        overrides it."""
        return options

    # -- legality, written once ----------------------------------------------------------
    # The four hooks every game writes. They are abstract, so a game class missing one cannot
    # even be created: the mistake shows at import time, with the hook's name, not mid-game.
    @abc.abstractmethod
    def to_act(self, s: S) -> tuple[int, ...]:
        """The seats that owe a decision now: several during simultaneous choices, () at the end."""

    @abc.abstractmethod
    def candidates(self, s: S, seat: int) -> Iterable[A]:
        """Every action worth listing for `seat` now: the legal ones and the greyed ones."""

    @abc.abstractmethod
    def reason(self, s: S, seat: int, a: A) -> str | None:
        """The one place a rule decides whether `a` is allowed: None, or the player's sentence."""

    @abc.abstractmethod
    def perform(self, s: S, seat: int, a: A) -> list[Event]:
        """Carry out an action `reason` allowed; mutates `s`, returns the events in words.
        Unchecked, as python-chess's `push` (against `push_san`): a move from elsewhere (a key,
        the network, a save, a test) goes through `apply` (`Match.submit`). It is for a move
        already judged: one the AI's search has just taken from `legal` of that same state, or
        one of a history whose every move was judged when it was submitted (`Match.replay`)."""

    def legal(self, s: S, seat: int) -> Sequence[A]:
        if seat not in self.to_act(s):
            return ()
        return [a for a in self.candidates(s, seat) if self.reason(s, seat, a) is None]

    def choices(self, s: S, seat: int) -> list[tuple[A, str | None]]:
        """What the action picker lists: every candidate with None (allowed) or its reason."""
        if seat not in self.to_act(s):
            return []
        return [(a, self.reason(s, seat, a)) for a in self.candidates(s, seat)]

    def why_illegal(self, s: S, seat: int, a: A) -> str | None:
        if seat not in self.to_act(s):
            return "It is not your turn to decide."
        if type(a) not in _exact_action_types(self) and not isinstance(a, self.action_types):
            return "That is not a move of this game."
        return self.reason(s, seat, a)

    def apply(self, s: S, seat: int, a: A) -> list[Event]:
        """Check, then perform. Raises IllegalAction and changes nothing when `a` is not allowed."""
        why = self.why_illegal(s, seat, a)
        if why is not None:
            raise IllegalAction(why)
        return self.perform(s, seat, a)

    # -- move notation -------------------------------------------------------------------
    def move_text(self, s: S, a: A) -> str:
        """A few words for action `a` that `parse_move` reads back to it ("play 12", "go 5 via 3"),
        made from its fields alone (engine.core.notation)."""
        return self.notation.text(s, a)

    def parse_move(self, s: S, seat: int, text: str) -> A:
        """The legal move of `seat` that `text` names, as the very object `legal` lists (upper or
        lower case alike). Raises MoveTextError when the text names no move of this game,
        NotYourTurn when `seat` has no decision now, and IllegalAction with the greyed move's
        reason (or a sentence naming the text) when the move is not allowed now."""
        a = self.notation.read(s, text)
        if seat not in self.to_act(s):
            raise NotYourTurn(f"{seat_label(seat)} has no decision to make now.")
        for b in self.legal(s, seat):
            if b == a:
                return b
        # Only a refusal looks at the greyed moves: their reasons cost more than the legal list.
        for b, why in self.choices(s, seat):
            if b == a and why is not None:
                raise IllegalAction(why)
        raise IllegalAction(f'"{" ".join(words(text))}" is not a move {seat_label(seat)} can make now.')

    # -- copies ----------------------------------------------------------------------------
    def clone(self, s: S) -> S:
        """An independent copy, generated from the state's attrs fields (engine.core.copying)."""
        return copier(type(s))(s)

    # -- defaults a game may refine --------------------------------------------------------
    def describe(self, s: S, a: A) -> str:
        return str(a)

    def evaluate(self, s: S, seat: int) -> float:
        """Heuristic value of `s` for `seat` in [0, 1]; games override. 0.5 = even."""
        return 0.5

    def ai_search_evaluate(self, s: S, seat: int) -> float:
        """The search's value of a position it stops at (its leaves, and the greedy play to a
        turn's end below them): `evaluate` unless a game gives its search something the greedy bot
        does not use."""
        return self.evaluate(s, seat)

    def ai_turn_mark(self, s: S) -> Hashable | None:
        """The search's turn horizon: None (the default) lets it look as far as its tree and
        rollouts go; a game that returns a value changing whenever a new turn begins has the search
        look only to the end of the current turn. Its tree stops there, and below a new node the
        turn is played out greedily (one ply on the sampled world), so that every leaf is scored by
        `evaluate` at the same point and leaves at different depths are never compared. Its
        iterations then share a few worlds sampled once per decision (engine.ai.ismcts
        TURN_WORLDS), so hidden facts shift every move's value alike."""
        return None

    def ai_level(self, s: S, level: str) -> LevelSearch:
        """How one search level ("normal", "hard", "expert") searches where it decides from `s`,
        where this game's measurements set it apart from the level's usual search (a record of
        changes, `LevelSearch`): by default none. A level is the same search in every game
        (`engine.ai.make_bot`); what sets two levels apart in one game may not in another (in a
        solo game hard's search can be at its best within normal's cap), and this is where a
        game says so, with its figures in docs/AI.md."""
        return SAME_SEARCH

    def progress(self, s: S) -> str:
        """A few words saying how far the game is ("round 3, cycle 2"), for the load list."""
        return ""

    def round_and_turn(self, s: S) -> tuple[int, Hashable] | None:
        """Where a move made now stands, for the numbering of a game record (saves.gamerecord):
        the game's round (0 while the table is set up) and a mark of the turn in progress, any
        value that changes whenever a new turn begins (None between turns, when a decision
        belongs to no seat's turn). The record numbers the turns of a round 1, 2, ... as the
        mark changes. Default None: the game has no rounds of its own, and the record counts
        a new turn whenever another seat moves or a move ends its seat's turn, and a new round
        whenever a seat begins a second turn in the round."""
        return None

    def upgrade_action(self, s: S, seat: int, a: A) -> A:
        """A move read from a save, as today's decision in the position `s` it is replayed in.
        Default: unchanged. A game whose decision changed shape while its meaning did not (a
        choice the engine used to make is now the player's) maps the older form, which may
        depend on the position, to the move that does the same; `Match.rebuild` asks before
        replaying each saved move, so such a save still loads and is saved again in the new
        form."""
        return a

    def upgrade_snapshot(self, data: Any) -> Any:
        """A saved state's plain data (the save's snapshot, JSON values) in the state's shape of
        today. Default: unchanged. A game whose state changed shape (Rivals: each body one
        record) maps the older shape, so the save's position can still be compared with its
        replayed moves; data it does not recognise is returned as it is, for the save format to
        judge."""
        return data


_EXACT_ACTION_TYPES: dict[type, frozenset[type]] = {}


def _exact_action_types(game: GameBase[Any, Any, Any]) -> frozenset[type]:
    """A game's action classes as a set. `isinstance` against a tuple of forty classes tries
    them one by one on every apply; the set answers at once (isinstance still admits subclasses)."""
    kind = type(game)
    known = _EXACT_ACTION_TYPES.get(kind)
    if known is None:
        known = _EXACT_ACTION_TYPES[kind] = frozenset(game.action_types)
    return known
