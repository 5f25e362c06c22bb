"""`LessonsDone`: the games whose lesson the player has finished, kept in one small JSON file
beside the personal bests (`lessons.json` in the user data folder, or in `$RIVALS_DATA_DIR`).

A lesson is a save like any game, but a finished lesson may be started again (which replaces its
save), and the menu should still say it was done once: hence this record. A file that cannot be
read is ignored (`problem` says so in one sentence; the marks start empty and the next finished
lesson replaces the file). Nothing here ever raises to the caller.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import platformdirs

from saves.files import read_small, write_small
from saves.records import ENV_VAR

__all__ = ["SAVE_PREFIX", "LessonsDone"]

# A lesson's save is named after its game with this prefix ("lesson-rivals"): how the Learn list
# finds it, and how the statistics leave it out (a scripted game is not a result).
SAVE_PREFIX = "lesson-"

FILE_NAME = "lessons.json"
FORMAT = 1
MAX_BYTES = 64 * 1024
# More game ids than any version of the app has games: a file listing more is not ours.
MAX_GAMES = 100


class LessonsDone:
    """The ids of the games whose lesson was played to its end, read once, written on change."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.games: list[str] = []
        # Why the file could not be read or written, in one sentence (None: all is well).
        self.problem: str | None = None
        self._read()

    @classmethod
    def default(cls) -> LessonsDone:
        folder = os.environ.get(ENV_VAR) or platformdirs.user_data_dir("rivals")
        return cls(Path(folder).expanduser() / FILE_NAME)

    def done(self, game_id: str) -> bool:
        return game_id in self.games

    def mark(self, game_id: str) -> None:
        """The lesson of `game_id` was played to its end (marking it again changes nothing)."""
        if game_id in self.games:
            return
        self.games = [*self.games, game_id][-MAX_GAMES:]
        try:
            write_small(self.path, json.dumps({"format": FORMAT, "done": self.games}) + "\n")
        except OSError as exc:
            self.problem = (
                f"Your finished lessons could not be written ({exc.strerror or type(exc).__name__})."
            )
            return
        self.problem = None

    def _read(self) -> None:
        try:
            raw: Any = json.loads(read_small(self.path, MAX_BYTES))
        except FileNotFoundError:
            return
        except (OSError, ValueError, RecursionError):
            raw = None
        done = raw.get("done") if isinstance(raw, dict) and raw.get("format") == FORMAT else None
        if not isinstance(done, list) or len(done) > MAX_GAMES or not all(isinstance(g, str) for g in done):
            self.problem = f"Your finished lessons in {self.path} could not be read, so they start afresh."
            return
        self.games = list(done)
