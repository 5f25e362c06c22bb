"""Every screen at 80×24, checked for text cut off with no way to scroll to it
(tests/tui/legibility.py says exactly what counts as cut), and, in the same pass, for any
character outside printable ASCII when the ASCII set is in use (as under ``LC_ALL=C``).

The sweep runs in the ASCII set: its forms are never narrower than the Unicode ones (symbols,
checked in tests/tui/test_ascii.py, and key names: "enter" for "⏎"), so it is also the stricter
test of what fits. The resize test and the footer test of Rival Realms check the Unicode set."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Select

from engine.core import SeatSpec
from engine.core.match import Match, Series
from engine.registry import GAMES
from engine.rival_realms.actions import EndTurn
from rivals_tui import glyphs
from rivals_tui.app import RivalsApp
from rivals_tui.dialogs import ConfirmDialog, ErrorDialog
from rivals_tui.glyphs import LINES
from rivals_tui.screens.book import BookScreen
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.screens.keys import KeysScreen
from rivals_tui.screens.rules import RulesScreen
from rivals_tui.screens.too_small import TooSmallScreen
from rivals_tui.settings import Settings
from rivals_tui.widgets.board import GameBoard
from rivals_tui.widgets.footer import KeysFooter
from rivals_tui.widgets.lineboard import LineBoard
from saves.store import SaveStore
from tests.tui.boards import screen_app, settle
from tests.tui.legibility import lost_text

SIZE = (80, 24)
LONG_NAMES = ["Annabel Winterbourne", "Bartholomew Quince", "Cordelia Featherstone", "Desmond Ashcombe"]


def played(
    game_id: str,
    seats: list[SeatSpec],
    moves: int,
    seed: int = 7,
    until: Callable[[Match], bool] | None = None,
    **options: Any,
) -> Match:
    """A match after `moves` random decisions (or at its end), stopped where seat 0 decides
    and `until` holds."""
    game = GAMES[game_id]
    match = Match.new(game, game.Options(**options), seats, seed)
    rng = random.Random(seed)
    while not match.over and (
        len(match.history) < moves or 0 not in match.to_act() or (until is not None and not until(match))
    ):
        seat = match.to_act()[0]
        match.submit(seat, rng.choice(list(match.legal(seat))))
    return match


def table(n: int, humans: int = 1) -> list[SeatSpec]:
    return [SeatSpec(LONG_NAMES[i], "human" if i < humans else "ai", "easy") for i in range(n)]


def menu_app(tmp_path: Path) -> RivalsApp:
    settings = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", ai_pace=0.0, symbols="ascii").save(settings)
    store = SaveStore(tmp_path / "saves", games=GAMES)
    store.save("rk", played("rival_kings", table(4), 30))
    store.save("rv", played("rivality", table(2), 12, expert=True))
    store.save("solo", played("rivality", table(1), 6, solo_level="seasoned"))
    store.save("rl", played("rivalist", table(2), 10))
    store.save("rs", played("rivals", table(4), 20))
    store.root.joinpath("broken.json").write_text('{"format_version": 1, "game": "rival_kings", "hi')
    # A damaged save with a good backup, listed first: the Load screen's hint offers to restore
    # it (r) in four lines at 80 columns.
    name = "cut-during-the-tournament-on-friday-evening"
    store.save(name, played("rivalist", table(2), 4))
    store.save(name, played("rivalist", table(2), 8))
    whole = store.root.joinpath(f"{name}.json").read_bytes()
    store.root.joinpath(f"{name}.json").write_bytes(whole[: len(whole) // 2])
    return RivalsApp(games=GAMES, store=store, settings_path=settings)


def not_ascii(screen: Screen[Any]) -> list[str]:
    """Every line of the screen as drawn that holds a character outside printable ASCII."""
    lines = [strip.text for strip in screen._compositor.render_strips()]
    return [line for line in lines if not all(" " <= c <= "~" for c in line)]


async def check(pilot: Pilot[Any], what: str) -> None:
    await settle(pilot)
    problems = lost_text(pilot.app.screen)
    assert not problems, f"{what}: " + "; ".join(problems)
    if glyphs.plain():
        wrong = not_ascii(pilot.app.screen)
        assert not wrong, f"{what}, not ASCII: " + " / ".join(wrong)


async def new_game_rk(pilot: Pilot[Any]) -> None:
    await pilot.press("n")
    await pilot.pause()
    pilot.app.screen.query_one("#count", Select).value = 4
    pilot.app.screen.query_one("#series", Select).value = "points"
    await pilot.pause()


async def new_game_rivality(pilot: Pilot[Any]) -> None:
    await pilot.press("n")
    await pilot.pause()
    pilot.app.screen.query_one("#game", Select).value = "rivality"
    await pilot.pause()
    pilot.app.screen.query_one("#count", Select).value = 4
    await pilot.pause()
    await check(pilot, "new game, Rivality for four")
    # Rival Realms' enchantments are a list of toggle boxes.
    pilot.app.screen.query_one("#game", Select).value = "rival_realms"
    await pilot.pause()


# Every screen the menu reaches, visited in one app (each app's start costs about a second of
# CPU): what it is, the keys that open it, the keys that go back.
MENU_SCREENS: list[tuple[str, list[str], list[str]]] = [
    ("menu", [], []),
    ("load", ["o"], []),
    ("load, a damaged save highlighted", ["end"], ["escape"]),
    ("settings", ["s"], ["escape"]),
    ("rules", ["r"], []),
    ("book from the rules", ["enter", "b"], ["escape", "escape"]),
    ("keys panel on the menu", ["f2"], ["f2"]),
    ("command palette", ["ctrl+p"], ["escape"]),
]


async def test_menu_screens(tmp_path: Path) -> None:
    app = menu_app(tmp_path)
    app.help_dir = tmp_path / "help"
    app.help_dir.mkdir()
    (app.help_dir / "rival_kings.md").write_text(MARKDOWN)
    async with app.run_test(size=SIZE) as pilot:
        for what, there, back in MENU_SCREENS:
            for k in there:
                await pilot.press(k)
                await pilot.pause()
            await check(pilot, what)
            for k in back:
                await pilot.press(k)
                await pilot.pause()
        app.push_screen(RulesScreen("rival_kings"))
        await check(pilot, "rules in Markdown")
        await pilot.press("escape")
        # Settings -> Symbols switches every screen at once, Textual's frames included.
        for symbols, frame in (("unicode", "╭"), ("ascii", "+")):
            await pilot.press("s")
            await pilot.pause()
            app.screen.query_one("#symbols", Select).value = symbols
            await pilot.press("escape")
            await check(pilot, f"menu after choosing {symbols}")
            menu = [strip.text for strip in app.screen._compositor.render_strips()]
            assert any(line.strip().startswith(frame) for line in menu), symbols


async def test_new_game_form(tmp_path: Path) -> None:
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await new_game_rk(pilot)
        await check(pilot, "new game, Rival Kings for four in a series")
        await pilot.press("escape")
        await pilot.pause()
        await new_game_rivality(pilot)
        await check(pilot, "new game, Rival Realms")


GAME_MOMENTS = [
    ("rival_kings", 4, 25),
    ("rival_kings", 3, 60),
    ("rivality", 2, 9),
    ("rivality", 1, 3),
    ("rivalist", 2, 12),
    ("rivals", 3, 15),
    ("rival_realms", 2, 12),
]


def may_end_turn(match: Match) -> bool:
    return EndTurn() in match.legal(0)


def always(match: Match) -> bool:
    return True


@pytest.mark.parametrize(("game_id", "players", "moves"), GAME_MOMENTS)
async def test_game_screens(tmp_path: Path, game_id: str, players: int, moves: int) -> None:
    # Rival Realms at a moment its board adds End turn to the footer's keys.
    until = may_end_turn if game_id == "rival_realms" else always
    match = played(game_id, table(players), moves, until=until)
    app = screen_app(tmp_path, match, symbols="ascii")
    async with app.run_test(size=SIZE) as pilot:
        await check(pilot, "game screen")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        if game_id == "rival_realms":
            # End turn crowds the footer: the least needed keys give way (Hint first) rather
            # than a key being cut, and f2 Keys stays.
            shown = [k.description for k in screen.query_one(KeysFooter).keys]
            assert "End turn" in shown and "Hint" not in shown and shown[-1] == "Keys"
        # The longest feedback the screen gives: a hint naming a move, then the reason it says
        # for a move that is not allowed.
        await pilot.press("h")
        await check(pilot, "game screen with a hint")
        for key in ("right", "down"):
            await pilot.press(key)
            await check(pilot, f"game screen after {key}")
        await pilot.press("a")
        await check(pilot, "action picker")
        await pilot.press("escape", "l")
        await check(pilot, "full log")
        await pilot.press("escape", "f2")
        await check(pilot, "keys panel")
        panel = app.screen
        assert isinstance(panel, KeysScreen) and "Ask the AI what it would do" in panel.listed()
        if game_id == "rivals":
            # Once: the legend's frame (its rows are each table's ASCII forms, checked for
            # every board in tests/tui/test_legends.py).
            await pilot.press("f2", "g")
            await check(pilot, "legend")
        # The book, whole and searched (a word found in many texts, so the panel has a long one).
        await pilot.press("escape", "b")
        await check(pilot, "book")
        assert isinstance(app.screen, BookScreen)
        await pilot.press(*"the", "pagedown")
        await check(pilot, "book, searched and read on")


# Everything Textual's Markdown draws for itself, in little (test_menu_screens shows it): the help
# files' own characters are checked for ASCII in tests/tui/test_ascii.py (a whole help file takes
# seconds to render).
MARKDOWN = """# Sample rules

Some *words* with a [link](#the-end) and `code`.

- a bullet
  - a nested bullet
    - deeper
1. a numbered step

| Card | Value |
|------|-------|
| Queen | 4 |

> A quoted remark.

---

```
a code block
```

## The end
"""


async def after_resize(pilot: Pilot[Any], timeout: float = 10.0) -> None:
    """Pause until nothing has been cut for five pauses in a row, or `timeout` passes: the log
    panel wraps its lines again on the refresh after the resize, a frame after the rest (on a
    loaded machine more than a pause later). A panel that never does is still caught by `check`
    after the timeout."""
    deadline = time.monotonic() + timeout
    await settle(pilot)
    clean = 0
    while clean < 5 and time.monotonic() < deadline:
        await pilot.pause()
        clean = 0 if lost_text(pilot.app.screen) else clean + 1


async def test_the_game_screen_after_a_resize(tmp_path: Path) -> None:
    app = screen_app(tmp_path, played("rival_kings", table(4), 40))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(*SIZE)
        await after_resize(pilot)
        await check(pilot, "game screen after shrinking")


HINT = (
    "Hint: the AI would Explore 17 Hills in upper 1 (by way of middle 1), paying 38 Forest, "
    "picking up the Bear on the way. The cursor is on it: Enter takes it."
)


def rival_with_tokens(match: Match) -> bool:
    """The other seat holds four tokens: with a long name, its header is the widest."""
    s = match.state
    return s.phase == "turn" and len(s.supply[1]) + len(s.used[1]) >= 4


async def test_back_from_a_too_small_terminal_the_whole_board_shows(tmp_path: Path) -> None:
    """80×24, then 60×20 (the notice to enlarge the terminal), then 80×24 again, with a two-line
    message under the status line and the cursor on the other realm's lower row: the status line
    is the screen's first line, and the board shows all of itself, from the player's own header
    down to the other realm's lower row, with no "more" mark."""
    match = played("rival_realms", table(2), 30, until=rival_with_tokens)
    app = screen_app(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        board = screen.query_one(GameBoard)
        assert isinstance(board, LineBoard)
        screen.say(HINT)
        board._set_cursor(("space", 1, 12))
        await settle(pilot)
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert app.screen is screen and board.cursor_key == ("space", 1, 12)
        drawn = [strip.text for strip in screen._compositor.render_strips()]
        assert drawn[0].startswith(" Rival Realms"), drawn[0]
        rows = [board.render_line(y).text for y in range(board.size.height)]
        assert board._top == 0 and LONG_NAMES[0] in rows[0], rows
        assert not any(row.startswith((LINES.more_up, LINES.more_down)) for row in rows), rows
        assert [row[:2] for row in rows if row[:2] in ("Up", "Mi", "Lo")] == ["Up", "Mi", "Lo"] * 2, rows


GAME_OVERS = [
    ("rival_kings", 4, {}),
    # The longest score label (Deep Valleys' pairs) and a line per quest won.
    ("rival_realms", 2, {"enchantments": ("deep_valleys",)}),
]


@pytest.mark.parametrize(("game_id", "players", "options"), GAME_OVERS)
async def test_game_over_scores_and_board(
    tmp_path: Path, game_id: str, players: int, options: dict[str, Any]
) -> None:
    app = screen_app(tmp_path, played(game_id, table(players), 10_000, **options), symbols="ascii")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await check(pilot, "game over")
        await pilot.press("b")
        await check(pilot, "final board")


async def test_dialogs(tmp_path: Path) -> None:
    app = screen_app(tmp_path, played("rival_kings", table(3), 20), symbols="ascii")
    long = " ".join(["Recruit the Courtier from the third building pile and pay two coins"] * 3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.push_screen(ConfirmDialog(long + "?"))
        await check(pilot, "confirmation")
        app.pop_screen()
        app.push_screen(ErrorDialog(long, title="Cannot open this save"))
        await check(pilot, "error")


async def test_pass_the_keyboard_and_series_game_over(tmp_path: Path) -> None:
    game = GAMES["rival_kings"]
    match = Match.new(game, game.Options(), table(4, humans=2), 3, series=Series(points=30))
    app = screen_app(tmp_path, match, symbols="ascii")
    async with app.run_test(size=SIZE) as pilot:
        await check(pilot, "pass the keyboard")
