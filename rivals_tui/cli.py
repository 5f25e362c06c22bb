"""The `rivals` command: the menu, or straight into a new or saved game, or a list of saves.

    rivals                                   the menu
    rivals new rival_kings --players 3 --ai hard --seed 7 [--names A,B,C] [--humans N]
    rivals resume [NAME]                     the named save, or the latest unfinished one
    rivals list                              saves as a plain table (no full-screen app)
    rivals export NAME [--format json] [-o FILE]   a save as a record of its moves
    rivals import FILE [--name NAME]         a record, every move checked, as a save
    rivals replay NAME                       a save in the replay viewer, move by move
    rivals stats [GAME] [--player NAME]      statistics of the finished games, as text
    rivals learn GAME [--again]              a guided first game of GAME, with a coach
    rivals serve [--port 2222] [--host H]    host tables: a table server and an SSH door to it
      [--web PORT]                           ... and a web door: the app in a browser
    rivals join HOST:PORT [CODE]             play at a table server from this terminal
    rivals --save-dir DIR ...                saves elsewhere (also $RIVALS_SAVE_DIR)

Seats for `new`: the first --humans seats (default 1) are people at this keyboard; the others
are AI at the --ai level. `--ai none` makes every seat human (hot-seat). Problems (unknown
game, bad save, bad option) print one line to stderr and exit with a non-zero status.
"""

from __future__ import annotations

import argparse
import errno
import os
import secrets
import shutil
import signal
import sys
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from engine import __version__
from engine.ai import LEVELS
from engine.core import Game, SeatSpec
from engine.core.info import Catalog
from engine.core.match import Match, Series
from engine.core.words import one_of, players_text
from rivals_net.door_limits import DoorLimits
from rivals_net.limits import add_flags as add_limit_flags
from rivals_tui import cli_learn, cli_records, cli_replay, cli_stats
from rivals_tui.text import safe_text, sentence
from saves.codec import NAME_LIMIT, SERIES_GAMES_LIMIT, SERIES_POINTS_LIMIT

SEED_LIMIT = 2**63 - 1


class CliError(Exception):
    """A problem worth one line on stderr."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line instead of argparse's usage block: the player asked for one thing.
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def as_catalog(games: Mapping[str, Game[Any, Any, Any]]) -> Catalog:
    """`games` as a catalog (its light facts readable without loading rules)."""
    return games if isinstance(games, Catalog) else Catalog.of(*games.values())


def games_help(games: Catalog) -> str:
    """The games `new` knows, with their seat counts and --option names, for `rivals new --help`."""
    from engine.core.options import option_fields, typed_choice

    lines = ["games (the id is not case-sensitive):"]
    for info in games.infos():
        lines.append(f"  {info.id:<14} {info.title}, {players_text(info.players)}")
        for f in option_fields(info.options):
            # Values as they are typed after --option: one word each ("player_1", not "player 1",
            # which the shell would split).
            values = {"bool": "on|off", "int": "NUMBER"}.get(f.kind, "|".join(map(typed_choice, f.choices)))
            if f.kind == "multi":
                default = ",".join(f.default) or "none"
            elif f.kind == "choice":
                default = typed_choice(f.default)
            else:
                default = f.show(f.default).lower()
            lines.append(f"  {'':<14}   --option {f.name}={values}  ({f.label}; default {default})")
    return "\n".join(lines)


def find_game(games: Catalog, text: str) -> Game[Any, Any, Any]:
    """The game called `text`: its id in any case, with - or _ ("Rival-Kings" is rival_kings)."""
    gid = games.find(text)
    if gid is None:
        raise CliError(f"unknown game {safe_text(text)!r} (known: {', '.join(games) or 'none'})")
    return games[gid]


def build_parser(games: Catalog | None = None) -> argparse.ArgumentParser:
    p = Parser(prog="rivals", description="Board games in your terminal, against friends or AI.")
    p.add_argument("--version", action="version", version=f"rivals {__version__}")
    # A plain string, not a Path: Path("") would silently mean the current folder.
    p.add_argument(
        "--save-dir",
        help="where saves live (default: $RIVALS_SAVE_DIR, else the user data folder)",
    )
    sub = p.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")

    new = sub.add_parser(
        "new",
        help="start a new game",
        description="Start a new game. The first --humans seats (default 1) are people at this "
        "keyboard; the others are AI at the --ai level. --ai none makes every seat human.",
        epilog=games_help(games) if games else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    known = ", ".join(games) if games else "rival_kings"
    new.add_argument("game", help=f"game id: {known}")
    new.add_argument("--players", type=int, help="number of seats (default: the game's minimum)")
    new.add_argument(
        "--ai",
        default="normal",
        choices=(*LEVELS, "none"),
        help=f"level of the AI seats, {one_of(LEVELS)} (expert thinks longest, a few seconds a "
        "move); 'none' makes every seat human (default: normal)",
    )
    new.add_argument("--humans", type=int, help="how many of the seats, from seat 1, are human (default 1)")
    new.add_argument("--names", help="comma-separated names, one per seat")
    new.add_argument("--seed", type=int, help="seed for a reproducible game")
    new.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game variant, e.g. --option expert=on (repeatable; the names are listed below)",
    )
    series = new.add_mutually_exclusive_group()
    series.add_argument("--games", type=int, help="play this many games in a row (if the game allows)")
    series.add_argument(
        "--points", type=int, help="play until someone reaches this total (if the game allows)"
    )
    new.add_argument("--save-dir", default=argparse.SUPPRESS, help=argparse.SUPPRESS)

    resume = sub.add_parser("resume", help="continue a saved game", description="Continue a saved game.")
    resume.add_argument("name", nargs="?", help="save name (default: the latest unfinished game)")
    resume.add_argument(
        "--restore",
        action="store_true",
        help="if the save is damaged, put its previous version (the .bak) back and play that",
    )
    resume.add_argument("--save-dir", default=argparse.SUPPRESS, help=argparse.SUPPRESS)

    lst = sub.add_parser("list", help="list saved games", description="List saved games.")
    lst.add_argument("--save-dir", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    cli_records.add_commands(sub)
    cli_replay.add_command(sub)
    cli_stats.add_command(sub)
    cli_learn.add_command(sub)

    join = sub.add_parser(
        "join",
        help="play at a table server (rivals serve) from this terminal",
        description="Connect to a table server: its lobby, or straight to the table with CODE.",
    )
    join.add_argument("address", metavar="HOST:PORT", help="the table server (its --table-port)")
    join.add_argument("code", nargs="?", help="a table's invite code: take a seat there")
    join.add_argument("--watch", type=int, metavar="TABLE", help="watch table number TABLE")
    join.add_argument(
        "--name",
        help="your name at the tables (default: the one set in the lobby with n, else your user name)",
    )

    serve = sub.add_parser(
        "serve",
        help="host tables: a table server and an SSH door to it (and a web door with --web)",
        description="Run a table server and an SSH door (ssh -p PORT HOST gets the app); with --web "
        "PORT, a web door too (a browser at http://HOST:PORT/ gets the app). Loopback "
        "only unless --host says otherwise. Saves go to --save-dir as usual.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=2222, help="SSH port (default 2222)")
    serve.add_argument(
        "--table-port", type=int, help="port of the table server for `rivals join` (default: --port + 1)"
    )
    serve.add_argument("--no-ssh", action="store_true", help="run the table server alone")
    serve.add_argument(
        "--web",
        type=int,
        metavar="PORT",
        help="also serve the lobby and tables to web browsers on PORT (off unless given)",
    )
    serve.add_argument(
        "--host-key", help="the SSH host key file (default: in the user data folder; made on first start)"
    )
    serve.add_argument("--save-dir", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    # Every limit of the table server has a flag (rivals_net/limits.py: names, defaults, help).
    add_limit_flags(serve)

    # The SSH door's limits (rivals_net/door_limits.py), declared the same way.
    add_limit_flags(
        serve,
        DoorLimits,
        "SSH and web door limits",
        "Each session (an SSH login, a browser tab) is one app process (about 20 MB).",
    )
    return p


def make_seats(game: Game[Any, Any, Any], args: argparse.Namespace) -> list[SeatSpec]:
    players = args.players if args.players is not None else game.players.start
    if players not in game.players:
        raise CliError(f"{game.title} is for {players_text(game.players)}, not {players}")
    if args.ai == "none":
        if args.humans is not None and args.humans != players:
            raise CliError("--ai none makes every seat human; leave out --humans or give an AI level")
        humans = players
    else:
        humans = 1 if args.humans is None else args.humans
        if not 0 <= humans <= players:
            raise CliError(f"--humans must be between 0 and {players}")
    names = [n.strip() for n in args.names.split(",")] if args.names else []
    if names and len(names) != players:
        raise CliError(f"--names needs {players} names, got {len(names)}")
    if any(not n for n in names) or len(set(names)) != len(names):
        raise CliError("--names must be different and not empty")
    if any(len(n) > NAME_LIMIT for n in names):
        raise CliError(f"--names: a name has at most {NAME_LIMIT} characters")
    seats = []
    for i in range(players):
        human = i < humans
        name = names[i] if names else (f"Player {i + 1}" if human else f"AI {i + 1}")
        seats.append(SeatSpec(name, "human") if human else SeatSpec(name, "ai", args.ai))
    return seats


def make_series(game: Game[Any, Any, Any], args: argparse.Namespace) -> Series | None:
    if args.games is None and args.points is None:
        return None
    if not getattr(game, "supports_series", False):
        raise CliError(f"{game.title} has no option to play several games in a row")
    if args.games is not None:
        if not 2 <= args.games <= SERIES_GAMES_LIMIT:
            raise CliError(f"--games must be from 2 to {SERIES_GAMES_LIMIT}")
        return Series(games=args.games)
    if not 1 <= args.points <= SERIES_POINTS_LIMIT:
        raise CliError(f"--points must be from 1 to {SERIES_POINTS_LIMIT}")
    return Series(points=args.points)


def print_list(store: Any) -> None:
    from rivals_tui.screens.load import when

    infos = store.list()
    if not infos:
        print(safe_text(f"No saved games in {store.root}."))
        return
    rows = [("NAME", "GAME", "PLAYERS", "PROGRESS", "LAST PLAYED", "STATUS")]
    notes = []  # what is wrong with each damaged save: a sentence, shown in full below the table
    for i in infos:
        if i.error:
            note = f"{i.name}: {i.error}"
            if i.restorable:
                note += f" ({i.restore_offer()[:-1]}: rivals resume {i.name} --restore)"
            notes.append(note)
            rows.append((i.name, "?", "", "", when(i.updated), "damaged (see below)"))
        else:
            rows.append(
                (
                    i.name,
                    i.title or i.game_id,
                    ", ".join(i.players),
                    i.progress,
                    when(i.updated),
                    i.status.replace("_", " "),
                )
            )
    # Names and errors come from the files: escape sequences in them are shown, never sent.
    shown = [[safe_text(v) for v in r] for r in rows]
    width = shutil.get_terminal_size((80, 24)).columns
    # The name is what `rivals resume NAME` takes: it is never broken.
    lines = table_lines(shown, width, whole=(0,))
    if notes:
        lines.append("")
        for note in notes:
            lines += textwrap.wrap(safe_text(note), width, subsequent_indent="  ", break_on_hyphens=False)
    for line in lines:
        print(line)


def table_lines(rows: list[list[str]], width: int, whole: tuple[int, ...] = ()) -> list[str]:
    """`rows` (the first is the heading) as lines of at most `width` characters: the columns
    take their natural widths if the table fits, else the widest give way and their cells wrap
    onto lines of their own inside the column, so the terminal wraps nothing and no text is cut.
    Cells wrap between words while they can, then inside them; columns in `whole` keep their
    width (if those alone are too wide, the terminal wraps)."""
    n = len(rows[0])
    natural = [max(len(r[c]) for r in rows) for c in range(n)]
    words = [max(len(w) for r in rows for w in r[c].split() or [""]) for c in range(n)]
    gap = 2 if sum(words) + 2 * (n - 1) <= width else 1
    widths = list(natural)
    for least in (words, [3] * n):  # whole words first; broken words only if that cannot fit
        floor = [natural[c] if c in whole else min(least[c], natural[c]) for c in range(n)]
        while sum(widths) + gap * (n - 1) > width:
            widest = max(range(n), key=lambda c: widths[c] - floor[c])
            if widths[widest] <= floor[widest]:
                break
            widths[widest] -= 1
    lines = []
    for r in rows:
        cells = [textwrap.wrap(v, w, break_on_hyphens=False) or [""] for v, w in zip(r, widths, strict=True)]
        for k in range(max(map(len, cells))):
            parts = [
                (cell[k] if k < len(cell) else "").ljust(w) for cell, w in zip(cells, widths, strict=True)
            ]
            lines.append((" " * gap).join(parts).rstrip())
    return lines


def main(
    argv: Sequence[str] | None = None,
    games: Mapping[str, Game[Any, Any, Any]] | None = None,
    headless: bool = False,
) -> int:
    """Entry point of the `rivals` script. `games` and `headless` are for tests."""
    if games is None:
        from engine.registry import GAMES

        games = GAMES
    catalog = as_catalog(games)
    try:
        args = build_parser(catalog).parse_args(argv)
        return _run(args, catalog, headless)
    except CliError as exc:
        print(f"rivals: {safe_text(exc)}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # `rivals list | head -1`: the reader has gone. Not an error; say nothing more.
        _silence_stdout()
        return 0
    except KeyboardInterrupt:
        return 130


def _silence_stdout() -> None:
    # Python would try to flush stdout once more at exit and print another broken pipe.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _run(args: argparse.Namespace, games: Catalog, headless: bool) -> int:
    from saves.errors import SaveError
    from saves.store import SaveStore

    if args.save_dir is not None and not args.save_dir.strip():
        raise CliError("--save-dir needs a folder name; leave it out to use the usual folder")
    try:
        store = SaveStore.default(args.save_dir, games=games)
    except (SaveError, OSError) as exc:
        raise CliError(str(exc)) from None
    if store.root.exists() and not store.root.is_dir():
        raise CliError(f"the save folder {store.root} is a file, not a folder; give another with --save-dir")
    # Temporary files of a save interrupted by a kill are of no use to anyone.
    store.clean_temporary()

    if args.command == "join":
        return _join(args, games)
    if args.command == "serve":
        from rivals_net.serve import serve_main

        return serve_main(args, store)
    if args.command == "list":
        print_list(store)
        sys.stdout.flush()  # a closed pipe shows up here, inside main's handler
        return 0
    if args.command in cli_records.COMMANDS:
        return cli_records.run(args, store, games)
    if args.command == cli_stats.COMMAND:
        return cli_stats.run(args, store, games)

    # From here on a hang-up must not lose the game: remember one until the app can save.
    hangups: list[int] = []
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, lambda signum, frame: hangups.append(signum))
    session = None
    replay = None
    if args.command == cli_replay.COMMAND:
        replay = cli_replay.read(args, store, games)
        if replay is None:
            return cli_replay.EXIT_PROBLEM
    elif args.command == "new":
        game = find_game(games, args.game)
        seats = make_seats(game, args)
        series = make_series(game, args)
        if args.seed is not None and not 0 <= args.seed <= SEED_LIMIT:
            raise CliError(f"--seed must be a whole number from 0 to {SEED_LIMIT}")
        seed = args.seed if args.seed is not None else secrets.randbelow(2**31 - 1) + 1
        from engine.core.options import parse_assignments

        try:
            options = parse_assignments(game.Options, args.option)
        except ValueError as exc:
            raise CliError(str(exc)) from None
        problem = game.check_options(options, len(seats))
        if problem is not None:
            raise CliError(problem)
        match = Match.new(game, options, seats, seed, series=series)
        from rivals_tui.session import LocalSession

        try:
            session = LocalSession(match, store)
        except (SaveError, OSError) as exc:
            raise CliError(str(exc)) from None
    elif args.command == cli_learn.COMMAND:
        session = cli_learn.open_session(args, store, games)
        if session is None:
            return cli_learn.EXIT_PROBLEM
    elif args.command == "resume":
        session = _resume(store, args.name, games, restore=args.restore)

    from rivals_tui.app import RivalsApp

    if replay is None:
        app = RivalsApp(games=games, store=store, session=session)
    else:
        from rivals_tui.screens.replay import ReplayApp

        app = ReplayApp(replay, games=games, store=store)
    app.install_hangup_handler()
    if hangups:
        app.install_hangup_handler(already=True)
    try:
        app.run(headless=headless)
    finally:
        # Whatever happened inside, the game is on disk and its lock released.
        app.close_session()
        if session is not None:
            session.close()
    if app.exit_note and app.return_code == 0:
        # A crash's sentence is printed by the app itself; a failed last save is said here.
        print(f"rivals: {app.exit_note}", file=sys.stderr)
    return app.return_code or 0


def _join(args: argparse.Namespace, games: Catalog) -> int:
    """`rivals join HOST:PORT [CODE]`: the app as a client of a table server. Inside the SSH
    door the door sets RIVALS_IDENTITY (the key's fingerprint), RIVALS_DOOR and RIVALS_NAME."""
    import getpass

    from rivals_net.client import local_identity, parse_address
    from rivals_tui.remote_app import RemoteApp

    try:
        host, port = parse_address(args.address, 2223)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    import socket

    from rivals_tui.settings import Settings

    # Say so in one line, before the full screen opens, when nothing listens there.
    try:
        socket.create_connection((host, port), timeout=5).close()
    except OSError as exc:
        raise CliError(f"cannot reach the table server at {host}:{port} ({exc.strerror or exc})") from None

    # The identity file sits beside the settings (RIVALS_CONFIG_DIR, else the user config folder).
    identity = os.environ.get("RIVALS_IDENTITY") or local_identity(Settings.default_path().parent)
    name = args.name or os.environ.get("RIVALS_NAME") or getpass.getuser()
    app = RemoteApp(
        host,
        port,
        name,
        identity,
        door=os.environ.get("RIVALS_DOOR", ""),
        code=args.code,
        watch=args.watch,
        games=games,
        name_given=bool(args.name),
    )
    app.install_hangup_handler()
    try:
        app.run()
    finally:
        app.close_session()
    if app.exit_note:
        print(f"rivals: {app.exit_note}", file=sys.stderr)
    return app.return_code or 0


def _resume(
    store: Any, name: str | None, games: Mapping[str, Game[Any, Any, Any]], *, restore: bool = False
) -> Any:
    from rivals_tui.lesson_session import local_session
    from saves.errors import SaveError

    if name is not None:
        name = name.removesuffix(".json")
        try:
            info = next((i for i in store.list() if i.name == name), None)
        except (SaveError, OSError):
            info = None
        if info is not None and info.restorable:
            if restore or _ask_restore(info):
                try:
                    store.restore_backup(name)
                except (SaveError, OSError) as exc:
                    raise CliError(str(exc)) from None
                print(safe_text(f"Restored the previous version of {name}."), file=sys.stderr)
            else:
                raise CliError(
                    f"{sentence(info.error or '')} {info.restore_offer()} Use: rivals resume {name} --restore"
                )
    if name is None:
        latest = store.latest(in_progress=True)
        if latest is None:
            # A damaged save is not "no game": say which, and how to get its previous version.
            try:
                damaged = next((i for i in store.list() if i.restorable), None)
            except (SaveError, OSError):
                damaged = None
            if damaged is not None:
                raise CliError(
                    f"no unfinished game in {store.root} can be read: {sentence(damaged.error or '')} "
                    f"{damaged.restore_offer()} Use: rivals resume {damaged.name} --restore"
                )
            raise CliError(f"no unfinished game to resume in {store.root}")
        name = latest.name
    try:
        lock = store.lock(name)
    except (SaveError, OSError) as exc:
        raise CliError(str(exc)) from None
    try:
        match = store.load(name, games=games)
    except (SaveError, OSError) as exc:
        lock.release()
        raise CliError(str(exc)) from None
    return local_session(match, store, name=name, lock=lock)


def _ask_restore(info: Any) -> bool:
    """On a terminal, offer the previous version of a damaged save: one key, r restores."""
    if not (sys.stdin.isatty() and sys.stderr.isatty()):
        return False
    print(safe_text(f"rivals: {info.error}"), file=sys.stderr)
    print(f"{info.restore_offer()} Press r to restore it, any other key to stop.", file=sys.stderr)
    return _read_key().lower() == "r"


def _read_key() -> str:
    try:
        import termios
        import tty
    except ImportError:  # Windows: a line will do
        return sys.stdin.readline()[:1]
    fd = sys.stdin.fileno()
    try:
        old = termios.tcgetattr(fd)
    except termios.error:
        return ""
    try:
        tty.setcbreak(fd)
        return os.read(fd, 1).decode("utf-8", "replace")
    except OSError as exc:
        if exc.errno == errno.EIO:  # the terminal went away
            return ""
        raise
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)


if __name__ == "__main__":
    sys.exit(main())
