"""Speed figures of the rules for every registered game: `python -m engine.bench`.

For each game and player count it prints random full-game playouts per second, microseconds
per decision in those playouts (legal list, a random pick, apply, outcome check) and
microseconds per `clone` of mid-game states. Each figure is also given as a ratio to a fixed
pure-Python calibration loop timed in the same process (the best of several runs), so figures
from different machines can be compared: a ratio is the measured time divided by the calibration
time. The layers above measure themselves: saving and loading in `python -m saves.bench`
(against the same loop), the app's start-up in `python -m rivals_tui.bench`.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import Any

from engine.core.game import Game
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
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=3.0, help="time spent on playouts per game and size")
    p.add_argument("--game", action="append", help="only this game id (repeatable)")
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
