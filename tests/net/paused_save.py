"""`rivals serve` whose save store can be stopped in the middle of a save, for the test that kills
the server there (test_kill_mid_save.py). Run as `python tests/net/paused_save.py ARGS` (ARGS as
for `rivals`).

Nothing of the server changes: only the two steps of `SaveStore.save` that decide what a crash
leaves on disk are wrapped, and only when the test arms them. The test writes the name of a step
into the file named by RIVALS_TEST_PAUSE; the next save to reach that step writes FILE.reached and
sleeps there (in the server's saver thread, as a slow disk would) until the process is killed.

- "replace": the new save is written and flushed to a temporary file beside the old one (and the
  old one already kept as the backup), but has not replaced it yet.
- "sync": the new save has replaced the old one, but the folder is not yet flushed.

And "fail": while the file says so, every save fails as on a full disk (flushing the new save's
temporary file raises ENOSPC), until the test takes the word away.
"""

from __future__ import annotations

import errno
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import saves.store as store  # noqa: E402 - after the path is set

ARMED = Path(os.environ["RIVALS_TEST_PAUSE"])


def pause_if_armed(step: str) -> None:
    try:
        armed = ARMED.read_text().strip()
    except OSError:
        return
    if armed == step:
        ARMED.unlink()
        ARMED.with_name(ARMED.name + ".reached").write_text(step)
        while True:
            time.sleep(1)


def failing() -> bool:
    try:
        return ARMED.read_text().strip() == "fail"
    except OSError:
        return False


class PausingOs:
    """The `os` module as `saves.store` sees it, with a pause before a save replaces the old, and
    a full disk when armed."""

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)

    @staticmethod
    def fsync(fd: int) -> None:
        if failing():
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        os.fsync(fd)

    @staticmethod
    def replace(src: Any, dst: Any) -> None:
        if str(dst).endswith(store.SUFFIX):
            pause_if_armed("replace")
        os.replace(src, dst)


_fsync_dir = store._fsync_dir


def fsync_dir_paused(folder: Path) -> None:
    pause_if_armed("sync")
    _fsync_dir(folder)


store.os = PausingOs()  # type: ignore[assignment]
store._fsync_dir = fsync_dir_paused

if __name__ == "__main__":
    from rivals_tui.cli import main

    sys.exit(main())
