"""The arena: pit bots against each other over many seeded games and report how they fare.

    python -m engine.ai.arena --game rival_kings --players 2 --bots hard,greedy --games 200 --seed 1 --jobs 2

The bots fill the seats in the order given, repeating when there are more seats than bots (with
4 players, `hard,greedy` sits as hard, greedy, hard, greedy). Each deal (one seed) is played once
per rotation of that line-up, so every bot sits in every seat equally often and meets the same
cards from each side. Bots only ever receive their seat's view; the arena checks every action
against the real state before applying it.

For each bot it prints its share of wins with a Wilson 95% interval, the share it would get if
all bots were equal, its average final score, and its thinking time per decision (median and
95th percentile, over decisions with more than one legal action). A game won jointly by k seats
gives each of them 1/k of a win; a bot sitting in two seats adds up both seats' shares.

`--option NAME=VALUE` (repeatable) plays a variant, as on the `rivals new` command line (for
example `--option solo_level=hard` for solo Rival Realms). `--jsonl FILE` appends one line per
game, so that a long run can be split (`--first`) and its
parts summarised together later with `--summary FILE...`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from typing import Any

from engine.ai import KINDS, ISMCTSBot, make_bot
from engine.ai.stats import percentile, wilson
from engine.core.errors import IllegalAction
from engine.core.game import Game
from engine.core.options import parse_assignments
from engine.core.words import count
from engine.registry import get_game

# A game that has not ended after this many decisions is reported as a bug, not played forever.
MAX_DECISIONS = 100_000

Record = dict[str, Any]


def resolve_game(spec: str) -> Game[Any, Any, Any]:
    """A registered game id, or `module:attribute` naming a game object or class (for test games)."""
    if ":" not in spec:
        return get_game(spec)
    module, _, attr = spec.partition(":")
    obj = getattr(importlib.import_module(module), attr)
    return obj() if isinstance(obj, type) else obj  # type: ignore[no-any-return]


def lineup(bots: Sequence[str], players: int) -> list[str]:
    """The bots seat by seat before rotation: repeated in order to fill every seat."""
    return [bots[i % len(bots)] for i in range(players)]


def seats_for(bots: Sequence[str], players: int, game_index: int) -> list[str]:
    """Which bot sits in each seat in game `game_index`: the line-up rotated by the game index."""
    base = lineup(bots, players)
    r = game_index % players
    return base[r:] + base[:r]


def deal_seed(seed: int, game_index: int, players: int) -> int:
    """Consecutive games share a deal while the line-up rotates through the seats."""
    return seed * 1_000_003 + game_index // players


# (game, players, bots, seed, game index, cap only[, variant options as NAME=VALUE])
Task = (
    tuple[str, int, tuple[str, ...], int, int, bool]
    | tuple[str, int, tuple[str, ...], int, int, bool, tuple[str, ...]]
)


def play_one(task: Task) -> Record:
    """Play game `index` of a match and return what the summary needs.

    With `cap_only` the search bots ignore their time budget and stop on their iteration cap
    alone, so a match gives the same games on any machine under any load.
    """
    game_spec, players, bots, seed, index, cap_only = task[:6]
    option_items: tuple[str, ...] = task[6] if len(task) > 6 else ()
    game = resolve_game(game_spec)
    options = parse_assignments(game.Options, list(option_items))
    labels = seats_for(bots, players, index)
    players_bots = [make_bot(label, seed * 7919 + index * 64 + i) for i, label in enumerate(labels)]
    if cap_only:
        for bot in players_bots:
            if isinstance(bot, ISMCTSBot):
                bot.budget = math.inf
    state = game.setup(options, players, deal_seed(seed, index, players))
    times: dict[str, list[float]] = {label: [] for label in labels}
    cpu: dict[str, list[float]] = {label: [] for label in labels}
    decisions = 0
    while game.outcome(state) is None:
        acting = game.to_act(state)
        if not acting:
            raise RuntimeError(f"game {index}: nobody to act but no outcome")
        for seat in acting:
            if seat not in game.to_act(state):
                continue
            view = game.view(state, seat)  # the bot sees only what its seat may see
            options = len(game.legal(view, seat))
            t0, c0 = time.perf_counter(), time.process_time()
            action = players_bots[seat].choose(game, view, seat)
            elapsed, spent = time.perf_counter() - t0, time.process_time() - c0
            if options > 1:
                times[labels[seat]].append(elapsed)
                cpu[labels[seat]].append(spent)
            try:
                game.apply(state, seat, action)  # a bot's choice from its view: judged here, once
            except IllegalAction as exc:
                raise RuntimeError(
                    f"game {index}: {labels[seat]} in seat {seat} chose {action!r}: {exc.reason}"
                ) from None
            decisions += 1
            if decisions > MAX_DECISIONS:
                raise RuntimeError(f"game {index} did not end after {MAX_DECISIONS} decisions")
    out = game.outcome(state)
    assert out is not None
    return {
        "game": game_spec,
        "seed": seed,
        "index": index,
        "seats": labels,
        "scores": list(out.scores),
        "winners": list(out.winners),
        "times": times,
        "cpu": cpu,
        "decisions": decisions,
    }


def tasks(
    game_spec: str,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int,
    first: int = 0,
    cap_only: bool = False,
    option_items: Sequence[str] = (),
) -> list[Task]:
    """Games `first`..`first + games - 1` of one line-up, as `play_one` takes them."""
    items = tuple(option_items)
    return [(game_spec, players, tuple(bots), seed, i, cap_only, items) for i in range(first, first + games)]


def play(work: Sequence[Task], jobs: int = 1) -> Iterable[Record]:
    """Play the tasks (on `jobs` worker processes), yielding each record in task order."""
    if jobs <= 1:
        yield from map(play_one, work)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(play_one, work)


def run(
    game_spec: str,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    first: int = 0,
    cap_only: bool = False,
    option_items: Sequence[str] = (),
) -> Iterable[Record]:
    """Play games `first`..`first + games - 1`, yielding each record in game order."""
    return play(tasks(game_spec, players, bots, games, seed, first, cap_only, option_items), jobs)


def collect(records: Iterable[Record], total: int, jsonl: str | None, quiet: bool) -> list[Record]:
    """The records as they come, each appended to `jsonl` at once (so a run stopped half-way
    keeps what it played), with a progress line on stderr every ten games unless `quiet`."""
    started = time.perf_counter()
    out: list[Record] = []
    for rec in records:
        out.append(rec)
        if jsonl:
            with open(jsonl, "a", encoding="utf-8") as sink:
                sink.write(json.dumps(rec) + "\n")
        if not quiet and (len(out) % 10 == 0 or len(out) == total):
            elapsed = time.perf_counter() - started
            print(f"{len(out)}/{total} games, {elapsed:.0f} s", file=sys.stderr, flush=True)
    return out


def checked_table(
    p: argparse.ArgumentParser, game_spec: str, players: int, option_items: Sequence[str]
) -> Game[Any, Any, Any]:
    """The game, once its seat count and variant options are known to fit (else `p.error`)."""
    game = resolve_game(game_spec)
    if players not in game.players:
        p.error(f"{game.title} is for {game.players.start}-{game.players.stop - 1} players")
    try:
        problem = game.check_options(parse_assignments(game.Options, list(option_items)), players)
    except ValueError as exc:
        problem = str(exc)
    if problem:
        p.error(problem)
    return game


def read_bots(p: argparse.ArgumentParser, text: str) -> list[str]:
    """A comma-separated list of bot kinds (`p.error` on an unknown one)."""
    bots = [b.strip() for b in text.split(",") if b.strip()]
    for b in bots:
        if b not in KINDS:
            p.error(f"unknown bot {b!r} (known: {', '.join(KINDS)})")
    return bots


def summarize(records: Sequence[Record]) -> list[dict[str, Any]]:
    """Per bot: games, win share, its interval, the share equal bots would get, scores, times."""
    rows: dict[str, dict[str, Any]] = {}
    for rec in records:
        seats: list[str] = rec["seats"]
        winners: list[int] = rec["winners"]
        share = 1.0 / len(winners) if winners else 0.0
        for label in dict.fromkeys(seats):
            row = rows.setdefault(
                label, {"games": 0, "wins": 0.0, "seats": 0, "scores": [], "times": [], "cpu": []}
            )
            mine = [i for i, s in enumerate(seats) if s == label]
            row["games"] += 1
            row["seats"] = len(mine)
            row["wins"] += share * sum(1 for i in mine if i in winners)
            row["scores"].extend(rec["scores"][i] for i in mine)
            row["times"].extend(rec["times"].get(label, []))
            row["cpu"].extend(rec.get("cpu", {}).get(label, []))  # absent from older files
    out = []
    for label, row in rows.items():
        n = row["games"]
        players = len(records[0]["seats"])
        lo, hi = wilson(row["wins"], n)
        out.append(
            {
                "bot": label,
                "games": n,
                "seats": row["seats"],
                "win": row["wins"] / n,
                "lo": lo,
                "hi": hi,
                "even": row["seats"] / players,
                "score": statistics.fmean(row["scores"]) if row["scores"] else float("nan"),
                "median": percentile(row["times"], 50),
                "p95": percentile(row["times"], 95),
                "cpu_median": percentile(row["cpu"], 50),
                "cpu_p95": percentile(row["cpu"], 95),
                "decisions": len(row["times"]),
            }
        )
    return out


def report(records: Sequence[Record], title: str) -> str:
    lines = [title, ""]
    lines.append(
        f"{'bot':<8} {'seats':>5} {'games':>5} {'win share':>9}  {'95% interval':<16} {'if equal':>8} "
        f"{'avg score':>9} {'think median':>12} {'think p95':>9} {'cpu median':>10} {'cpu p95':>9} "
        f"{'decisions':>9}"
    )
    for r in summarize(records):
        lines.append(
            f"{r['bot']:<8} {r['seats']:>5} {r['games']:>5} {r['win']:>9.3f}  "
            f"[{r['lo']:.3f}, {r['hi']:.3f}]   {r['even']:>8.3f} {r['score']:>9.2f} "
            f"{r['median'] * 1000:>10.1f}ms {r['p95'] * 1000:>7.1f}ms "
            f"{r['cpu_median'] * 1000:>8.1f}ms {r['cpu_p95'] * 1000:>7.1f}ms {r['decisions']:>9}"
        )
    lines.append("")
    lines.append(
        "Win share: a game won jointly by k seats gives each 1/k of a win; a bot in several seats adds "
        "them up. Interval: Wilson score, 95%. Think time: wall clock per decision with 2+ legal actions; "
        "cpu: the process's CPU time for the same decisions (what the bot itself spent on a shared machine)."
    )
    return "\n".join(lines)


def read_jsonl(path: str) -> list[Record]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.ai.arena", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="rival_kings", help="game id, or module:attribute for a test game")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--bots", default="hard,greedy", help=f"comma-separated, from: {', '.join(KINDS)}")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--first", type=int, default=0, help="index of the first game (to continue a run)")
    p.add_argument(
        "--cap-only",
        action="store_true",
        help="search bots stop on their iteration cap only, ignoring their time budget (repeatable anywhere)",
    )
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="play a variant")
    p.add_argument("--jsonl", help="append one JSON line per game to this file")
    p.add_argument("--summary", nargs="+", metavar="FILE", help="only summarise earlier --jsonl files")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = p.parse_args(argv)

    if args.summary:
        earlier = [rec for f in args.summary for rec in read_jsonl(f)]
        if not earlier:
            p.error("no games in those files")
        print(report(earlier, f"{len(earlier)} games from {', '.join(args.summary)}"))
        return 0

    bots = read_bots(p, args.bots)
    game = checked_table(p, args.game, args.players, args.option)
    if args.games < 1:
        p.error("--games must be at least 1")
    if args.games % args.players and not args.quiet:
        print(
            f"note: {args.games} games is not a multiple of {args.players}; seats are not balanced",
            file=sys.stderr,
        )

    started = time.perf_counter()
    work = tasks(args.game, args.players, bots, args.games, args.seed, args.first, args.cap_only, args.option)
    records = collect(play(work, args.jobs), args.games, args.jsonl, args.quiet)
    title = (
        f"{game.title}: {args.players} players, {args.games} games from #{args.first}, "
        f"bots {','.join(bots)}, seed {args.seed}, {count(args.jobs, 'job')}, "
        f"{time.perf_counter() - started:.0f} s"
        + (", iteration caps only" if args.cap_only else "")
        + (f", options {' '.join(args.option)}" if args.option else "")
    )
    print(report(records, title))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
