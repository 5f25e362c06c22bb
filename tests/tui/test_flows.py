"""Pilot flows: what a player does from the menu to the end of a game, and back again."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

from engine.core import SeatSpec
from rivals_tui.app import RivalsApp
from rivals_tui.dialogs import ConfirmDialog, ErrorDialog
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.screens.menu import MenuScreen
from rivals_tui.screens.new_game import NewGameScreen
from rivals_tui.screens.pass_keyboard import PassScreen
from rivals_tui.screens.too_small import TooSmallScreen
from rivals_tui.session import LocalSession
from rivals_tui.widgets.board import GameBoard
from tests.support.goofspiel import Bid
from tests.tui.conftest import HOT_SEAT, VS_AI, goof_match, make_app, make_store
from tests.tui.flow import settle


async def play_out(pilot, max_moves: int = 60) -> None:  # type: ignore[no-untyped-def]
    """Choose the first offered action whenever it is a human's turn, until the game is over."""
    app = pilot.app
    for _ in range(max_moves):
        await settle(pilot)
        if isinstance(app.screen, GameOverScreen):
            return
        if isinstance(app.screen, PassScreen):
            await pilot.press("enter")
            continue
        assert isinstance(app.screen, GameScreen)
        await pilot.press("enter")
    raise AssertionError("the game did not end")


async def test_new_game_against_ai_reaches_game_over(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#seed", Input).value = "11"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        session = app.screen.session
        assert [s.kind for s in session.seats] == ["human", "ai"]
        await play_out(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        out = session.outcome()
        assert out is not None and sum(out.scores) > 0


def started(tmp_path: Path, seats: list[SeatSpec], **kw: Any) -> tuple[RivalsApp, LocalSession]:
    """An app opened straight on a new game (as `rivals new` does)."""
    store = make_store(tmp_path)
    session = LocalSession(goof_match(seats), store)
    app = make_app(tmp_path, store=store, session=session, **kw)
    return app, session


def my_turn(app: RivalsApp) -> bool:
    screen = app.screen
    return isinstance(screen, GameScreen) and screen._my_turn()


async def test_quit_mid_game_and_resume_gives_the_same_game(tmp_path: Path) -> None:
    app, session = started(tmp_path, VS_AI)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Ann bids; the bot answers and the prize is resolved
        await settle(pilot)
        await pilot.press("down", "enter")
        await settle(pilot)
        history = list(session.match.history)
        state = session.match.state
        assert len(history) == 4
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert session.closed
    # A fresh app, as after restarting the program: Continue opens the same game.
    again = make_app(tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Ann, Bot" in str(again.screen.query_one("#menu-continue", Static).render())
        await pilot.press("c")
        await settle(pilot)
        screen = again.screen
        assert isinstance(screen, GameScreen)
        resumed = screen.session
        assert isinstance(resumed, LocalSession)
        assert resumed.match.history == history
        assert resumed.match.state == state
        # The log shows what happened before the break, as Ann saw it.
        log_text = "\n".join(screen.log_lines)
        assert "Seat 0 bids" in log_text and "Bids:" in log_text


async def test_hot_seat_hand_over_hides_the_hand(tmp_path: Path) -> None:
    app, session = started(tmp_path, HOT_SEAT)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert app.screen.player == "Ann"
        shown = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert "Ann" in shown and "bid" not in shown.lower()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.keyboard == 0
        await pilot.press("down", "enter")  # Ann bids 2
        await pilot.pause()
        # Ben's turn: the table is hidden until Ben says he is ready.
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Ben"
        assert not any("bid" in str(w.render()).lower() for w in app.screen.query(Static))
        await pilot.press("enter")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen) and game.keyboard == 1
        log_text = "\n".join(game.log_lines)
        assert "Seat 0 has bid." in log_text and "Seat 0 bids 2" not in log_text


async def test_undo_against_ai_takes_back_my_bid_and_the_bots_reply(tmp_path: Path) -> None:
    app, session = started(tmp_path, VS_AI)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert len(session.match.history) == 2
        hand_before = list(session.match.state.hands[0])
        await pilot.press("u")
        await settle(pilot)
        assert session.match.history == []
        assert sorted(session.match.state.hands[0]) == sorted([*hand_before, 1])
        assert "taken back" in str(app.screen.query_one("#status", Static).render())
        await pilot.press("u")
        await pilot.pause()
        status = str(app.screen.query_one("#status", Static).render())
        assert "There is nothing of yours to take back yet." in status


async def test_illegal_choice_shows_the_reason_and_changes_nothing(tmp_path: Path) -> None:
    app, session = started(tmp_path, VS_AI)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.query_one(GameBoard).post_message(GameBoard.ActionChosen(Bid(9)))
        await pilot.pause()
        assert session.match.history == []
        assert "You have no 9 left in your hand." in str(screen.query_one("#status", Static).render())


async def test_confirm_moves_asks_first(tmp_path: Path) -> None:
    app, session = started(tmp_path, VS_AI, confirm=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert session.match.history == []
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot)
        assert session.match.history[0] == (0, Bid(1))


async def test_hint_names_a_move_in_words(tmp_path: Path) -> None:
    app, session = started(tmp_path, VS_AI)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        status = str(app.screen.query_one("#status", Static).render())
        # The hint asks the strongest level, which a game at this keyboard has time for, and says so.
        assert "Hint (expert): the AI would bid" in status
        assert session.match.history == []  # a hint never plays for you


class FailingBot:
    def choose(self, game: Any, view: Any, seat: int, *, should_stop: Any = None) -> Any:
        raise RuntimeError("search blew up")


async def test_a_failing_ai_shows_a_dialog_and_the_game_goes_on(tmp_path: Path) -> None:
    app, session = started(tmp_path, VS_AI)
    session.bot = lambda seat: FailingBot()  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ErrorDialog)
        assert "search blew up" in str(app.screen.query_one("#error-message", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("u")  # the player can still take the move back
        await settle(pilot)
        assert session.match.history == []


@pytest.mark.parametrize("size", [(60, 20), (40, 12), (24, 6)])
async def test_tiny_terminal_asks_to_enlarge(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        # The whole sentence, wrapped where the terminal is narrower than it.
        message = app.screen.query_one("#too-small", Static)
        assert app.screen.region.contains_region(message.region)
        shown = " ".join(strip.text for strip in message.render_lines(message.size.region))
        assert " ".join(shown.split()) == "Please enlarge the terminal to at least 80×24 to play."
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_a_crash_still_leaves_the_game_saved_and_unlocked(tmp_path: Path) -> None:
    app, session = started(tmp_path, VS_AI)

    def boom() -> None:
        raise RuntimeError("a bug in a screen")

    with pytest.raises(RuntimeError, match="a bug in a screen"):
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("enter")
            await settle(pilot)
            app.call_later(boom)
            await pilot.pause()
    assert session.closed and session.name is not None
    store = make_store(tmp_path)
    assert (
        store.load(session.name).history
        == session.match.history
        == [(0, Bid(1)), (1, session.match.history[1][1])]
    )
    store.lock(session.name).release()


class SlowBot:
    """Thinks until released (or told to stop), so a test can look at the screen meanwhile."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.stopped = False

    def choose(self, game: Any, view: Any, seat: int, *, should_stop: Any = None) -> Any:
        while not self.release.is_set():
            if should_stop is not None and should_stop():
                self.stopped = True
                break
            time.sleep(0.005)
        return game.legal(view, seat)[0]


async def test_ai_thinking_is_shown_and_undo_cancels_it(tmp_path: Path) -> None:
    app, session = started(tmp_path, VS_AI)
    bot = SlowBot()
    session.bot = lambda seat: bot  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "Bot (AI) is thinking…" in str(screen.query_one("#status", Static).render())
        assert screen.check_action("picker", ()) is None  # greyed while the bot thinks
        await pilot.press("u")
        await settle(pilot)
        assert bot.stopped  # the search was told to stop
        assert session.match.history == []
        assert screen._my_turn()


async def test_the_bots_move_lands_when_it_has_thought(tmp_path: Path) -> None:
    app, session = started(tmp_path, VS_AI)
    bot = SlowBot()
    session.bot = lambda seat: bot  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.match.history) == 1
        bot.release.set()
        await settle(pilot)
        assert len(session.match.history) == 2 and not bot.stopped
        assert "thinking" not in str(app.screen.query_one("#status", Static).render())


async def test_ctrl_q_saves_and_quits_and_frees_the_save(tmp_path: Path) -> None:
    app, session = started(tmp_path, VS_AI)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0 and session.closed and session.name is not None
    store = make_store(tmp_path)
    assert store.load(session.name).history == session.match.history
    assert len(session.match.history) == 2
    store.lock(session.name).release()


async def test_hot_seat_undo_never_crosses_the_other_players_move(tmp_path: Path) -> None:
    app, session = started(tmp_path, HOT_SEAT)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Ann is ready
        await pilot.pause()
        await pilot.press("enter")  # Ann bids 1
        await pilot.pause()
        await pilot.press("enter")  # Ben is ready
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        status = str(app.screen.query_one("#status", Static).render())
        assert "There is nothing of yours to take back yet." in status
        await pilot.press("enter")  # Ben bids 1: the bids are revealed
        await pilot.pause()
        # Ben still owes the next bid, so he keeps the keyboard and bids again.
        assert isinstance(app.screen, GameScreen) and app.screen.keyboard == 1
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Ann"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        status = str(app.screen.query_one("#status", Static).render())
        assert "Another player has acted or hidden cards were revealed" in status
        assert len(session.match.history) == 3


async def test_rematch_starts_a_fresh_game_with_the_same_seats(tmp_path: Path) -> None:
    app, session = started(tmp_path, VS_AI)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_out(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("r")
        await settle(pilot)
        fresh = app.session
        assert isinstance(fresh, LocalSession) and fresh is not session
        assert fresh.name != session.name and fresh.match.seats == session.match.seats
        assert fresh.match.history == [] and fresh.match.seed != session.match.seed
        assert isinstance(app.screen, GameScreen)
        assert session.closed  # the finished game was saved and let go


async def test_loading_a_finished_game_shows_its_result(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    m = goof_match(VS_AI)
    while not m.over:
        for seat in m.to_act():
            m.submit(seat, m.legal(seat)[0])
    store.save("done", m)
    app = make_app(tmp_path, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_a_stray_enter_on_the_scores_does_not_start_a_rematch(tmp_path: Path) -> None:
    # Enter pressed a moment too late for the last move lands on the game-over screen: the
    # scores stay; r starts the rematch.
    app, session = started(tmp_path, VS_AI)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_out(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert app.screen is over
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.session is not session
