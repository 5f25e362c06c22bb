"""The next game at a server's table: after game over each player asks for it, the table starts it
when every person has (the AI seat agrees at once), the series score is carried into it and kept
across a restart of the server, and a spectator follows. The remote game-over screen at 80×24.

Budget: 3 s (the server in the test's loop, over the protocol on 127.0.0.1; one Pilot app).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from textual.widgets import Button, Static

from engine.core import SeatSpec
from engine.core.match import Match, Series
from engine.registry import GAMES
from rivals_net import protocol as p
from rivals_net.server import INDEX_FILE, TableRecord
from rivals_net.table import identity_key
from rivals_tui.remote_app import RemoteApp
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from saves.convert import converter
from saves.store import SaveStore
from tests.net.support import identity, is_error, is_update, player, start_server, until

CODE = "abc234"


def finished_first_game(saves: Path, series: Series) -> Match:
    """Table 1 on disk: Ann and Bob (and an easy AI) have just finished a game of Rival Kings."""
    game = GAMES["rival_kings"]
    seats = [SeatSpec("Ann"), SeatSpec("Bob"), SeatSpec("AI 3", "ai", "easy")]
    match = Match.new(game, game.Options(), seats, 21, series=series)
    rng = random.Random(4)
    while not match.over:
        seat = match.to_act()[0]
        match.submit(seat, rng.choice(list(match.legal(seat))))
    SaveStore(saves).save("table-1", match)
    claims = {identity_key(identity(n)): i for i, n in enumerate(("Ann", "Bob"))}
    record = TableRecord(1, "table-1", CODE, claims)
    (saves / INDEX_FILE).write_text(
        json.dumps(converter.unstructure([record], unstructure_as=list[TableRecord]))
    )
    return match


async def test_the_next_game_starts_when_every_player_asks_and_keeps_the_series(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    first = finished_first_game(saves, Series(games=2))
    scores = first.outcome().scores  # type: ignore[union-attr]
    server = await start_server(saves)
    ann, bob, eve = [await player(server, n) for n in ("Ann", "Bob", "Eve")]
    for who in (ann, bob):
        who.send(p.Join(code=CODE))
    eve.send(p.Watch(table=1))
    for who in (ann, bob, eve):
        assert (await until(who, is_update)).outcome is not None
    eve.send(p.Again())
    assert (await until(eve, is_error)).text == "Only a player at the table can ask for another game."
    ann.send(p.Again())
    for who in (ann, bob, eve):
        asked = await until(who, lambda m: is_update(m) and m.again == [0])
        assert asked.outcome is not None  # still the finished game: Bob has not asked
    bob.send(p.Again())
    for who, seat in ((ann, 0), (bob, 1), (eve, None)):
        seated = await until(who, lambda m: isinstance(m, p.Seated))
        assert seated.seat == seat
        assert converter.structure(seated.series, Series).results == (scores,)
        fresh = await until(who, is_update)
        assert fresh.outcome is None and fresh.again == []
    ann.send(p.Again())
    assert (await until(ann, is_error)).text == "The game is not over yet."
    for who in (ann, bob, eve):
        await who.close()
    await server.stop()
    # After a restart the second game of the series is still the table's, with the first's score.
    server = await start_server(saves)
    ann = await player(server, "Ann")
    ann.send(p.Join(code=CODE))
    seated = await until(ann, lambda m: isinstance(m, p.Seated))
    assert converter.structure(seated.series, Series).results == (scores,)
    await ann.close()
    await server.stop()


def test_after_the_last_game_of_a_series_the_next_is_a_rematch_from_zero() -> None:
    game = GAMES["rival_kings"]
    seats = [SeatSpec("Ann"), SeatSpec("Bob"), SeatSpec("AI 3", "ai", "easy")]
    match = Match.new(game, game.Options(), seats, 8, series=Series(games=2, results=((3, 1, 2),)))
    rng = random.Random(1)
    while not match.over:
        seat = match.to_act()[0]
        match.submit(seat, rng.choice(list(match.legal(seat))))
    again = match.following()
    assert again.series == Series(games=2) and again.seed != match.seed and again.seats == match.seats


async def test_the_remote_game_over_screen_at_80_by_24(tmp_path: Path) -> None:
    from tests.tui.legibility import lost_text

    saves = tmp_path / "saves"
    saves.mkdir()
    finished_first_game(saves, Series(games=3))
    server = await start_server(saves)
    bob = await player(server, "Bob")
    bob.send(p.Join(code=CODE))
    app = RemoteApp(
        "127.0.0.1", server.port, "Ann", identity("Ann"), code=CODE, settings_path=tmp_path / "s.json"
    )
    async with app.run_test(size=(80, 24)) as pilot:

        async def settle(test: object) -> None:
            for _ in range(200):
                await pilot.pause(0.02)
                if callable(test) and test():
                    return
            raise AssertionError("the screen never got there")

        def again_line() -> str:
            return str(app.screen.query_one("#over-again", Static).render())

        # (A screen is on top before it has composed its widgets: wait for the line itself.)
        await settle(lambda: isinstance(app.screen, GameOverScreen) and bool(app.screen.query("#over-again")))
        assert "Press n to ask for the next game" in again_line()
        assert "Series (3 games), after game 1" in str(app.screen.query_one("#over-series", Static).render())
        assert lost_text(app.screen) == []
        await pilot.press("n")
        await settle(lambda: "Ann asked for the next game; waiting for Bob." in again_line())
        bob.send(p.Again())
        await settle(lambda: isinstance(app.screen, GameScreen))
        assert len(server.tables[1].match.series.results) == 1
    await bob.close()
    await server.stop()


async def test_the_game_over_at_a_servers_table_offers_only_the_tables_next_game(tmp_path: Path) -> None:
    """While a series goes on its next game is the one on offer (no rematch), and a spectator is
    offered neither: they follow the players into it."""
    saves = tmp_path / "saves"
    saves.mkdir()
    finished_first_game(saves, Series(games=3))
    server = await start_server(saves)
    bob = await player(server, "Bob")  # at the table throughout
    bob.send(p.Join(code=CODE))
    await until(bob, is_update)
    ann = RemoteApp(
        "127.0.0.1", server.port, "Ann", identity("Ann"), code=CODE, settings_path=tmp_path / "a.json"
    )
    eve = RemoteApp(
        "127.0.0.1", server.port, "Eve", identity("Eve"), watch=1, settings_path=tmp_path / "e.json"
    )
    said = {}
    for app in (ann, eve):
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(200):
                await pilot.pause(0.02)
                if isinstance(app.screen, GameOverScreen) and app.screen.query("#over-again"):
                    break
            screen = app.screen
            assert isinstance(screen, GameOverScreen)
            await pilot.press("r")  # no rematch in the middle of a series, for anyone
            await pilot.pause(0.1)
            said[app.tables.player] = str(screen.query_one("#over-again", Static).render())
            buttons = [str(b.id) for b in screen.query(Button)]
            keys = [a for a in ("next_game", "rematch") if screen.check_action(a, ())]
            assert (buttons, keys) == ((["next", "menu"], ["next_game"]) if app is ann else (["menu"], []))
    assert said == {
        "Ann": "Press n to ask for the next game; it starts when every player has asked.",
        "Eve": "The players may ask for the next game; you will follow it.",
    }
    assert server.tables[1].again == set()  # nobody asked: r asks for nothing
    await bob.close()
    await server.stop()
