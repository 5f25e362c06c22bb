"""Seat balance: `python -m engine.ai.balance --game rivalist --bots greedy --games 400`.

Plays seeded games between copies of one bot (each sees only its seat's view) and prints how
often each seat wins, with Wilson 95% intervals, and how the games ended: the outcome's sentence
with the seats left out ("{seat} wins by military supremacy."), each with its count. The arena
(`engine.ai.arena`) compares bots; this compares seats, with every seat played alike. The game
is reached through the registry only, as every tool of engine/ai does.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.ai import KINDS, make_bot
from engine.ai.stats import wilson
from engine.core.game import Game, name_seats, seat_label
from engine.core.options import parse_assignments
from engine.registry import GAMES

SEAT = "{seat}"


def play(
    game: Game[Any, Any, Any], options: Any, players: int, bot: str, seed: int
) -> tuple[tuple[int, ...], str]:
    """One game on deal `seed`, `bot` in every seat: (winners, how it ended, seats left out)."""
    bots = [make_bot(bot, seed * 7919 + i) for i in range(players)]
    s = game.setup(options, players, seed)
    while game.outcome(s) is None:
        for seat in game.to_act(s):
            if seat in game.to_act(s):  # (a simultaneous choice: each seat once)
                game.apply(s, seat, bots[seat].choose(game, game.view(s, seat), seat))
    out = game.outcome(s)
    assert out is not None
    return out.winners, name_seats(out.reason, [SEAT] * players)


def report(wins: Sequence[float], endings: Counter[str], games: int) -> list[str]:
    lines = []
    for seat, won in enumerate(wins):
        lo, hi = wilson(won, games)
        lines.append(f"{seat_label(seat)} wins {won / games:.3f}  [{lo:.3f}, {hi:.3f}]")
    lines.append("Endings:")
    lines += [f"  {n:>6} ({n / games:6.1%})  {text}" for text, n in endings.most_common()]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.ai.balance", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="rivalist", help=f"the game id ({', '.join(GAMES)})")
    p.add_argument("--players", type=int, help="seats at the table (default: the game's fewest)")
    p.add_argument("--bots", default="greedy", help=f"the bot in every seat, from: {', '.join(KINDS)}")
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="play a variant")
    args = p.parse_args(argv)
    if args.game not in GAMES:
        p.error(f"unknown game {args.game!r} (known: {', '.join(GAMES)})")
    if args.bots not in KINDS:
        p.error(f"unknown bot {args.bots!r} (known: {', '.join(KINDS)})")
    if args.games < 1:
        p.error("--games must be at least 1")
    game = GAMES[args.game]
    players = args.players if args.players is not None else game.players.start
    if players not in game.players:
        p.error(f"{game.title} is for {game.players.start}-{game.players.stop - 1} players")
    try:
        options = parse_assignments(game.Options, args.option)
        problem = game.check_options(options, players)
    except ValueError as exc:
        problem = str(exc)
    if problem:
        p.error(problem)
    wins = [0.0] * players
    endings: Counter[str] = Counter()
    for g in range(args.games):
        winners, ending = play(game, options, players, args.bots, args.seed * 1_000_003 + g)
        for w in winners:
            wins[w] += 1 / len(winners)
        endings[ending] += 1
    print(f"{game.title}: {players} players, {args.games} games, bots {args.bots}, seed {args.seed}")
    for line in report(wins, endings, args.games):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
