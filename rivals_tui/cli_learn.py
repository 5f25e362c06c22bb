"""`rivals learn GAME`: the app opened straight onto a game's lesson (rivals_tui/lesson.py): the
lesson in progress, or a new one from its first step (`--again`: start again). A game without a
lesson, or a name that is no game, is one sentence on stderr and exit status 2.

    rivals learn rivalist [--again]
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from engine.core.info import Catalog
from rivals_tui.lesson import LESSON_DIR, LessonError, has_lesson
from rivals_tui.lesson_session import LessonSession, open_lesson
from rivals_tui.text import safe_text
from saves.errors import SaveError

if TYPE_CHECKING:
    from saves.store import SaveStore

COMMAND = "learn"
EXIT_PROBLEM = 2


def add_command(sub: Any) -> None:
    """The command's parser, on the `rivals` command's sub-parsers."""
    learn = sub.add_parser(
        COMMAND,
        help="learn a game by playing it, with a coach",
        description="Play a guided first game: a coach explains each rule as it comes up and waits "
        "for your move, then you play on alone against the easy AI. The lesson is saved like any "
        "game: the same command takes you back to where you left it.",
    )
    learn.add_argument("game", help="the game to learn (its id, as rivals new --help lists them)")
    learn.add_argument("--again", action="store_true", help="start the lesson again from its first step")
    learn.add_argument("--save-dir", default=argparse.SUPPRESS, help=argparse.SUPPRESS)


def lessons(games: Catalog) -> list[str]:
    return [gid for gid in games if has_lesson(gid, LESSON_DIR)]


def open_session(args: argparse.Namespace, store: SaveStore, games: Catalog) -> LessonSession | None:
    """The lesson `args.game` names, or None once its problem is said on stderr (the caller exits
    with EXIT_PROBLEM)."""
    gid = games.find(args.game)
    known = ", ".join(lessons(games)) or "none yet"
    problem = None
    if gid is None:
        problem = f"there is no game called {safe_text(args.game)!r} (lessons: {known})"
    elif not has_lesson(gid, LESSON_DIR):
        problem = f"{games.info(gid).title} has no lesson yet (lessons: {known})"
    else:
        try:
            return open_lesson(games[gid], store, fresh=args.again)
        except (LessonError, SaveError, OSError) as exc:
            problem = safe_text(str(exc))
    print(f"rivals: {problem}", file=sys.stderr)
    return None
