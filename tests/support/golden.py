"""Golden playthroughs and pinned positions: a seeded game written down as its moves in the games'
notation (`Game.move_text`), one per line, and replayed through `parse_move` and `Match.submit`
(every move checked).

A file (tests/golden/*.txt) holds a header, the moves, and for a finished game its outcome:

    game rivals
    options setup=standard drone=off
    seats 2
    seed 4
    bot random
    until tests.tui.rivals.test_snapshots:interesting
    p1: ashak 3  # Choose Orrin: ...
    ...
    scores 31 27
    winners p1

`#` starts a comment: the move's description, the score by category and this tool's notes are
there for whoever reads a diff, and are not checked. `bot` says how the moves were chosen when the
file was recorded: `random` (Python's `random.Random(seed)` choosing among the legal moves, as
tests/tui/boards.py's `find_match` plays) or `easy` (one easy bot per seat, seeded
`seed * 31 + seat`, choosing from its view). `until` names a predicate on a `Match`: the recording
stops at the first position where it holds (trying the next seeds when a game ends first), and
replaying checks it still holds there. Without `until` the recording plays to the end.

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
from typing import Any

import attrs

from engine.ai import make_bot
from engine.core import AnyGame, IllegalAction, Outcome, SeatSpec
from engine.core.match import Match
from engine.core.options import option_fields, parse_assignments, typed_choice
from engine.registry import get_game

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
BOTS = ("random", "easy")


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
    moves: tuple[tuple[int, int, str], ...]  # (line number, seat, text)
    scores: tuple[int, ...] | None
    winners: tuple[int, ...] | None


def seat_word(seat: int) -> str:
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


# -- reading ------------------------------------------------------------------------------------


def read(path: Path) -> Golden:
    fields: dict[str, str] = {}
    moves: list[tuple[int, int, str]] = []
    scores = winners = None
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        head, sep, rest = line.partition(":")
        if sep and head.startswith("p") and head[1:].isdigit():
            moves.append((n, int(head[1:]) - 1, rest.strip()))
            continue
        key, _, value = line.partition(" ")
        if key == "scores":
            scores = tuple(int(v) for v in value.split())
        elif key == "winners":
            winners = tuple(int(v[1:]) - 1 for v in value.split())
        elif key in ("game", "options", "seats", "seed", "bot", "until"):
            fields[key] = value.strip()
        else:
            raise GoldenMismatch(f"{path} line {n}: cannot read {raw!r}")
    header = Header(
        game=fields["game"],
        options=tuple(fields.get("options", "").split()),
        seats=int(fields["seats"]),
        seed=int(fields["seed"]),
        bot=fields.get("bot", "random"),
        until=fields.get("until", ""),
    )
    return Golden(header, tuple(moves), scores, winners)


def predicate(name: str) -> Callable[[Match], bool]:
    """`module:function` → the function (a test module's predicate on a Match)."""
    module, _, func = name.partition(":")
    found: Callable[[Match], bool] = getattr(importlib.import_module(module), func)
    return found


def new_match(header: Header, seats: Sequence[SeatSpec] | None = None) -> Match:
    game = get_game(header.game)
    options = parse_assignments(game.Options, header.options)
    specs = list(seats) if seats is not None else [SeatSpec(f"Player {i + 1}") for i in range(header.seats)]
    if len(specs) != header.seats:
        raise GoldenMismatch(f"the file is for {header.seats} seats, not {len(specs)}")
    return Match.new(game, options, specs, header.seed)


def replay(path: Path | str, seats: Sequence[SeatSpec] | None = None) -> Match:
    """The match `path` records, every move checked, and what the file says of its end checked:
    the outcome of a finished game, or the `until` predicate of a position. `seats` names the
    players (default: "Player N", all human). Raises GoldenMismatch naming the line."""
    path = GOLDEN / path if isinstance(path, str) else path
    g = read(path)
    m = new_match(g.header, seats)
    again = f"(a deliberate rule change? re-record: python -m tests.support.golden record {shown_path(path)})"
    for n, seat, text in g.moves:
        try:
            action = m.game.parse_move(m.state, seat, text)
        except IllegalAction as exc:
            raise GoldenMismatch(f"{path.name} line {n}: {seat_word(seat)}: {text}: {exc} {again}") from None
        if m.game.move_text(m.state, action) != text:
            raise GoldenMismatch(f"{path.name} line {n}: {text!r} is not written as the notation writes it")
        m.submit(seat, action)
    out = m.outcome()
    if g.scores is not None:
        got = (out.scores, out.winners) if out is not None else None
        if got != (g.scores, g.winners):
            raise GoldenMismatch(
                f"{path.name}: the game ends with {describe_end(out)}, the file says scores "
                f"{g.scores} and winners {g.winners} {again}"
            )
    elif out is not None:
        raise GoldenMismatch(f"{path.name}: the moves end the game, but the file records a position {again}")
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


def gist(text: str, width: int = 80) -> str:
    """The head of a move's description, for a comment: up to its first colon or full stop."""
    for mark in (": ", ". "):
        text = text.split(mark, 1)[0]
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3] + "..."


def write(path: Path, m: Match, header: Header) -> None:
    game: AnyGame = m.game
    lines = [
        f"# A golden {m.game.title} game: its moves in the game's notation, replayed with every move",
        "# checked by the tests. Re-record after a deliberate rule change (the diff shows its effect):",
        f"#   python -m tests.support.golden record {shown_path(path)}",
        f"game {game.id}",
        f"options {' '.join(option_words(m.options))}".rstrip(),
        f"seats {len(m.seats)}",
        f"seed {m.seed}",
        f"bot {header.bot}",
    ]
    if header.until:
        lines.append(f"until {header.until}")
    s = game.setup(m.options, len(m.seats), m.seed)
    for seat, action in m.history:
        lines.append(f"{seat_word(seat)}: {game.move_text(s, action)}  # {gist(game.describe(s, action))}")
        game.apply(s, seat, action)
    out = m.outcome()
    if out is not None:
        lines.append(f"scores {' '.join(map(str, out.scores))}")
        lines.append(f"winners {' '.join(map(seat_word, out.winners))}")
        lines.extend(f"# {ln.label}: {' '.join(map(str, ln.values))}" for ln in out.lines)
        if out.tiebreak:
            lines.append(f"# tie-break: {out.tiebreak}")
    path.write_text("\n".join(" ".join(ln.split("\n")) for ln in lines) + "\n", encoding="utf-8")


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
