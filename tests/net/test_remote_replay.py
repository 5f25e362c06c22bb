"""The replay and the record of a finished game at a server's table, in the app (RemoteApp, Pilot,
the server in the test's loop): `v` at the game-over screen opens the replay viewer on the
record the server sent, starting from the player's own seat, every card shown at a toggle; `s`
keeps the record on this computer, where `rivals import` reads it, and says where; a folder that
cannot be written costs one sentence and nothing else. A spectator watches the replay and has no
record to keep.

Budget: 3 s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core.match import Series
from rivals_net import protocol as p
from rivals_tui.remote import RemoteSession
from rivals_tui.remote_app import RemoteApp
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.screens.replay import ReplayScreen
from saves.gamerecord import replay
from saves.recordread import read, read_file
from tests.net.support import identity, player, start_server, until
from tests.net.test_series import CODE, finished_first_game


async def settle(pilot: Any, test: Any) -> None:
    for _ in range(200):
        await pilot.pause(0.02)
        if test():
            return
    raise AssertionError(f"the screen never got there: {pilot.app.screen!r}")


def said(app: Any) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def _replay_opens(pilot: Any, app: RemoteApp) -> ReplayScreen:
    """At the game-over screen: `v` once the record is here, and the viewer it opens."""
    await settle(pilot, lambda: isinstance(app.screen, GameOverScreen))
    over = app.screen
    await settle(pilot, lambda: over.check_action("replay", ()) is True)
    await pilot.press("v")
    await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


async def test_v_replays_a_finished_table_and_s_keeps_its_record(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    match = finished_first_game(saves, Series())
    scores = match.outcome().scores  # type: ignore[union-attr]
    server = await start_server(saves)
    ann = await player(server, "Ann")
    ann.send(p.Join(code=CODE))
    kept = tmp_path / "kept"
    bob = RemoteApp(
        "127.0.0.1",
        server.port,
        "Bob",
        identity("Bob"),
        code=CODE,
        settings_path=tmp_path / "b.json",
        records_dir=kept,
    )
    async with bob.run_test(size=(80, 24)) as pilot:
        screen = await _replay_opens(pilot, bob)
        r = screen.replay
        assert (r.finished, r.moves, r.eyes[0]) == (True, len(match.history), 1)  # Bob's own eyes first
        assert r.outcome is not None and r.outcome.scores == scores
        assert screen.check_action("everything", ()) is True
        await pilot.press("e")
        assert screen.everything  # the game is over: every hand may be shown
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(bob.screen, GameOverScreen))
        # The record kept on this computer, in one sentence saying where; `rivals import` reads it.
        await pilot.press("s")
        await settle(pilot, lambda: any("The record is kept in" in t for t in said(bob)))
        (file,) = kept.iterdir()
        assert str(file) in said(bob)[-1]
        again = replay(read(read_file(file)))
        assert again.history == match.history and again.outcome().scores == scores  # type: ignore[union-attr]
        # A folder that cbobot be written: one sentence, the game-over screen and the replay intact.
        session = bob.session
        assert isinstance(session, RemoteSession)
        (tmp_path / "a-file").write_text("")
        session.records_dir = tmp_path / "a-file" / "records"
        await pilot.press("s")
        await settle(pilot, lambda: any("could not be kept" in t for t in said(bob)))
        assert said(bob)[-1].startswith("The record could not be kept: ")
        assert isinstance(bob.screen, GameOverScreen) and list(kept.iterdir()) == [file]
        await pilot.press("v")
        await settle(pilot, lambda: isinstance(bob.screen, ReplayScreen))
    await ann.close()
    await server.stop()


async def test_a_spectator_replays_a_finished_table_and_keeps_nothing(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    match = finished_first_game(saves, Series())
    server = await start_server(saves)
    bob = await player(server, "Bob")
    bob.send(p.Join(code=CODE))
    await until(bob, lambda m: isinstance(m, p.Record))
    eve = RemoteApp(
        "127.0.0.1",
        server.port,
        "Eve",
        identity("Eve"),
        watch=1,
        settings_path=tmp_path / "e.json",
        records_dir=tmp_path / "kept",
    )
    async with eve.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(eve.screen, GameOverScreen))
        assert eve.screen.check_action("keep_record", ()) is None
        screen = await _replay_opens(pilot, eve)
        assert screen.replay.moves == len(match.history)
        assert screen.check_action("everything", ()) is True
        # A record that does not replay (a server of another version, a damaged line) is one
        # sentence, and the record already here stays.
        session = eve.session
        assert isinstance(session, RemoteSession) and session.record is not None
        good = session.record
        bad = good.replace('"scores": [', '"scores": [1', 1)
        for text in ("{", bad):
            problem = session.take_record(text)
            assert problem is not None and problem.startswith("The game's record cannot be replayed here: ")
            assert "\n" not in problem
            assert session.record == good and session.keeps_moves
    assert not (tmp_path / "kept").exists()
    await bob.close()
    await server.stop()
