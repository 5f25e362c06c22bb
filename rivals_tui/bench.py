"""The app's start-up figure: `python -m rivals_tui.bench [--pairs N]`.

The app's cold start to its menu against a bare Textual app with a Footer, both headless at
80x24 in fresh interpreters. They run in turn (A B A B ...) so drifts in machine speed hit both
alike; the figure to quote is the median of the per-pair ratios (the target: at most 1.3). The
rules' own figures are `python -m engine.bench`, saving and loading `python -m saves.bench`.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence

# Each start is a fresh interpreter running one of these scripts, so nothing is imported yet.
_BARE_APP = """
from textual.app import App
from textual.widgets import Footer
class Bare(App[None]):
    def compose(self):
        yield Footer()
    def on_ready(self):
        self.exit()
Bare().run(headless=True, size=(80, 24))
"""
_RIVALS_APP = """
import sys, tempfile
from pathlib import Path
from rivals_tui.app import RivalsApp
from saves.store import SaveStore
home = Path(sys.argv[1])
class Timed(RivalsApp):
    def on_ready(self):
        self.exit()
Timed(store=SaveStore(home / "saves"), settings_path=home / "settings.json").run(headless=True, size=(80, 24))
"""


def _child_run(code: str, *args: str) -> tuple[float, float]:
    """Wall and CPU seconds of `python -c code args` in a fresh interpreter."""
    # Bytecode caching on, as for a player's install: the warm-up run writes the project's .pyc
    # files, as the package installer already did for Textual's. Without it (an inherited
    # PYTHONDONTWRITEBYTECODE) every run would compile the project from source and the ratio
    # would measure the compiler, not the app.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, *args], check=True, capture_output=True, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def startup_rows(pairs: int) -> list[str]:
    """Cold start to the menu vs a bare Textual app, `pairs` alternating runs after a warm-up."""
    with tempfile.TemporaryDirectory() as home:
        _child_run(_BARE_APP)
        _child_run(_RIVALS_APP, home)
        rivals: list[tuple[float, float]] = []
        bare: list[tuple[float, float]] = []
        for _ in range(pairs):
            rivals.append(_child_run(_RIVALS_APP, home))
            bare.append(_child_run(_BARE_APP))
    med = statistics.median
    cpu_ratio = med(r[1] / b[1] for r, b in zip(rivals, bare, strict=True))
    wall_ratio = med(r[0] / b[0] for r, b in zip(rivals, bare, strict=True))
    return [
        f"start-up to the menu, headless 80x24, {pairs} alternating pairs (medians):",
        f"  rivals    wall s {med(r[0] for r in rivals):8.3f}   cpu s {med(r[1] for r in rivals):8.3f}",
        f"  bare app  wall s {med(b[0] for b in bare):8.3f}   cpu s {med(b[1] for b in bare):8.3f}",
        f"  ratio     wall   {wall_ratio:8.2f}   cpu   {cpu_ratio:8.2f}   (target: at most 1.3)",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m rivals_tui.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--pairs", type=int, default=10, help="alternating runs of each app, after a warm-up")
    args = p.parse_args(argv)
    if args.pairs < 1:
        p.error("--pairs must be at least 1")
    for row in startup_rows(args.pairs):
        print(row)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
