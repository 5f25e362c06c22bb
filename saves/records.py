"""`BestScores`: the player's personal best per solo table (a game and its difficulty), kept
across sessions in one small JSON file beside the saves' folder.

The file is `<user data folder>/best.json` (`platformdirs.user_data_dir("rivals")`, or the
folder in `$RIVALS_DATA_DIR`). It holds each table's best score and the games in which a move
was taken back, which never count (see `engine/rival_realms/RULES_NOTES.md`, "Personal best").
Writes are atomic (a fresh temporary file in the same folder, flushed, then renamed over the
old one). A file that cannot be read is ignored: `problem` says so in one sentence, the bests
start empty, and the next record replaces the file. Nothing here ever raises to the caller.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import platformdirs

from saves.files import read_small, write_small

__all__ = ["ENV_VAR", "BestScores", "table_key"]

ENV_VAR = "RIVALS_DATA_DIR"
FILE_NAME = "best.json"
FORMAT = 1
# A record file is a few hundred bytes; anything much larger is not one.
MAX_BYTES = 256 * 1024
# The games with a move taken back are remembered this long (oldest forgotten first): enough
# for every game in progress a player keeps.
MAX_TAKEN_BACK = 500
DAMAGED = "Your personal bests in {path} could not be read, so they start afresh."


def table_key(game_id: str, table: str) -> str:
    """How a table is named in the file: "rival_realms/hard"."""
    return f"{game_id}/{table}"


class BestScores:
    """Personal bests per table ("rival_realms/hard"), read once and written on every change."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.best: dict[str, int] = {}
        self.taken_back: list[str] = []
        # Why the file could not be read or written, in one sentence (None: all is well).
        self.problem: str | None = None
        self._read()

    @classmethod
    def default(cls) -> BestScores:
        """The file in $RIVALS_DATA_DIR, else in the user data folder (beside the saves)."""
        folder = os.environ.get(ENV_VAR) or platformdirs.user_data_dir("rivals")
        return cls(Path(folder).expanduser() / FILE_NAME)

    # -- reading -------------------------------------------------------------------------
    def best_for(self, table: str) -> int | None:
        return self.best.get(table)

    def counts(self, game: str) -> bool:
        """Whether the game `game` (see `game_key`) may still set a record: no move taken back."""
        return game not in self.taken_back

    # -- changing ------------------------------------------------------------------------
    def took_back(self, game: str) -> None:
        """A move of `game` was taken back: it will never set a record."""
        if game in self.taken_back:
            return
        self.taken_back = [*self.taken_back, game][-MAX_TAKEN_BACK:]
        self._write()

    def offer(self, table: str, game: str, score: int) -> tuple[bool, int | None]:
        """The finished game `game` at `table` scored `score`: keep it if it beats the best (the
        first score at a table always does). Returns whether it is a new personal best, and the
        best before it. Offering the same game again changes nothing."""
        before = self.best.get(table)
        if not self.counts(game) or (before is not None and score <= before):
            return False, before
        self.best[table] = score
        self._write()
        return True, before

    def _read(self) -> None:
        try:
            raw = json.loads(read_small(self.path, MAX_BYTES))
        except FileNotFoundError:
            return
        except (OSError, ValueError, RecursionError):
            raw = None
        if not _well_formed(raw):
            self.problem = DAMAGED.format(path=self.path)
            return
        self.best = dict(raw["best"])
        self.taken_back = list(raw["taken_back"])

    def _write(self) -> None:
        text = json.dumps({"format": FORMAT, "best": self.best, "taken_back": self.taken_back}, indent=1)
        try:
            write_small(self.path, text + "\n")
        except OSError as exc:
            self.problem = f"Your personal best could not be written ({_why(exc)})."
            return
        self.problem = None


def _well_formed(raw: Any) -> bool:
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        return False
    best, back = raw.get("best"), raw.get("taken_back")
    if not isinstance(best, dict) or not isinstance(back, list):
        return False
    scores_ok = all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10**6
        for k, v in best.items()
    )
    return scores_ok and all(isinstance(g, str) for g in back)


def _why(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__
