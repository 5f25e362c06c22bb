"""`rivals stats [GAME] [--player NAME]`: the statistics screen's figures as text on standard
output (rivals_tui/stats_text.py): the overview and every game played, or one game. An unknown
game or player is one sentence on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from engine.core.info import Catalog
from rivals_tui.stats_text import folder_lines, page_lines
from rivals_tui.text import safe_text
from saves.records import BestScores
from saves.stats import game_stats, players, read_folder
from saves.store import SaveStore

COMMAND = "stats"
EXIT_PROBLEM = 2


def add_command(sub: Any) -> None:
    """The command's parser, on the `rivals` command's sub-parsers."""
    stats = sub.add_parser(
        COMMAND,
        help="statistics of the finished games in the save folder",
        description="Games played, won and lost per game, table size and opponent, average and best "
        "scores, solo bests, the longest winning streak and results over time, counted from the "
        "saved games. The figures are a player's: a name seated as a person.",
    )
    stats.add_argument("game", nargs="?", help="only this game (its id, e.g. rival_kings)")
    stats.add_argument("--player", help="whose figures (default: the name in the most finished games)")
    stats.add_argument("--save-dir", default=argparse.SUPPRESS, help=argparse.SUPPRESS)


def run(args: argparse.Namespace, store: SaveStore, games: Catalog) -> int:
    """Print the statistics; the exit status."""
    page = None
    if args.game is not None:
        page = games.find(args.game)
        if page is None:
            return _problem(f"unknown game {safe_text(args.game)!r} (known: {', '.join(games)})")
    folder = read_folder(store, games=games)
    names = players(folder)
    player = args.player if args.player is not None else (names[0] if names else None)
    if player is not None and player not in names:
        known = ", ".join(safe_text(n) for n in names) or "nobody yet"
        return _problem(f"nobody called {safe_text(player)!r} has finished a game here (players: {known})")
    lines = folder_lines(folder, str(store.root), player)
    if player is not None:
        records = BestScores.default()
        titles = {gid: games.info(gid).title for gid in games}
        shown = [page] if page is not None else [None, *titles]
        for one in shown:
            if one is not None and page is None and not game_stats(folder, one, player).played:
                continue  # the full report leaves out the games never played
            heading = "All games" if one is None else titles[one]
            lines += ["", f"== {heading} ==", *page_lines(folder, player, titles, one, records, plain=True)]
    print("\n".join(lines))
    sys.stdout.flush()  # a closed pipe shows up here, inside main's handler
    return 0


def _problem(text: str) -> int:
    print(f"rivals: {text}", file=sys.stderr)
    return EXIT_PROBLEM
