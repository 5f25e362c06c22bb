"""Reading a game record in either form (saves.recordformat describes both): the form and the
kinds of its fields are checked here, every fault one sentence naming its line or field; the
moves are judged when the record is replayed (`saves.gamerecord.replay`)."""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from engine.core.game import SeatSpec
from engine.core.match import Series
from saves.codec import json_fault, numbers_in_range
from saves.gamerecord import GameRecord, Move, RecordError, seat_word
from saves.recordformat import FORMAT_NAME, MAX_RECORD_BYTES, RECORD_VERSION

__all__ = ["read", "read_file"]


def _not_a_record(source: str, why: str) -> RecordError:
    return RecordError(source, f"not a Rivals game record ({why})")


def _too_large(source: str) -> RecordError:
    return _not_a_record(source, f"it is larger than {MAX_RECORD_BYTES // 2**20} MB, far more than any game")


def read_file(path: Path) -> bytes:
    """The bytes of a record file: a plain file of at most MAX_RECORD_BYTES (a pipe or a device
    is refused, never waited on). Raises RecordError."""
    source = path.name
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise RecordError(source, f"cannot be read ({exc.strerror or exc})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _not_a_record(source, "it is not a plain file")
        data = os.read(fd, MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(source, f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(data) > MAX_RECORD_BYTES:
        raise _too_large(source)
    return data


def read(data: bytes | str, source: str = "record", extra: Sequence[str] = ()) -> GameRecord:
    """The record in a file's bytes or text, text or JSON. `extra`: further fields a text record
    may hold (kept in `GameRecord.extra`). Raises RecordError."""
    if isinstance(data, bytes):
        if len(data) > MAX_RECORD_BYTES:
            raise _too_large(source)
        try:
            text = data.decode("utf-8-sig")  # editors on some systems put a byte-order mark in front
        except UnicodeDecodeError:
            raise _not_a_record(source, "it is not UTF-8 text") from None
    else:
        text = data.removeprefix("\ufeff")
    if not text.strip():
        raise _not_a_record(source, "the file is empty")
    if text.lstrip().startswith(("{", "[")):
        return _read_json(text, source)
    return _read_text(text, source, tuple(extra))


_MOVE = re.compile(r"(?:\d{1,9}\.\d{1,9}\s+)?p(\d{1,3})(\s+by\s+ai)?\s*:(.*)", re.IGNORECASE)
_SEAT = re.compile(r"seat\s+p(\d{1,3})\s+(?:(human)|ai\s+(\S+))\s+(?=\")", re.IGNORECASE)
_NUMBER = re.compile(r"-?\d{1,25}")
_SEAT_WORD = re.compile(r"p(\d{1,3})", re.IGNORECASE)
# The fields a text record holds at most once (seats and earlier games are one line each).
_FIELDS = (
    *("record", "game", "options", "seed", "date", "updated"),
    *("series", "status", "moves", "scores", "winners"),
)
_TIME_EXAMPLE = "2026-11-29T19:30:00+00:00"


def _seat_of(word: str) -> int | None:
    m = _SEAT_WORD.fullmatch(word)
    return int(m[1]) - 1 if m else None


def _is_time(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def _newer(source: str, version: object) -> RecordError:
    return RecordError(
        source, f"made by a newer Rivals (record form {version}); this one reads form {RECORD_VERSION}"
    )


def _check_whole(record: GameRecord, source: str, *, results_at: str = "", cut_at: str = "") -> GameRecord:
    """What both forms check once read: a file cut off, an end that does not fit the status.
    (The seats of the moves and of the end are checked against the table when replayed.)"""
    said, held = record.declared, len(record.moves)
    if said is not None and said != held:
        if held < said:
            raise RecordError(source, f"the record is cut off: it holds {held} of its {said} moves")
        raise RecordError(source, f"the record holds {held} moves, but says it has {said}")
    if record.finished and record.scores is None:
        raise RecordError(source, f"the record says the game is finished, but {cut_at} (is it cut off?)")
    if not record.finished and record.scores is not None:
        raise RecordError(source, f"{results_at}the record says the game is unfinished, but gives its scores")
    return record


class _TextReader:
    """A text record, a line at a time (the module's docstring)."""

    def __init__(self, source: str, extra: tuple[str, ...]) -> None:
        self.source = source
        self.extra = extra
        self.fields: dict[str, tuple[int, str]] = {}
        self.seats: list[SeatSpec] = []
        self.earlier: list[tuple[int, ...]] = []
        self.moves: list[Move] = []

    def fault(self, n: int, why: str) -> RecordError:
        return RecordError(self.source, f"line {n}: {why}")

    def line(self, n: int, raw: str) -> None:
        text = raw.strip()
        if not text or text.startswith("#"):
            return
        if text.split(None, 1)[0].lower() == "seat":
            self.seat(n, text)
            return
        body = text.split("#", 1)[0].strip()
        m = _MOVE.fullmatch(body)
        if m:
            self.moves.append(Move(int(m[1]) - 1, m[3].strip(), stand_in=bool(m[2]), line=n))
            return
        key, _, value = body.partition(" ")
        key = key.lower()
        if key == "earlier":
            self.earlier.append(self.numbers(n, value, "earlier game's scores"))
        elif key in _FIELDS or key in self.extra:
            if key in self.fields:
                raise self.fault(n, f"a second {key} line")
            self.fields[key] = (n, value.strip())
        else:
            shown = body if len(body) <= 40 else body[:37] + "..."
            raise self.fault(n, f"cannot read {shown!r}: neither a field of a record nor a move")

    def seat(self, n: int, text: str) -> None:
        m = _SEAT.match(text)
        how = 'a seat is written seat p1 human "Name" or seat p2 ai hard "Name"'
        if not m:
            raise self.fault(n, how)
        try:
            name, end = json.JSONDecoder().raw_decode(text, m.end())
        except ValueError:
            raise self.fault(n, f"{how}, the name in double quotes") from None
        rest = text[end:].strip()
        if rest and not rest.startswith("#"):
            raise self.fault(n, f"{how}, and nothing after the name but a comment")
        if int(m[1]) - 1 != len(self.seats):
            raise self.fault(n, f"seat p{m[1]} comes where {seat_word(len(self.seats))} was expected")
        self.seats.append(SeatSpec(name, "human") if m[2] else SeatSpec(name, "ai", m[3].lower()))

    def numbers(self, n: int, value: str, what: str) -> tuple[int, ...]:
        words = value.split()
        if not all(_NUMBER.fullmatch(w) for w in words):
            raise self.fault(n, f"the {what} should be whole numbers, not {value.strip()!r}")
        return tuple(int(w) for w in words)

    def number(self, key: str) -> int | None:
        if key not in self.fields:
            return None
        n, value = self.fields[key]
        got = self.numbers(n, value, key)
        if len(got) != 1:
            raise self.fault(n, f"the {key} should be one whole number, not {value!r}")
        return got[0]

    def record(self) -> GameRecord:
        version = self.number("record")
        if version is not None and version > RECORD_VERSION:
            raise _newer(self.source, version)
        for key in ("game", "seed"):
            if key not in self.fields:
                raise RecordError(self.source, f"the record has no {key} line")
        if not self.seats:
            raise RecordError(self.source, "the record has no seat lines")
        n, game = self.fields["game"]
        if len(game.split()) != 1:
            raise self.fault(n, f"a game is named by its id, one word, not {game!r}")
        for key in ("date", "updated"):
            if key in self.fields and not _is_time(self.fields[key][1]):
                n, value = self.fields[key]
                raise self.fault(n, f"the {key} should be a time such as {_TIME_EXAMPLE}, not {value!r}")
        status = self.fields.get("status")
        if status is not None and status[1] not in ("finished", "unfinished"):
            raise self.fault(status[0], f"the status is finished or unfinished, not {status[1]!r}")
        scores = self.numbers(*self.fields["scores"], "scores") if "scores" in self.fields else None
        winners = self.winners()
        finished = status[1] == "finished" if status is not None else scores is not None
        seed = self.number("seed")
        assert seed is not None
        record = GameRecord(
            game=game,
            options=tuple(self.fields.get("options", (0, ""))[1].split()),
            seats=tuple(self.seats),
            seed=seed,
            moves=tuple(self.moves),
            finished=finished,
            scores=scores,
            winners=winners,
            date=self.fields.get("date", (0, ""))[1],
            updated=self.fields.get("updated", (0, ""))[1],
            series=self.series(),
            declared=self.number("moves"),
            extra=tuple((key, self.fields[key][1]) for key in self.extra if key in self.fields),
        )
        at = self.fields.get("scores", self.fields.get("winners", (0, "")))[0]
        return _check_whole(
            record, self.source, results_at=f"line {at}: " if at else "", cut_at="it has no scores line"
        )

    def winners(self) -> tuple[int, ...] | None:
        if "winners" not in self.fields:
            return None
        n, value = self.fields["winners"]
        if value.lower() == "none":
            return ()
        seats = tuple(_seat_of(w) for w in value.split())
        if None in seats:
            raise self.fault(n, f"winners are written as seats (p1 p2) or none, not {value!r}")
        return tuple(s for s in seats if s is not None)

    def series(self) -> Series:
        if "series" not in self.fields:
            if self.earlier:
                raise RecordError(self.source, "earlier games' scores are given, but no series line")
            return Series()
        n, value = self.fields["series"]
        kind, _, size = value.partition(" ")
        if kind not in ("games", "points") or not _NUMBER.fullmatch(size.strip()):
            raise self.fault(n, f"a series is written series games 3 or series points 50, not {value!r}")
        length = int(size)
        results = tuple(self.earlier)
        if kind == "games":
            return Series(games=length, results=results)
        return Series(points=length, results=results)


def _read_text(text: str, source: str, extra: tuple[str, ...]) -> GameRecord:
    lines = text.splitlines()
    if not any(ln.split("#", 1)[0].split()[:1] == ["game"] for ln in lines):
        raise _not_a_record(source, "it has no game line")
    reader = _TextReader(source, extra)
    for n, raw in enumerate(lines, 1):
        reader.line(n, raw)
    return reader.record()


class _NotANumber(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _NotANumber(name)  # Python's json reads NaN and Infinity, which JSON itself does not have


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


class _JsonReader:
    """A JSON record (the module's docstring), each field checked for its kind."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fault(self, why: str) -> RecordError:
        return RecordError(self.source, why)

    def get(self, data: dict[str, Any], key: str, kind: type, what: str, where: str = "") -> Any:
        if key not in data:
            raise self.fault(f'{where or "the record"} has no "{key}"')
        value = data[key]
        if type(value) is not kind:
            raise self.fault(f'{where}{" " if where else ""}"{key}" should be {what}, not {_show(value)}')
        return value

    def ints(self, value: Any, what: str) -> tuple[int, ...]:
        if not isinstance(value, list) or any(type(v) is not int for v in value):
            raise self.fault(f"{what} should be a list of whole numbers, not {_show(value)}")
        return tuple(value)

    def seat(self, value: Any, what: str) -> int:
        seat = _seat_of(value) if isinstance(value, str) else None
        if seat is None:
            raise self.fault(f'{what} should be a seat such as "p1", not {_show(value)}')
        return seat

    def record(self, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise _not_a_record(self.source, "the JSON holds no object")
        if data.get("format") != FORMAT_NAME:
            if "snapshot" in data and "actions" in data:
                raise self.fault(
                    "this is a Rivals save, not a game record: rivals resume plays it, and rivals export "
                    "writes its record"
                )
            raise _not_a_record(self.source, f'it has no "format": "{FORMAT_NAME}"')
        if not numbers_in_range(data):
            raise self.fault("a number in it is far too large to be real")
        version = self.get(data, "format_version", int, "a whole number")
        if version > RECORD_VERSION:
            raise _newer(self.source, version)
        options = self.get(data, "options", dict, "an object of option names and values")
        for name, value in options.items():
            if not isinstance(value, str):
                why = f"should be a text, as after --option, not {_show(value)}"
                raise self.fault(f"options: the value of {name} {why}")
        seats = self.get(data, "seats", list, "a list of seats")
        moves = self.get(data, "moves", list, "a list of moves")
        times = {
            key: self.get(data, key, str, "a time") if key in data else "" for key in ("date", "updated")
        }
        for key, value in times.items():
            if value and not _is_time(value):
                raise self.fault(f'"{key}" should be a time such as {_TIME_EXAMPLE}, not {_show(value)}')
        status = data.get("status")
        if status not in (None, "finished", "unfinished"):
            raise self.fault(f'"status" is "finished" or "unfinished", not {_show(status)}')
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise self.fault(f'"result" should be an object, not {_show(result)}')
        scores = winners = None
        if result is not None:
            scores = self.ints(
                self.get(result, "scores", list, "a list", "the result"), "the result's scores"
            )
            listed = self.get(result, "winners", list, "a list of seats", "the result")
            winners = tuple(self.seat(w, "each winner") for w in listed)
        record = GameRecord(
            game=self.get(data, "game", str, "a game id"),
            options=tuple(f"{name}={value}" for name, value in options.items()),
            seats=tuple(self.seat_spec(i, entry) for i, entry in enumerate(seats)),
            seed=self.get(data, "seed", int, "a whole number"),
            moves=tuple(self.move(n, entry) for n, entry in enumerate(moves, 1)),
            finished=status == "finished" if status is not None else result is not None,
            scores=scores,
            winners=winners,
            date=times["date"],
            updated=times["updated"],
            series=self.series(data.get("series")),
        )
        return _check_whole(record, self.source, cut_at='it has no "result"')

    def seat_spec(self, i: int, entry: Any) -> SeatSpec:
        where = f"seat {i + 1}"
        if not isinstance(entry, dict):
            raise self.fault(f"{where} should be an object with its name and kind, not {_show(entry)}")
        if "seat" in entry and entry["seat"] != seat_word(i):
            raise self.fault(f"{where} is listed as {_show(entry['seat'])}; the seats are listed in order")
        name = self.get(entry, "name", str, "a text", where)
        kind = self.get(entry, "kind", str, '"human" or "ai"', where)
        if kind == "ai":
            return SeatSpec(name, kind, self.get(entry, "level", str, "a level", where))
        return SeatSpec(name, kind)

    def move(self, n: int, entry: Any) -> Move:
        where = f"move {n}"
        if not isinstance(entry, dict):
            raise self.fault(f'{where} should be an object with its "seat" and "move", not {_show(entry)}')
        seat = self.seat(self.get(entry, "seat", str, "a seat", where), f'{where}: "seat"')
        by = entry.get("by")
        if by not in (None, "ai"):
            raise self.fault(f'{where}: "by" can only be "ai", not {_show(by)}')
        text = self.get(entry, "move", str, "a move in the game's notation", where)
        return Move(seat, text, stand_in=by == "ai")

    def series(self, value: Any) -> Series:
        if value is None:
            return Series()
        if not isinstance(value, dict):
            raise self.fault(f'"series" should be an object, not {_show(value)}')
        games = self.get(value, "games", int, "a whole number", "the series") if "games" in value else 1
        points = self.get(value, "points", int, "a whole number", "the series") if "points" in value else 0
        earlier = value.get("earlier", [])
        if not isinstance(earlier, list):
            raise self.fault(f'the series\' "earlier" should be a list of scores, not {_show(earlier)}')
        results = tuple(self.ints(r, "each earlier game's scores") for r in earlier)
        return Series(games=games, points=points, results=results)


def _read_json(text: str, source: str) -> GameRecord:
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise _not_a_record(source, json_fault(exc)) from None
    except RecursionError:
        raise _not_a_record(source, "the JSON is nested too deeply") from None
    except _NotANumber as exc:
        raise _not_a_record(source, f"it holds {exc.args[0]}, which is not a number JSON allows") from None
    except ValueError:  # Python refuses whole numbers of more than 4300 digits
        raise _not_a_record(source, "it holds a number far too long to be real") from None
    return _JsonReader(source).record(data)
