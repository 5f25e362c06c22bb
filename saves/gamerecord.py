"""Game records: a game written down as its moves, for people (text) and for programs (JSON), and
read back with every move judged by the rules (`rivals export`, `rivals import`; the golden
playthroughs of the tests, tests/support/golden.py, are records too).

A record holds the game, its options, the seats (names; human, or AI and its level), the seed,
the save's dates, every move in the game's notation (`Game.move_text`) with the seat that made
it, numbered by round and turn (`Game.round_and_turn`), whether the game is finished, and then
its scores and winners. `replay` sets the table up again from the record and plays each move
through `parse_move` and `Match.submit`, so the rules judge every one, then checks that the
moves end where the record says; a match replayed from a record is the game that was written
down, state and log alike. The formats, their reading and their writing are in
`saves.recordformat`.

Secrecy: a record holds every move, hidden ones included (the guild a seat kept, a character
chosen in secret), as the save it is made from does. A local save is no secret from whoever can
read its file, so an unfinished game exports whole. A table server sends a game's record only
once the game is over (`rivals_net/finished.py`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import attrs

import engine
from engine.core.game import Game, ScoreLine, SeatSpec
from engine.core.match import Match, Series, continues_turn
from engine.core.options import option_fields, parse_assignments, typed_choice
from saves.codec import NUMBER_LIMIT, check_seats, check_series
from saves.errors import SaveError

__all__ = [
    "GameRecord",
    "Move",
    "TurnCount",
    "RecordError",
    "option_words",
    "record_of",
    "replay",
    "seat_word",
]


class RecordError(SaveError):
    """A game record cannot be read or does not replay: one sentence naming the file and the
    fault, and the line or the move where there is one."""


@attrs.frozen
class Move:
    """One move of a record: the seat (0-based) and the move in the game's notation. `round`
    and `turn` number it (`Game.round_and_turn`; turn 0: in no seat's turn), `note` describes
    it as its player saw it, `stand_in` marks a decision the AI made for a player who was away,
    and `line` is where a text record holds it (0: not read from a text)."""

    seat: int
    text: str
    round: int = 0
    turn: int = 0
    note: str = ""
    stand_in: bool = False
    line: int = 0


@attrs.frozen
class GameRecord:
    """A game as a record holds it. `options` are NAME=VALUE words, as `rivals new --option`
    takes them. `finished` says whether the game is over; a finished game has its `scores` and
    `winners` (`lines` and `tiebreak`, the breakdown, are written for readers and never read
    back). `date` and `updated` are ISO times ("" when unknown). `declared` is the number of moves
    the record says it holds, when it says so. `extra` holds fields a caller of the text reader
    allows besides the record's own (the golden tool's `bot` and `until`)."""

    game: str
    options: tuple[str, ...]
    seats: tuple[SeatSpec, ...]
    seed: int
    moves: tuple[Move, ...]
    finished: bool = False
    scores: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None
    lines: tuple[ScoreLine, ...] = ()
    tiebreak: str = ""
    date: str = ""
    updated: str = ""
    series: Series = Series()
    declared: int | None = None
    extra: tuple[tuple[str, str], ...] = ()


def seat_word(seat: int) -> str:
    """How a record names a seat: "p1" for seat 0, as the notation does."""
    return f"p{seat + 1}"


def option_words(options: Any) -> tuple[str, ...]:
    """Every option of `options` as NAME=VALUE, in the words `parse_assignments` reads."""
    out = []
    for f in option_fields(type(options)):
        v = getattr(options, f.name)
        if f.kind == "bool":
            text = "on" if v else "off"
        elif f.kind == "multi":
            text = ",".join(v) if v else "none"
        elif f.kind == "choice":
            text = typed_choice(v)
        else:
            text = str(v)
        out.append(f"{f.name}={text}")
    return tuple(out)


# -- writing down a match -------------------------------------------------------------------------


def record_of(match: Match, *, date: str = "", updated: str = "") -> GameRecord:
    """The record of `match` as it stands: every move numbered and described as its player saw
    it (in that seat's view), and the end when the game is over."""
    game = match.game
    s = game.setup(match.options, len(match.seats), match.seed)
    count = TurnCount(game)
    moves = []
    for i, (seat, action) in enumerate(match.history):
        round_, turn = count.next(s, seat, action)
        note = game.describe(game.view(s, seat), action)
        moves.append(Move(seat, game.move_text(s, action), round_, turn, note, i in match.stand_ins))
        game.perform(s, seat, action)  # judged when it was submitted
    out = match.outcome()
    return GameRecord(
        game=game.id,
        options=option_words(match.options),
        seats=tuple(_plain_seat(spec) for spec in match.seats),
        seed=match.seed,
        moves=tuple(moves),
        finished=out is not None,
        scores=out.scores if out is not None else None,
        winners=out.winners if out is not None else None,
        lines=out.lines if out is not None else (),
        tiebreak=out.tiebreak if out is not None else "",
        date=date,
        updated=updated,
        series=match.series,
    )


def _plain_seat(spec: SeatSpec) -> SeatSpec:
    # A person has no level: the record does not write one, and reads back the default.
    return spec if spec.is_ai else SeatSpec(spec.name, spec.kind)


class TurnCount:
    """The round and turn of each move in turn (the records' numbering, and the replay viewer's
    turn and round steps). A game that knows its rounds gives them with a
    mark of the turn (`Game.round_and_turn`): turns are counted 1, 2, ... within a round as the
    mark changes. For a game that does not, a turn begins when another seat moves or the last
    move ended its seat's turn (`continues_turn`), and a round when a seat begins a second turn
    in it."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game
        self.round = self.turn = 0
        self.mark: Hashable = _NO_MARK
        self.last_seat = -1
        self.ended = True
        self.turned: set[int] = set()

    def next(self, s: Any, seat: int, action: Any) -> tuple[int, int]:
        known = self.game.round_and_turn(s)
        if known is None:
            return self._derived(s, seat, action)
        round_, mark = known
        if round_ != self.round:
            self.round, self.turn, self.mark = round_, 0, _NO_MARK
        if mark is None:
            return round_, 0
        if mark != self.mark:
            self.turn, self.mark = self.turn + 1, mark
        return round_, self.turn

    def _derived(self, s: Any, seat: int, action: Any) -> tuple[int, int]:
        if seat != self.last_seat or self.ended:
            if self.round == 0 or seat in self.turned:
                self.round, self.turn, self.turned = self.round + 1, 0, set()
            self.turn += 1
            self.turned.add(seat)
        self.last_seat = seat
        self.ended = not continues_turn(self.game, s, seat, action)
        return self.round, self.turn


_NO_MARK = object()


# -- playing a record again -----------------------------------------------------------------------


def find_game(record: GameRecord, games: Mapping[str, Game[Any, Any, Any]] | None, source: str) -> Any:
    """The game the record is of, from `games` (default: every registered game)."""
    known = engine.GAMES if games is None else games
    game = known.get(record.game.lower())
    if game is None:
        names = ", ".join(sorted(known)) or "none"
        raise RecordError(source, f"unknown game {record.game!r} (this Rivals knows: {names})")
    return game


def table_of(
    record: GameRecord, games: Mapping[str, Game[Any, Any, Any]] | None = None, source: str = "record"
) -> Match:
    """The table the record sets up, before any move: its game, options, seats, seed and series,
    each checked with the save format's sentences."""
    game = find_game(record, games, source)
    if len(record.seats) not in game.players:
        span = f"{game.players.start}-{game.players.stop - 1}"
        has = f"{len(record.seats)} seat{'' if len(record.seats) == 1 else 's'}"
        raise RecordError(source, f"{game.title} is for {span} players, but the record has {has}")
    try:
        check_seats(record.seats, source)
        check_series(record.series, game, len(record.seats), source)
    except SaveError as exc:
        raise RecordError(source, exc.fault) from None
    if not -NUMBER_LIMIT < record.seed < NUMBER_LIMIT:
        raise RecordError(source, "the seed is far too large to be real")
    try:
        options = parse_assignments(game.Options, record.options)
    except ValueError as exc:
        raise RecordError(source, f"options: {exc}") from None
    problem = game.check_options(options, len(record.seats))
    if problem is not None:
        raise RecordError(source, f"options: {problem}")
    try:
        return Match.new(game, options, record.seats, record.seed, series=record.series)
    except Exception as exc:  # whatever set-up raises on odd options, one sentence
        raise RecordError(source, f"the game cannot be set up from its options ({exc})") from None


def replay(
    record: GameRecord,
    games: Mapping[str, Game[Any, Any, Any]] | None = None,
    source: str = "record",
    *,
    canonical: bool = False,
) -> Match:
    """The match the record holds: each move read with `parse_move` and judged by `Match.submit`,
    then the end compared with what the record says. `canonical`: each move must also be written
    as the notation writes it (the golden files, whose diffs people read). Raises RecordError,
    naming the move (and its line) and the rules' sentence."""
    match = table_of(record, games, source)
    game = match.game
    for n, move in enumerate(record.moves, 1):
        where = f"line {move.line}, move {n}" if move.line else f"move {n}"
        said = f"{where}: {seat_word(move.seat)}: {move.text}"
        if match.over:
            raise RecordError(source, f"{where} comes after the end of the game")
        if move.seat >= len(match.seats):
            raise RecordError(source, f"{where}: there is no seat {seat_word(move.seat)} at this table")
        try:
            action = game.parse_move(match.state, move.seat, move.text)
            if canonical and game.move_text(match.state, action) != move.text:
                raise RecordError(source, f"{said}: not written as the notation writes it")
            match.submit(move.seat, action, stand_in=move.stand_in)
        except RecordError:
            raise
        except ValueError as exc:  # the notation's and the rules' sentences
            raise RecordError(source, f"{said}: {exc}") from None
        except Exception as exc:  # an engine failure must still not become a traceback
            why = f"{type(exc).__name__}: {exc}"
            raise RecordError(source, f"{where} could not be replayed ({why})") from None
    _check_end(match, record, source)
    return match


def _check_end(match: Match, record: GameRecord, source: str) -> None:
    out = match.outcome()
    if not record.finished:
        if out is not None:
            raise RecordError(source, "the moves end the game, but the record says it is unfinished")
        return
    if out is None:
        raise RecordError(source, "the record says the game is finished, but its moves stop before the end")
    if (out.scores, out.winners) != (record.scores, record.winners):
        raise RecordError(
            source,
            f"the moves end the game with {_end_words(out.scores, out.winners)}, "
            f"but the record says {_end_words(record.scores or (), record.winners or ())}",
        )


def _end_words(scores: Sequence[int], winners: Sequence[int]) -> str:
    won = " ".join(map(seat_word, winners)) or "none"
    return f"scores {' '.join(map(str, scores))} and winners {won}"
