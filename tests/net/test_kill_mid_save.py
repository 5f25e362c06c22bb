"""The table server killed (SIGKILL) in the middle of saving a decision, at the two steps that decide
what a crash leaves on disk (tests/net/paused_save.py stops the real save there): before the new
save replaces the old one, and after it has but before the folder is flushed. Each time the
server is started again on the same saves; the table must come back loadable, at the decision
before or after the one being saved, with every event the players had been told still there
(they are told only once the save is done), and play must go on. And killed while it cannot save
at all (a full disk): nobody was told of the decision it holds, and the table comes back without it.

Budget: 8 s (six starts of `rivals serve` in a child process, over the protocol on 127.0.0.1).
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
from pathlib import Path
from typing import Any

import pytest

from engine.core import SeatSpec
from engine.core.match import Match
from engine.registry import GAMES
from rivals_net import protocol as p
from rivals_net.client import TableClient
from rivals_net.harness import Host, Stuck
from rivals_net.server import INDEX_FILE, TableRecord
from rivals_net.table import identity_key
from saves.convert import converter
from saves.store import SaveStore
from tests.net.support import identity, is_update, until

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")

CODE = "abc234"
NAMES = ("Ann", "Bob")


def seed(saves: Path) -> None:
    """A Rivalist table for Ann and Bob (protocol identities), a few decisions in."""
    game = GAMES["rivalist"]
    match = Match.new(game, game.Options(), [SeatSpec(n) for n in NAMES], 11)
    rng = random.Random(5)
    for _ in range(4):
        seat = match.to_act()[0]
        match.submit(seat, rng.choice(list(match.legal(seat))))
    SaveStore(saves).save("table-1", match)
    claims = {identity_key(identity(n)): i for i, n in enumerate(NAMES)}
    index = converter.unstructure([TableRecord(1, "table-1", CODE, claims)], unstructure_as=list[TableRecord])
    (saves / INDEX_FILE).write_text(json.dumps(index))


class Player:
    """A protocol client at the table, keeping every event it has been told."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.client: TableClient | None = None
        self.told: list[dict[str, Any]] = []
        self.latest: p.Update | None = None

    async def sit(self, port: int) -> p.Update:
        self.client = await TableClient.connect("127.0.0.1", port, self.name, identity(self.name))
        self.client.send(p.Join(code=CODE))
        update: p.Update = await until(self.client, lambda m: isinstance(m, p.Update))
        # A new connection is told the whole log again: what it was told before must all be in it.
        assert update.log[: len(self.told)] == self.told, f"{self.name} lost events it had been told"
        self.told = list(update.log)
        self.latest = update
        return update

    def take(self, update: p.Update) -> None:
        self.told = list(update.log) if update.log_reset else [*self.told, *update.log]
        self.latest = update


async def play(players: list[Player], moves: int, rng: random.Random) -> None:
    """`moves` decisions, each by whoever owes one, waiting for both players to be told of it."""
    for _ in range(moves):
        now = players[0].latest
        assert now is not None and now.outcome is None
        mover = players[now.to_act[0]]
        assert mover.latest is not None and mover.client is not None
        choice = rng.choice([c for c in mover.latest.choices if c.reason is None])
        mover.client.send(p.Move(action=choice.action))
        for pl in players:
            assert pl.client is not None
            pl.take(await until(pl.client, lambda m, d=now.decisions: is_update(m) and m.decisions > d))


async def kill_while_saving(host: Host, players: list[Player], step: str, rng: random.Random) -> int:
    """Arm the pause at `step`, make a decision, kill the server once its save is stopped there;
    the number of decisions the players had been told of."""
    armed = host.tmp / "pause"
    armed.write_text(step)
    now = players[0].latest
    assert now is not None
    mover = players[now.to_act[0]]
    assert mover.latest is not None and mover.client is not None
    mover.client.send(p.Move(action=rng.choice([c for c in mover.latest.choices if c.reason is None]).action))
    reached = host.tmp / "pause.reached"
    for _ in range(500):
        if reached.exists():
            break
        await asyncio.sleep(0.01)
    else:
        raise Stuck(f"no save reached {step!r}")
    reached.unlink()
    # The save is stopped half-way: nobody may have been told of the decision.
    for pl in players:
        assert pl.client is not None
        with pytest.raises(TimeoutError):
            await until(pl.client, lambda m: isinstance(m, p.Update), timeout=0.1)
    host.stop(signal.SIGKILL)
    for pl in players:
        assert pl.client is not None
        await pl.client.close()
    return now.decisions


async def test_a_server_killed_in_the_middle_of_a_save_resumes_with_all_it_told(tmp_path: Path) -> None:
    host = Host(tmp_path, ssh=False, launcher=[str(Path(__file__).with_name("paused_save.py"))])
    host.env["RIVALS_TEST_PAUSE"] = str(tmp_path / "pause")
    host.saves.mkdir()
    seed(host.saves)
    rng = random.Random(2)
    players = [Player(n) for n in NAMES]
    host.start()
    try:
        for pl in players:
            await pl.sit(host.table_port)
        await play(players, 2, rng)
        # Killed before the new save replaced the old: the table comes back without the decision
        # (which nobody had been told of), and the player who made it is asked for it again.
        told = await kill_while_saving(host, players, "replace", rng)
        host.start()
        assert not list(host.saves.glob(".*.tmp")), "the half-written save was not cleared away"
        again = [await pl.sit(host.table_port) for pl in players]
        assert [u.decisions for u in again] == [told, told]
        assert any(u.choices for u in again)
        await play(players, 2, rng)
        # Killed after the replace, before the folder was flushed: the decision is there.
        told = await kill_while_saving(host, players, "sync", rng)
        host.start()
        again = [await pl.sit(host.table_port) for pl in players]
        assert [u.decisions for u in again] == [told + 1, told + 1]
        # The save on disk is whole, and the table plays on.
        match = SaveStore(host.saves).load("table-1", games=GAMES)
        assert len(match.history) == told + 1
        await play(players, 3, rng)
    finally:
        for pl in players:
            if pl.client is not None:
                await pl.client.close()
        host.stop()


def is_notice(m: Any) -> bool:
    return isinstance(m, p.Notice)


async def test_a_server_killed_while_it_cannot_save_resumes_with_all_it_told(tmp_path: Path) -> None:
    # The disk refuses the save of a decision: nobody is told of it, the table waits. Killed then,
    # the server comes back without it, and its mover decides again. Once the disk recovers the
    # decision is saved and told, and it survives the next kill.
    host = Host(tmp_path, ssh=False, launcher=[str(Path(__file__).with_name("paused_save.py"))])
    armed = tmp_path / "pause"
    host.env["RIVALS_TEST_PAUSE"] = str(armed)
    host.saves.mkdir()
    seed(host.saves)
    rng = random.Random(3)
    players = [Player(n) for n in NAMES]
    host.start()
    try:
        for pl in players:
            await pl.sit(host.table_port)
        for round_ in ("killed while waiting", "killed after the disk recovered"):
            now = players[0].latest
            assert now is not None
            told = now.decisions
            mover = players[now.to_act[0]]
            assert mover.latest is not None and mover.client is not None
            armed.write_text("fail")
            choice = rng.choice([c for c in mover.latest.choices if c.reason is None])
            mover.client.send(p.Move(action=choice.action))
            for pl in players:
                assert pl.client is not None
                while not isinstance(
                    m := await until(pl.client, lambda m: is_update(m) or is_notice(m)), p.Notice
                ):
                    assert m.decisions == told, f"{round_}: a decision told before it was saved"
                    pl.take(m)  # (who is here: no decision in it)
                assert "cannot save" in m.text, round_
            if round_ == "killed after the disk recovered":
                armed.unlink()
                for pl in players:
                    assert pl.client is not None
                    assert await until(pl.client, is_notice) == p.Notice(1, "")
                    pl.take(await until(pl.client, is_update))
                    assert pl.latest is not None and pl.latest.decisions == told + 1
            host.stop(signal.SIGKILL)
            armed.unlink(missing_ok=True)
            for pl in players:
                assert pl.client is not None
                await pl.client.close()
            host.start()
            again = [await pl.sit(host.table_port) for pl in players]  # (each checks what it was told)
            back = told if round_ == "killed while waiting" else told + 1
            assert [u.decisions for u in again] == [back, back], round_
            assert len(SaveStore(host.saves).load("table-1", games=GAMES).history) == back
        await play(players, 2, rng)
    finally:
        for pl in players:
            if pl.client is not None:
                await pl.client.close()
        host.stop()
