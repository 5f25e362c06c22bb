"""The chat at a server's table in the app (RemoteApp, Pilot, server in the test's loop): the chat
key opens the line, Enter sends, a quick phrase is one key, the other player's message shows in
the log panel marked apart and in the chat view with the history; the host's commands; the key is
free on every game screen of the five games and absent from a game played at this terminal.

Budget: 6 s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import events
from textual.widgets import Input, Static

from engine.core import SeatSpec
from engine.core.match import Match
from engine.registry import GAMES
from rivals_net import chat
from rivals_net import protocol as p
from rivals_tui import glyphs
from rivals_tui.app import RivalsApp
from rivals_tui.chat import QUICK_KEYS, ChatBook, mark, shown
from rivals_tui.remote_app import RemoteApp
from rivals_tui.screens.chat import CHAT_KEY, ChatScreen
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.session import LocalSession
from rivals_tui.widgets.board import GameBoard
from rivals_tui.widgets.footer import KeysFooter
from rivals_tui.widgets.log import WrappingLog
from tests.net.support import ann_at_bobs_table, identity, player, until
from tests.net.test_remote_screen import pause_until


def said(m: Any) -> bool:
    return isinstance(m, p.Chat) and bool(m.lines)


def footer(screen: Any) -> list[tuple[str, str]]:
    return [(k.display, k.description) for k in screen.query_one(KeysFooter).keys]


def log_texts(app: Any) -> list[str]:
    return list(app.screen.query_one("#log", WrappingLog).texts)


async def test_the_chat_line_sends_and_the_log_and_chat_view_show_the_table_talking(tmp_path: Path) -> None:
    server, bob, seated, app = await ann_at_bobs_table(tmp_path)
    bob.send(p.Say(text="hello before you came"))
    await until(bob, said)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        # The key is in the footer.
        await pause_until(pilot, lambda: ("/", "Chat") in footer(game))
        with glyphs.using("ascii"):
            assert mark() == ">>"
        await pilot.press(CHAT_KEY)
        await pause_until(pilot, lambda: isinstance(app.screen, ChatScreen))
        chat = app.screen
        # The history from before she came is in the view, with its time.
        history = chat.query_one("#chat-log", WrappingLog).texts
        assert len(history) == 1 and history[0].endswith(f"{mark()} Bob: hello before you came")
        assert "F5 good game" in str(chat.query_one("#chat-quick", Static).render())
        await pilot.press(*"hi Bob [b]x[/b]")
        await pilot.press("enter")
        await pause_until(pilot, lambda: app.screen is game)
        line = (await until(bob, said)).lines[0]
        assert (line.name, line.seat, line.text) == ("Ann", 1, "hi Bob [b]x[/b]")
        await pause_until(pilot, lambda: f"{mark()} Ann: hi Bob [b]x[/b]" in log_texts(app))
        # A quick phrase: one F-key, in the chat line or straight from the game.
        await pilot.press(CHAT_KEY, "f5")
        assert (await until(bob, said)).lines[0].text == "good game"
        await pause_until(pilot, lambda: app.screen is game)
        await pilot.press("f7")
        assert (await until(bob, said)).lines[0].text == "your turn"
        # Bob's message reaches her log panel, marked apart from the game's events.
        bob.send(p.Say(text="gl hf \x1b[31m"))
        await pause_until(pilot, lambda: f"{mark()} Bob: gl hf" in log_texts(app))
        # Esc closes the line without sending anything.
        await pilot.press(CHAT_KEY)
        await pause_until(pilot, lambda: isinstance(app.screen, ChatScreen))
        app.screen.query_one(Input).value = "never sent"
        await pilot.press("escape")
        await pause_until(pilot, lambda: app.screen is game)
        room = server.chat.room(server.tables[seated.table]).record.lines
        said_here = ["hello before you came", "hi Bob [b]x[/b]", "good game", "your turn", "gl hf"]
        assert [x.text for x in room] == said_here
        # Ann is not the host: a line starting with "/" is a message like any other.
        await pilot.press(CHAT_KEY)
        await pause_until(pilot, lambda: isinstance(app.screen, ChatScreen))
        app.screen.query_one(Input).value = "/mute Bob"
        await pilot.press("enter")
        assert (await until(bob, lambda m: said(m) and m.lines[0].seat == 1)).lines[0].text == "/mute Bob"
    await bob.close()
    await server.stop()


async def test_a_pasted_message_too_long_is_refused_whole_not_cut_and_sent(tmp_path: Path) -> None:
    # A player pastes a long text into the chat line (a browser's paste, or a terminal's): they
    # are told the limit and keep what they pasted to shorten; no part of it goes to the table.
    server, bob, seated, app = await ann_at_bobs_table(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press(CHAT_KEY)
        await pause_until(pilot, lambda: isinstance(app.screen, ChatScreen))
        line = app.screen.query_one(Input)
        pasted = "word " * 2000  # 10 kB
        line.post_message(events.Paste(pasted))
        await pause_until(pilot, lambda: len(line.value) > p.CHAT_LIMIT)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChatScreen)
        rules = str(app.screen.query_one("#chat-rules", Static).render())
        assert f"A chat message is at most {p.CHAT_LIMIT} characters." in rules
        assert pasted.startswith(line.value)
        # Shortened, it goes.
        line.value = line.value[: p.CHAT_LIMIT]
        await pilot.press("enter")
        await pause_until(pilot, lambda: not isinstance(app.screen, ChatScreen))
        assert (await until(bob, said)).lines[0].text == pasted[: p.CHAT_LIMIT].strip()
        assert len(server.chat.room(server.tables[seated.table]).record.lines) == 1
    await bob.close()
    await server.stop()


async def test_the_host_mutes_from_the_chat_line_and_the_muted_player_reads_why(tmp_path: Path) -> None:
    # Bob's app this time: he created the table, so he is its host; Ann is a bare connection.
    server, bob, seated, _ = await ann_at_bobs_table(tmp_path)
    await bob.close()
    app = RemoteApp(
        "127.0.0.1", server.port, "Bob", identity("Bob"), code=seated.code, settings_path=tmp_path / "b"
    )
    ann = await player(server, "Ann")
    ann.send(p.Join(code=seated.code))
    await until(ann, lambda m: isinstance(m, p.Chat))
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press(CHAT_KEY)
        await pause_until(pilot, lambda: isinstance(app.screen, ChatScreen))
        rules = str(app.screen.query_one("#chat-rules", Static).render())
        assert "Host: /mute NAME" in rules
        app.screen.query_one(Input).value = "/mute Nobody"
        await pilot.press("enter")
        assert "No seat here is called 'Nobody'." in str(app.screen.query_one("#chat-rules", Static).render())
        app.screen.query_one(Input).value = "/mute ann"
        await pilot.press("enter")
        assert (await until(ann, lambda m: isinstance(m, p.Chat) and m.muted == [1])).host is False
        ann.send(p.Say(text="let me talk"))
        assert (await until(ann, lambda m: isinstance(m, p.Error))).text == chat.MUTED
        await pilot.press(CHAT_KEY)
        await pause_until(pilot, lambda: isinstance(app.screen, ChatScreen))
        assert "Muted: Ann." in str(app.screen.query_one("#chat-rules", Static).render())
        app.screen.query_one(Input).value = "/spectators on"
        await pilot.press("enter")
        assert (await until(ann, lambda m: isinstance(m, p.Chat) and m.heard)).muted == [1]
    await ann.close()
    await server.stop()


async def test_the_chat_key_is_free_on_every_game_screen_and_absent_from_a_local_game(tmp_path: Path) -> None:
    for gid in GAMES:
        game = GAMES[gid]
        seats = [SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")]  # (every game seats two)
        match = Match.new(game, game.Options(), seats, 1)
        app = RivalsApp(settings_path=tmp_path / "s.json")
        async with app.run_test(size=(80, 24)) as pilot:
            app.open_session(LocalSession(match))
            await pause_until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
            screen = app.screen
            board = screen.query_one(GameBoard)
            taken = {key for node in (app, screen, board) for key in node._bindings.key_to_bindings}
            chat = screen._bindings.key_to_bindings[CHAT_KEY]
            assert [b.action for b in chat] == ["chat"], gid
            # Nothing else anywhere on the game screen (the board's keys included) uses the keys.
            for key in (CHAT_KEY, *QUICK_KEYS):
                others = [b for node in (app, board) for b in node._bindings.key_to_bindings.get(key, [])]
                assert others == [] and key in taken, (gid, key)
                assert len(screen._bindings.key_to_bindings[key]) == 1, (gid, key)
            # A game at this terminal has no chat: the key is neither shown nor listed as working.
            await pause_until(pilot, lambda s=screen: bool(footer(s)))
            assert "Chat" not in [what for _, what in footer(screen)]
            assert screen.check_action("chat", ()) is False
            assert "chat" not in [b.binding.action for b in screen.active_bindings.values()]  # (nor in f2)
            await pilot.press(CHAT_KEY)
            await pilot.pause(0.02)
            assert app.screen is screen
    # The scores after a game have the keys too (the moment for "good game"), and no other use for them.
    over = GameOverScreen._merge_bindings().key_to_bindings
    expected = {CHAT_KEY: "game.chat", **{key: f"game.quick{i + 1}" for i, key in enumerate(QUICK_KEYS)}}
    assert {key: [b.id for b in over[key]] for key in expected} == {k: [v] for k, v in expected.items()}


async def test_a_message_said_as_the_next_game_opens_stays_in_the_chat(tmp_path: Path) -> None:
    # At a table's next game the server seats everyone afresh (`seated`, then the first update);
    # a message that comes between the two belongs to the table's chat, which goes on.
    server, bob, seated, app = await ann_at_bobs_table(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pause_until(pilot, lambda: ("/", "Chat") in footer(app.screen))  # (the screen is up)
        table = server.tables[seated.table]
        again = p.Seated(seat=1, code=table.code, **table.seated())
        line = p.ChatLine(name="Bob", seat=0, text="one more?", at=0.0)
        update, _ = table.update_for(1, 0, {0, 1})

        async def told() -> None:  # (as the connection's worker is told: in the app's context)
            app._seated(again)
            await app._dispatch(p.Chat(table.id, [line], False, [], False, False))
            await app._dispatch(update)

        await app.run_worker(told(), group="test").wait()
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen) and app.session.chat is not None)
        assert [x.text for x in app.session.chat.lines] == ["one more?"]
    await bob.close()
    await server.stop()


def test_a_chat_line_from_a_server_shows_whatever_it_holds() -> None:
    book = ChatBook(lambda m: None, seat=1)
    odd = p.ChatLine(name="Eve\x1b[2J", seat=None, text="[bold]x\x1b]0;t\x07", at=1e300, players=False)
    assert book.take(p.Chat(1, [odd], False, [9], True, False)) == book.lines
    assert shown(book.lines[0], clock=True) == f"{mark()} Eve\\x1b[2J (watching): [bold]x\\x1b]0;t\\x07"
    assert book.state(["Ann", "Bob"]) == "Spectators reach the players."  # (no seat 9 here)
