"""Golden playthroughs and pinned positions: a seeded game written down as a game record
(saves.gamerecord, in the text form of saves.recordformat: its moves in the games' notation,
numbered by round and turn), and replayed with every move checked (`parse_move`, `Match.submit`).

A file (tests/golden/*.txt) is a record whose seats are "Player N", with no dates, and two fields
of this tool's own after the seed:

    bot random
    until tests.tui.rivals.test_snapshots:interesting

`bot` says how the moves were chosen when the file was recorded: `random` (Python's
`random.Random(seed)` choosing among the legal moves, as tests/tui/boards.py's `find_match`
plays) or `easy` (one easy bot per seat, seeded `seed * 31 + seat`, choosing from its view).
`until` names a predicate on a `Match`: the recording stops at the first position where it holds
(trying the next seeds when a game ends first), and replaying checks it still holds there.
Without `until` the recording plays to the end. Comments (`#`: each move's description, the
score by category, this tool's notes) are for whoever reads a diff and are not checked; every
move must be written as the notation writes it.

A rule change that changes such a game on purpose re-records its file, and the file's diff shows
what the change did to it:

    python -m tests.support.golden record tests/golden/rivals-2p.txt     (from its own header)
    python -m tests.support.golden record FILE --game rivality --seats 2 --seed 1 --option expert=on
    python -m tests.support.golden check FILE...                          (replay, report the first problem)
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs

from engine.ai import make_bot
from engine.core import Outcome, SeatSpec
from engine.core.match import Match
from engine.core.options import parse_assignments
from engine.registry import get_game
from saves.gamerecord import GameRecord, Move, RecordError, record_of
from saves.gamerecord import replay as replay_record
from saves.recordformat import to_text
from saves.recordread import read as read_record

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
BOTS = ("random", "easy")
# This tool's fields in a record (after the seed).
FIELDS = ("bot", "until")


class GoldenMismatch(AssertionError):
    """A golden file no longer replays to what it says."""


@attrs.frozen
class Header:
    game: str
    seats: int
    seed: int
    options: tuple[str, ...] = ()  # NAME=VALUE, as `rivals new --option` takes them
    bot: str = "random"
    until: str = ""


@attrs.frozen
class Golden:
    header: Header
    record: GameRecord

    @property
    def moves(self) -> tuple[Move, ...]:
        return self.record.moves

    @property
    def scores(self) -> tuple[int, ...] | None:
        return self.record.scores

    @property
    def winners(self) -> tuple[int, ...] | None:
        return self.record.winners


def default_seats(n: int) -> list[SeatSpec]:
    return [SeatSpec(f"Player {i + 1}") for i in range(n)]


# -- reading ------------------------------------------------------------------------------------


def read(path: Path) -> Golden:
    try:
        record = read_record(path.read_bytes(), path.name, FIELDS)
    except RecordError as exc:
        raise GoldenMismatch(str(exc)) from None
    extra = dict(record.extra)
    header = Header(
        game=record.game,
        options=record.options,
        seats=len(record.seats),
        seed=record.seed,
        bot=extra.get("bot", "random"),
        until=extra.get("until", ""),
    )
    return Golden(header, record)


def predicate(name: str) -> Callable[[Match], bool]:
    """`module:function` → the function (a test module's predicate on a Match)."""
    module, _, func = name.partition(":")
    found: Callable[[Match], bool] = getattr(importlib.import_module(module), func)
    return found


def new_match(header: Header, seats: Sequence[SeatSpec] | None = None) -> Match:
    game = get_game(header.game)
    options = parse_assignments(game.Options, header.options)
    specs = list(seats) if seats is not None else default_seats(header.seats)
    if len(specs) != header.seats:
        raise GoldenMismatch(f"the file is for {header.seats} seats, not {len(specs)}")
    return Match.new(game, options, specs, header.seed)


def replay(path: Path | str, seats: Sequence[SeatSpec] | None = None) -> Match:
    """The match `path` records, every move checked, and what the file says of its end checked:
    the outcome of a finished game, or the `until` predicate of a position. `seats` names the
    players (default: as the file says, "Player N", all human). Raises GoldenMismatch naming the
    line."""
    path = GOLDEN / path if isinstance(path, str) else path
    g = read(path)
    record = g.record
    if seats is not None:
        if len(seats) != g.header.seats:
            raise GoldenMismatch(f"the file is for {g.header.seats} seats, not {len(seats)}")
        record = attrs.evolve(record, seats=tuple(seats))
    again = f"(a deliberate rule change? re-record: python -m tests.support.golden record {shown_path(path)})"
    try:
        m = replay_record(record, source=path.name, canonical=True)
    except RecordError as exc:
        raise GoldenMismatch(f"{exc} {again}") from None
    if g.header.until and not predicate(g.header.until)(m):
        raise GoldenMismatch(f"{path.name}: {g.header.until} no longer holds at the end of the moves {again}")
    return m


def describe_end(out: Outcome | None) -> str:
    return "no end yet" if out is None else f"scores {out.scores} and winners {out.winners}"


# -- recording ----------------------------------------------------------------------------------


def play(header: Header, tries: int = 200) -> Match:
    """The game `header` describes, played by its bot: to the end, or to the first position where
    `until` holds (from `seed` on, the next seed whenever a game ends first)."""
    want = predicate(header.until) if header.until else None
    for seed in range(header.seed, header.seed + tries):
        m = new_match(attrs.evolve(header, seed=seed))
        game = m.game
        rng = random.Random(seed)
        bots = [make_bot("easy", seed * 31 + i) for i in range(header.seats)]
        while not m.over and not (want is not None and want(m)):
            seat = m.to_act()[0]
            if header.bot == "random":
                action = rng.choice(list(m.legal(seat)))
            else:
                action = bots[seat].choose(game, m.view(seat), seat)
            m.submit(seat, action)
        if want is None or not m.over:
            return m
    raise GoldenMismatch(f"{header.until} holds in none of {tries} games from seed {header.seed}")


def shown_path(path: Path) -> Path:
    """`path` from the repository's root when it lies inside it."""
    full = path.resolve()
    root = GOLDEN.parent.parent
    return full.relative_to(root) if full.is_relative_to(root) else full


def write(path: Path, m: Match, header: Header) -> None:
    intro = (
        f"# A golden {m.game.title} game: its moves in the game's notation, replayed with every move",
        "# checked by the tests. Re-record after a deliberate rule change (the diff shows its effect):",
        f"#   python -m tests.support.golden record {shown_path(path)}",
    )
    fields = (("bot", header.bot), *((("until", header.until),) if header.until else ()))
    record = attrs.evolve(record_of(m), extra=fields)
    path.write_text(to_text(record, m.game.title, intro), encoding="utf-8")


def record(path: Path, header: Header) -> Match:
    m = play(header)
    write(path, m, attrs.evolve(header, seed=m.seed))
    replay(path)  # what was written reads back to the same game
    return m


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.support.golden", description=__doc__.split("\n\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser(
        "record", help="(re)record a golden file; a missing header field comes from the file"
    )
    rec.add_argument("file", type=Path)
    rec.add_argument("--game")
    rec.add_argument("--seats", type=int)
    rec.add_argument("--seed", type=int)
    rec.add_argument("--option", action="append", metavar="NAME=VALUE")
    rec.add_argument("--bot", choices=BOTS)
    rec.add_argument("--until", metavar="MODULE:FUNCTION")
    chk = sub.add_parser("check", help="replay golden files and report the first problem of each")
    chk.add_argument("files", type=Path, nargs="+")
    args = parser.parse_args(argv)
    if args.command == "check":
        bad = 0
        for f in args.files:
            try:
                replay(f)
            except GoldenMismatch as exc:
                print(exc)
                bad += 1
        return 1 if bad else 0
    old = read(args.file).header if args.file.exists() else None
    given = {
        "game": args.game,
        "options": tuple(args.option) if args.option else None,
        "seats": args.seats,
        "seed": args.seed,
        "bot": args.bot,
        "until": args.until,
    }
    values = {k: v for k, v in given.items() if v is not None}
    if old is not None:
        header = attrs.evolve(old, **values)
    elif {"game", "seats", "seed"} <= set(values):
        header = Header(**values)
    else:
        parser.error("a new file needs --game, --seats and --seed")
    m = record(args.file, header)
    out = m.outcome()
    print(f"{args.file}: {len(m.history)} moves, seed {m.seed}, {describe_end(out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
