"""Figures for networked play, on loopback: `python -m rivals_net.bench [latency|memory|load|hostile|all]`.

latency  Two players and a spectator at a Rivalist table, each in a real SSH terminal (asyncssh
         client, `rivals serve` in a child process). For each decision: the moment Enter is sent
         in the deciding terminal, to the first bytes of the new screen arriving at each *other*
         terminal. Median and 95th percentile; the CPU time each app and the server spent per
         decision (which a busy machine does not inflate the way it does wall time). With
         --hops, also when each step was reached (`rivals_net.trace` marks): the deciding app
         sending the move; the server receiving, applying, saving and sending it; in each other
         app the update received, taken in, handed to the screen and painted; the door reading
         the new screen from that app's pseudo-terminal.
memory   The memory of one player's app (the door forks one per SSH session from its spawner, which
         holds the imported app once): resident, proportional and private (what one more player
         costs); and the table server's own memory per connected player (40 protocol clients at
         20 tables).
load     40 players at 20 tables (four of each game, two seats each) over the protocol, each
         deciding a random legal move after a think time; for a bounded time. The server's CPU
         (its process's user+system time over the run) and the 95th percentile of the time from
         a move sent to every player at that table holding the new state.
hostile  Four canary tables (two players each, a move after a think time) while the attacks of
         `rivals_net.hostile` run from other loopback addresses, in a process of their own: 200
         silent sockets, table floods, invite-code guessing, 150 spectators of the first canary
         table that never read, and spectators flooding its chat. The canaries' update times
         (all, the watched table, the others), the server's largest resident memory (`rivals
         serve` with its SSH door), whether a newcomer gets a table (directly) or the lobby
         (through the door) mid-siege, and what the attackers were told. --server-root runs
         another source tree's server (before/after).
capacity How many SSH players one host holds at a person's pace: players added in steps, each a
         real SSH session with its own app at a two-seat table, until the update p95 passes 250 ms
         or the memory 20 GiB (`rivals_net.bench_capacity`). With --kind web, browser players:
         websocket clients at the web door, as the page's script is, one app each.
Every run is bounded; the machine may be shared, so CPU time is given next to wall time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

from engine.registry import GAMES
from rivals_net import protocol as p
from rivals_net import trace
from rivals_net.bench_capacity import KINDS, capacity, summary
from rivals_net.client import Disconnected, TableClient
from rivals_net.harness import ROOT, Host, Stuck, Terminal, Watcher, named_seats, seed_table
from rivals_net.hostile import attack as hostile_attack


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _memory_mb(pid: int) -> dict[str, float]:
    """Resident (RSS), proportional (PSS: shared pages split among their users) and private
    (USS: what ending the process would free) memory of a process, in MB."""
    kb = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        kb[name] = int(value.split()[0])
    private = kb["Private_Clean"] + kb["Private_Dirty"]
    return {"rss": kb["Rss"] / 1024, "pss": kb["Pss"] / 1024, "uss": private / 1024}


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# -- latency -------------------------------------------------------------------------------------
async def latency(decisions: int, hops: bool = False) -> dict[str, float]:
    from engine.core.match import Match

    with tempfile.TemporaryDirectory() as tmp:
        host = Host(Path(tmp))
        host.saves.mkdir()
        marks = str(Path(tmp) / "trace")
        if hops:
            host.env[trace.TRACE_ENV] = marks
        keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(2)]
        game = GAMES["rivalist"]
        seed_table(host.saves, Match.new(game, game.Options(), named_seats(["Ann", "Bob"], 0), 5), [*keys])
        host.start()
        players = [Terminal(k, n) for k, n in zip(keys, ["ann", "bob"], strict=True)]
        spectator = Terminal(asyncssh.generate_private_key("ssh-ed25519"), "eve")
        watcher = Watcher()
        await watcher.open(host.table_port)
        loop = asyncio.get_running_loop()
        samples: list[float] = []
        sends: list[float] = []
        try:
            await asyncio.gather(*(t.join(host.port) for t in players), spectator.watch(host.port))
            assert host.proc is not None
            server, apps = host.proc.pid, host.apps()
            cpu0 = {pid: _cpu_seconds(pid) for pid in [server, *apps]}
            for _ in range(decisions):
                now = await watcher.until(lambda u: u.outcome is not None or bool(u.to_act))
                if now.outcome is not None:
                    break
                seat = now.to_act[0]
                me = players[seat]
                mark = len(me.screen)
                me.press("a")
                await me.wait_for("Type to filter", since=mark)
                await asyncio.sleep(0.3)  # let every terminal fall quiet
                others = [t for t in [*players, spectator] if t is not me]
                sent = loop.time()
                sends.append(sent)
                me.press("\r")
                await watcher.until(lambda u, b=now.decisions: u.decisions > b)
                deadline = time.monotonic() + 5
                while time.monotonic() < deadline and not all(t.arrivals[-1] > sent for t in others):
                    await asyncio.sleep(0.01)
                for t in others:
                    first = next((a for a in t.arrivals if a > sent), None)
                    if first is not None:
                        samples.append(first - sent)
            cpu = {pid: _cpu_seconds(pid) - was for pid, was in cpu0.items()}
        finally:
            for t in [*players, spectator]:
                await t.close()
            await watcher.close()
            host.stop()
        result = {
            "samples": len(samples),
            "median_ms": 1000 * statistics.median(samples),
            "p95_ms": 1000 * _pct(samples, 0.95),
            "max_ms": 1000 * max(samples),
            # CPU time, which the machine's load does not inflate the way it does wall time.
            "app_cpu_ms_per_decision": 1000 * sum(cpu[a] for a in apps) / len(apps) / len(sends),
            "server_cpu_ms_per_decision": 1000 * cpu[server] / len(sends),
        }
        if hops:
            for hop, times in _hops(trace.read(marks), sends).items():
                result[f"{hop}_median_ms"] = 1000 * statistics.median(times)
                result[f"{hop}_p95_ms"] = 1000 * _pct(times, 0.95)
        return result


SERVER_HOPS = ("server.received", "server.applied", "server.saved", "server.sent")
APP_HOPS = ("app.received", "app.applied", "app.callback", "app.write")


Mark = tuple[float, int, str, str]


def _first(
    marks: list[Mark], hop: str, after: float, pid: int | None = None, tag: str | None = None
) -> float | None:
    """When `hop` was first reached at or after `after` (by process `pid`, with `tag`, if given)."""
    for t, who, h, g in marks:
        if h == hop and t >= after and pid in (None, who) and tag in (None, g):
            return t
    return None


def _hops(marks: list[Mark], sends: list[float]) -> dict[str, list[float]]:
    """For each decision (Enter pressed at `sends[i]`), how long after it each hop was reached:
    the deciding app sending the move, the server's steps, then in every *other* player's app its
    steps in order, and the door reading that app's new screen from its pseudo-terminal."""
    out: dict[str, list[float]] = {}
    ends = [*sends[1:], float("inf")]
    for start, end in zip(sends, ends, strict=True):
        window = [m for m in marks if start <= m[0] < end]
        mover = _first(window, "app.move", start)
        mover_pid = next((who for t, who, h, _ in window if h == "app.move" and t == mover), None)
        last = start
        for hop in ("app.move", *SERVER_HOPS):
            at = _first(window, hop, last)
            if at is None:
                break
            out.setdefault(hop, []).append(at - start)
            last = at
        apps = {who for _, who, h, _ in window if h == "app.received" and who != mover_pid}
        for app in apps:
            step: float | None = last
            for hop in (*APP_HOPS, "door.read"):
                assert step is not None
                if hop == "door.read":
                    step = _first(window, hop, step, tag=str(app))
                else:
                    step = _first(window, hop, step, pid=app)
                if step is None:
                    break
                out.setdefault(hop, []).append(step - start)
    return out


# -- memory --------------------------------------------------------------------------------------
async def memory() -> dict[str, float]:
    from engine.core.match import Match

    with tempfile.TemporaryDirectory() as tmp:
        host = Host(Path(tmp))
        host.saves.mkdir()
        key = asyncssh.generate_private_key("ssh-ed25519")
        game = GAMES["rival_kings"]
        seed_table(host.saves, Match.new(game, game.Options(), named_seats(["Ann"], 2), 5), [key])
        host.start()
        assert host.proc is not None
        server_idle = _rss_mb(host.proc.pid)
        ann = Terminal(key, "ann")
        try:
            await ann.join(host.port)
            await asyncio.sleep(1)
            app = host.apps()[0]
            app_mem = _memory_mb(app)
            # The door's spawner holds the imported app once for every player's app it forks.
            spawner_mem = _memory_mb(host.spawners()[0]) if host.spawners() else {"rss": 0.0}
            clients = await _seat_players(host.table_port, 40, seed=3)
            await asyncio.sleep(1)
            server_full = _rss_mb(host.proc.pid)
            for c, _ in clients:
                await c.close()
        finally:
            await ann.close()
            host.stop()
    return {
        "app_per_ssh_player_rss_mb": app_mem["rss"],
        "app_per_ssh_player_pss_mb": app_mem["pss"],
        "app_per_ssh_player_private_mb": app_mem["uss"],
        "door_spawner_rss_mb": spawner_mem["rss"],
        "server_idle_mb": server_idle,
        "server_with_40_players_mb": server_full,
        "server_per_player_mb": (server_full - server_idle) / 40,
    }


# -- load ----------------------------------------------------------------------------------------
LOAD_GAMES = ("rivalist", "rival_kings", "rivals", "rival_realms", "rivality")


async def _seat_players(port: int, players: int, seed: int) -> list[tuple[TableClient, int]]:
    """`players` protocol clients at `players // 2` two-seat tables; (client, table id) each. The
    two players of a table come from a loopback address of their own (127.0.1.x), as two people
    at home would: the server's limits per address are for one machine, not for a club."""
    out: list[tuple[TableClient, int]] = []
    for t in range(players // 2):
        home = f"127.0.{1 + (t + 1) // 256}.{(t + 1) % 256}"
        pair = [
            await TableClient.connect(
                "127.0.0.1", port, f"P{t}-{i}", f"key:bench-{seed}-{t}-{i}-" + "0" * 16, local=home
            )
            for i in range(2)
        ]
        pair[0].send(p.Create(game=LOAD_GAMES[t % len(LOAD_GAMES)], seats=[p.SeatOffer(), p.SeatOffer()]))
        seated = await _next(pair[0], p.Seated)
        pair[1].send(p.Join(code=seated.code))
        await _next(pair[1], p.Seated)
        out += [(c, seated.table) for c in pair]
    return out


async def _next(client: TableClient, kind: type) -> Any:
    while True:
        m = await asyncio.wait_for(client.receive(), 30)
        if isinstance(m, kind):
            return m


async def _play(
    seated: list[tuple[TableClient, int]],
    seconds: float,
    think: float,
    fast: int | None = None,
    lost: list[str] | None = None,
) -> list[tuple[int, float]]:
    """Every client decides a random legal move after a think time (a twentieth of it at table
    `fast`), for `seconds`; for each update that brings a move, its table and the time from the
    move sent to its arrival. A client whose connection is lost stops (why, in `lost`)."""
    rng = random.Random(1)
    sent: dict[int, tuple[int, float]] = {}  # table -> (decisions expected, when the move went)
    times: list[tuple[int, float]] = []
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds

    async def play(client: TableClient, table: int) -> None:
        acted = -1  # the decisions of the last update this player moved on: once per state
        while loop.time() < end:
            try:
                m = await asyncio.wait_for(client.receive(), max(0.1, end - loop.time()))
            except TimeoutError:
                return
            except Disconnected as exc:
                if lost is None:
                    raise
                lost.append(f"table {table}: {exc} ({exc.__cause__!r})")
                return
            if isinstance(m, p.Bye) and lost is not None:
                lost.append(f"table {table}: {m.text}")
            if not isinstance(m, p.Update):
                continue
            waiting = sent.get(table)
            if waiting is not None and m.decisions >= waiting[0]:
                times.append((table, loop.time() - waiting[1]))
            allowed = [c for c in m.choices if c.reason is None]
            if allowed and m.outcome is None and m.decisions > acted:
                acted = m.decisions
                await asyncio.sleep(rng.uniform(0.5, 1.5) * (think / 20 if table == fast else think))
                sent[table] = (m.decisions + 1, loop.time())
                client.send(p.Move(action=rng.choice(allowed).action))

    await asyncio.gather(*(play(c, t) for c, t in seated))
    return times


async def load(players: int, seconds: float, think: float) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        host = Host(Path(tmp), ssh=False)
        host.start()
        assert host.proc is not None
        seated = await _seat_players(host.table_port, players, seed=1)
        cpu0, wall0, me0 = _cpu_seconds(host.proc.pid), time.monotonic(), time.process_time()
        times = [t for _, t in await _play(seated, seconds, think)]
        cpu = _cpu_seconds(host.proc.pid) - cpu0
        wall = time.monotonic() - wall0
        bench_cpu = time.process_time() - me0
        for c, _ in seated:
            await c.close()
        host.stop()
    return {
        "players": players,
        "tables": players // 2,
        "updates_timed": len(times),
        "wall_s": wall,
        "server_cpu_s": cpu,
        "server_cpu_share_of_one_core": cpu / wall,
        "bench_clients_cpu_s": bench_cpu,
        "update_median_ms": 1000 * statistics.median(times),
        "update_p95_ms": 1000 * _pct(times, 0.95),
    }


# -- hostile -------------------------------------------------------------------------------------
ATTACK = {  # what the hostile run throws at the server (see rivals_net/hostile.py)
    "idle_sockets": 200,
    "idle_addresses": 4,
    "flood_addresses": 2,
    "guess_addresses": 2,
    "spectators": 150,
    "spectate_addresses": 4,
    "chat_addresses": 2,
}


async def hostile(
    seconds: float, canaries: int, think: float, attack: dict[str, int], root: Path, flags: list[str]
) -> dict[str, Any]:
    """Canary tables played while every attack of `rivals_net.hostile` runs from a process of its
    own (silent spectators at the first canary table): the canaries' update times, the server's
    largest resident memory, and whether a newcomer (direct, and through the SSH door) gets in."""
    with tempfile.TemporaryDirectory() as tmp:
        host = Host(Path(tmp), root=root, flags=flags)
        host.start()
        assert host.proc is not None
        seated = await _seat_players(host.table_port, 2 * canaries, seed=2)
        # The watched table: the largest updates (Rivals) and quick players, so that every silent
        # spectator is sent, and on an unbounded server holds, as much as can be.
        watched = seated[2 * LOAD_GAMES.index("rivals")][1]
        ctx = multiprocessing.get_context("spawn")
        tally_in, tally_out = ctx.Pipe(duplex=False)
        warm = 5.0  # for the siege to be laid before the canaries are timed
        args = (host.table_port, watched, warm + seconds, attack, 2, tally_out)
        attacker = ctx.Process(target=hostile_attack, args=args)
        attacker.start()
        peak = [0.0]

        async def sample() -> None:
            while True:
                with contextlib.suppress(OSError):
                    peak[0] = max(peak[0], _rss_mb(host.proc.pid))  # type: ignore[union-attr]
                await asyncio.sleep(0.25)

        sampler = asyncio.get_running_loop().create_task(sample())
        try:
            await asyncio.sleep(warm)
            cpu0, wall0 = _cpu_seconds(host.proc.pid), time.monotonic()
            newcomers = asyncio.gather(_newcomer(host, seconds / 2), _ssh_newcomer(host, seconds / 2))
            lost: list[str] = []
            times = await _play(seated, seconds, think, fast=watched, lost=lost)
            direct, ssh = await newcomers
            cpu, wall = _cpu_seconds(host.proc.pid) - cpu0, time.monotonic() - wall0
            tally = tally_in.recv() if tally_in.poll(30) else {"attacker": "no tally"}
            code = host.proc.poll()
            ended = "yes" if code is None else f"no: ended with {code}, " + _tail(host.tmp / "serve.log")
        finally:
            sampler.cancel()
            attacker.join(10)
            for c, _ in seated:
                await c.close()
            host.stop()
    every = [t for _, t in times]
    others = [t for table, t in times if table != watched] or [0.0]
    spied = [t for table, t in times if table == watched] or [0.0]
    result: dict[str, Any] = {
        "canary_tables": canaries,
        "canary_updates": len(every),
        "canary_median_ms": 1000 * statistics.median(every),
        "canary_p95_ms": 1000 * _pct(every, 0.95),
        "watched_table_p95_ms": 1000 * _pct(spied, 0.95),
        "other_tables_p95_ms": 1000 * _pct(others, 0.95),
        "server_peak_rss_mb": peak[0],
        "server_cpu_share_of_one_core": cpu / wall,
        "canary_players_cut_off": "; ".join(lost) or "none",
        "server_still_running": ended,
        "newcomer_direct": direct,
        "newcomer_ssh": ssh,
    }
    result.update({f"attack {k}": v for k, v in sorted(tally.items())})
    return result


def _tail(path: Path) -> str:
    lines = path.read_text(errors="replace").splitlines()
    return " | ".join(lines[-3:])


async def _newcomer(host: Host, after: float) -> str:
    """A new player (an address of their own) in the middle of the siege: do they get a table?"""
    await asyncio.sleep(after)
    started = time.monotonic()
    try:
        client = await TableClient.connect(
            "127.0.0.1", host.table_port, "New", "key:newcomer-" + "0" * 20, local="127.0.2.1"
        )
        client.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer("ai", "easy")]))
        answer = await _next(client, p.Seated | p.Error | p.Bye)  # type: ignore[arg-type]
        await client.close()
    except (OSError, TimeoutError, Disconnected) as exc:
        return f"no ({exc})"
    if isinstance(answer, p.Seated):
        return f"seated in {1000 * (time.monotonic() - started):.0f} ms"
    return f"no ({answer.text})"


async def _ssh_newcomer(host: Host, after: float) -> str:
    """A new player through the SSH door in the middle of the siege: does their lobby open?"""
    await asyncio.sleep(after)
    started = time.monotonic()
    player = Terminal(asyncssh.generate_private_key("ssh-ed25519"), "newbie")
    try:
        await player.open(host.port)
        await player.wait_for("tables. c creates | table. c creates | No tables yet", since=0)
        return f"lobby in {1000 * (time.monotonic() - started):.0f} ms"
    except (Stuck, OSError, asyncssh.Error) as exc:
        return f"no ({str(exc)[-120:]!r})"
    finally:
        await player.close()


def _number(v: object) -> str:
    """A figure as printed: one decimal, two for a fraction (a CPU second per player and minute)."""
    if not isinstance(v, float):
        return str(v)
    return f"{v:.2f}" if 0 < abs(v) < 1 else f"{v:.1f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rivals_net.bench", description=__doc__.split("\n")[0])
    ap.add_argument(
        "what", nargs="?", default="all", choices=("latency", "memory", "load", "hostile", "capacity", "all")
    )
    ap.add_argument("--decisions", type=int, default=30, help="decisions timed for latency (default 30)")
    ap.add_argument("--hops", action="store_true", help="latency: also time each hop (RIVALS_TRACE marks)")
    ap.add_argument("--players", type=int, default=40, help="players for the load run (default 40)")
    ap.add_argument(
        "--seconds",
        type=float,
        help="length of the load run (default 30), of each capacity step (default 40)",
    )
    ap.add_argument("--think", type=float, default=1.0, help="mean think time of a load player (default 1 s)")
    ap.add_argument("--step", type=int, default=16, help="capacity: players added each step (default 16)")
    ap.add_argument("--max", type=int, default=256, help="capacity: players at most (default 256)")
    ap.add_argument(
        "--pace", type=float, default=7.5, help="capacity: a player's mean think time (default 7.5 s)"
    )
    ap.add_argument("--budget", type=float, default=600, help="capacity: seconds in all, about (default 600)")
    ap.add_argument(
        "--kind", choices=KINDS, default="ssh", help="capacity: SSH players or browser players (default ssh)"
    )
    ap.add_argument("--canaries", type=int, default=4, help="hostile: canary tables, 3 or more (default 4)")
    for name, default in ATTACK.items():
        ap.add_argument(
            "--" + name.replace("_", "-"), type=int, default=default, help=f"hostile (default {default})"
        )
    ap.add_argument(
        "--server-root",
        type=Path,
        default=ROOT,
        help="hostile: the source tree whose server runs (default this one)",
    )
    ap.add_argument(
        "--serve-flags", default="", help='hostile: more flags for rivals serve, e.g. "--per-address 200"'
    )
    args = ap.parse_args(argv)
    runs = ("latency", "memory", "load") if args.what == "all" else (args.what,)
    for run in runs:
        result: dict[str, Any]
        if run == "latency":
            result = asyncio.run(latency(args.decisions, args.hops))
        elif run == "memory":
            result = asyncio.run(memory())
        elif run == "load":
            result = asyncio.run(load(args.players, args.seconds or 30.0, args.think))
        elif run == "capacity":
            steps = asyncio.run(
                capacity(args.step, args.max, args.pace, args.seconds or 40.0, args.budget, args.kind)
            )
            result = summary(steps, os.cpu_count() or 1)
        else:
            attack = {name: getattr(args, name) for name in ATTACK}
            flags = args.serve_flags.split()
            result = asyncio.run(
                hostile(args.seconds or 30.0, args.canaries, args.think, attack, args.server_root, flags)
            )
        shown = ", ".join(f"{k} {_number(v)}" for k, v in result.items())
        print(f"{run}: {shown}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
