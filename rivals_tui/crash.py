"""Crash reports: the full story goes to a file, the screen gets one sentence.

An unhandled error must not print the game's hidden state (Textual's own traceback shows every
local variable, hands and face-down choices included) on a screen that several players share.
The report holds the traceback without locals; it lives in the user state folder
(`platformdirs.user_state_dir("rivals")`, or `$RIVALS_STATE_DIR`).
"""

from __future__ import annotations

import os
import platform
import tempfile
import traceback
from datetime import datetime
from pathlib import Path

import platformdirs

from rivals_tui import __version__
from rivals_tui.text import safe_text

STATE_ENV_VAR = "RIVALS_STATE_DIR"


def crash_folder() -> Path:
    env = os.environ.get(STATE_ENV_VAR)
    if env:
        return Path(env)
    return Path(platformdirs.user_state_dir("rivals"))


def write_crash_report(error: BaseException) -> Path | None:
    """Write the report for `error`; its path, or None if no file could be written anywhere."""
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
    lines = [
        f"Rivals {__version__} crashed at {datetime.now().isoformat(timespec='seconds')}",
        f"Python {platform.python_version()} on {platform.platform()}",
        "",
        *traceback.format_exception(type(error), error, error.__traceback__),
    ]
    text = "\n".join(line.rstrip("\n") for line in lines) + "\n"
    for folder in (crash_folder(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=f"crash-{stamp}-", suffix=".txt", dir=folder)
            with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as out:
                out.write(text)
            return Path(name)
        except OSError:
            continue
    return None


def crash_sentence(path: Path | None, *, saved: bool) -> str:
    """What the terminal shows after a crash: one sentence, no game state."""
    what = "saved the game and stopped" if saved else "stopped"
    where = f"the full report is in {path}" if path is not None else "no report could be written"
    return safe_text(f"Rivals {what} after an internal error; {where}.")
