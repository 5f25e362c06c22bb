"""How many players one host holds: `python -m rivals_net.bench capacity [--kind ssh|web]`.

The players come in steps (--step more each time, up to --max). Each is, as users get, either a
real SSH session with its own app process (`--kind ssh`, the default), or a browser tab at the web
door (`--kind web`: `rivals serve --no-ssh --web PORT`; an aiohttp websocket client with a cookie
jar of its own, as the page's script is, its app a process the door starts for it), seated at a
two-seat Rivalist table with another such player, and decides as a person does: a think time
drawn evenly from two thirds to four thirds of --pace seconds (5 to 10 s at the default 7.5: a
person reading the board, not the AI arena's bots), then the action picker opened ("a") and its
first move taken (Enter). At each step the tables play for --seconds, and the step records:

- the update time: from Enter in the deciding terminal (or tab) to the first bytes of the new
  screen at the other seat's terminal or socket (a screen not changed within `MISSED_AFTER`
  counts as that long);
- the host's memory: the proportional set size (PSS: shared pages split among their users) of
  the server with its door, the SSH door's spawner and every player's app;
- the CPU seconds the host's processes spent, per player and minute (which a machine busy with
  other work does not inflate the way it does wall time), of which the server with its door (the
  tables, and the SSH sessions' encryption or the web door's relaying), the bench's own (the
  players' SSH or websocket clients, which a real host does not run) and the machine's load
  average.

The ramp stops at the first step whose update p95 passes `P95_LIMIT_MS` or whose memory passes
`MEMORY_LIMIT_GIB` (or after --max, or when another step would pass --budget seconds in all).
"Players per core" is the last step that held divided by the machine's cores.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import secrets
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import asyncssh
import attrs

from engine.core.match import Match
from engine.registry import GAMES
from rivals_net.harness import (
    Holder,
    Host,
    Stuck,
    Tab,
    Terminal,
    Watcher,
    free_port,
    named_seats,
    seed_tables,
)

P95_LIMIT_MS = 250.0
MEMORY_LIMIT_GIB = 20.0
MISSED_AFTER = 10.0  # seconds: an update not on the other screen by then counts as this long
GAME = "rivalist"  # quick decisions, two seats, about 130 decisions a game: none ends in a run
# The host's own caps are raised out of the way: the bench measures the machine, not the limits.
SERVE_FLAGS = ["--max-sessions", "2000", "--max-connections", "5000", "--max-tables", "2000"]
KINDS = ("ssh", "web")  # an SSH player (a terminal) or a browser player (a tab at the web door)


@attrs.frozen
class Step:
    """What one step of the ramp measured."""

    players: int
    update_ms: list[float]  # one per decision timed (a missed screen counts as MISSED_AFTER)
    missed: int  # updates that did not reach the other screen within MISSED_AFTER
    stuck: int  # decisions the picker could not make (counted, not timed)
    wall_s: float
    host_cpu_s: float  # server with its door, the SSH door's spawner and every app
    server_cpu_s: float  # of which the server with its door (the tables, the sessions or tabs)
    bench_cpu_s: float  # this process: the players' SSH or websocket clients, the table watchers
    host_pss_mb: float
    app_pss_mb: list[float]
    load: float  # the machine's 1-minute load average at the step's end
    machine_busy: float  # share of all the machine's cores busy during the step (anyone's work)

    @property
    def p95_ms(self) -> float:
        return _pct(self.update_ms, 0.95) if self.update_ms else float("inf")

    @property
    def cpu_s_per_player_minute(self) -> float:
        return self.host_cpu_s / self.players / (self.wall_s / 60)


def _pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def verdict(step: Step) -> str | None:
    """Why the host did not hold this step, or None if it held."""
    if not step.update_ms:
        return "no update was timed"
    if step.p95_ms > P95_LIMIT_MS:
        return f"update p95 {step.p95_ms:.0f} ms > {P95_LIMIT_MS:.0f} ms"
    if step.host_pss_mb > MEMORY_LIMIT_GIB * 1024:
        return f"memory {step.host_pss_mb / 1024:.1f} GiB > {MEMORY_LIMIT_GIB:.0f} GiB"
    return None


HEADER = (
    f"{'players':>7} {'updates':>7} {'median ms':>9} {'p95 ms':>7} {'missed':>6} {'stuck':>5} "
    f"{'host MB':>8} {'app MB':>7} {'cpu s/pl/min':>12} {'server':>6} {'bench s/pl/min':>14} {'busy':>5} "
    f"{'load':>5}  held"
)


def row(step: Step) -> str:
    """One line of the table: a step's figures and whether the host held it."""
    median = statistics.median(step.update_ms) if step.update_ms else float("inf")
    app = statistics.mean(step.app_pss_mb) if step.app_pss_mb else 0.0
    minutes = step.players * step.wall_s / 60
    server, bench = step.server_cpu_s / minutes, step.bench_cpu_s / minutes
    why = verdict(step)
    held = "yes" if why is None else "no: " + why
    return (
        f"{step.players:>7} {len(step.update_ms):>7} {median:>9.0f} {step.p95_ms:>7.0f} "
        f"{step.missed:>6} {step.stuck:>5} {step.host_pss_mb:>8.0f} {app:>7.1f} "
        f"{step.cpu_s_per_player_minute:>12.2f} {server:>6.2f} {bench:>14.2f} {step.machine_busy:>5.0%} "
        f"{step.load:>5.1f}  {held}"
    )


def summary(steps: Sequence[Step], cores: int) -> dict[str, float | int | str]:
    """The ramp's figures: the last step that held (players, players per core), the memory per
    player (mean PSS of an app), and the CPU per player and minute over every step."""
    held = [s for s in steps if verdict(s) is None]
    last = held[-1].players if held else 0
    apps = [mb for s in steps for mb in s.app_pss_mb]
    minutes = sum(s.players * s.wall_s / 60 for s in steps)
    cpu = sum(s.host_cpu_s for s in steps) / minutes
    stopped = next((verdict(s) for s in steps if verdict(s) is not None), None)
    return {
        "players_held": last,
        "cores": cores,
        "players_per_core": last / cores,
        "app_pss_mb_per_player": statistics.mean(apps) if apps else 0.0,
        "host_cpu_s_per_player_minute": cpu,
        "server_cpu_s_per_player_minute": sum(s.server_cpu_s for s in steps) / minutes,
        # A core's minute over one player's CPU per minute: what a host does no other work for.
        "players_per_core_by_cpu": 60 / cpu if cpu else 0.0,
        "stopped": stopped or "at --max or --budget: every step held",
    }


# -- measuring -----------------------------------------------------------------------------------
def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _pss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _machine_ticks() -> tuple[int, int]:
    """(busy, all) jiffies of every core since boot."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle and waiting for I/O
    return sum(values) - idle, sum(values)


def _host_pids(host: Host) -> list[int]:
    assert host.proc is not None
    return [host.proc.pid, *host.spawners(), *host.apps()]


def _host_cpu(pids: list[int]) -> dict[int, float]:
    out = {}
    for pid in pids:
        with contextlib.suppress(OSError):
            out[pid] = _cpu_seconds(pid)
    return out


class Seat:
    """The two players of one table (SSH terminals or browser tabs), its watcher (the oracle for
    whose turn it is: the players are driven by keys only) and what its decisions measured."""

    def __init__(self, number: int, kind: str = "ssh") -> None:
        self.number = number
        self.players: list[Terminal | Tab]
        self.holders: list[Holder]  # who holds each seat, as the table's record says
        if kind == "ssh":
            keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(2)]
            self.players = [Terminal(k, f"p{number}-{i}") for i, k in enumerate(keys)]
            self.holders = [*keys]
        else:
            tabs = [Tab(secrets.token_urlsafe(32), f"p{number}-{i}") for i in range(2)]
            self.players = [*tabs]
            self.holders = [t.identity for t in tabs]
        self.watcher = Watcher()
        self.home = f"127.0.{1 + number // 256}.{number % 256}"  # the pair's own address
        self.timed: list[tuple[float, float]] = []  # (when Enter was sent, update time)
        self.missed: list[float] = []  # when Enter was sent, for each update that never showed
        self.stuck: list[float] = []  # when the picker could not be opened
        self.pending: float | None = None  # when Enter was sent, while its update is awaited

    async def join(self, host: Host, door: int) -> None:
        """Both players come in at the door on port `door`: each lands in its seat (the only
        table it holds one at), as a returning player does."""
        await self.watcher.open(host.table_port, self.number, local=self.home)
        for t in self.players:
            await t.open(door, local=(self.home, 0))
            await t.wait_for("Detail", since=0, timeout=60)

    async def play(self, pace: float, rng: random.Random) -> None:
        loop = asyncio.get_running_loop()
        done = -1
        while True:
            now = await self.watcher.until(
                lambda u, d=done: u.outcome is not None or (u.decisions > d and bool(u.to_act)), 120
            )
            if now.outcome is not None:
                return
            done = now.decisions
            await asyncio.sleep(rng.uniform(2 / 3, 4 / 3) * pace)
            me = self.players[now.to_act[0]]
            other = self.players[1 - now.to_act[0]]
            try:
                await self._open_picker(me)
            except Stuck:
                self.stuck.append(loop.time())
                continue
            await asyncio.sleep(0.3)  # for both terminals to fall quiet
            sent = self.pending = loop.time()
            me.press("\r")
            with contextlib.suppress(Stuck):
                await self.watcher.until(lambda u, d=done: u.decisions > d, MISSED_AFTER)
            while loop.time() < sent + MISSED_AFTER and not other.arrivals[-1] > sent:
                await asyncio.sleep(0.01)
            first = next((a for a in other.arrivals if a > sent), None)
            if first is None:
                self.missed.append(sent)
            else:
                self.timed.append((sent, first - sent))
            self.pending = None

    @staticmethod
    async def _open_picker(me: Terminal | Tab) -> None:
        for _ in range(5):
            mark = len(me.screen)
            me.press("a")
            with contextlib.suppress(Stuck):
                await me.wait_for("Type to filter", since=mark, timeout=5)
                return
            me.press("\x1b")  # not this seat's turn on its screen yet: start again clean
            await asyncio.sleep(0.5)
        raise Stuck(f"{me.user} could not open the action picker")

    async def close(self) -> None:
        for t in self.players:
            await t.close()
        await self.watcher.close()


async def capacity(
    step: int, most: int, pace: float, seconds: float, budget: float, kind: str = "ssh"
) -> list[Step]:
    """Ramp up the players (of `kind`: "ssh" or "web") `step` at a time (an even number: two a
    table) up to `most`, each step played for `seconds`; the steps measured, printed as they end."""
    step, most = max(2, step - step % 2), max(2, most - most % 2)
    game = GAMES[GAME]
    tables = [Seat(n, kind) for n in range(1, most // 2 + 1)]
    started = time.monotonic()
    steps: list[Step] = []
    with tempfile.TemporaryDirectory() as tmp:
        if kind == "ssh":
            host = Host(Path(tmp), flags=SERVE_FLAGS)
            door = host.port
        else:  # the web door alone: the server's CPU is the tables' and the web door's
            door = free_port()
            host = Host(Path(tmp), ssh=False, args=["--web", str(door)], flags=SERVE_FLAGS)
        host.saves.mkdir()
        seats = named_seats(["Ann", "Bob"], 0)
        seed_tables(
            host.saves, [(Match.new(game, game.Options(), seats, t.number), t.holders) for t in tables]
        )
        host.start()
        playing: list[asyncio.Task[None]] = []
        print(HEADER, flush=True)
        try:
            players = 0
            while players < most:
                began = time.monotonic()
                new = tables[players // 2 : (players + step) // 2]
                await asyncio.gather(*(t.join(host, door) for t in new))
                for t in new:
                    playing.append(asyncio.create_task(t.play(pace, random.Random(t.number))))
                players += 2 * len(new)
                failed = [task for task in playing if task.done() and task.exception() is not None]
                if failed:
                    raise failed[0].exception()  # type: ignore[misc]
                measured = await _measure(host, tables[: players // 2], players, seconds)
                steps.append(measured)
                print(row(measured), flush=True)
                took = time.monotonic() - began
                if verdict(measured) is not None or time.monotonic() - started + took * 1.3 > budget:
                    break
        finally:
            for task in playing:
                task.cancel()
            await asyncio.gather(*playing, return_exceptions=True)
            await asyncio.gather(*(t.close() for t in tables), return_exceptions=True)
            # The players gone, their apps end (a busy 2-core host took over 10 s for 80 web
            # apps); the server is stopped once they have, not while it is still ending them.
            with contextlib.suppress(Stuck):
                await host.until_no_apps(60)
            host.stop()
    return steps


async def _measure(host: Host, tables: list[Seat], players: int, seconds: float) -> Step:
    """Let the tables play for `seconds` and read what the host spent meanwhile."""
    loop = asyncio.get_running_loop()
    pids = _host_pids(host)
    cpu0, me0, ticks0 = _host_cpu(pids), time.process_time(), _machine_ticks()
    start = loop.time()
    await asyncio.sleep(seconds)
    end = loop.time()
    cpu1, me1, ticks1 = _host_cpu(pids), time.process_time(), _machine_ticks()
    # The updates sent in the window and still on their way are part of it.
    while any(t.pending is not None and t.pending < end for t in tables):
        await asyncio.sleep(0.05)
    app_pss = []
    for pid in host.apps():
        with contextlib.suppress(OSError):
            app_pss.append(_pss_mb(pid))
    others = 0.0
    for pid in [pids[0], *host.spawners()]:
        with contextlib.suppress(OSError):
            others += _pss_mb(pid)
    timed = [1000 * ms for t in tables for sent, ms in t.timed if start <= sent < end]
    missed = sum(1 for t in tables for sent in t.missed if start <= sent < end)
    busy = (ticks1[0] - ticks0[0]) / max(1, ticks1[1] - ticks0[1])
    return Step(
        players=players,
        update_ms=timed + [1000 * MISSED_AFTER] * missed,
        missed=missed,
        stuck=sum(1 for t in tables for when in t.stuck if start <= when < end),
        wall_s=end - start,
        host_cpu_s=sum(cpu1[pid] - cpu0[pid] for pid in cpu1 if pid in cpu0),
        server_cpu_s=cpu1.get(pids[0], 0.0) - cpu0.get(pids[0], 0.0),
        bench_cpu_s=me1 - me0,
        host_pss_mb=others + sum(app_pss),
        app_pss_mb=app_pss,
        load=os.getloadavg()[0],
        machine_busy=busy,
    )
