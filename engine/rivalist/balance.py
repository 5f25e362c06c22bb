"""Seat and victory-kind balance of Rivalist: `python -m engine.rivalist.balance --bots greedy --games 400`.

Plays seeded games between two copies of the same bot (bots see their seat's view only) and
prints how often each seat wins and how often each kind of victory (military, science,
civilian) ends the game, with Wilson 95% intervals for the seat shares. The figures behind the
card design choices recorded in RULES_NOTES.md come from this script.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence

from engine.ai import make_bot
from engine.ai.stats import wilson
from engine.registry import get_game
from engine.rivalist.game import GAME


def play(bot: str, seed: int) -> tuple[tuple[int, ...], str]:
    """One game between two `bot`s on deal `seed`: (winners, kind of victory)."""
    bots = [make_bot(bot, seed * 7919 + i) for i in (0, 1)]
    s = GAME.setup(GAME.Options(), 2, seed)
    while GAME.outcome(s) is None:
        seat = s.current
        a = bots[seat].choose(get_game("rivalist"), GAME.view(s, seat), seat)
        GAME.apply(s, seat, a)
    out = GAME.outcome(s)
    assert out is not None
    return out.winners, s.victory


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m engine.rivalist.balance", description=__doc__.split("\n\n")[0]
    )
    p.add_argument("--bots", default="greedy", help="the bot kind in both seats (random, greedy, easy, ...)")
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    wins = [0.0, 0.0]
    kinds: Counter[str] = Counter()
    for g in range(args.games):
        winners, kind = play(args.bots, args.seed * 1_000_003 + g)
        for w in winners:
            wins[w] += 1 / len(winners)
        kinds[kind] += 1
    n = args.games
    for seat in (0, 1):
        lo, hi = wilson(wins[seat], n)
        print(f"Player {seat + 1} wins {wins[seat] / n:.3f}  [{lo:.3f}, {hi:.3f}]")
    print(
        "victories: "
        + ", ".join(f"{k} {kinds[k]} ({kinds[k] / n:.1%})" for k in ("military", "science", "civilian"))
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
