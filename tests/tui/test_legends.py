"""Every symbol a board draws is in its legend, in both symbol sets, at random moments of real
games; the legend opens on `g` over the game screen, fits 80×24 and scrolls; the hint's move can
put the cursor on its piece. Snapshots: each board with its legend open, and each board drawn in
the ASCII set (update with --snapshot-update after a deliberate change; look at the SVGs)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Static

from engine.core import Game
from engine.core.match import Match
from engine.registry import GAMES
from engine.rivality.data import xy_of
from rivals_tui import glyphs
from rivals_tui.screens.legend import LegendScreen
from rivals_tui.session import LocalSession
from tests.tui import boards
from tests.tui.boards import pinned, screen_app, settle
from tests.tui.conftest import VS_AI, goof_match, make_app, make_store
from tests.tui.flow import until

BOARD_GAMES = ("rival_kings", "rivalist", "rivality", "rival_realms", "rivals")
# Characters of ordinary writing that need no legend.
PROSE = set(" .,:;()'&/\n")


class LegendBoardApp(boards.BoardApp):
    """One board alone, for any of the games."""

    def __init__(self, game: Game[Any, Any, Any], state: Any, seat: int) -> None:
        from rivals_tui.games import board_class

        type(self).GAME = game
        type(self).BOARD = board_class(game.id)
        super().__init__(state, seat)


def unexplained(text: str, legend: list[tuple[str, str]], plain: bool) -> set[str]:
    """The symbols in `text` that no legend row shows."""
    shown = "".join(symbol for symbol, _ in legend)
    out = set()
    for ch in set(text):
        if plain:
            assert ch.isascii(), f"{ch!r} drawn in the ASCII set"
            if not ch.isalnum() and ch not in PROSE and ch not in shown:
                out.add(ch)
        elif not ch.isascii() and ch not in shown:
            out.add(ch)
    return out


@pytest.mark.parametrize(
    ("game_id", "seats", "options"),
    [
        ("rival_kings", 3, {}),
        ("rival_kings", 2, {}),
        ("rivalist", 2, {}),
        ("rivality", 2, {"expert": True}),
        ("rivality", 3, {}),
        ("rivality", 1, {}),
        ("rival_realms", 2, {"events": True, "enchantments": ("open_passes", "grand_quests")}),
        ("rival_realms", 1, {"solo_level": "hard"}),
        ("rivals", 3, {}),
        ("rivals", 6, {}),
    ],
)
@pytest.mark.parametrize("size", [(46, 20), (100, 40)])
async def test_every_symbol_drawn_at_random_moments_is_in_the_legend(
    game_id: str, seats: int, options: dict[str, Any], size: tuple[int, int]
) -> None:
    game = GAMES[game_id]
    rng = random.Random(f"{game_id}{seats}{size}")
    state = game.setup(game.Options(**options), seats, rng.randrange(1, 10_000))
    app = LegendBoardApp(game, state, 0)
    checked = 0
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        steps = 0
        while game.to_act(state) and checked < 12:
            seat = game.to_act(state)[0]
            events = game.apply(state, seat, rng.choice(game.legal(state, seat)))
            app.seat = game.to_act(state)[0] if game.to_act(state) else seat
            app.refresh_board(events)
            steps += 1
            if steps % 2:
                continue
            board = app.board
            for mode in ("unicode", "ascii"):
                with glyphs.using(mode):
                    board._table = None
                    # Somewhere on the board, not only where the decision puts the cursor.
                    items = board.table().items
                    board._set_cursor(rng.randrange(len(items)))
                    text = board.rendered_text()
                    legend = board.legend()
                    assert not unexplained(text, legend, mode == "ascii"), (mode, text)
                    # Every shortened name on the board is spelled out.
                    symbols = {symbol for symbol, _ in legend}
                    assert set(board.table().short) <= symbols
            board._table = None
            checked += 1
    assert checked >= 3


def deep(m: Match) -> bool:
    """Twelve decisions in, on Ann's decision: the moment the legend pictures show."""
    return m.to_act() == (0,) and len(m.history) >= 12


def legend_moment(game_id: str) -> Match:
    """The moment `deep` found in a random game, pinned in tests/golden/positions/."""
    return pinned(f"{game_id}-legend")


async def open_legend(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("g")
    await pilot.pause()


async def test_the_legend_key_is_in_the_footer_the_key_panel_and_the_palette(tmp_path: Path) -> None:
    app = screen_app(tmp_path, legend_moment("rival_kings"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # The footer, the f2 panel and the palette (KeysProvider) all list the active bindings.
        active = {key: ab for key, ab in app.screen.active_bindings.items() if ab.enabled}
        assert active["g"].binding.action == "legend" and active["g"].binding.show
        assert active["g"].binding.description == "Legend"
        # g opens the legend and g again closes it.
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, LegendScreen)
        await pilot.press("g")
        await pilot.pause()
        assert not isinstance(app.screen, LegendScreen)


async def legend_opens_fits_and_scrolls(pilot: Pilot[Any]) -> None:
    """`g` opens the board's own legend over the game; it fits 80×24, holds more rows than fit,
    and `end` scrolls to the last of them (`home` goes back up for the picture)."""
    app = pilot.app
    await open_legend(pilot)
    screen = app.screen
    assert isinstance(screen, LegendScreen)
    board_rows = app.screen_stack[-2].query_one("#board").legend()
    assert screen.rows == board_rows and len(board_rows) > 20
    box = screen.query_one("#legend-box")
    assert box.region.width <= 80 and box.region.height <= 24
    scroll = screen.query_one("#legend-rows", VerticalScroll)
    assert scroll.max_scroll_y > 0
    # (Scrolling may be animated: wait for it to arrive, however loaded the machine, so the
    # picture is never taken halfway.)
    await pilot.press("end")
    await until(pilot, lambda: scroll.scroll_y == scroll.max_scroll_y, timeout=5)
    await pilot.press("home")
    await until(pilot, lambda: scroll.scroll_y == 0, timeout=5)


@pytest.mark.parametrize("game_id", BOARD_GAMES)
def test_board_with_its_legend_open(snap_compare: Any, tmp_path: Path, game_id: str) -> None:
    app = screen_app(tmp_path, legend_moment(game_id))
    assert snap_compare(app, terminal_size=(80, 24), run_before=legend_opens_fits_and_scrolls)


@pytest.mark.parametrize("game_id", BOARD_GAMES)
def test_board_in_ascii(snap_compare: Any, tmp_path: Path, game_id: str) -> None:
    app = screen_app(tmp_path, legend_moment(game_id), symbols="ascii")
    assert glyphs.plain()
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)


def first_of(legal: Any, name: str) -> Any:
    return next((a for a in legal if type(a).__name__ == name), None)


async def test_the_hint_puts_the_cursor_on_a_rivality_square_out_of_sight() -> None:
    game = GAMES["rivality"]

    def far_place(s: Any, seat: int) -> bool:
        # A square to lay on that the 80×24 window cannot show with the cursor where it starts.
        return s.phase == "place" and len(s.pos) >= 12

    state, seat = boards.find_state(game, lambda n: game.setup(game.Options(), 2, n), far_place)
    app = LegendBoardApp(game, state, seat)
    async with app.run_test(size=(46, 20)) as pilot:
        await pilot.pause()
        board = app.board

        def in_window(pos: int) -> bool:
            w = board.board().window
            x, y = xy_of(pos)
            return w.x0 <= x < w.x0 + w.cols and w.y0 <= y < w.y0 + w.rows

        hidden = [a for a in game.legal(state, seat) if not in_window(a.pos)]
        assert hidden, "every square in sight: pick a bigger battlefield"
        target = hidden[-1]
        assert board.focus_action(target)
        await pilot.pause()
        x, y = xy_of(target.pos)
        assert board.cursor == ("cell", x, y) and in_window(target.pos)
        await pilot.press("enter")
        assert app.chosen == [target]


@pytest.mark.parametrize(
    ("game_id", "seats", "kind", "key"),
    [
        ("rival_kings", 3, "TakeMoney", lambda a: ("pile", a.pile)),
        ("rivalist", 2, "Take", lambda a: ("slot", a.slot)),
    ],
)
async def test_the_hint_puts_the_cursor_on_the_piece_of_its_move(
    game_id: str, seats: int, kind: str, key: Any
) -> None:
    game = GAMES[game_id]
    state, seat = boards.find_state(
        game,
        lambda n: game.setup(game.Options(), seats, n),
        lambda s, i: sum(type(a).__name__ == kind for a in game.legal(s, i)) >= 2,
    )
    app = LegendBoardApp(game, state, seat)
    async with app.run_test(size=(46, 20)) as pilot:
        await pilot.pause()
        board = app.board
        # The last of several: not where the cursor starts.
        target = [a for a in game.legal(state, seat) if type(a).__name__ == kind][-1]
        assert board.focus_action(target)
        assert board.cursor_key == key(target)
        await pilot.press("enter")
        assert app.chosen[-1] == target
        # A move no piece stands for leaves the cursor where it is.
        before = board.cursor_key
        assert not board.focus_action(object())
        assert board.cursor_key == before


async def test_a_board_of_words_says_it_has_nothing_to_explain(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    app = make_app(tmp_path, store=store, session=LocalSession(goof_match(VS_AI), store))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_legend(pilot)
        assert isinstance(app.screen, LegendScreen)
        text = str(app.screen.query_one("#legend-table", Static).content)
        assert "words only" in text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, LegendScreen)


def test_rivalist_players_whose_names_cut_alike_stay_apart() -> None:
    from rivals_tui.games.rivalist.layout import build_table
    from rivals_tui.widgets.linetable import table_text

    game = GAMES["rivalist"]
    s = game.setup(game.Options(), 2, 3)
    names = ["Christopher", "Christophe"]
    table = build_table(game.view(s, 0), 0, game.legal(s, 0), names, 46, 19, set(), set())
    text = table_text(table)
    assert "Christ 1" in text and "Christ 2" in text
    assert table.short["Christ 1"] == "Christopher" and table.short["Christ 2"] == "Christophe"


async def test_in_ascii_the_detail_panel_gets_plain_rule_texts() -> None:
    game = GAMES["rival_kings"]
    state = game.setup(game.Options(), 2, 4)
    with glyphs.using("ascii"):
        app = LegendBoardApp(game, state, 0)
        async with app.run_test(size=(46, 20)) as pilot:
            await pilot.pause()
            # A pile's text quotes its top card's, which has a dash in it.
            board = app.board
            pile = next(n for n, it in enumerate(board.table().items) if it.key[0] == "pile")
            assert "—" in board.table().items[pile].text
            board._set_cursor(pile)
            await pilot.pause()
            assert app.details and all(t.isascii() and x.isascii() for t, x in app.details)
