"""`rivals replay NAME`: the app opened straight onto a saved game's replay viewer
(`ReplayApp`, rivals_tui/screens/replay.py); leaving it goes to the menu. The save is read, never written or
locked. A save that is missing or cannot be read is one sentence on stderr and exit status 2.

    rivals replay NAME
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core import Game
from rivals_tui.text import safe_text
from saves.errors import SaveError
from saves.replay import Replay

if TYPE_CHECKING:
    from saves.store import SaveStore

COMMAND = "replay"
# A missing or unreadable save: one sentence, this status (as `rivals export`).
EXIT_PROBLEM = 2


def add_command(sub: Any) -> None:
    """The command's parser, on the `rivals` command's sub-parsers."""
    replay = sub.add_parser(
        COMMAND,
        help="watch a saved game again, move by move",
        description="Open a saved game in the replay viewer: step through its moves with the arrows "
        "(Page keys: a turn), see the table as it stood and the log up to each move. A finished game "
        "may be seen through any seat's eyes, or with every card shown; a game in progress only as "
        "it was seen at this keyboard.",
    )
    replay.add_argument("name", help="the save's name, as rivals list shows it")
    replay.add_argument("--save-dir", default=argparse.SUPPRESS, help=argparse.SUPPRESS)


def read(
    args: argparse.Namespace, store: SaveStore, games: Mapping[str, Game[Any, Any, Any]]
) -> Replay | None:
    """The replay of the save `args.name`, or None once its problem is said on stderr (the
    caller exits with EXIT_PROBLEM)."""
    try:
        match = store.load(args.name.removesuffix(".json"), games=games)
    except (SaveError, OSError) as exc:
        print(f"rivals: {safe_text(exc)}", file=sys.stderr)
        return None
    return Replay.of(match)
