"""Speed figures for every registered game: `python -m engine.bench`.

For each game and player count it prints random full-game playouts per second, microseconds
per decision in those playouts (legal list, a random pick, apply, outcome check), microseconds
per `clone` of mid-game states, and milliseconds to save and load a finished game through the
save codec. Each figure is also given as a ratio to a fixed pure-Python calibration loop timed in
the same process (the best of several runs), so figures from different machines can be compared:
a ratio is the measured time divided by the calibration time.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

from engine.core.game import Game, SeatSpec
from engine.core.match import Match
from engine.core.rng import Rng
from engine.registry import GAMES


def calibration_loop() -> int:
    """A fixed mix of the operations rules code does most: integer arithmetic, list and dict
    updates, attribute-free function calls. Never change it, or old ratios lose their meaning."""
    acc = 0
    table: dict[int, int] = {}
    items: list[int] = []
    for i in range(100_000):
        acc = (acc * 31 + i) & 0xFFFF
        table[i & 255] = acc
        items.append(acc & 7)
        if len(items) > 64:
            items.pop(0)
        acc += len(items) + table.get((i * 7) & 255, 0)
    return acc


def best_of(fn: Callable[[], object], runs: int = 5) -> float:
    """The shortest of several timed runs: the least disturbed by other work on the machine."""
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def random_playout(
    game: Game[Any, Any, Any], players: int, seed: int, keep: list[Any] | None = None
) -> tuple[Any, int]:
    """Play one game to the end with uniformly random legal actions; return the state and the
    number of decisions. With `keep`, a clone of every tenth state (from the first on) is kept
    for the clone timing."""
    s = game.setup(game.Options(), players, seed)
    rng = Rng.from_seed(seed)
    decisions = 0
    while game.outcome(s) is None:
        seat = game.to_act(s)[0]
        game.apply(s, seat, rng.choice(game.legal(s, seat)))
        decisions += 1
        if keep is not None and decisions % 10 == 1:  # 1, 11, 21...: short games count too
            keep.append(game.clone(s))
    return s, decisions


def bench_game(game: Game[Any, Any, Any], players: int, calib: float, seconds: float) -> list[str]:
    # Random playouts: as many as fit in `seconds` (at least 3), on consecutive seeds.
    playouts = decisions = 0
    kept: list[Any] = []
    t0 = time.perf_counter()
    while playouts < 3 or time.perf_counter() - t0 < seconds:
        _, n = random_playout(game, players, playouts + 1, kept if playouts < 5 else None)
        playouts += 1
        decisions += n
    elapsed = time.perf_counter() - t0
    per_game = elapsed / playouts
    per_decision = elapsed / decisions

    # Clone: every kept mid-game state, cloned repeatedly; the best pass counts.
    rounds = max(1, 2000 // max(1, len(kept)))

    def clone_all() -> None:
        for _ in range(rounds):
            for st in kept:
                game.clone(st)

    clone_t = best_of(clone_all, 3) / (rounds * len(kept)) if kept else float("nan")

    rows = [
        f"  random playouts/s     {1 / per_game:12.1f}   ({per_game / calib:8.3f} x calib per game,"
        f" {decisions / playouts:.0f} decisions a game)",
        f"  us per decision       {per_decision * 1e6:12.1f}   ({per_decision / calib:8.5f} x calib)",
        f"  clone us              {clone_t * 1e6:12.1f}   ({clone_t / calib:8.5f} x calib)",
    ]
    rows.extend(_bench_saves(game, players, calib))
    return rows


def _bench_saves(game: Game[Any, Any, Any], players: int, calib: float) -> list[str]:
    # Imported here, not at the top: the engine must not depend on saves (saves depends on the
    # engine), and the bench still runs where the saves package is missing or broken.
    try:
        from saves import codec  # type: ignore[import-not-found,unused-ignore]
    except Exception as exc:  # noqa: BLE001 - any import failure just means "no figure"
        why = f"saves not importable: {type(exc).__name__}"
        return [f"  save ms               {'n/a':>12}   ({why})", f"  load ms               {'n/a':>12}"]
    match = Match.new(game, game.Options(), [SeatSpec(f"P{i + 1}", "ai", "easy") for i in range(players)], 1)
    rng = Rng.from_seed(1)
    while not match.over:
        seat = match.to_act()[0]
        match.submit(seat, rng.choice(match.legal(seat)))
    text: Any = None

    def save() -> None:
        nonlocal text
        text = codec.dumps(match)

    def load() -> None:
        codec.loads(text, games={game.id: game})

    try:
        save_t = best_of(save, 3)
        load_t = best_of(load, 3)
    except Exception as exc:  # noqa: BLE001 - report the fault in the table, keep benching
        why = f"{type(exc).__name__}: {exc}"[:70]
        return [f"  save ms               {'n/a':>12}   ({why})", f"  load ms               {'n/a':>12}"]
    return [
        f"  save ms (whole game)  {save_t * 1e3:12.2f}   ({save_t / calib:8.3f} x calib,"
        f" {len(match.history)} decisions)",
        f"  load ms (replayed)    {load_t * 1e3:12.2f}   ({load_t / calib:8.3f} x calib)",
    ]


# Start-up: the app's cold start to its menu against a bare Textual app with a Footer, both headless
# at 80x24 in fresh interpreters. They run in turn (A B A B ...) so drifts in machine speed hit both
# alike; the figure to quote is the median of the per-pair ratios. The scripts are text run in a
# child process: the engine never imports the app.
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
    import resource
    import subprocess
    import sys

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
    import statistics
    import tempfile

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
    p = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=3.0, help="time spent on playouts per game and size")
    p.add_argument("--game", action="append", help="only this game id (repeatable)")
    p.add_argument("--startup", type=int, default=0, metavar="PAIRS", help="also time the app's start-up")
    p.add_argument("--smallest", action="store_true", help="only each game's smallest table")
    args = p.parse_args(argv)
    calib = best_of(calibration_loop, 7)
    print(f"calibration loop: {calib * 1e3:.2f} ms (best of 7)")
    if not GAMES:
        print("no games registered")
    for game_id in GAMES:
        if args.game and game_id not in args.game:
            continue
        game = GAMES[game_id]
        for players in game.players[:1] if args.smallest else game.players:
            print(f"{game.title}, {players} players")
            for row in bench_game(game, players, calib, args.seconds):
                print(row)
    if args.startup > 0:
        for row in startup_rows(args.startup):
            print(row)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
