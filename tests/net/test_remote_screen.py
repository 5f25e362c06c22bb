"""The game screen at a server's table (RemoteApp and RemoteSession, Pilot, server in the test's
loop): the seat's own moves by keys, "waiting for" the other player, shown away when they drop,
and no pass-the-keyboard screen between two people.

Budget: 8 s.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList, Static

from rivals_net import protocol as p
from rivals_tui.remote_app import RemoteApp
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.lobby import LobbyScreen
from rivals_tui.screens.pass_keyboard import PassScreen
from tests.net.support import ann_at_bobs_table, identity, is_update, player, start_server, table_for, until


async def pause_until(pilot: Any, test: Any) -> None:
    """Pause until `test()` holds on the app's screen (the server runs in the same loop)."""
    for _ in range(150):
        await pilot.pause(0.02)
        if test():
            return
    raise AssertionError(f"the screen never got there: {status(pilot.app)!r}")


def status(app: Any) -> str:
    """The game screen's status line, or "" on another screen."""
    lines = app.screen.query("#status")
    return str(lines.first(Static).render()) if lines else ""


async def bob_plays_until_ann_decides(bob: Any, table: Any) -> None:
    """Bob takes the first allowed move each time until it is Ann's (seat 1's) decision."""
    while 1 not in table.match.to_act():
        u = await until(bob, lambda m: is_update(m) and (bool(m.choices) or 1 in m.to_act))
        if u.choices:
            bob.send(p.Move(action=next(c for c in u.choices if c.reason is None).action))


async def test_two_people_each_decide_only_for_their_own_seat(tmp_path: Path) -> None:
    server, bob, seated, app = await ann_at_bobs_table(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        table = server.tables[seated.table]
        assert [s.name for s in table.match.seats] == ["Bob", "Ann"]
        # Bob decides first (in his own terminal); Ann's screen waits for him.
        first = await until(bob, lambda m: is_update(m) and bool(m.choices))
        await pause_until(pilot, lambda: "Waiting for Bob" in status(app))
        # Ann came with the code: she is not asked to pass it on.
        assert not [n for n in app._notifications if "Invite code" in str(n.message)]
        await pilot.press("a")  # not Ann's turn: no picker
        await pilot.pause(0.05)
        assert isinstance(app.screen, GameScreen)
        bob.send(p.Move(action=next(c for c in first.choices if c.reason is None).action))
        await bob_plays_until_ann_decides(bob, table)
        await pause_until(pilot, lambda: "Ann:" in status(app))
        before = len(table.match.history)
        await pilot.press("a")
        await pause_until(pilot, lambda: not isinstance(app.screen, GameScreen))
        await pilot.press("enter")
        await pause_until(pilot, lambda: len(table.match.history) > before)
        assert table.match.history[-1][0] == 1
        assert not any(isinstance(s, PassScreen) for s in app.screen_stack)
        # Ann finishes her turn by keys; then Bob's connection drops while Ann waits for him.
        for _ in range(6):
            if table.match.to_act() == (0,):
                break
            await pause_until(pilot, lambda: "Ann:" in status(app))
            before = len(table.match.history)
            await pilot.press("a")
            await pause_until(pilot, lambda: not isinstance(app.screen, GameScreen))
            await pilot.press("enter")
            await pause_until(pilot, lambda b=before: len(table.match.history) > b)
        assert table.match.to_act() == (0,)
        await bob.close()
        await pause_until(pilot, lambda: "Waiting for Bob (away)" in status(app))
    await server.stop()


async def test_the_lobby_at_80_by_24_loses_nothing(tmp_path: Path) -> None:
    from tests.tui.legibility import lost_text

    server = await start_server(tmp_path / "saves", seed=2)
    hosts = [await player(server, name) for name in ("Annabel Winterbourne", "Bartholomew Quince")]
    for i, host in enumerate(hosts):
        game = ("rival_kings", "rivals")[i]
        host.send(p.Create(game=game, seats=[p.SeatOffer(), p.SeatOffer(), p.SeatOffer("ai", "hard")]))
        await until(host, lambda m: isinstance(m, p.Seated))
    app = RemoteApp("127.0.0.1", server.port, "Cy", identity("Cy"), settings_path=tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(150):
            await pilot.pause(0.02)
            if "2 tables" in str(app.screen.query_one("#lobby-note", Static).render()):
                break
        text = "\n".join(str(o.prompt) for o in app.screen.query_one(OptionList).options)
        assert "Annabel Winterbourne" in text and "free seat" in text and "AI 3" in text
        await pilot.pause(0.1)
        assert lost_text(app.screen) == []
    await server.stop()


async def test_a_table_made_from_the_lobby_with_the_new_game_form(tmp_path: Path) -> None:
    from rivals_tui.dialogs.away import AbsentPlayersDialog
    from rivals_tui.screens.new_game import NewGameScreen

    server = await start_server(tmp_path / "saves", seed=5)
    app = RemoteApp("127.0.0.1", server.port, "Cy", identity("Cy"), settings_path=tmp_path / "s.json")
    async with app.run_test(size=(100, 30)) as pilot:

        async def until_screen(kind: type) -> None:
            for _ in range(200):
                await pilot.pause(0.02)
                if isinstance(app.screen, kind):
                    return
            raise AssertionError(f"no {kind.__name__}")

        await pilot.press("c")
        await until_screen(NewGameScreen)
        await pilot.press("ctrl+s")  # the form's defaults: the first game, one person and AI
        await until_screen(AbsentPlayersDialog)
        await pilot.press("backspace", "backspace", "backspace", "3", "0", "enter")
        await until_screen(GameScreen)
        table = next(iter(server.tables.values()))
        assert table.ai_after == 30 and table.match.seats[0].name == "Cy"
        assert not table.ai_keeps and table.pausing  # the dialog's defaults
        assert any(s.is_ai for s in table.match.seats)
        # The status line is drawn once the table's first update has arrived (and the screen
        # on top may not have composed its widgets yet).
        for _ in range(200):
            if "invite code " + table.code in status(app):
                break
            await pilot.pause(0.02)
        assert "invite code " + table.code in status(app)
        # The creator is told the code once, to pass it on.
        told = [str(n.message) for n in app._notifications]
        assert f"Invite code: {table.code} — give it to the other players." in told
    await server.stop()


def on_screen(app: RemoteApp) -> bool:
    return isinstance(app.screen, GameScreen)


async def test_a_seat_with_nothing_to_interrupt_with_passes_from_its_own_terminal(tmp_path: Path) -> None:
    """Rivals: after each of Bob's actions Ann's terminal is asked whether to interrupt. Holding
    only starting cards she could only decline, so her terminal sends the pass itself; the
    server does not pass for her (the other seats then get the same updates as when she passes
    by hand)."""
    import time

    from engine.rivals.actions import Wait

    server = await start_server(tmp_path / "saves", seed=6)
    try:
        bob = await player(server, "Bob")
        bob.send(p.Create(game="rivals", seats=[p.SeatOffer(), p.SeatOffer()]))
        seated = await until(bob, lambda m: isinstance(m, p.Seated))
        settings = tmp_path / "s.json"
        ann = identity("Ann")
        app = RemoteApp("127.0.0.1", server.port, "Ann", ann, code=seated.code, settings_path=settings)
        async with app.run_test(size=(100, 30)) as pilot:
            table = server.tables[seated.table]
            end = {"type": "EndTurn"}
            deadline = time.monotonic() + 30  # time-bound: a loaded machine takes more rounds
            while (1, Wait()) not in table.match.history and time.monotonic() < deadline:
                m = table.match
                if m.to_act() == (0,):
                    n = len(m.history)
                    u = await until(bob, lambda x, n=n: is_update(x) and x.decisions == n)
                    allowed = [c.action for c in u.choices if c.reason is None]
                    # An action that is not the turn's end opens Ann's window.
                    bob.send(p.Move(action=next((a for a in allowed if a != end), allowed[0])))
                    await until(bob, lambda x, n=n: is_update(x) and x.decisions > n)
                elif m.to_act() == (1,) and m.state.phase != "interrupt" and on_screen(app):
                    n = len(m.history)
                    await pilot.press("a")
                    await pilot.pause(0.1)
                    await pilot.press("enter")
                    for _ in range(100):
                        await pilot.pause(0.02)
                        if len(table.match.history) > n:
                            break
                else:
                    await pilot.pause(0.05)
            assert (1, Wait()) in table.match.history
    finally:
        await server.stop()


async def test_coming_back_with_the_same_key_takes_the_player_back_to_their_seat(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "saves", seed=4)
    bob, ann = await player(server, "Bob"), await player(server, "Ann")
    first = await table_for(server, [bob, ann], "rivalist")
    await ann.close()  # Ann's connection drops; her seat stays hers

    # One unfinished game of hers: the app opens it in her seat, without the invite code.
    app = RemoteApp("127.0.0.1", server.port, "Ann", identity("Ann"), settings_path=tmp_path / "s.json")
    async with app.run_test(size=(100, 30)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert [c.seat for c in server.conns if c.name == "Ann"] == [1]

    # Two of them: the lobby marks both, and opening one takes her seat there.
    carl = await player(server, "Carl")
    again = await player(server, "Ann")
    await table_for(server, [carl, again], "rivalist")
    await again.close()
    app = RemoteApp("127.0.0.1", server.port, "Ann", identity("Ann"), settings_path=tmp_path / "s2.json")
    async with app.run_test(size=(80, 24)) as pilot:
        from tests.tui.legibility import lost_text

        note = app.screen.query_one("#lobby-note", Static)
        await pause_until(pilot, lambda: "2 tables" in str(note.render()))
        lines = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        assert all("your seat" in line for line in lines), lines
        assert lost_text(app.screen) == []  # the longer lines and note still fit 80x24
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("enter")
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        seated = [(c.table.code, c.seat) for c in server.conns if c.name == "Ann" and c.table]
        assert seated == [(first, 1)]
    # Someone without a seat there still only watches.
    dan = await player(server, "Dan")
    dan.send(p.Watch(table=server.tables[next(iter(server.tables))].id))
    watching = await until(dan, lambda m: isinstance(m, p.Seated))
    assert watching.seat is None and watching.code == ""
    await server.stop()


async def test_a_move_the_server_is_slow_to_answer_shows_the_seat_waiting(tmp_path: Path) -> None:
    # The screen does not show the wait for the update that nearly always comes within a few
    # milliseconds; when it does not come, the seat is shown waiting soon after all the same.
    server, bob, seated, app = await ann_at_bobs_table(tmp_path)
    table = server.tables[seated.table]
    held = asyncio.Event()
    move = server._move

    async def slow_move(conn: Any, m: p.Move) -> None:
        await held.wait()
        await move(conn, m)

    async with app.run_test(size=(100, 30)) as pilot:
        await bob_plays_until_ann_decides(bob, table)
        await pause_until(pilot, lambda: "Ann:" in status(app))
        before = len(table.match.history)
        server._move = slow_move  # type: ignore[method-assign]
        await pilot.press("a")
        await pause_until(pilot, lambda: not isinstance(app.screen, GameScreen))
        await pilot.press("enter")
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen) and "Ann:" not in status(app))
        assert "Waiting for" in status(app) and len(table.match.history) == before
        held.set()
        await pause_until(
            pilot,
            lambda: len(table.match.history) > before and ("Ann:" in status(app) or "Bob" in status(app)),
        )
    await server.stop()


async def test_the_lobby_takes_an_invite_code_typed_in_capitals_with_spaces(tmp_path: Path) -> None:
    from tests.tui.legibility import lost_text

    server = await start_server(tmp_path / "saves", seed=2)
    bob = await player(server, "Bob")
    bob.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer()]))
    seated = await until(bob, lambda m: isinstance(m, p.Seated))
    app = RemoteApp("127.0.0.1", server.port, "Ann", identity("Ann"), settings_path=tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        note = app.screen.query_one("#lobby-note", Static)
        await pause_until(pilot, lambda: "1 table" in str(note.render()))
        await pilot.press("j")
        await pause_until(pilot, lambda: not isinstance(app.screen, LobbyScreen))
        typed = seated.code.upper().replace("-", " ")  # as read out: "BADO KEMI RUTU SILO"
        await pilot.press(*[{" ": "space"}.get(ch, ch) for ch in typed])
        assert lost_text(app.screen) == []  # the whole code shows as typed
        await pilot.press("enter")
        await pause_until(pilot, lambda: f"invite code {seated.code}" in status(app))
        assert [c.seat for c in server.conns if c.name == "Ann"] == [1]
        assert lost_text(app.screen) == []  # the status line with the code still fits 80x24
    await server.stop()


async def test_a_move_is_judged_by_the_server_alone_and_its_refusal_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One judgement per move: the terminal sends what the board chose, the server judges it, and
    # a refusal comes back with the rules' own sentence, shown on the status line; nothing changes.
    from engine.rivalist.actions import PickWonder
    from rivals_tui.widgets.board import GameBoard

    server, bob, seated, app = await ann_at_bobs_table(tmp_path)
    table = server.tables[seated.table]
    judged: list[Any] = []
    apply = table.game.apply

    def counted(s: Any, seat: int, a: Any) -> Any:
        judged.append(a)
        return apply(s, seat, a)

    monkeypatch.setattr(table.game, "apply", counted)
    async with app.run_test(size=(100, 30)) as pilot:
        await bob_plays_until_ann_decides(bob, table)
        await pause_until(pilot, lambda: "Ann:" in status(app))
        before = len(table.match.history)
        judged.clear()
        app.screen.query_one(GameBoard).post_message(GameBoard.ActionChosen(PickWonder(99)))
        await pause_until(pilot, lambda: "Pick one of the Wonders revealed for the draft." in status(app))
        assert judged == [PickWonder(99)] and len(table.match.history) == before
        assert "Ann:" in status(app)  # still Ann's decision
    await server.stop()
