"""Whole games over real SSH on 127.0.0.1: `rivals serve` in a child process, asyncssh clients with
terminals, every decision made by keys in the deciding player's own terminal.

Rival Kings: three people at three terminals against one AI (played by the server), a spectator
following in a fourth; one player's connection is killed while they owe a decision and they come
back with the same key to the same seat; the server is killed outright (SIGKILL, possibly in the
middle of a save) and started again, everyone reconnects, nothing seen before is lost; the game is
played to its end. The same for a two-player Rivalist game with a spectator and a clean restart (SIGTERM)
— its dropped connection left to the Rival Kings test, for time. After each: no app process is
left behind.

To fit the budget the tables start from a seeded late position (a random game's last dozen or so
decisions left), written to the save folder as a table the server resumes at start; every decision
after that is made by keys (`a` opens the action picker, Enter takes the first allowed move).
Budget: 25 s for the two games on two quiet cores. Measured on the shared machine (load average 11):
76 s wall, 43 s of CPU in all (almost all of it the server and the 15 app processes it starts).
"""

from __future__ import annotations

import asyncio
import random
import signal
from pathlib import Path

import asyncssh
import pytest

from engine.core.match import Match
from engine.registry import GAMES
from rivals_net.harness import Host, Terminal, Watcher, named_seats, seed_table

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")


def late_position(game_id: str, names: list[str], ai: int, seed: int, left: int) -> Match:
    """A random game of `game_id`, all but its last `left` decisions played."""
    game = GAMES[game_id]
    seats = named_seats(names, ai)
    m = Match.new(game, game.Options(), seats, seed)
    rng = random.Random(seed)
    while not m.over:
        s = m.to_act()[0]
        m.submit(s, rng.choice(list(m.legal(s))))
    late = Match.new(game, game.Options(), seats, seed)
    for s, a in m.history[: len(m.history) - left]:
        late.submit(s, a)
    return late


async def play_some(players: list[Terminal], watcher: Watcher, decisions: int | None) -> None:
    """Make `decisions` decisions (None: to the end), each by keys at the deciding terminal."""
    made = 0
    while decisions is None or made < decisions:
        now = await watcher.until(lambda u: u.outcome is not None or any(s < len(players) for s in u.to_act))
        if now.outcome is not None:
            return
        seat = next(s for s in now.to_act if s < len(players))
        before = now.decisions
        await players[seat].decide()
        await watcher.until(lambda u, b=before: u.decisions > b)
        made += 1


async def drop_and_return(host: Host, players: list[Terminal], names: list[str], watcher: Watcher) -> None:
    """A player's connection dies while they owe a decision: the seat waits, their app is ended,
    and the same key takes them back to the same seat."""
    owing = await watcher.until(lambda u: any(s < len(names) for s in u.to_act))
    gone = next(s for s in owing.to_act if s < len(names))
    players[gone].abort()
    await watcher.until(lambda u: not u.seats[gone].here)
    assert watcher.latest is not None and watcher.latest.seats[gone].name == names[gone]
    for _ in range(100):
        if len(host.apps()) == len(names):  # the other players' and the spectator's
            break
        await asyncio.sleep(0.05)
    assert len(host.apps()) == len(names)
    await players[gone].join(host.port)
    back = await watcher.until(lambda u: u.seats[gone].here)
    assert back.decisions == owing.decisions and back.seats[gone].name == names[gone]


async def scenario(
    tmp_path: Path, game_id: str, names: list[str], ai: int, *, seed: int, left: int, kill: int, drop: bool
) -> None:
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in names]
    host = Host(tmp_path)
    host.saves.mkdir()
    seed_table(host.saves, late_position(game_id, names, ai, seed, left), [*keys, *([None] * ai)])
    host.start()
    players = [Terminal(k, n.lower()) for k, n in zip(keys, names, strict=True)]
    spectator = Terminal(asyncssh.generate_private_key("ssh-ed25519"), "eve")
    watcher = Watcher()
    try:
        await watcher.open(host.table_port)
        await asyncio.gather(*(t.join(host.port) for t in players), spectator.watch(host.port))
        await watcher.until(lambda u: all(s.here for s in u.seats[: len(names)]))
        await play_some(players, watcher, 1)

        if drop:
            await drop_and_return(host, players, names, watcher)
            await play_some(players, watcher, 1)

        # The server goes down (killed, or stopped) right after a decision; it comes back with the table.
        now = await watcher.until(lambda u: any(s < len(names) for s in u.to_act))
        seat = next(s for s in now.to_act if s < len(names))
        await players[seat].decide()
        seen = await watcher.until(lambda u, b=now.decisions: u.decisions > b)
        host.stop(kill)
        await host.until_no_apps()
        await watcher.close()
        host.start()
        watcher = Watcher()
        await watcher.open(host.table_port)
        resumed = await watcher.until(lambda u: True)
        assert resumed.decisions >= seen.decisions, "a decision every terminal had seen was lost"
        await asyncio.gather(*(t.join(host.port) for t in players), spectator.watch(host.port))

        await play_some(players, watcher, None)
        final = await watcher.until(lambda u: u.outcome is not None)
        assert final.to_act == []
        for t in [*players, spectator]:
            await t.wait_for("game over")
    finally:
        for t in [*players, spectator]:
            await t.close()
        await watcher.close()
        host.stop()
    await host.until_no_apps()


async def test_rival_kings_three_people_one_ai_over_ssh(tmp_path: Path) -> None:
    await scenario(
        tmp_path, "rival_kings", ["Ann", "Bob", "Cy"], 1, seed=3, left=7, kill=signal.SIGKILL, drop=True
    )


async def test_rivalist_two_people_over_ssh(tmp_path: Path) -> None:
    # A dropped connection is the Rival Kings test's; here the server is stopped cleanly instead.
    await scenario(tmp_path, "rivalist", ["Ann", "Bob"], 0, seed=1, left=6, kill=signal.SIGTERM, drop=False)
