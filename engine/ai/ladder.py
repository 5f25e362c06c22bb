"""The ladder: the levels play each other, and each gets an Elo-style rating with its interval.

    python -m engine.ai.ladder --game rivalist --games 100 --far-games 20 --seed 1 --cap-only --jobs 1

**Games.** Every pair of levels plays `--games` games (a pair not next to each other in
`--levels` plays `--far-games`, by default as many), dealt and seated exactly as the arena deals
and seats `--bots A,B` with the same seed (`engine.ai.arena`; A and B in the order of `SEATING`,
whatever the order of `--levels`, so a pair's games are the same in every ladder that plays
them and runs of different levels can be rated together): at 2 seats every deal twice with
the seats swapped; at more seats the two levels alternate round the table and every deal goes
round all the seats; at an odd seat count each level also starts half of the games (the same
deals), so that neither holds the extra seat throughout. Solo (`--players 1`): every level plays
the same deals alone, and two levels are compared deal by deal: the one that won, or else scored
more, takes the deal (an exact tie halves it). The games of all pairs are interleaved deal by
deal, so a run stopped early still holds a balanced sample of every pair.

**Ratings** are fit by maximum likelihood to every game played (Bradley-Terry; at more seats its
Luce form): each level has a strength g, and a game's win goes to a seat with a chance in
proportion to the g of the level sitting there, so a level holding n_a seats against one holding
n_b wins n_a g_a / (n_a g_a + n_b g_b) of the games (a shared win counts its share; a game nobody
wins, or a solo tie, half). A rating is 1500 + 400 log10(g / g_greedy): greedy is the fixed
reference at 1500 (without greedy, the first level listed), and 200 points mean the stronger seat
of a two-seat game wins 76% of the time. Each pair that met also counts one virtual drawn game
(BayesElo's prior), so a level that won every game still gets a finite rating. The 95% interval
is 1.96 standard errors either side, taken from the fit itself (the inverse of the observed
information at the maximum, the reference held fixed), not from a bootstrap: it measures a
level's distance from greedy, which has none.

**Then** each level's think time per decision (median and 95th percentile, wall clock and CPU,
decisions with 2+ legal actions), and the head to head: the steps between levels next to each
other in `--levels` (list them weakest first), then every other pair, each with the upper level's
share of the games, its Wilson 95% interval and the share equal bots would get. A step holds
when the interval's lower bound beats that even share by five points.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Iterable, Sequence
from itertools import combinations, zip_longest
from typing import NamedTuple

from engine.ai import arena
from engine.ai.stats import wilson
from engine.core.words import count

DEFAULT_LEVELS = ("random", "easy", "greedy", "normal", "hard")
# The order two levels sit in (before the arena rotates them), whatever `--levels` says: a pair's
# games are then the same in every ladder that plays it, and the same as the arena's `--bots A,B`.
SEATING = ("random", "easy", "normal", "hard", "expert", "greedy", "ismcts")
REFERENCE = "greedy"
REFERENCE_RATING = 1500.0
ELO = 400.0 / math.log(10.0)  # rating points per unit of log-strength
Z95 = 1.96
MARGIN = 0.05  # what a step must beat the even share by, at its interval's lower bound
PRIOR_DRAWS = 1.0  # virtual drawn games per pair that met


class Bout(NamedTuple):
    """One game seen as a contest of two levels: `a` held `seats_a` seats, `b` held `seats_b`,
    and `share_a` of the result went to `a` (the rest to `b`)."""

    a: str
    b: str
    seats_a: int
    seats_b: int
    share_a: float


class Rating(NamedTuple):
    level: str
    rating: float
    half: float  # half the 95% interval's width (0 for the reference)


class Step(NamedTuple):
    lower: str
    upper: str
    games: int
    share: float  # the upper level's
    lo: float
    hi: float
    even: float

    @property
    def holds(self) -> bool:
        return self.lo > self.even + MARGIN


# -- the games --------------------------------------------------------------------------------


def pairs(levels: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair of levels, the one listed first first."""
    return list(combinations(levels, 2))


def seated(a: str, b: str) -> tuple[str, str]:
    """The pair in its seating order (`SEATING`)."""
    return (a, b) if SEATING.index(a) < SEATING.index(b) else (b, a)


def adjacent(levels: Sequence[str], a: str, b: str) -> bool:
    return abs(levels.index(a) - levels.index(b)) == 1


def deal_size(players: int) -> int:
    """Games in one deal of a pair: every seat of every line-up it is played with."""
    return players * 2 if players % 2 and players > 1 else players


def schedule(
    game_spec: str,
    players: int,
    levels: Sequence[str],
    games: int,
    far_games: int,
    seed: int,
    first: int = 0,
    cap_only: bool = False,
    option_items: Sequence[str] = (),
) -> list[arena.Task]:
    """The arena's tasks for every pair (solo: every level), interleaved one deal at a time."""

    def lineup(bots: Sequence[str], n: int, start: int = first) -> list[arena.Task]:
        return arena.tasks(game_spec, players, bots, n, seed, start, cap_only, option_items)

    streams: list[list[arena.Task]] = []
    if players == 1:
        streams = [lineup((level,), games) for level in levels]
    for a, b in pairs(levels) if players > 1 else ():
        n = games if adjacent(levels, a, b) else far_games
        a, b = seated(a, b)
        if players % 2:  # odd: each level starts half of them, on the same deals
            # (`first` and `n` count the pair's games, half of them in each line-up)
            ab, ba = lineup((a, b), n // 2, first // 2), lineup((b, a), n - n // 2, first // 2)
            streams.append(
                [t for k in range(0, len(ba), players) for t in ab[k : k + players] + ba[k : k + players]]
            )
        else:
            streams.append(lineup((a, b), n))
    step = deal_size(players)
    chunks = [[s[k : k + step] for k in range(0, len(s), step)] for s in streams]
    return [t for row in zip_longest(*chunks, fillvalue=[]) for chunk in row for t in chunk]


# -- from games to bouts --------------------------------------------------------------------


def bouts(records: Iterable[arena.Record]) -> list[Bout]:
    """Every game as a contest of two levels. A game with one level in every seat says nothing
    about levels and is left out; solo games are paired deal by deal."""
    out: list[Bout] = []
    alone: dict[tuple[object, object, object], dict[str, tuple[float, float]]] = {}
    for rec in records:
        seats: list[str] = rec["seats"]
        if len(seats) == 1:
            deal = (rec.get("game"), rec.get("seed"), rec["index"])
            alone.setdefault(deal, {})[seats[0]] = (1.0 if rec["winners"] else 0.0, float(rec["scores"][0]))
            continue
        labels = list(dict.fromkeys(seats))
        if len(labels) == 1:
            continue
        if len(labels) > 2:
            raise ValueError(f"game {rec['index']} seats {', '.join(labels)}: the ladder compares two levels")
        a, b = labels
        winners: list[int] = rec["winners"]
        won_a = sum(1 for w in winners if seats[w] == a)
        share_a = won_a / len(winners) if winners else 0.5
        out.append(Bout(a, b, seats.count(a), seats.count(b), share_a))
    for results in alone.values():
        for a, b in combinations(sorted(results), 2):
            ra, rb = results[a], results[b]
            out.append(Bout(a, b, 1, 1, 1.0 if ra > rb else 0.0 if ra < rb else 0.5))
    return out


def head_to_head(found: Sequence[Bout], lower: str, upper: str) -> Step | None:
    """The upper level's share of the games between the two (None if they never met)."""
    games, share, even = 0, 0.0, 0.0
    for x in found:
        if {x.a, x.b} != {lower, upper}:
            continue
        games += 1
        up = x.a == upper
        share += x.share_a if up else 1.0 - x.share_a
        mine = x.seats_a if up else x.seats_b
        even += mine / (x.seats_a + x.seats_b)
    if not games:
        return None
    lo, hi = wilson(share, games)
    return Step(lower, upper, games, share / games, lo, hi, even / games)


# -- the fit ----------------------------------------------------------------------------------


def fit(found: Sequence[Bout], reference: str) -> list[Rating]:
    """Maximum-likelihood ratings (see the module's docstring), best first, with 95% intervals
    from the inverse information. Newton's method: the log-likelihood is concave, and with the
    prior draws strictly so once every level is linked to the reference."""
    levels = sorted({x.a for x in found} | {x.b for x in found} | {reference})
    index = {level: i for i, level in enumerate(levels)}
    met = {tuple(sorted((x.a, x.b))) for x in found}
    weighted = [(index[x.a], index[x.b], math.log(x.seats_a / x.seats_b), x.share_a, 1.0) for x in found]
    weighted += [(index[a], index[b], 0.0, 0.5, PRIOR_DRAWS) for a, b in met]
    free = [i for i, level in enumerate(levels) if level != reference]
    theta = [0.0] * len(levels)
    info: list[list[float]] = []
    for _ in range(100):
        grad, info = _derivatives(weighted, theta, free)
        step = solve(info, grad)
        for k, i in enumerate(free):
            theta[i] += max(-3.0, min(3.0, step[k]))
        if max((abs(s) for s in step), default=0.0) < 1e-10:
            break
    _grad, info = _derivatives(weighted, theta, free)
    cov = inverse(info)
    out = [Rating(reference, REFERENCE_RATING, 0.0)]
    for k, i in enumerate(free):
        out.append(Rating(levels[i], REFERENCE_RATING + ELO * theta[i], Z95 * ELO * math.sqrt(cov[k][k])))
    return sorted(out, key=lambda r: -r.rating)


def _derivatives(
    weighted: Sequence[tuple[int, int, float, float, float]], theta: Sequence[float], free: Sequence[int]
) -> tuple[list[float], list[list[float]]]:
    """The log-likelihood's gradient and its information matrix (minus the Hessian), over the
    free strengths."""
    n = len(theta)
    grad = [0.0] * n
    full = [[0.0] * n for _ in range(n)]
    for i, j, offset, share, weight in weighted:
        p = 1.0 / (1.0 + math.exp(-(theta[i] - theta[j] + offset)))
        g, h = weight * (share - p), weight * p * (1.0 - p)
        grad[i] += g
        grad[j] -= g
        full[i][i] += h
        full[j][j] += h
        full[i][j] -= h
        full[j][i] -= h
    return [grad[i] for i in free], [[full[i][j] for j in free] for i in free]


def solve(m: Sequence[Sequence[float]], v: Sequence[float]) -> list[float]:
    """x with m x = v (Gauss-Jordan with partial pivoting; the matrices here are a few rows)."""
    n = len(v)
    rows = [[*m[r], v[r]] for r in range(n)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(rows[r][c]))
        if abs(rows[pivot][c]) < 1e-12:
            raise ValueError("some levels never met the reference, directly or through others")
        rows[c], rows[pivot] = rows[pivot], rows[c]
        top = rows[c]
        for r in range(n):
            if r != c and rows[r][c]:
                f = rows[r][c] / top[c]
                rows[r] = [x - f * y for x, y in zip(rows[r], top, strict=True)]
    return [rows[r][n] / rows[r][r] for r in range(n)]


def inverse(m: Sequence[Sequence[float]]) -> list[list[float]]:
    n = len(m)
    columns = [solve(m, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[columns[c][r] for c in range(n)] for r in range(n)]


# -- the report -------------------------------------------------------------------------------


def report(records: Sequence[arena.Record], levels: Sequence[str], title: str) -> str:
    found = bouts(records)
    present = {x.a for x in found} | {x.b for x in found}
    reference = REFERENCE if REFERENCE in present else next(lv for lv in levels if lv in present)
    ratings = fit(found, reference)
    order = [lv for lv in levels if lv in present]
    order += [r.level for r in reversed(ratings) if r.level not in order]
    rows = {r["bot"]: r for r in arena.summarize(records)}
    solo = len(records[0]["seats"]) == 1
    lines = [title, ""]
    head = f"{'level':<8} {'rating':>6}  {'95% interval':<14} {'games':>6}"
    head += f" {'wins':>6} {'avg score':>9}" if solo else ""
    head += f" {'think median':>12} {'think p95':>9} {'cpu median':>10} {'cpu p95':>9} {'decisions':>9}"
    lines.append(head)
    for r in ratings:
        row = rows[r.level]
        band = "(reference)" if r.half == 0 else f"[{r.rating - r.half:.0f}, {r.rating + r.half:.0f}]"
        line = f"{r.level:<8} {r.rating:>6.0f}  {band:<14} {row['games']:>6}"
        line += f" {row['win']:>6.3f} {row['score']:>9.2f}" if solo else ""
        line += (
            f" {row['median'] * 1000:>10.1f}ms {row['p95'] * 1000:>7.1f}ms"
            f" {row['cpu_median'] * 1000:>8.1f}ms {row['cpu_p95'] * 1000:>7.1f}ms {row['decisions']:>9}"
        )
        lines.append(line)
    steps = [(a, b) for a, b in zip(order, order[1:], strict=False)]
    others = [(a, b) for a, b in pairs(order) if (a, b) not in steps]
    lines += ["", f"{'head to head':<20} {'games':>6} {'share':>6}  {'95% interval':<16} {'even':>6}  step"]
    for group in (steps, others):
        for lower, upper in group:
            h = head_to_head(found, lower, upper)
            if h is None:
                continue
            verdict = ("holds" if h.holds else "fails") if group is steps else ""
            lines.append(
                f"{lower + ' < ' + upper:<20} {h.games:>6} {h.share:>6.3f}  [{h.lo:.3f}, {h.hi:.3f}]"
                f"   {h.even:>6.3f}  {verdict}".rstrip()
            )
        lines.append("")
    lines.append(
        f"Rating: maximum likelihood over every game, {reference} fixed at {REFERENCE_RATING:.0f}; interval:"
        " 1.96 standard errors of the fit. Share: the upper level's (a shared win counts its share"
        + ("; solo: deals where it won, or else scored more, than the lower level" if solo else "")
        + "), Wilson 95%; a step holds when its lower bound beats the even share by 5 points. Think"
        " time: per decision with 2+ legal actions."
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.ai.ladder", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="rival_kings", help="game id, or module:attribute for a test game")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--levels", default=",".join(DEFAULT_LEVELS), help="comma-separated, weakest first")
    p.add_argument("--games", type=int, default=20, help="games per pair of levels next to each other")
    p.add_argument("--far-games", type=int, help="games per other pair (default: --games; 0: none)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--first", type=int, default=0, help="index of each pair's first game (to continue)")
    p.add_argument("--cap-only", action="store_true", help="search bots stop on their iteration cap only")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="play a variant")
    p.add_argument("--jsonl", help="append one JSON line per game to this file")
    p.add_argument(
        "--summary", nargs="+", metavar="FILE", help="only rate the games of earlier --jsonl files"
    )
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = p.parse_args(argv)
    levels = arena.read_bots(p, args.levels)
    if len(set(levels)) != len(levels) or len(levels) < 2:
        p.error("--levels needs two or more different levels")

    if args.summary:
        records = [rec for f in args.summary for rec in arena.read_jsonl(f)]
        if not records:
            p.error("no games in those files")
        if (
            len({len(rec["seats"]) for rec in records}) > 1
            or len({rec.get("game") for rec in records} - {None}) > 1
        ):
            p.error("those files mix games or seat counts; rate one table at a time")
        title = f"{len(records)} games from {', '.join(args.summary)}"
    else:
        game = arena.checked_table(p, args.game, args.players, args.option)
        far = args.games if args.far_games is None else args.far_games
        if args.games < 1 or far < 0:
            p.error("--games must be at least 1 and --far-games at least 0")
        block = deal_size(args.players)
        if (args.games % block or far % block) and not args.quiet:
            print(
                f"note: games per pair are not a multiple of {block}; seats are not balanced", file=sys.stderr
            )
        work = schedule(
            args.game,
            args.players,
            levels,
            args.games,
            far,
            args.seed,
            args.first,
            args.cap_only,
            args.option,
        )
        started = time.perf_counter()
        records = arena.collect(arena.play(work, args.jobs), len(work), args.jsonl, args.quiet)
        each = f"{args.games} games per {'level' if args.players == 1 else 'pair'}"
        each += f" ({far} for pairs far apart)" if far != args.games and args.players > 1 else ""
        title = (
            f"{game.title}: {count(args.players, 'player')}, levels {','.join(levels)}, {each}"
            f" from #{args.first}, seed {args.seed}, {len(records)} games, {count(args.jobs, 'job')},"
            f" {time.perf_counter() - started:.0f} s"
            + (", iteration caps only" if args.cap_only else "")
            + (f", options {' '.join(args.option)}" if args.option else "")
        )
    try:
        print(report(records, levels, title))
    except ValueError as exc:
        p.error(str(exc))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
