"""Player preferences (theme, confirm moves, AI pace, board symbols, the last game started),
kept as JSON in the user config folder.

The folder is `platformdirs.user_config_dir("rivals")` unless `RIVALS_CONFIG_DIR` or an explicit
path overrides it (tests always pass one, so they never touch the real config).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

import platformdirs

from rivals_net.protocol import NAME_LIMIT
from saves.files import read_small

DEFAULT_THEME = "textual-dark"
# Seconds between two AI moves, so humans can follow what the bots did.
AI_PACES: tuple[float, ...] = (0.0, 0.3, 0.8, 1.5)
SYMBOL_MODES = ("auto", "unicode", "ascii")

# A settings file is a few hundred bytes; anything this big is not one.
SETTINGS_LIMIT = 64 * 1024


@dataclass
class Settings:
    theme: str = DEFAULT_THEME
    confirm_moves: bool = False
    ai_pace: float = 0.3
    # The boards' symbol set: "auto" (detected from the terminal), "unicode" or "ascii".
    symbols: str = "auto"
    # The game the new-game form starts on: the one played last.
    last_game: str = ""
    # The name this player chose for the tables of a server ("": their login name). An SSH
    # player's settings are kept per key by the door, so the name goes with the key.
    name: str = ""

    @staticmethod
    def default_path(override: str | Path | None = None) -> Path:
        if override is not None:
            return Path(override) / "settings.json"
        env = os.environ.get("RIVALS_CONFIG_DIR")
        if env:
            return Path(env) / "settings.json"
        return Path(platformdirs.user_config_dir("rivals")) / "settings.json"

    @classmethod
    def load(cls, path: Path) -> Settings:
        """The saved settings; defaults for anything missing or unreadable (never fails to start)."""
        try:
            raw = json.loads(read_small(path, SETTINGS_LIMIT))
        except (OSError, ValueError, RecursionError):
            return cls()
        if not isinstance(raw, dict):
            return cls()
        s = cls()
        if isinstance(raw.get("theme"), str):
            s.theme = raw["theme"]
        if isinstance(raw.get("confirm_moves"), bool):
            s.confirm_moves = raw["confirm_moves"]
        pace = raw.get("ai_pace")
        if isinstance(pace, (int, float)) and not isinstance(pace, bool) and 0 <= pace <= 10:
            s.ai_pace = float(pace)
        if raw.get("symbols") in SYMBOL_MODES:
            s.symbols = raw["symbols"]
        if isinstance(raw.get("last_game"), str):
            s.last_game = raw["last_game"]
        if isinstance(raw.get("name"), str):
            s.name = " ".join(raw["name"].split())[:NAME_LIMIT]
        return s

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        # A fresh temporary file (O_EXCL, never through a link planted at a fixed name).
        fd, tmp = tempfile.mkstemp(prefix=".settings.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(json.dumps(asdict(self), indent=2) + "\n")
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise


__all__ = ["AI_PACES", "DEFAULT_THEME", "SYMBOL_MODES", "Settings"]
