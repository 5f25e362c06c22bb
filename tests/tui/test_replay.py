"""The replay viewer (rivals_tui/screens/replay.py): its keys, what it shows of every game before
the end (only what the seat played here saw, nothing cut at 80×24), where it opens from (game
over, the load list, `rivals replay NAME`), and a picture of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from engine.core import Rng, SeatSpec
from engine.core.match import Match
from engine.registry import GAMES
from rivals_tui import cli
from rivals_tui.app import RivalsApp
from rivals_tui.dialogs import AskDialog, ErrorDialog
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.screens.load import LoadScreen
from rivals_tui.screens.log import LogScreen
from rivals_tui.screens.menu import MenuScreen
from rivals_tui.screens.replay import MARK, ReplayApp, ReplayScreen
from rivals_tui.session import LocalSession
from rivals_tui.settings import Settings
from rivals_tui.widgets.board import GameBoard
from rivals_tui.widgets.footer import KeysFooter
from saves.replay import Replay
from saves.store import SaveStore
from tests.support import golden
from tests.tui.flow import settle, until
from tests.tui.legibility import lost_text

FILES = sorted(golden.GOLDEN.glob("*.txt"))
NAMES = ["Annabel Winterbourne", "Bartholomew Quince", "Cordelia Featherstone", "Desmond Ashcombe"]


def seats(path: Path, humans: int = 1) -> list[SeatSpec]:
    n = golden.read(path).header.seats
    return [SeatSpec(NAMES[i]) if i < humans else SeatSpec(NAMES[i], "ai", "easy") for i in range(n)]


def settings_file(tmp_path: Path, symbols: str = "unicode") -> Path:
    path = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", ai_pace=0.0, symbols=symbols, confirm_moves=False).save(path)
    return path


def replay_app(tmp_path: Path, match: Match, symbols: str = "unicode") -> ReplayApp:
    store = SaveStore(tmp_path / "saves", games=GAMES)
    return ReplayApp(
        Replay.of(match), games=GAMES, store=store, settings_path=settings_file(tmp_path, symbols)
    )


def cut(match: Match, upto: int) -> Match:
    m = Match.new(match.game, match.options, match.seats, match.seed)
    m.rebuild(match.history[:upto])
    return m


def footer_actions(screen: Any) -> set[str]:
    return {k.action for k in screen.query_one(KeysFooter).keys}


async def test_the_keys_step_through_the_game_and_the_status_says_where(tmp_path: Path) -> None:
    path = golden.GOLDEN / "rival_kings-3p.txt"
    match = golden.replay(path, seats(path))
    app = replay_app(tmp_path, match)
    end = len(match.history)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.position == 0 and "move 0 of" in screen.status_text()
        assert "The table as it was set up." in screen.status_text()
        await pilot.press("right", "right", "right")
        assert screen.position == 3
        status = screen.status_text()
        who = NAMES[match.history[2][0]]
        assert f"move 3 of {end}" in status and f"{who} decided" in status
        # The log: up to the move shown, its own lines marked.
        assert screen.log_lines and screen.log_lines[-1].startswith(MARK)
        own = [MARK + screen.words(e.text) for n, e in screen.replay.events(3, 0) if n == 3]
        assert [line for line in screen.log_lines if line.startswith(MARK)] == own
        await pilot.press("left")
        assert screen.position == 2
        await pilot.press("pagedown")
        turn = screen.replay.turn_step(2, 1)
        assert screen.position == turn > 2 and "round" in screen.status_text()
        await pilot.press("pageup")
        assert screen.position == screen.replay.turn_step(turn, -1)
        await pilot.press("end")
        assert screen.position == end and "The game is over." in screen.status_text()
        await pilot.press("right")  # (nothing after the end)
        assert screen.position == end
        await pilot.press("home")
        assert screen.position == 0
        # Go to a move by its number; a number out of the game is refused in a sentence.
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, AskDialog))
        await pilot.press("ctrl+a", "ctrl+k", *"40", "enter")
        await until(pilot, lambda: app.screen is screen)
        assert screen.position == 40
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, AskDialog))
        await pilot.press("ctrl+a", "ctrl+k", *"9999", "enter")
        await until(pilot, lambda: app.screen is screen)
        assert screen.position == 40 and f"from 0 to {end}" in screen.status_text()
        # After the end: another seat's eyes, then everything.
        assert "as Annabel Winterbourne saw it" in screen.status_text()
        await pilot.press("s")
        assert screen.seat == 1 and "as Bartholomew Quince saw it" in screen.status_text()
        assert screen.query_one(GameBoard).seat == 1
        await pilot.press("e")
        assert "every card shown" in screen.status_text()
        assert screen.query_one(GameBoard).view == screen.replay._state(40)
        # The whole log up to the move, in the eyes chosen.
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        log = app.screen
        assert isinstance(log, LogScreen) and "up to move 40" in log.title_text
        assert len(log.lines) == len(screen.replay.events(40, 1))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        # Leaving a replay opened by `rivals replay` builds the menu.
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))


async def test_a_move_in_no_seats_turn_is_said_to_be_between_turns(tmp_path: Path) -> None:
    # Rival Kings' secret choice of characters belongs to no seat's turn (its record numbers it
    # turn 0): the status line says the move is between turns, not in a "turn 0".
    path = golden.GOLDEN / "rival_kings-3p.txt"
    match = golden.replay(path, seats(path))
    app = replay_app(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        numbers = {k: screen.replay.number(k) for k in range(1, screen.replay.moves + 1)}
        between = next(k for k, n in numbers.items() if n is not None and n[0] > 0 and n[1] == 0)
        screen.go(between)
        status = screen.status_text()
        assert f"round {numbers[between][0]}, between turns" in status and "turn 0" not in status
        turn = next(k for k, n in numbers.items() if n is not None and n[1] > 0)
        screen.go(turn)
        assert f"round {numbers[turn][0]}, turn {numbers[turn][1]} " in screen.status_text()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
async def test_before_the_end_it_shows_only_what_the_seat_played_here_saw_and_nothing_is_cut(
    tmp_path: Path, path: Path
) -> None:
    """For every game, a game in progress: at each position looked at, the board holds exactly
    the view the seat had live, draws the same for a table that seat could not tell apart from
    it, and the log holds the lines the seat read; no other eyes, no "every card"; at 80×24 (in
    the ASCII set, the stricter) nothing is cut."""
    full = golden.replay(path, seats(path))
    half = len(full.history) // 2
    match = cut(full, half)
    game = match.game
    app = replay_app(tmp_path, match, symbols="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await until(pilot, lambda: "step(1)" in footer_actions(screen))
        assert footer_actions(screen).isdisjoint({"seat", "everything"})
        assert screen.check_action("seat", ()) is None and screen.check_action("everything", ()) is None
        board = screen.query_one(GameBoard)
        s = game.setup(match.options, len(match.seats), match.seed)
        read: list[str] = []
        rng = Rng.from_seed(5)
        for k in range(half + 1):
            if k % max(1, half // 6) == 0 or k == half:
                await pilot.press("m")
                await until(pilot, lambda: isinstance(app.screen, AskDialog))
                await pilot.press("ctrl+a", "ctrl+k", *str(k), "enter")
                await until(pilot, lambda k=k: app.screen is screen and screen.position == k)
                await pilot.pause()
                seen = game.view(s, 0)
                assert board.seat == 0 and board.view == seen, f"position {k}"
                assert [line.removeprefix(MARK) for line in screen.log_lines] == read[
                    -len(screen.log_lines) :
                ]
                assert lost_text(screen) == [], f"position {k}"
                if hasattr(board, "rendered_text"):
                    drawn = board.rendered_text()
                    other = game.determinize(seen, 0, rng)
                    board.show(game.view(other, 0), 0, (), [])
                    assert board.rendered_text() == drawn, f"position {k}: another table draws otherwise"
                    board.show(seen, 0, (), [])
            if k < half:
                who, action = match.history[k]
                game.perform(s, who, action)
                read += [screen.words(e.text) for e in match.log[k] if e.visible_to(0)]


async def test_game_over_opens_the_replay_and_closing_it_comes_back(tmp_path: Path) -> None:
    path = golden.GOLDEN / "rivality-2p-expert.txt"
    match = golden.replay(path, seats(path))
    store = SaveStore(tmp_path / "saves", games=GAMES)
    app = RivalsApp(
        games=GAMES, store=store, settings_path=settings_file(tmp_path), session=LocalSession(match, store)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        over = app.screen
        await until(pilot, lambda: "replay" in footer_actions(over))
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.replay.moves == len(match.history)
        assert screen.replay.finished
        await until(pilot, lambda: "seat" in footer_actions(screen))
        assert screen.check_action("everything", ()) is True
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is over)


async def test_the_load_list_replays_a_save_and_says_why_a_damaged_one_cannot(tmp_path: Path) -> None:
    path = golden.GOLDEN / "rivalist-2p.txt"
    store = SaveStore(tmp_path / "saves", games=GAMES)
    store.save("half", cut(golden.replay(path, seats(path)), 30))
    store.path("broken").write_text("{ not a save", encoding="utf-8")
    app = RivalsApp(games=GAMES, store=store, settings_path=settings_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen))
        load = app.screen
        assert isinstance(load, LoadScreen)
        table = load.query_one("#saves")
        table.move_cursor(row=table.get_row_index("half"))  # type: ignore[attr-defined]
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.replay.moves == 30 and not screen.replay.finished and screen.seat == 0
        await pilot.press("end")
        assert "This is as far as the game has got." in screen.status_text()
        await pilot.press("q")
        await until(pilot, lambda: app.screen is load)
        table.move_cursor(row=table.get_row_index("broken"))  # type: ignore[attr-defined]
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ErrorDialog))
        # The save was read, never locked or written.
        assert not list((tmp_path / "saves").glob("*.lock"))


def test_replay_of_a_missing_save_is_one_sentence_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = cli.main(["--save-dir", str(tmp_path), "replay", "nothing"], headless=True)
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("rivals: ") and "no such save" in err


def test_replay_screen_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    """Rival Kings after the end, some way in, through the second seat's eyes."""
    path = golden.GOLDEN / "rival_kings-3p.txt"
    app = replay_app(tmp_path, golden.replay(path, seats(path)))

    async def step(pilot: Pilot[Any]) -> None:
        await until(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen))
        await pilot.press("pagedown", "pagedown", "pagedown", "right", "s")
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=step)
