"""The `rivals` command: the menu, or straight into a new or saved game, or a list of saves.

    rivals                                   the menu
    rivals new rival_kings --players 3 --ai hard --seed 7 [--names A,B,C] [--humans N]
    rivals resume [NAME]                     the named save, or the latest unfinished one
    rivals list                              saves as a plain table (no full-screen app)
    rivals --save-dir DIR ...                saves elsewhere (also $RIVALS_SAVE_DIR)

Seats for `new`: the first --humans seats (default 1) are people at this keyboard; the others
are AI at the --ai level. `--ai none` makes every seat human (hot-seat). Problems (unknown
game, bad save, bad option) print one line to stderr and exit with a non-zero status.
"""

from __future__ import annotations

import argparse
import secrets
import signal
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

from engine import __version__
from engine.core import Game, SeatSpec
from engine.core.match import Match, Series

LEVELS = ("easy", "normal", "hard")


class CliError(Exception):
    """A problem worth one line on stderr."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line instead of argparse's usage block: the player asked for one thing.
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="rivals", description="Board games in your terminal, against friends or AI.")
    p.add_argument("--version", action="version", version=f"rivals {__version__}")
    p.add_argument(
        "--save-dir",
        type=Path,
        help="where saves live (default: $RIVALS_SAVE_DIR, else the user data folder)",
    )
    sub = p.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")

    new = sub.add_parser(
        "new",
        help="start a new game",
        description="Start a new game. The first --humans seats (default 1) are people at this "
        "keyboard; the others are AI at the --ai level. --ai none makes every seat human.",
    )
    new.add_argument("game", help="game id, e.g. rival_kings")
    new.add_argument("--players", type=int, help="number of seats (default: the game's minimum)")
    new.add_argument(
        "--ai",
        default="normal",
        choices=(*LEVELS, "none"),
        help="level of the AI seats; 'none' makes every seat human (default: normal)",
    )
    new.add_argument("--humans", type=int, help="how many of the seats, from seat 1, are human (default 1)")
    new.add_argument("--names", help="comma-separated names, one per seat")
    new.add_argument("--seed", type=int, help="seed for a reproducible game")
    new.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game variant, e.g. --option expert=on (repeatable; see the new-game dialog for names)",
    )
    series = new.add_mutually_exclusive_group()
    series.add_argument("--games", type=int, help="play this many games in a row (if the game allows)")
    series.add_argument(
        "--points", type=int, help="play until someone reaches this total (if the game allows)"
    )
    new.add_argument("--save-dir", type=Path, default=argparse.SUPPRESS, help=argparse.SUPPRESS)

    resume = sub.add_parser("resume", help="continue a saved game", description="Continue a saved game.")
    resume.add_argument("name", nargs="?", help="save name (default: the latest unfinished game)")
    resume.add_argument("--save-dir", type=Path, default=argparse.SUPPRESS, help=argparse.SUPPRESS)

    lst = sub.add_parser("list", help="list saved games", description="List saved games.")
    lst.add_argument("--save-dir", type=Path, default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    return p


def make_seats(game: Game[Any, Any, Any], args: argparse.Namespace) -> list[SeatSpec]:
    players = args.players if args.players is not None else game.players.start
    if players not in game.players:
        raise CliError(
            f"{game.title} is for {game.players.start} to {game.players.stop - 1} players, not {players}"
        )
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
        if args.games < 2:
            raise CliError("--games must be at least 2")
        return Series(games=args.games)
    if args.points < 1:
        raise CliError("--points must be at least 1")
    return Series(points=args.points)


def print_list(store: Any) -> None:
    from rivals_tui.screens.load import when

    infos = store.list()
    if not infos:
        print(f"No saved games in {store.root}.")
        return
    rows = [("NAME", "GAME", "PLAYERS", "PROGRESS", "LAST PLAYED", "STATUS")]
    for i in infos:
        if i.error:
            rows.append((i.name, "?", "", "", when(i.updated), f"damaged: {i.error}"))
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
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]) - 1)]
    for r in rows:
        print("  ".join(v.ljust(w) for v, w in zip(r, widths, strict=False)) + "  " + r[-1])


def main(
    argv: Sequence[str] | None = None,
    games: Mapping[str, Game[Any, Any, Any]] | None = None,
    headless: bool = False,
) -> int:
    """Entry point of the `rivals` script. `games` and `headless` are for tests."""
    args = build_parser().parse_args(argv)
    try:
        return _run(args, games, headless)
    except CliError as exc:
        print(f"rivals: {exc}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace, games: Mapping[str, Game[Any, Any, Any]] | None, headless: bool) -> int:
    from saves.errors import SaveError
    from saves.store import SaveStore

    if games is None:
        from engine.registry import GAMES

        games = GAMES
    try:
        store = SaveStore.default(args.save_dir, games=games)
    except (SaveError, OSError) as exc:
        raise CliError(str(exc)) from None

    if args.command == "list":
        print_list(store)
        return 0

    # From here on a hang-up must not lose the game: remember one until the app can save.
    hangups: list[int] = []
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, lambda signum, frame: hangups.append(signum))
    session = None
    if args.command == "new":
        game = games.get(args.game)
        if game is None:
            raise CliError(f"unknown game {args.game!r} (known: {', '.join(games) or 'none'})")
        seats = make_seats(game, args)
        series = make_series(game, args)
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
    elif args.command == "resume":
        session = _resume(store, args.name, games)

    from rivals_tui.app import RivalsApp

    app = RivalsApp(games=games, store=store, session=session)
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
    return app.return_code or 0


def _resume(store: Any, name: str | None, games: Mapping[str, Game[Any, Any, Any]]) -> Any:
    from rivals_tui.session import LocalSession
    from saves.errors import SaveError

    if name is None:
        latest = store.latest(in_progress=True)
        if latest is None:
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
    return LocalSession(match, store, name=name, lock=lock)


if __name__ == "__main__":
    sys.exit(main())
