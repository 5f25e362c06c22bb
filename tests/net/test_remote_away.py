"""The app at a server's table when a player is away (RemoteApp, Pilot, the server in the test's
loop): the others' status line counts down to the AI's decision, ticking by itself; `q` asks how
to leave (or pause the seat); the player back at their seat is shown what the AI chose for them,
and the game-over screen says whose decisions it made; the lobby follows the tables by itself;
`n` sets the player's name, kept in their settings; a stopping server's sentence is what the
player is left with.

Budget: 10 s.
"""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import OptionList, Static

from rivals_net import protocol as p
from rivals_net.server import RESTARTING
from rivals_tui.dialogs.away import LeaveTableDialog
from rivals_tui.remote_app import RemoteApp
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.lobby import LobbyScreen
from rivals_tui.screens.log import LogScreen
from tests.net.support import identity, is_update, player, start_server, until
from tests.net.test_remote_screen import bob_plays_until_ann_decides, pause_until, status
from tests.tui.legibility import lost_text


async def bobs_table(tmp: Path, ai_after: int) -> tuple[object, object, p.Seated, RemoteApp]:
    server = await start_server(tmp / "saves", seed=6)
    bob = await player(server, "Bob")
    bob.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer()], ai_after=ai_after))
    seated = await until(bob, lambda m: isinstance(m, p.Seated))
    app = RemoteApp(
        "127.0.0.1", server.port, "Ann", identity("Ann"), code=seated.code, settings_path=tmp / "s.json"
    )
    return server, bob, seated, app


async def test_the_others_see_the_away_players_clock_count_down(tmp_path: Path) -> None:
    server, bob, seated, app = await bobs_table(tmp_path, ai_after=100)
    async with app.run_test(size=(100, 30)) as pilot:
        await pause_until(pilot, lambda: "Waiting for Bob" in status(app))
        await bob.close()  # Bob (seat 0) owes the first decision, and his connection drops
        await pause_until(pilot, lambda: "Bob is away: the AI plays for Bob in 1:" in status(app))
        shown = status(app)
        assert "Waiting for Bob (away)" in shown
        # The clock ticks on this terminal, with nothing more from the server.
        await pause_until(pilot, lambda: status(app) != shown and "AI plays for Bob in 1:" in status(app))
    await server.stop()


async def test_leaving_asks_how_and_pausing_keeps_the_ai_away(tmp_path: Path) -> None:
    server, bob, seated, app = await bobs_table(tmp_path, ai_after=100)
    table = server.tables[seated.table]
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("q")
        await pause_until(pilot, lambda: isinstance(app.screen, LeaveTableDialog))
        text = str(app.screen.query_one(".dialog-text", Static).render())
        assert "the AI may play for you after 1:40, one decision at a time" in text
        assert "Pause my seat: nobody plays for you; the table waits for you." in text
        assert lost_text(app.screen) == []
        await pilot.press("escape")  # stays
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("q")
        await pause_until(pilot, lambda: isinstance(app.screen, LeaveTableDialog))
        await pilot.press("p")
        await pause_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pause_until(pilot, lambda: table.paused == {1})
    await server.stop()


async def test_back_at_the_seat_the_player_is_shown_what_the_ai_chose(tmp_path: Path) -> None:
    server, bob, seated, app = await bobs_table(tmp_path, ai_after=1)
    table = server.tables[seated.table]
    async with app.run_test(size=(100, 30)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("q")
        await pause_until(pilot, lambda: isinstance(app.screen, LeaveTableDialog))
        await pilot.press("l")
        await pause_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        # Bob plays on; a second after each of Ann's turns comes, the AI decides it for her.
        while not table.match.stand_ins:
            await bob_plays_until_ann_decides(bob, table)
            await pause_until(pilot, lambda: table.match.stand_ins or 1 not in table.match.to_act())
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        # The lobby's list follows the table without a key pressed: her seat there, Bob's turn.
        await pause_until(
            pilot, lambda: "your seat" in str(lobby.query_one(OptionList).get_option_at_index(0).prompt)
        )
        await pilot.press("enter")
        await pause_until(pilot, lambda: isinstance(app.screen, LogScreen))
        told = "\n".join(app.screen.lines)
        assert "The AI chose for you: " in told
        assert app.screen.title_text == "While you were away, the AI decided for you:"
        await pilot.press("escape")
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert any(line.startswith("The AI plays for Ann, who is away.") for line in app.screen.log_lines)
    await server.stop()


async def test_a_name_set_in_the_lobby_is_kept_and_used_the_next_time(tmp_path: Path) -> None:
    from rivals_tui.dialogs import AskDialog

    server = await start_server(tmp_path / "saves", seed=2)
    settings = tmp_path / "s.json"
    app = RemoteApp("127.0.0.1", server.port, "root", identity("Ann"), settings_path=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(
            pilot, lambda: "No tables yet" in str(app.screen.query_one("#lobby-note", Static).render())
        )
        assert "you are root" in str(app.screen.query_one("#lobby-title", Static).render())
        await pilot.press("n")
        await pause_until(pilot, lambda: isinstance(app.screen, AskDialog))
        await pilot.press("ctrl+a", "ctrl+k", *"Ann", "enter")
        await pause_until(pilot, lambda: [c.name for c in server.conns] == ["Ann"])
        assert "you are Ann" in str(app.screen.query_one("#lobby-title", Static).render())
    assert json.loads(settings.read_text())["name"] == "Ann"
    # The next time (an SSH door hands the app the login name again), the chosen name is used.
    again = RemoteApp("127.0.0.1", server.port, "root", identity("Ann"), settings_path=settings)
    async with again.run_test(size=(80, 24)) as pilot:
        note = again.screen.query_one("#lobby-note", Static)
        await pause_until(pilot, lambda: "No tables yet" in str(note.render()))  # it has said hello
        assert {c.name for c in server.conns} == {"Ann"}
        assert "you are Ann" in str(again.screen.query_one("#lobby-title", Static).render())
    await server.stop()


async def test_a_stopping_server_leaves_the_player_its_sentence(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "saves", seed=2)
    app = RemoteApp("127.0.0.1", server.port, "Ann", identity("Ann"), settings_path=tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(
            pilot, lambda: "No tables" in str(app.screen.query_one("#lobby-note", Static).render())
        )
        await server.stop()
        for _ in range(150):
            await pilot.pause(0.02)
            if app.exit_note is not None:
                break
    assert app.exit_note == RESTARTING and app.return_code == 1


async def test_the_lobby_shows_a_new_table_by_itself(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "saves", seed=2)
    app = RemoteApp("127.0.0.1", server.port, "Ann", identity("Ann"), settings_path=tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        note = app.screen.query_one("#lobby-note", Static)
        await pause_until(pilot, lambda: "No tables" in str(note.render()))
        cy = await player(server, "Cy")
        cy.send(p.Create(game="rival_kings", seats=[p.SeatOffer(), p.SeatOffer()]))
        await until(cy, is_update)
        await pause_until(pilot, lambda: "1 table." in str(note.render()))
        assert "Cy" in str(app.screen.query_one(OptionList).get_option_at_index(0).prompt)
    await server.stop()


async def test_the_form_at_a_server_names_the_creator_and_the_ai_seats_only(tmp_path: Path) -> None:
    from textual.widgets import Input, Select

    from rivals_tui.dialogs.away import AbsentPlayersDialog
    from rivals_tui.screens.new_game import NewGameScreen

    server = await start_server(tmp_path / "saves", seed=5)
    app = RemoteApp("127.0.0.1", server.port, "Cy", identity("Cy"), settings_path=tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pause_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        mine, other = form.query_one("#name-0", Input), form.query_one("#name-1", Input)
        assert mine.placeholder == "Cy (you)" and not mine.disabled
        # Another person's seat: they name themselves when they join.
        form.query_one("#kind-1", Select).value = "human"
        await pause_until(pilot, lambda: other.disabled)
        assert other.placeholder == "whoever joins names themselves"
        form.query_one("#kind-1", Select).value = "easy"
        await pause_until(pilot, lambda: not other.disabled)
        mine.value, other.value = "Captain Cy", "Robo"
        await pilot.press("ctrl+s")
        await pause_until(pilot, lambda: isinstance(app.screen, AbsentPlayersDialog))
        await pilot.pause(0.1)
        assert lost_text(app.screen) == []
        await pilot.press("enter")
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        table = next(iter(server.tables.values()))
        assert [s.name for s in table.match.seats] == ["Captain Cy", "Robo"]
        assert table.ai_after == 120
    await server.stop()
