"""Timing marks for the latency bench: where a decision's time goes, hop by hop, across processes.

With `RIVALS_TRACE=FILE` in the environment (the bench sets it for `rivals serve`, whose SSH door
passes it on to every player's app), each process appends one line per mark to FILE:
`<CLOCK_MONOTONIC seconds> <pid> <hop> [<tag>]`. CLOCK_MONOTONIC is one clock for every process
of the machine, so marks from the server, the door and the apps line up. Without the variable,
`mark` does nothing and costs one attribute test.
"""

from __future__ import annotations

import os
import threading
import time
from typing import IO

TRACE_ENV = "RIVALS_TRACE"

_path = os.environ.get(TRACE_ENV) or None
_file: IO[str] | None = None
_lock = threading.Lock()
enabled = _path is not None


def mark(hop: str, tag: object = "") -> None:
    """Note that `hop` happened now (in this process; `tag` tells apart sessions or decisions)."""
    global _file
    if _path is None:
        return
    now = time.monotonic()
    with _lock:
        if _file is None:
            # Line-buffered appends: lines from several processes never interleave inside a line.
            _file = open(_path, "a", buffering=1, encoding="ascii")  # noqa: SIM115 - kept open
        _file.write(f"{now:.6f} {os.getpid()} {hop} {tag}\n")


def read(path: str) -> list[tuple[float, int, str, str]]:
    """The marks in a trace file: (time, pid, hop, tag), in time order."""
    out = []
    with open(path, encoding="ascii") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 3:
                out.append((float(parts[0]), int(parts[1]), parts[2], parts[3] if len(parts) > 3 else ""))
    return sorted(out)
