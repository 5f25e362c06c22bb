"""The save and load times of the longest Rivals game among seeded random six-seat games:

    python -m tests.engine.rivals.longest --games 60

Each game is played to its end with uniform random legal moves from seed 0, 1, ...; the longest
is saved and loaded (replayed, every move checked) five times, and the best and worst of each
are printed. The issue's targets: a save under 10 ms, a load under 250 ms.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence

from engine.core.game import SeatSpec
from engine.core.match import Match
from engine.core.rng import Rng
from engine.rivals.game import GAME
from saves import codec


def played(seed: int, seats: int) -> Match:
    m = Match.new(GAME, GAME.Options(), [SeatSpec(f"P{i}") for i in range(seats)], seed)
    rng = Rng.from_seed(seed)
    while not m.over:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        m.submit(seat, legal[rng.below(len(legal))])
    return m


def timed(fn: Callable[[], object], runs: int = 5) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times), max(times)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m tests.engine.rivals.longest", description=__doc__.split("\n\n")[0]
    )
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--seats", type=int, default=6)
    args = p.parse_args(argv)
    longest = max((played(seed, args.seats) for seed in range(args.games)), key=lambda m: len(m.history))
    text = codec.dumps(longest)
    save = timed(lambda: codec.dumps(longest))
    load = timed(lambda: codec.loads(text, games={GAME.id: GAME}))
    print(
        f"longest of {args.games} {args.seats}-seat random games: {len(longest.history)} decisions, "
        f"{len(text.encode()) / 1024:.0f} KiB; save {save[0] * 1e3:.1f} ms (worst {save[1] * 1e3:.1f}), "
        f"load {load[0] * 1e3:.1f} ms (worst {load[1] * 1e3:.1f})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
