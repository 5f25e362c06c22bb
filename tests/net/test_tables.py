"""Tables at the server: AI seats, an absent player's seat played after the table's timeout, undo
for one's own decision, and a restart that resumes every table with its codes and seats.

Budget: 4 s (over the protocol on 127.0.0.1, the server in the test's loop).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from engine.rivalist.game import Rivalist
from rivals_net import protocol as p
from tests.net.support import is_error, is_update, player, start_server, table_for, until


async def test_the_servers_ai_plays_its_seat_and_an_absent_players_after_the_timeout(tmp_path: Path) -> None:
    server = await start_server(tmp_path, seed=4)
    ann = await player(server, "Ann")
    ann.send(
        p.Create(
            game="rival_kings", seats=[p.SeatOffer(), p.SeatOffer(), p.SeatOffer("ai", "easy")], ai_after=1
        )
    )
    seated = await until(ann, lambda m: isinstance(m, p.Seated))
    bob = await player(server, "Bob")
    bob.send(p.Join(code=seated.code))
    await until(bob, lambda m: isinstance(m, p.Seated))
    table = server.tables[seated.table]
    assert [s.name for s in table.match.seats] == ["Ann", "Bob", "AI 3"]
    await bob.close()  # Bob's seat is kept, shown as away; after a second the AI plays it
    away = await until(ann, lambda m: is_update(m) and m.seats[1].taken and not m.seats[1].here)
    assert away.seats[1].name == "Bob" and away.seats[1].taken
    # Ann plays her decisions; every other decision (the AI seat's, absent Bob's) is the server's.
    while {seat for seat, _ in table.match.history} != {0, 1, 2} and len(table.match.history) < 30:
        u = await until(ann, is_update)
        if 0 in u.to_act and u.choices and u.decisions == len(table.match.history):
            ann.send(p.Move(action=next(c for c in u.choices if c.reason is None).action))
    seats_played = {seat for seat, _ in table.match.history}
    assert {0, 1, 2} <= seats_played
    await ann.close()
    await server.stop()


async def test_undo_takes_back_only_ones_own_last_decision(tmp_path: Path) -> None:
    server = await start_server(tmp_path, seed=2)
    ann = await player(server, "Ann")
    ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer("ai", "easy")]))
    first = await until(ann, lambda m: is_update(m) and bool(m.choices))
    ann.send(p.Move(action=next(c for c in first.choices if c.reason is None).action))
    await until(ann, lambda m: is_update(m) and m.decisions > first.decisions)
    table = next(iter(server.tables.values()))
    ann.send(p.Undo())
    back = await until(ann, lambda m: is_update(m) and m.decisions == first.decisions)
    assert back.log_reset and len(table.match.history) == first.decisions
    bob = await player(server, "Bob")
    bob.send(p.Watch(table=table.id))
    await until(bob, is_update)
    bob.send(p.Undo())
    assert (await until(bob, is_error)).text == "You are not seated at a table."
    await ann.close()
    await bob.close()
    await server.stop()


async def test_a_restarted_server_resumes_every_table_with_its_code_and_seats(tmp_path: Path) -> None:
    server = await start_server(tmp_path, seed=1)
    ann, bob = await player(server, "Ann"), await player(server, "Bob")
    code = await table_for(server, [ann, bob], "rivalist")
    u = await until(ann, lambda m: is_update(m) and all(s.here for s in m.seats))
    mover = ann if u.choices else bob
    if mover is bob:
        u = await until(bob, lambda m: is_update(m) and bool(m.choices))
    mover.send(p.Move(action=next(c for c in u.choices if c.reason is None).action))
    await until(mover, lambda m: is_update(m) and m.decisions == 1)
    await ann.close()
    await bob.close()
    await server.stop()

    again = await start_server(tmp_path, seed=1)
    table = next(iter(again.tables.values()))
    assert table.code == code and len(table.match.history) == 1
    bob = await player(again, "Bob")
    bob.send(p.Join(code=code.upper()))
    seated = await until(bob, lambda m: isinstance(m, p.Seated))
    assert seated.seat == 1 and seated.seats[1]["name"] == "Bob"
    assert (await until(bob, is_update)).decisions == 1
    eve = await player(again, "Eve")  # a third person finds no free seat
    eve.send(p.Join(code=code))
    assert (await until(eve, is_error)).text == "No table with a free seat has that invite code."
    await bob.close()
    await eve.close()
    await again.stop()


async def test_a_finished_table_leaves_the_lobby_when_its_players_do(tmp_path: Path) -> None:
    import random

    from engine.core.match import Match

    server = await start_server(tmp_path, seed=3)
    ann = await player(server, "Ann")
    ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer("ai", "easy")]))
    seated = await until(ann, lambda m: isinstance(m, p.Seated))
    table = server.tables[seated.table]
    # Jump to a few decisions before the end (the table as the server keeps it, replayed).
    m, rng = table.match, random.Random(1)
    while not m.over:
        seat = m.to_act()[0]
        m.submit(seat, rng.choice(list(m.legal(seat))))
    late = Match.new(m.game, m.options, m.seats, m.seed)
    for seat, action in m.history[:-6]:
        late.submit(seat, action)
    table.match = late
    ann.send(p.Leave(table=table.id))
    ann.send(p.Join(code=seated.code))
    while True:
        u = await until(ann, lambda m: is_update(m) and (bool(m.choices) or m.outcome is not None))
        if u.outcome is not None:
            break
        ann.send(p.Move(action=next(c for c in u.choices if c.reason is None).action))
    ann.send(p.ListTables())
    assert [t.over for t in (await until(ann, lambda m: isinstance(m, p.Tables))).tables] == [True]
    ann.send(p.Leave(table=table.id))
    ann.send(p.ListTables())
    assert (await until(ann, lambda m: isinstance(m, p.Tables))).tables == []
    assert server.store.load(table.name).over  # the finished game is still on disk
    await ann.close()
    await server.stop()


async def test_a_move_from_the_network_is_judged_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every check of Rivalist's rules counts the moves it judges, whoever asks it (`why_illegal`,
    # or `apply`, which asks the phase's check itself).
    judged: list[Any] = []

    def counting(check: Any) -> Any:
        def counted(s: Any, seat: int, a: Any) -> str | None:
            judged.append(a)
            return check(s, seat, a)  # type: ignore[no-any-return]

        return counted

    for phase in Rivalist.phases.values():
        for kind, check in phase.checks.items():
            monkeypatch.setitem(phase.checks, kind, counting(check))
    server = await start_server(tmp_path, seed=2)
    ann = await player(server, "Ann")
    ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer()]))
    first = await until(ann, lambda m: is_update(m) and bool(m.choices))
    judged.clear()
    ann.send(p.Move(action=next(c for c in first.choices if c.reason is None).action))
    await until(ann, lambda m: is_update(m) and m.decisions > first.decisions)
    assert len(judged) == 1
    await ann.close()
    await server.stop()


async def test_a_move_the_rules_cannot_judge_is_refused_with_a_sentence_and_one_warning_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # A well-formed move whose judging fails (the rules should always have a reason) costs the
    # player one sentence and the host one line without a traceback; the table goes on.
    server = await start_server(tmp_path, seed=2)
    ann = await player(server, "Ann")
    ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer()]))
    first = await until(ann, lambda m: is_update(m) and bool(m.choices))
    move = next(c for c in first.choices if c.reason is None).action

    def unjudgeable(s: Any, seat: int, a: Any) -> str | None:
        raise IndexError("list index out of range")

    with monkeypatch.context() as patched, caplog.at_level(logging.INFO):
        for phase in Rivalist.phases.values():  # every check a move can meet fails
            for kind in phase.checks:
                patched.setitem(phase.checks, kind, unjudgeable)
        ann.send(p.Move(action=move))
        assert (await until(ann, is_error)).text == "That move is not one the game knows."
    said = [(r.levelno, r.getMessage(), r.exc_info) for r in caplog.records if "judge" in r.getMessage()]
    assert said == [(logging.WARNING, "Rivalist could not judge a move (IndexError)", None)]
    table = next(iter(server.tables.values()))
    assert table.match.history == []
    ann.send(p.Move(action=move))  # judged as usual again: played
    assert (await until(ann, lambda m: is_update(m) and m.decisions > first.decisions)).decisions == 1
    await ann.close()
    await server.stop()


async def test_an_ai_seat_that_owes_the_first_decision_plays_it_at_once(tmp_path: Path) -> None:
    # Nothing had started the AI at a new table before someone made a decision: a table whose
    # first decision was an AI seat's waited for ever.
    server = await start_server(tmp_path, seed=3)
    ann = await player(server, "Ann")
    ann.send(p.Create(game="rivality", seats=[p.SeatOffer("ai", "easy"), p.SeatOffer()]))
    await until(ann, lambda m: is_update(m) and m.decisions >= 1)
    table = next(iter(server.tables.values()))
    assert table.match.history[0][0] == 0  # the AI seat's decision
    await ann.close()
    await server.stop()
