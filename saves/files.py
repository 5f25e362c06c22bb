"""Reading and writing the app's small files (settings, personal bests, lessons done) without
trusting what is there."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
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


def write_small(path: Path, text: str) -> None:
    """Write `text` to `path` atomically: a fresh temporary file in the same folder (O_EXCL,
    never through a link planted at a fixed name), flushed, then renamed over the old one.
    Raises OSError, leaving the old file as it was."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
