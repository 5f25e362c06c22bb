"""`rivals export` and `rivals import`: a saved game written as a game record (saves.gamerecord,
the forms in saves.recordformat), and a record made a save again with every move judged by the
rules. A problem is one sentence on stderr and exit status 2; an import that fails writes
nothing.

    rivals export NAME [--format text|json] [-o FILE]
    rivals import FILE [--name NAME]
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core import Game
from engine.core.words import count
from rivals_tui.text import safe_text
from saves.errors import SaveError
from saves.gamerecord import RecordError, record_of, replay
from saves.recordformat import to_json, to_text
from saves.recordread import read, read_file

if TYPE_CHECKING:
    from saves.store import SaveStore

COMMANDS = ("export", "import")
# Bad input, a missing save, a file that cannot be written: one sentence, this status.
EXIT_PROBLEM = 2


def add_commands(sub: Any) -> None:
    """The two commands' parsers, on the `rivals` command's sub-parsers."""
    export = sub.add_parser(
        "export",
        help="write a saved game as a record of its moves, for people (text) or programs (json)",
        description="Write a saved game as a record: the game, options, seats, seed and dates, every "
        "move in the game's notation numbered by round and turn, and the scores once it is over. "
        "The record holds every move, hidden ones too, as the save does.",
    )
    export.add_argument("name", help="the save's name, as rivals list shows it")
    export.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text for people (default), json for programs",
    )
    export.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: standard output)")
    export.add_argument("--save-dir", default=argparse.SUPPRESS, help=argparse.SUPPRESS)

    imp = sub.add_parser(
        "import",
        help="check every move of a game record and make it a save",
        description="Read a game record (text or json, as rivals export writes them), replay every "
        "move through the rules, and save the game: rivals resume NAME goes on from its last move.",
    )
    imp.add_argument("file", metavar="FILE", help="the record")
    imp.add_argument("--name", help="the new save's name (default: the file's name, made unique)")
    imp.add_argument("--save-dir", default=argparse.SUPPRESS, help=argparse.SUPPRESS)


def run(args: argparse.Namespace, store: SaveStore, games: Mapping[str, Game[Any, Any, Any]]) -> int:
    """Carry out `export` or `import`; the exit status."""
    try:
        if args.command == "export":
            export(args, store, games)
        else:
            import_record(args, store, games)
    except SaveError as exc:  # a record's faults too (RecordError)
        problem = str(exc)
    except OSError as exc:  # the save folder's lock could not be made
        problem = f"{exc.filename}: {exc.strerror or exc}" if exc.filename else str(exc.strerror or exc)
    else:
        return 0
    print(f"rivals: {safe_text(problem)}", file=sys.stderr)
    return EXIT_PROBLEM


def _time(value: Any) -> str:
    """An ISO time from a save's envelope, or "" when it holds none that reads as one."""
    if not isinstance(value, str):
        return ""
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return ""
    return value


def export(args: argparse.Namespace, store: SaveStore, games: Mapping[str, Game[Any, Any, Any]]) -> None:
    match, envelope = store.load_envelope(args.name.removesuffix(".json"), games=games)
    record = record_of(match, date=_time(envelope.get("created")), updated=_time(envelope.get("updated")))
    title = match.game.title
    text = to_json(record, title) if args.format == "json" else to_text(record, title)
    if args.output is None or args.output == "-":
        sys.stdout.write(text)
        sys.stdout.flush()  # a closed pipe shows up here, inside main's handler
        return
    target = Path(args.output)
    write_whole(target, text)
    state = "finished" if record.finished else "unfinished"
    print(safe_text(f"Wrote {target}: {title}, {count(len(record.moves), 'move')}, {state}."))


def write_whole(target: Path, text: str) -> None:
    """`text` in `target`, whole or not at all: a fresh file beside it (never an existing one,
    nor through a link planted at its name), then renamed over it."""
    tmp = target.with_name(f".{target.name}.{os.urandom(4).hex()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(tmp, target)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise RecordError(str(target), f"cannot be written ({exc.strerror or exc})") from None


def import_record(
    args: argparse.Namespace, store: SaveStore, games: Mapping[str, Game[Any, Any, Any]]
) -> None:
    path = Path(args.file)
    record = read(read_file(path), path.name)
    match = replay(record, games, path.name)
    if args.name is not None:
        name = store.path(args.name).stem  # checked to be a plain file name
    else:
        try:
            name = store.unused_name(path.stem)
        except SaveError:  # a file name no save can have (".hidden")
            name = store.new_name(match.game.id)
    with store.lock(name):
        if store.path(name).exists() or store.backup_path(name).exists():
            raise RecordError(name, "a save of that name already exists; give another with --name")
        # A table server's record gives only its end: the game is dated by it, not by today.
        began = record.date or record.updated or None
        store.save(name, match, created=began, updated=record.updated or None)
    # A finished game has no move left: the player wants to watch it, not to resume it.
    state, then = (
        ("finished", "Watch it with: rivals replay")
        if match.over
        else ("unfinished", "Open it with: rivals resume")
    )
    print(
        safe_text(
            f"Imported {path.name} as the save {name}: {match.game.title}, "
            f"{count(len(match.history), 'move')}, {state}. {then} {name}"
        )
    )
