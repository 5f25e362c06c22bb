"""Reading the app's small files (settings, personal bests) without trusting what is there."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def read_small(path: Path, limit: int) -> bytes:
    """The file's bytes; a pipe, a device or a file over `limit` bytes is refused (OSError),
    never waited on or read whole."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError("not a plain file")
        data = os.read(fd, limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise OSError("too large")
    return data
