"""Pilot tests of single screens: load, damaged saves, the action picker, rules, settings, series."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from textual.containers import VerticalScroll
from textual.widgets import DataTable, Input, OptionList, Static, Switch

from engine.core import SeatSpec
from engine.core.match import Match, Series
from rivals_tui.app import KeysProvider, RivalsApp
from rivals_tui.dialogs import ConfirmDialog, ErrorDialog
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.screens.keys import KeysScreen
from rivals_tui.screens.load import LoadScreen
from rivals_tui.screens.log import LogScreen
from rivals_tui.screens.menu import MenuScreen
from rivals_tui.screens.new_game import NewGameScreen
from rivals_tui.screens.pass_keyboard import PassScreen
from rivals_tui.screens.rules import RulesScreen, RulesSection, split_sections
from rivals_tui.session import LocalSession
from rivals_tui.widgets.action_picker import ActionPicker
from rivals_tui.widgets.board import GameBoard
from tests.support.goofspiel import Bid, Goofspiel, GoofState
from tests.tui.conftest import HOT_SEAT, VS_AI, goof_match, make_app, make_store
from tests.tui.test_flows import play_out, settle


def text_of(widget: Any) -> str:
    return str(widget.render())


async def test_load_lists_saves_and_deletes_after_confirmation(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.save("first", goof_match(VS_AI))
    two = goof_match(HOT_SEAT)
    two.submit(0, Bid(2))
    store.save("second", two)
    app = make_app(tmp_path, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 2
        rows = {str(k.value): [str(c) for c in table.get_row(k)] for k in table.rows}
        # The game with its variant in force, then the players.
        assert rows["first"][0] == "Goofspiel\nCards: 3" and rows["first"][1] == "Ann, Bot"
        assert rows["second"][1] == "Ann, Ben"
        table.move_cursor(row=table.get_row_index("first"))
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")  # changed my mind: nothing is deleted
        await pilot.pause()
        assert store.path("first").exists()
        await pilot.press("d", "y")
        await pilot.pause()
        assert not store.path("first").exists()
        assert app.screen.query_one(DataTable).row_count == 1
        await pilot.press("enter")  # open the other one: Ben bids next, behind the pass screen
        await settle(pilot)
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Ben"
        assert app.session is not None and app.session.name == "second"


async def test_a_damaged_save_shows_one_line_and_the_menu_still_works(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.root.mkdir(parents=True)
    broken = store.path("broken")
    broken.write_text('{"format_version": 1, "game": "goofspiel", "hist')
    before = broken.read_bytes()
    app = make_app(tmp_path, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count == 1
        assert "damaged: cannot be read" in [str(c) for c in table.get_row_at(0)]
        detail = text_of(app.screen.query_one("#load-detail", Static))
        assert "broken.json" in detail
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ErrorDialog)
        message = text_of(app.screen.query_one("#error-message", Static))
        assert "broken.json" in message and "\n" not in message.strip()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
    assert broken.read_bytes() == before  # the file is left as it was


class GreyGoof(Goofspiel):
    """Goofspiel whose picker also lists cards already played, with the reason."""

    def choices(self, s: GoofState, seat: int) -> list[tuple[Any, str | None]]:
        cards = sorted(set(s.hands[seat]) | set(range(1, 4)))
        return [(Bid(c), self.why_illegal(s, seat, Bid(c))) for c in cards]


def grey_goof_app(tmp_path: Path) -> tuple[RivalsApp, Match]:
    """An app on a GreyGoof game in its second round (2 and 1 bid), the human seat to choose."""
    store = make_store(tmp_path)
    game = GreyGoof()
    match = Match.new(game, game.Options(cards=3), VS_AI, 3)
    match.submit(0, Bid(2))
    match.submit(1, Bid(1))
    return make_app(tmp_path, store=store, session=LocalSession(match, store)), match


async def test_action_picker_greys_what_is_not_allowed_with_the_reason(tmp_path: Path) -> None:
    app, match = grey_goof_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("a")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, ActionPicker)
        options = picker.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert labels == ["bid 1", "bid 2  (not allowed: You have no 2 left in your hand.)", "bid 3"]
        assert options.get_option_at_index(1).disabled
        await pilot.press("3")  # filter down to one entry
        await pilot.pause()
        assert options.option_count == 1
        await pilot.press("enter")
        await settle(pilot)
        assert match.history[2] == (0, Bid(3))


async def test_the_action_picker_opened_again_shows_what_a_new_one_shows(tmp_path: Path) -> None:
    # The game screen keeps one picker and shows it again: what was typed, highlighted, focused
    # or refused in it last time is gone, and a decision made through it still counts once.
    app, match = grey_goof_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)

        async def opened() -> str:
            await pilot.press("a")
            await pilot.pause()
            assert isinstance(app.screen, ActionPicker)
            for box in app.screen.query(Input):
                box.cursor_blink = False
            await pilot.pause()
            return re.sub(r"terminal-\d+", "terminal", app.export_screenshot())  # an id per export

        async def closed() -> None:
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen

        await opened()
        picker = app.screen
        await pilot.press(*"zz", "tab")  # nothing matches, and it says so; the focus leaves the filter
        await pilot.pause()
        assert picker.query_one(Input).value == "zz" and not picker.query_one(Input).has_focus
        assert text_of(picker.query_one("#picker-reason", Static))
        await closed()
        again = await opened()
        assert app.screen is picker
        await closed()
        # A new picker, in the same state of the game, shows the same screen.
        screen._picker = None
        app.uninstall_screen(picker)
        assert await opened() == again
        assert app.screen is not picker
        await pilot.press("enter")  # the highlighted entry: bid 1
        await settle(pilot)
        assert match.history[2] == (0, Bid(1))
        assert not isinstance(app.screen, ActionPicker)


async def test_rules_open_at_the_current_step(tmp_path: Path) -> None:
    app, _ = _started(tmp_path, VS_AI)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        for _ in range(100):
            await pilot.pause()
            if app.screen.query_one("#rules-scroll").scroll_y > 0:
                break
        screen = app.screen
        assert isinstance(screen, RulesScreen) and screen.section == "bidding"
        scroll = screen.query_one("#rules-scroll", VerticalScroll)
        assert scroll.scroll_y > 0  # the Bidding heading, not the top of the file
        bidding = next(w for w in screen.query(RulesSection) if w.slug == "bidding")
        # Its heading on the top line, or as near as the end of the file lets it come.
        assert scroll.scroll_y == min(bidding.virtual_region.y, scroll.max_scroll_y)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_rules_from_the_menu_ask_which_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.query_one(OptionList).option_count == 1
        await pilot.press("enter")
        await pilot.pause()
        assert "Goofspiel" in text_of(app.screen.query_one("#rules-title", Static))


async def test_settings_are_saved_at_once(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one(Switch).toggle()
        await pilot.pause()
    saved = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert saved["confirm_moves"] is True


class SeriesGoof(Goofspiel):
    supports_series = True


def _started(
    tmp_path: Path, seats: list[SeatSpec], match: Match | None = None
) -> tuple[RivalsApp, LocalSession]:
    store = make_store(tmp_path)
    session = LocalSession(match or goof_match(seats), store)
    return make_app(tmp_path, store=store, session=session), session


async def test_game_over_shows_the_breakdown_and_series_totals(tmp_path: Path) -> None:
    game = SeriesGoof()
    match = Match.new(game, game.Options(cards=3), VS_AI, 5, series=Series(games=2))
    app, session = _started(tmp_path, VS_AI, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_out(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        out = session.outcome()
        assert out is not None
        table = over.query_one(DataTable)
        assert [str(c) for c in table.get_row_at(0)] == ["Prizes", *map(str, out.lines[0].values)]
        assert [str(c) for c in table.get_row_at(1)] == ["Total", *map(str, out.scores)]
        series_text = text_of(over.query_one("#over-series", Static))
        assert "after game 1" in series_text and f"Ann {out.scores[0]}" in series_text
        await pilot.press("n")  # next game of the series, totals carried
        await settle(pilot)
        nxt = app.session
        assert isinstance(nxt, LocalSession) and nxt.name == session.name
        assert nxt.match.series.results == (out.scores,)
        assert isinstance(app.screen, GameScreen)


async def test_every_game_key_is_in_the_command_palette(tmp_path: Path) -> None:
    app, session = _started(tmp_path, VS_AI)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        names = [name for name, _, _ in KeysProvider(app.screen)._commands()]
        for expected in (
            "Rules (?, f1)",
            "Actions (a, space)",
            "Undo (u)",
            "Hint (h)",
            "Log (l)",
            "Menu (q)",
        ):
            assert expected in names
        assert "Quit (^q)" in names and "Keys (f2)" in names
        # Run one through the palette itself, by keyboard.
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"log (l)")
        for _ in range(20):
            await pilot.pause()
        await pilot.press("enter")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, LogScreen)


async def test_f2_shows_the_keys_over_the_board_without_squeezing_it(tmp_path: Path) -> None:
    app, _ = _started(tmp_path, VS_AI)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        board = game.query_one(GameBoard)
        width = board.size.width
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        listed = app.screen.listed()
        assert "Take back your last decision" in listed and "Ask the AI" in listed
        # The board underneath keeps its full width.
        assert board.size.width == width
        await pilot.press("f2")
        await pilot.pause()
        assert app.screen is game


def test_a_rules_file_is_cut_at_its_headings_but_not_inside_code() -> None:
    text = "Intro line.\n\n# Game\n\nAbout it.\n\n## Turn\n\n```\n# not a heading\n```\n\n### Ends ##\n"
    assert split_sections(text) == [
        (0, "", "Intro line.\n"),
        (1, "Game", "\nAbout it.\n"),
        (2, "Turn", "\n```\n# not a heading\n```\n"),
        (3, "Ends", ""),
    ]
