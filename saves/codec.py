"""Turning a `Match` into a save envelope (a JSON-ready dict) and back, checking everything.

The envelope holds what is needed to rebuild the game — game id, options, seats, seed, series
and every decision — plus a snapshot of the final state to check the rebuild against, and a few
words for the load list (status, progress, times). Loading never trusts the file: it migrates
old formats, structures each part with strict types, replays every decision through the rules
(so each move is re-checked) and compares the result with the snapshot. Any fault becomes one
`SaveError` line naming the file and what is wrong.

Every part is converted by the strict converter of `saves.convert`, never by cattrs' global one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import attrs

import engine
from engine.ai import LEVELS
from engine.core.errors import IllegalAction
from engine.core.game import Game, SeatSpec
from engine.core.match import Match, Series
from engine.core.words import one_of
from saves.convert import _action_codec, _ActionCodec, _show, _structure, converter
from saves.errors import SaveError
from saves.migrations import MIGRATIONS, MigrationFault, migrate

__all__ = [
    "FORMAT_VERSION",
    "MIGRATIONS",
    "STATUS_FINISHED",
    "STATUS_IN_PROGRESS",
    "dump_match",
    "dumps",
    "load_envelope",
    "load_match",
    "loads",
    "parse",
    "progress_of",
    "read_parts",
    "saved_position",
    "status_of",
]

FORMAT_VERSION: int = 1
# A saved move's mark for a decision the AI made for a person who was away (at a table server).
STAND_IN_BY = "ai"
STATUS_IN_PROGRESS = "in progress"
STATUS_FINISHED = "finished"

REQUIRED_KEYS = (
    "format_version",
    "app_version",
    "game",
    "options",
    "seats",
    "seed",
    "series",
    "actions",
    "snapshot",
    "status",
    "progress",
    "created",
    "updated",
)
_TEXT_KEYS = ("app_version", "status", "progress", "created", "updated")

Envelope = dict[str, Any]

# Limits a real game never comes near. A number beyond them in a file was put there by hand or by
# damage, and would only make the rules or the list slow or crash.
NUMBER_LIMIT = 2**64  # the random generator keeps one unsigned 64-bit number
SERIES_GAMES_LIMIT = 1000
SERIES_POINTS_LIMIT = 1_000_000
# What one game of a series can score, either way, by the rules of the games that have series:
# Rival Kings at most 207 (all 64 cards are worth 186, its at most 64 coins 21) and at least -60
# (all 30 Conflict markers, -2 each); Rivality at most 53 (the 25 tiles) and at least -25 (a point
# lost on each); Rival Realms at most 150 (gems 12, explored 18, neighbours 30, valleys 48, quests
# 42) and at least -18 (every space empty). A score beyond this limit in a save's series was put
# there by hand or by damage; with it, a series' totals stay within what its games can add up to.
GAME_SCORE_LIMIT = 1000
NAME_LIMIT = 100


# -- writing -----------------------------------------------------------------------------------
def now() -> str:
    """The time now as saves and game records write it (ISO 8601, UTC, to the second)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def status_of(match: Match) -> str:
    """ "finished" once the game (and its series, if any) is over; "in progress" before."""
    out = match.outcome()
    if out is None:
        return STATUS_IN_PROGRESS
    if match.series.is_single or match.series.with_result(out.scores).finished(len(match.seats)):
        return STATUS_FINISHED
    # A game of a series is over but the next one has not started: still something to continue.
    return STATUS_IN_PROGRESS


def progress_of(match: Match) -> str:
    """How far the match is, in a few words, for the load list."""
    text = match.game.progress(match.state)
    if not text:
        text = "game over" if match.outcome() is not None else f"{len(match.history)} moves made"
    series = match.series
    if series.is_single:
        return text
    number = len(series.results) + 1
    of = f" of {series.games}" if series.games > 1 else ""
    return f"game {number}{of}, {text}"


def dump_match(
    match: Match, *, status: str | None = None, created: str | None = None, updated: str | None = None
) -> Envelope:
    """The save envelope for `match`, ready for `json.dumps`. `created` keeps an earlier time;
    `updated`, when the last move was made (default now: the game is being played)."""
    game = match.game
    codec = _action_codec(game)
    time = now()
    return {
        "format_version": FORMAT_VERSION,
        "app_version": engine.__version__,
        "game": game.id,
        "options": converter.unstructure(match.options, unstructure_as=game.Options),
        "seats": converter.unstructure(match.seats, unstructure_as=tuple[SeatSpec, ...]),
        "seed": match.seed,
        "series": converter.unstructure(match.series, unstructure_as=Series),
        "actions": [_move_entry(codec, match, i) for i in range(len(match.history))],
        "snapshot": converter.unstructure(match.state, unstructure_as=game.state_type),
        "status": status if status is not None else status_of(match),
        "progress": progress_of(match),
        "created": created if created is not None else time,
        "updated": updated if updated is not None else time,
    }


def _move_entry(codec: _ActionCodec, match: Match, i: int) -> dict[str, Any]:
    """One saved move; `"by": "ai"` marks a decision the AI made for an absent person."""
    seat, action = match.history[i]
    entry = {"seat": seat, "action": codec.dump(action)}
    if i in match.stand_ins:
        entry["by"] = STAND_IN_BY
    return entry


def dumps(match: Match, **kw: Any) -> str:
    """The save file's text for `match` (keywords as for `dump_match`)."""
    envelope = dump_match(match, **kw)
    text = layout(envelope, ascii_only=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        # A lone surrogate (from a name read out of an old file, say) cannot be written as
        # UTF-8; JSON's \\u escapes carry it exactly, and it loads back the same.
        text = layout(envelope, ascii_only=True)
    return text


_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
_COMPACT_ASCII = json.JSONEncoder(ensure_ascii=True, separators=(", ", ": "))


def layout(envelope: Envelope, *, ascii_only: bool) -> str:
    """The envelope as JSON a person can read: one field per line, one move per line, each
    value on its line written compactly. (Python's indented JSON is written by its slow pure
    Python encoder; this way every value goes through the fast one, and a save of a long game
    takes a few milliseconds instead of tens.)"""
    encode = (_COMPACT_ASCII if ascii_only else _COMPACT).encode
    fields = []
    for key, value in envelope.items():
        if key == "actions" and isinstance(value, list) and value:
            # Every move is {"seat": ...}; that text (an unescaped quote) can only start a move.
            moves = encode(value)[1:-1].replace('}, {"seat": ', '},\n  {"seat": ')
            text = "[\n  " + moves + "\n ]"
        else:
            text = encode(value)
        fields.append(f" {encode(key)}: {text}")
    return "{\n" + ",\n".join(fields) + "\n}\n"


# -- reading -----------------------------------------------------------------------------------
def _not_a_save(source: str, why: str) -> SaveError:
    return SaveError(source, f"not a Rivals save ({why})")


def json_fault(exc: json.JSONDecodeError) -> str:
    doc = exc.doc
    end = len(doc.rstrip())
    rest = doc[exc.pos : end]
    cut_literal = bool(rest) and any(word.startswith(rest) for word in ("true", "false", "null"))
    if exc.pos >= end or exc.msg.startswith("Unterminated string") or cut_literal:
        return f"the JSON is cut off at line {doc.count(chr(10), 0, end) + 1}"
    return f"bad JSON at line {exc.lineno}, column {exc.colno}: {exc.msg[:1].lower()}{exc.msg[1:]}"


def parse(text: str | bytes, source: str = "save") -> Any:
    """The JSON value in a save file's text. Raises SaveError for empty, cut-off or bad JSON."""
    if isinstance(text, bytes):
        try:
            # utf-8-sig: editors on some systems put a byte-order mark in front.
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise _not_a_save(source, "it is not a text file") from None
    else:
        text = text.removeprefix("\ufeff")
    if not text.strip():
        raise _not_a_save(source, "the file is empty")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise _not_a_save(source, json_fault(exc)) from None
    except RecursionError:
        raise _not_a_save(source, "the JSON is nested too deeply") from None
    except _NotANumber as exc:
        raise _not_a_save(source, f"it holds {exc.args[0]}, which is not a number JSON allows") from None
    except ValueError:
        # Python refuses to read whole numbers of more than 4300 digits.
        raise _not_a_save(source, "it holds a number far too long to be real") from None


class _NotANumber(ValueError):
    pass


def _no_constant(name: str) -> Any:
    # Python's json reads NaN and Infinity, which JSON itself does not have.
    raise _NotANumber(name)


def numbers_in_range(data: Any) -> bool:
    """Every whole number in decoded JSON within ±NUMBER_LIMIT (no recursion: depth is the
    data's). Saves and network messages are checked with it."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif type(value) is int and not -NUMBER_LIMIT < value < NUMBER_LIMIT:
            return False
    return True


def _check_numbers(data: Any, source: str) -> None:
    if not numbers_in_range(data):
        raise SaveError(source, "a number in it is far too large to be real (was the file edited?)")


def _kind_of(value: Any) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a text"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    return "a number"


@attrs.frozen
class Parts:
    """What a save says about its game before any move: each part checked, none replayed."""

    game: Game[Any, Any, Any]
    options: Any
    seats: tuple[SeatSpec, ...]
    seed: int
    series: Series
    # The envelope upgraded to this format (its moves, snapshot and times still unchecked).
    data: Envelope


def read_parts(
    data: Any, *, games: Mapping[str, Game[Any, Any, Any]] | None = None, source: str = "save"
) -> Parts:
    """The game, options, seats, seed and series of the save in `data`, each checked as a load
    checks it, without replaying its moves (the statistics read no more). Raises SaveError."""
    if not isinstance(data, dict):
        raise _not_a_save(source, f"the JSON holds {_kind_of(data)}, not a saved game")
    if "format_version" not in data:
        raise _not_a_save(source, "it has no format_version")
    version = data["format_version"]
    if type(version) is not int or version < 0:
        raise _not_a_save(source, f"format_version should be a whole number, not {_show(version)}")
    if version > FORMAT_VERSION:
        raise SaveError(
            source, f"made by a newer Rivals (format {version}); this version reads up to {FORMAT_VERSION}"
        )
    try:
        data = migrate(dict(data), version, FORMAT_VERSION)
    except MigrationFault as exc:
        raise SaveError(source, str(exc)) from None

    _check_numbers(data, source)
    missing = [k for k in REQUIRED_KEYS if k not in data]
    if missing:
        raise _not_a_save(source, f"missing {', '.join(missing)}")
    for key in _TEXT_KEYS:
        _structure(data[key], str, key, source)

    game_id = data["game"]
    known = engine.GAMES if games is None else games
    if not isinstance(game_id, str):
        raise SaveError(source, f"game: expected a game id in quotes, got {_show(game_id)}")
    game = known.get(game_id)
    if game is None:
        names = ", ".join(sorted(known)) or "none"
        raise SaveError(source, f"unknown game {_show(game_id)} (this Rivals knows: {names})")

    options = _structure(data["options"], game.Options, "options", source)
    seats: tuple[SeatSpec, ...] = _structure(data["seats"], tuple[SeatSpec, ...], "seats", source)
    check_seats(seats, source)
    seed: int = _structure(data["seed"], int, "seed", source)
    series: Series = _structure(data["series"], Series, "series", source)
    if len(seats) not in game.players:
        span = f"{game.players.start}-{game.players.stop - 1}"
        has = f"{len(seats)} seat{'' if len(seats) == 1 else 's'}"
        raise SaveError(source, f"{game.title} is for {span} players, but this save has {has}")
    check_series(series, game, len(seats), source)
    problem = game.check_options(options, len(seats))
    if problem is not None:
        raise SaveError(source, f"options: {problem}")
    return Parts(game, options, seats, seed, series, data)


def load_envelope(
    data: Any, *, games: Mapping[str, Game[Any, Any, Any]] | None = None, source: str = "save"
) -> tuple[Match, Envelope]:
    """Rebuild the match in `data` and also return the envelope upgraded to this format.

    Raises SaveError for every fault. Never changes `data`.
    """
    parts = read_parts(data, games=games, source=source)
    game, data = parts.game, parts.data
    codec = _action_codec(game)
    seats = parts.seats
    raw_actions = data["actions"]
    if not isinstance(raw_actions, list):
        raise SaveError(source, f"actions: expected a list, got {_show(raw_actions)}")
    history: list[tuple[int, Any]] = []
    stand_ins: set[int] = set()
    for n, entry in enumerate(raw_actions, start=1):
        if not (isinstance(entry, dict) and set(entry) in ({"seat", "action"}, {"seat", "action", "by"})):
            raise SaveError(source, f'move {n}: expected {{"seat": ..., "action": ...}}, got {_show(entry)}')
        if "by" in entry:
            if entry["by"] != STAND_IN_BY:
                raise SaveError(
                    source, f'move {n}: "by" can only be "{STAND_IN_BY}", not {_show(entry["by"])}'
                )
            stand_ins.add(n - 1)
        seat = entry["seat"]
        if type(seat) is not int:
            raise SaveError(source, f"move {n}: the seat should be a whole number, not {_show(seat)}")
        if not 0 <= seat < len(seats):
            raise SaveError(source, f"move {n} is not legal: there is no seat {seat} at this table")
        history.append((seat, codec.load(entry["action"], f"move {n}", source)))

    try:
        match = Match.new(game, parts.options, seats, parts.seed, series=parts.series)
    except Exception as exc:  # whatever setup raises on odd options, the player gets one line
        raise SaveError(source, f"the game cannot be set up from its options ({exc})") from None
    try:
        _replay_and_check(match, history, frozenset(stand_ins), game, data, source)
    except SaveError as exc:
        saved_by = data["app_version"]
        if _older(saved_by, WINDOWS_SINCE) and _replays_with_windows(match, history, frozenset(stand_ins)):
            return match, data
        if saved_by != engine.__version__:
            # Rules corrections change what a list of moves leads to; say so rather than blame
            # the file. The file itself is left as it is.
            raise SaveError(
                source,
                f"saved by Rivals {saved_by} under rules of {game.title} that have been corrected "
                f"since, so it cannot be resumed by Rivals {engine.__version__} ({exc.fault})",
            ) from None
        raise
    return match, data


# The version whose rules last added interrupt windows: 0.3.0 a decision after each action of a
# Rivals turn, 0.4.0 anticipation tokens in those windows and at the start of each phase, and the
# attack window between salvos. A save from before it lacks the answers to the windows it skips.
WINDOWS_SINCE = (0, 4, 0)


def _older(version: str, than: tuple[int, ...]) -> bool:
    try:
        return tuple(int(x) for x in version.split(".")[:3]) < than
    except ValueError:
        return False


def _replays_with_windows(match: Match, history: list[tuple[int, Any]], stand_ins: frozenset[int]) -> bool:
    """Whether a save from before the latest interrupt windows replays once each window its
    moves skip is passed (`Match.rebuild`). Every move is still checked; the saved position cannot be
    compared, as it never had the windows' passes in it."""
    try:
        return match.rebuild(history, fill_declines=True, stand_ins=stand_ins) > 0
    except Exception:
        return False


def _replay_and_check(
    match: Match, history: list[tuple[int, Any]], stand_ins: frozenset[int], game: Any, data: Any, source: str
) -> None:
    """Replay every saved move through the rules (each one checked), then compare the result with
    the saved position."""
    try:
        match.rebuild(history, stand_ins=stand_ins)
    except IllegalAction as exc:
        n = len(match.history) + 1
        if match.over:
            raise SaveError(source, f"move {n} comes after the end of the game") from None
        raise SaveError(source, f"move {n} is not legal: {exc.reason}") from None
    except Exception as exc:  # an engine failure during replay still must not become a traceback
        n = len(match.history) + 1
        raise SaveError(source, f"move {n} could not be replayed ({type(exc).__name__}: {exc})") from None
    if saved_position(game, data, source) != match.state:
        raise SaveError(source, "the saved position does not match its moves (was the file edited?)")


def saved_position(game: Game[Any, Any, Any], data: Envelope, source: str) -> Any:
    """The position the envelope `data` records (its snapshot, in today's shape of the state),
    not compared with its moves. Raises SaveError."""
    return _structure(game.upgrade_snapshot(data["snapshot"]), game.state_type, "snapshot", source)


def check_seats(seats: tuple[SeatSpec, ...], source: str) -> None:
    for i, spec in enumerate(seats):
        if spec.kind not in ("human", "ai"):
            raise SaveError(source, f'seats[{i}].kind: expected "human" or "ai", got {_show(spec.kind)}')
        if spec.level not in LEVELS:
            raise SaveError(source, f"seats[{i}].level: expected {one_of(LEVELS)}, got {_show(spec.level)}")
        if not spec.name.strip() or len(spec.name) > NAME_LIMIT:
            raise SaveError(source, f"seats[{i}].name: a name of 1 to {NAME_LIMIT} characters is needed")
    names = [spec.name for spec in seats]
    if len(set(names)) != len(names):
        raise SaveError(source, "seats: two seats have the same name")


def check_series(series: Series, game: Game[Any, Any, Any], seats: int, source: str) -> None:
    """The series must be one this game can play, at this table, and not already decided."""
    # Checked first: a negative target reads as a single game, and would be written back as it is.
    if not (0 <= series.games <= SERIES_GAMES_LIMIT and 0 <= series.points <= SERIES_POINTS_LIMIT):
        raise SaveError(source, "series: the number of games or points is out of range")
    if series.is_single and not series.results:
        return
    if not game.supports_series:
        raise SaveError(source, f"series: {game.title} is never played as a series")
    if series.games > 1 and series.points > 0:
        raise SaveError(source, "series: a series counts games or points, not both")
    if series.is_single:
        raise SaveError(source, "series: a single game has no earlier results")
    for n, scores in enumerate(series.results, start=1):
        if len(scores) != seats:
            raise SaveError(
                source, f"series: game {n} has {len(scores)} scores for a table of {seats} players"
            )
        if any(abs(v) > GAME_SCORE_LIMIT for v in scores):
            raise SaveError(
                source,
                f"series: game {n} has a score no game can reach (beyond {GAME_SCORE_LIMIT} either way)",
            )
    if series.finished(seats):
        raise SaveError(source, "series: the series was already decided before this game")


def load_match(
    data: Any, *, games: Mapping[str, Game[Any, Any, Any]] | None = None, source: str = "save"
) -> Match:
    """The match saved in the envelope `data` (already parsed JSON). Raises SaveError."""
    return load_envelope(data, games=games, source=source)[0]


def loads(
    text: str | bytes, *, games: Mapping[str, Game[Any, Any, Any]] | None = None, source: str = "save"
) -> Match:
    """The match saved in a save file's text. Raises SaveError."""
    return load_match(parse(text, source), games=games, source=source)
