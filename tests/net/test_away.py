"""An away player's seat at a server's table (over the protocol, the server in the test's loop):
the AI makes one decision for it once the table's time has passed, and the clock starts again
for the next; every update tells the time left; each such decision is marked in the log and the
save; the table's creator may have the AI play the seat until its player is back instead; a
paused seat is never played for; and the player back at their seat is told what was chosen.

Budget: 8 s (the table's shortest time is one second; each test waits for two or three).
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

from rivals_net import protocol as p
from rivals_net.client import TableClient
from rivals_net.server import TableServer
from rivals_net.table import Table
from tests.net.support import identity, is_error, is_update, player, start_server, until

BOB = 1  # the seat of the player who goes away (Ann created the table and holds seat 0)


async def ann_and_bob(tmp: Path, **create: Any) -> tuple[TableServer, TableClient, TableClient, Table]:
    """A Rivalist table Ann created (with `create`'s rules for absent players) and Bob joined."""
    server = await start_server(tmp, seed=3)
    ann, bob = await player(server, "Ann"), await player(server, "Bob")
    ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer()], **create))
    seated = await until(ann, lambda m: isinstance(m, p.Seated))
    bob.send(p.Join(code=seated.code))
    await until(bob, lambda m: isinstance(m, p.Seated))
    return server, ann, bob, server.tables[seated.table]


async def ann_plays_until(ann: TableClient, table: Table, done: Any, limit: int = 60) -> list[p.Update]:
    """Ann takes her first allowed move whenever she decides, until `done(update)`; the updates
    she was sent."""
    seen: list[p.Update] = []
    while len(seen) < 200:
        u = await until(ann, is_update)
        seen.append(u)
        if done(u) or len(table.match.history) >= limit:
            return seen
        if u.choices and u.decisions == len(table.match.history):
            ann.send(p.Move(action=next(c.action for c in u.choices if c.reason is None)))
    raise AssertionError("the table never got there")


def stood_in(u: p.Update) -> int:
    """How many of the log's events in `u` say the AI played for an away seat."""
    return sum(e["text"].startswith("The AI plays for Player 2") for e in u.log)


async def test_the_ai_makes_one_decision_for_an_away_seat_then_its_clock_starts_again(tmp_path: Path) -> None:
    server, ann, bob, table = await ann_and_bob(tmp_path, ai_after=1)
    bob.send(p.Leave(table=table.id))  # to the lobby, as `q` at the table does
    marks: list[int] = []

    def two_made(u: p.Update) -> bool:
        marks.append(stood_in(u))
        return sum(marks) >= 2

    seen = await ann_plays_until(ann, table, two_made)
    assert sum(marks) == 2
    # Each time Bob's seat owed a decision, Ann was told the time left: a fresh second each
    # time, never the AI going on for him at once.
    clocks = [u.seats[BOB].ai_in for u in seen if BOB in u.to_act]
    assert clocks and all(c is not None and 0.5 <= c <= 1.0 for c in clocks), clocks
    # Both decisions are Bob's, marked in the log and in the save (the others' are not).
    assert len(table.match.stand_ins) == 2
    assert all(table.match.history[i][0] == BOB for i in table.match.stand_ins)
    saved = json.loads((tmp_path / f"{table.name}.json").read_text())
    assert [i for i, a in enumerate(saved["actions"]) if a.get("by") == "ai"] == sorted(table.match.stand_ins)
    await server.stop()


async def test_the_creator_may_have_the_ai_play_the_seat_until_its_player_is_back(tmp_path: Path) -> None:
    server, ann, bob, table = await ann_and_bob(tmp_path, ai_after=1, ai_keeps=True)
    await bob.close()  # his connection drops
    seen = await ann_plays_until(ann, table, lambda u: len(table.match.stand_ins) >= 3)
    # After the first second the AI goes on playing Bob's seat, with no clock for him.
    later = [u for u in seen if BOB in u.to_act and u.decisions > min(table.match.stand_ins)]
    assert later and all(u.seats[BOB].ai_plays and u.seats[BOB].ai_in is None for u in later)

    # Bob comes back: he is told what the AI chose for him (his own view of it), and decides again.
    back = await TableClient.connect("127.0.0.1", server.port, "Bob", identity("Bob"))
    back.send(p.Watch(table=table.id))
    seated = await until(back, lambda m: isinstance(m, p.Seated))
    assert seated.seat == BOB and len(seated.played_for) >= 3
    assert all(text.startswith("The AI chose for you: ") for text in seated.played_for)
    assert BOB not in table.standing_in
    u = await until(ann, lambda m: is_update(m) and m.seats[BOB].here)
    assert not u.seats[BOB].ai_plays
    await server.stop()


async def test_a_paused_seat_is_never_played_for_and_stays_paused_after_a_restart(tmp_path: Path) -> None:
    server, ann, bob, table = await ann_and_bob(tmp_path, ai_after=1)
    bob.send(p.Leave(table=table.id, pause=True))
    owing = await ann_plays_until(ann, table, lambda u: BOB in u.to_act)
    assert owing[-1].seats[BOB].paused and owing[-1].seats[BOB].ai_in is None
    # Nothing is ever due for him: well past the table's time, nothing has been played for him.
    assert table.ai_seat(time.monotonic() + 3600, server._here(table)) == (None, None)
    decisions = len(table.match.history)
    await asyncio.sleep(1.2)
    assert len(table.match.history) == decisions and table.match.stand_ins == set()
    await server.stop()
    again = await start_server(tmp_path, seed=3)
    assert again.tables[table.id].paused == {BOB}
    # Taking his seat again ends the pause, for good.
    back = await TableClient.connect("127.0.0.1", again.port, "Bob", identity("Bob"))
    back.send(p.Watch(table=table.id))
    assert (await until(back, lambda m: isinstance(m, p.Seated))).seat == BOB
    await again.stop()
    third = await start_server(tmp_path, seed=3)
    assert third.tables[table.id].paused == set()
    await third.stop()


async def test_a_table_that_does_not_allow_pausing_says_so(tmp_path: Path) -> None:
    server, ann, bob, table = await ann_and_bob(tmp_path, ai_after=1, pausing=False)
    bob.send(p.Leave(table=table.id, pause=True))
    refused = await until(bob, is_error)
    assert refused.text == "This table does not let a player pause their seat."
    assert table.paused == set()
    await ann_plays_until(ann, table, lambda u: len(table.match.stand_ins) >= 1)
    await server.stop()


def test_the_ai_decides_for_a_seat_only_if_nothing_changed_while_it_thought(tmp_path: Path) -> None:
    """Its player came back (and maybe left again, or paused) while the AI thought: its choice
    is dropped, and the seat's new clock, if any, counts again."""
    from engine.core import SeatSpec
    from engine.core.match import Match
    from engine.registry import GAMES

    game = GAMES["rivalist"]
    match = Match.new(game, game.Options(), [SeatSpec("Ann"), SeatSpec("Bob")], 3)
    owing = match.to_act()[0]
    table = Table(1, "code", "save", match, {"ann": 0, "bob": 1}, ai_after=10)
    table.keep_time(100.0, set())
    clock = table.due[owing]
    assert clock == 110.0 and table.ai_seat(111.0, set()) == (owing, None)
    assert table.still_due(owing, set(), clock)
    table.back(owing)  # back...
    assert not table.still_due(owing, {owing}, clock)
    table.keep_time(112.0, set())  # ...and away again: a new clock
    assert not table.still_due(owing, set(), clock) and table.due[owing] == 122.0
    table.paused.add(owing)
    assert not table.still_due(owing, set(), table.due.get(owing))
