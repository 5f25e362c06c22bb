"""The book (b): every component of a game with its full text, searchable, at 80×24, from the
game screen and from the rules; the same catalogue for every seat; Esc leaves the game as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from engine.core import SeatSpec
from engine.registry import GAMES
from rivals_tui.games.book import entries_for
from rivals_tui.screens.book import BookScreen
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.keys import KeysScreen
from rivals_tui.screens.rules import RulesScreen
from rivals_tui.session import LocalSession
from rivals_tui.widgets.detail import DetailPanel
from tests.tui.boards import screen_app, settle
from tests.tui.conftest import goof_match, make_app
from tests.tui.legibility import lost_text
from tests.tui.test_nothing_cut import played, table
from tests.tui.test_snapshots import no_blink

SIZE = (80, 24)

# A known entry of every group of each game's book.
KNOWN: dict[str, dict[str, str]] = {
    "rivals": {
        "Ashaks": "Sylva",
        "Ultimates": "Railstorm",
        "Signature cards": "Bark Skin",
        "Starting cards": "Blaster",
        "Interface cards": "Firewall",
        "Schemas": "Black Ice",
        "Guilds": "Sentinels",
        "Events": "Heavy Gravity",
    },
    "rival_kings": {"Characters": "Queen (A)", "Buildings": "Cathedral", "Subjects": "Herbalist"},
    "rival_realms": {
        "Region types": "Highlands",
        "Adventure tokens": "Magic Mirror",
        "Quests": "Tea Time",
        "Enchantments": "Open Passes",
        "Events": "Shooting Star",
    },
    "rivalist": {
        "Age I cards": "Scribe Room",
        "Age II cards": "Caravanserai",
        "Age III cards": "Chamber of Commerce",
        "Unions": "Builders' Union",
        "Wonders": "Legends of Valhalla",
        "Progress tokens": "Theory",
    },
    "rivality": {"Kinds of tile": "Fortress", "Tiles": "Cottage L1x1 F2x3 R2x2"},
}
# What a player types, and the entry it finds first, with words of its text.
SEARCH: dict[str, tuple[str, str, str]] = {
    "rivals": ("bark skin", "Bark Skin", "Each salvo against you deals 1 less damage"),
    "rival_kings": ("watchman", "Watchman", "takes the Conflict marker instead of you"),
    "rival_realms": ("carpet", "Flying Carpet", "Fly to any region of your realm"),
    "rivalist": ("red fort", "The Red Fort", "Take 12 coins from the bank"),
    "rivality": ("star", "Dolmen Plain F4x1 (star)", "The star tile."),
}
MOMENTS = [
    ("rivals", 3, 15),
    ("rival_kings", 3, 20),
    ("rival_realms", 2, 12),
    ("rivalist", 2, 12),
    ("rivality", 2, 9),
]


def test_every_book_lists_each_group_once_in_one_block_with_a_text_for_every_entry() -> None:
    for game_id, known in KNOWN.items():
        book = entries_for(game_id)
        groups = [e.group for e in book]
        blocks = [g for i, g in enumerate(groups) if i == 0 or groups[i - 1] != g]
        assert blocks == list(dict.fromkeys(groups)), game_id  # each group in one block
        assert set(known) == set(groups), game_id
        for group, name in known.items():
            assert any(e.group == group and e.name == name for e in book), (game_id, name)
        assert all(e.text.strip() for e in book), game_id
        names = [(e.group, e.name) for e in book]
        assert len(names) == len(set(names)), game_id  # no entry twice


@pytest.mark.parametrize(("game_id", "players", "moves"), MOMENTS)
async def test_the_book_opens_from_the_game_filters_and_closes_leaving_the_game_as_it_was(
    tmp_path: Path, game_id: str, players: int, moves: int
) -> None:
    match = played(game_id, table(players), moves)
    app = screen_app(tmp_path, match, symbols="ascii")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        history, view, log = list(match.history), match.view(0), list(game.log_lines)
        await pilot.press("b")
        await settle(pilot)
        book = app.screen
        assert isinstance(book, BookScreen)
        assert not lost_text(book), lost_text(book)
        listed = book.listed()
        assert len(listed) == len(entries_for(game_id))
        for name in KNOWN[game_id].values():
            assert name in listed
        typed, first, words = SEARCH[game_id]
        await pilot.press(*typed)
        await settle(pilot)
        assert book.entries[book.current or 0].name == first
        assert first in book.listed() and len(book.listed()) < len(listed)
        panel = book.query_one("#book-text", DetailPanel)
        assert words in panel.plain and panel.plain.startswith(first)
        assert not lost_text(book), lost_text(book)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game
        assert game.log_lines == log
    assert match.history == history and match.view(0) == view


async def test_arrows_choose_and_the_page_keys_read_a_long_text_on(tmp_path: Path) -> None:
    app = screen_app(tmp_path, played("rivals", table(2), 10))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        book = app.screen
        assert isinstance(book, BookScreen)
        assert book.entries[book.current or 0].name == "Atmos"
        await pilot.press("down")
        await settle(pilot)
        assert book.entries[book.current or 0].name == "Renko"  # its text is long at 80x24
        panel = book.query_one("#book-text", DetailPanel)
        assert panel.max_scroll_y > 0 and "PgDn" in str(panel.border_subtitle)
        await pilot.press("pagedown")
        await settle(pilot)
        assert panel.scroll_y > 0 and "PgUp" in str(panel.border_subtitle)
        await pilot.press("pageup")
        await settle(pilot)
        assert panel.scroll_y == 0
        await pilot.press(*"zzzq")
        await settle(pilot)
        assert book.listed() == [] and "Nothing matches" in panel.plain
        await pilot.press("backspace", "backspace", "backspace", "backspace")
        await settle(pilot)
        assert len(book.listed()) == len(entries_for("rivals"))


async def test_the_book_is_on_f2_and_in_the_command_palette(tmp_path: Path) -> None:
    app = screen_app(tmp_path, played("rival_kings", table(3), 10))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        await pilot.pause()
        panel = app.screen
        assert isinstance(panel, KeysScreen)
        assert "b  Every card and piece of the game, searchable" in panel.listed()
        await pilot.press("escape", "ctrl+p")
        await pilot.pause()
        await pilot.press(*"book")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, BookScreen)


async def test_the_book_opens_from_the_rules_before_any_game(tmp_path: Path) -> None:
    app = screen_app(tmp_path, played("rivalist", table(2), 4))
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(RulesScreen(None))  # as the menu's rules: which game first
        await settle(pilot)
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.check_action("book", ()) is None
        await pilot.press("enter")  # the first game listed
        await settle(pilot)
        assert rules.game_id is not None
        await pilot.press("b")
        await settle(pilot)
        book = app.screen
        assert isinstance(book, BookScreen) and book.game_id == rules.game_id
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is rules


async def test_a_game_without_a_book_greys_the_key(tmp_path: Path) -> None:
    app = make_app(tmp_path, session=None)
    async with app.run_test(size=SIZE) as pilot:
        app.open_session(
            LocalSession(goof_match([SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")]), app.store)
        )
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.check_action("book", ()) is None
        await pilot.press("b")
        await settle(pilot)
        assert app.screen is screen
    assert entries_for("goofspiel") == ()
    assert GAMES  # the registry's five games all have one
    assert all(entries_for(i.id) for i in GAMES.infos())


def test_snapshot_the_book_searched(snap_compare: Any, tmp_path: Path) -> None:
    async def search(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("b", *"skin")
        await settle(pilot)
        no_blink(pilot.app)

    app = screen_app(tmp_path, played("rivals", table(2), 10))
    assert snap_compare(app, terminal_size=SIZE, run_before=search)
