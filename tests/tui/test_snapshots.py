"""Snapshots of every main screen at 80×24, and of the menu and game screen at 120×40 too (seeded
game, pinned theme, no blinking).

Update with `pytest tests/tui/test_snapshots.py --snapshot-update` after a deliberate change,
and look at the SVGs in tests/tui/__snapshots__ before committing them.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select

from engine.core import SeatSpec
from engine.core.match import Match
from engine.registry import GAMES
from rivals_tui.app import RivalsApp
from rivals_tui.screens.keys import KeysScreen
from rivals_tui.session import LocalSession
from rivals_tui.settings import Settings
from saves.store import SaveStore
from tests.tui.boards import pinned
from tests.tui.conftest import VS_AI, goof_match, make_app, make_store
from tests.tui.flow import until
from tests.tui.test_flows import settle

SIZES = [(80, 24), (120, 40)]
# The screens whose layout changes with the room (the menu, the game screen) are pictured at
# both sizes; the others only at 80×24, where they are tightest: each picture costs one app run.
SMALL = SIZES[:1]


def no_blink(app: Any) -> None:
    for box in app.screen.query(Input):
        box.cursor_blink = False


def rk_app(
    tmp_path: Path, players: int, humans: int, seed: int, position: str = "", open_game: bool = True
) -> RivalsApp:
    """Rival Kings for `humans` people and easy bots: new (seed `seed`), or at the position pinned
    in tests/golden/positions/<position>.txt (see `pinned`)."""
    game = GAMES["rival_kings"]
    seats = [SeatSpec(n, "human") for n in ("Ann", "Ben", "Cleo", "Dan")[:humans]]
    seats += [SeatSpec(f"Bot {i + 1}", "ai", "easy") for i in range(humans, players)]
    match = pinned(position, seats) if position else Match.new(game, game.Options(), seats, seed)
    store = SaveStore(tmp_path / "saves", games=GAMES)
    settings = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", ai_pace=0.0).save(settings)
    session = LocalSession(match, store) if open_game else None
    return RivalsApp(games=GAMES, store=store, settings_path=settings, session=session)


def after_twelve(m: Match) -> bool:
    """Twelve decisions in, on Ann's decision (so no bot is thinking when the picture is taken):
    the position `rival_kings-3p-after-12` pins, played by seeded easy bots."""
    return len(m.history) >= 12 and 0 in m.to_act()


# Rival Kings at three seats, seed 5: twelve decisions in, and played by the bots to its end.
MID = "rival_kings-3p-after-12"
END = "rival_kings-3p-easy-bots"


def game_app(tmp_path: Path, seats: Any) -> RivalsApp:
    store = make_store(tmp_path)
    session = LocalSession(goof_match(seats, seed=21, cards=5), store)
    return make_app(tmp_path, store=store, session=session)


@pytest.mark.parametrize("size", SIZES)
def test_menu(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=size)


@pytest.mark.parametrize("size", SMALL)
def test_new_game(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def open_dialog(pilot: Pilot[Any]) -> None:
        await pilot.press("n")
        await pilot.pause()
        # The fullest form: four seats and the several-games row.
        pilot.app.screen.query_one("#count", Select).value = 4
        pilot.app.screen.query_one("#series", Select).value = "points"
        await pilot.pause()
        no_blink(pilot.app)
        await pilot.pause()

    app = rk_app(tmp_path, players=2, humans=1, seed=1, open_game=False)
    assert snap_compare(app, terminal_size=size, run_before=open_dialog)


@pytest.mark.parametrize("size", SIZES)
def test_game_screen(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def wait(pilot: Pilot[Any]) -> None:
        await settle(pilot)

    app = rk_app(tmp_path, players=3, humans=1, seed=5, position=MID)
    assert snap_compare(app, terminal_size=size, run_before=wait)


def test_keys_panel(snap_compare: Any, tmp_path: Path) -> None:
    """f2 over a game: the keys in their own column, the long descriptions wrapped under
    themselves, the keys that do nothing now muted and marked."""

    async def open_keys(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(pilot.app.screen, KeysScreen))
        await settle(pilot)

    app = rk_app(tmp_path, players=3, humans=1, seed=5, position=MID)
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_keys)


@pytest.mark.parametrize("size", SMALL)
def test_game_screen_toy_game(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    """A game without a board of its own is played on the generic board."""

    async def two_rounds(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("down", "enter")
        await settle(pilot)

    assert snap_compare(game_app(tmp_path, VS_AI), terminal_size=size, run_before=two_rounds)


@pytest.mark.parametrize("size", SMALL)
def test_pass_the_keyboard(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def after_ann(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.press("enter")  # Ann is ready
        await pilot.pause()
        await pilot.press("a")  # and picks her character secretly
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert getattr(pilot.app.screen, "player", None) == "Ben"

    app = rk_app(tmp_path, players=2, humans=2, seed=5)
    assert snap_compare(app, terminal_size=size, run_before=after_ann)


@pytest.mark.parametrize("size", SMALL)
def test_rules(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def open_rules(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("f1")
        # Wait until the rules have jumped to the Bidding section.
        for _ in range(100):
            await pilot.pause()
            if pilot.app.screen.query_one("#rules-scroll").scroll_y > 0:
                break

    app = rk_app(tmp_path, players=3, humans=1, seed=5)
    assert snap_compare(app, terminal_size=size, run_before=open_rules)


@pytest.mark.parametrize("size", SMALL)
def test_game_over(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def finish(pilot: Pilot[Any]) -> None:
        await settle(pilot)

    app = rk_app(tmp_path, players=3, humans=1, seed=5, position=END)
    assert snap_compare(app, terminal_size=size, run_before=finish)


def saves_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RivalsApp:
    """The menu over a save folder with one game of each kind (seeded), variants included,
    saved at fixed times shown in UTC, so the picture does not change with the clock."""
    from tests.tui.test_nothing_cut import played, table

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    times = iter(f"2026-11-{day:02d}T20:15:00+00:00" for day in range(1, 30))
    monkeypatch.setattr("saves.codec.now", lambda: next(times))
    app = rk_app(tmp_path, players=2, humans=1, seed=1, open_game=False)
    store = app.store
    store.save("rk", played("rival_kings", table(4), 30))
    store.save("rv", played("rivality", table(2), 12, expert=True))
    store.save("solo", played("rivality", table(1), 6, solo_level="seasoned"))
    store.save("rl", played("rivalist", table(2), 10))
    broken = store.root.joinpath("broken.json")
    broken.write_text('{"format_version": 1, "game": "rival_kings", "hi')
    os.utime(broken, (1_790_000_000, 1_790_000_000))
    return app


def test_load_screen(snap_compare: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def open_load(pilot: Pilot[Any]) -> None:
        await pilot.press("o")
        await pilot.pause()

    app = saves_app(tmp_path, monkeypatch)
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_load)


def test_settings(snap_compare: Any, tmp_path: Path) -> None:
    async def open_settings(pilot: Pilot[Any]) -> None:
        await pilot.press("s")
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=(80, 24), run_before=open_settings)


def test_action_picker(snap_compare: Any, tmp_path: Path) -> None:
    async def pick(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"take")
        await pilot.pause()
        no_blink(pilot.app)
        await pilot.pause()

    app = rk_app(tmp_path, players=3, humans=1, seed=5, position=MID)
    assert snap_compare(app, terminal_size=(80, 24), run_before=pick)


def test_game_over_board(snap_compare: Any, tmp_path: Path) -> None:
    async def final_board(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("b")
        await pilot.pause()

    app = rk_app(tmp_path, players=3, humans=1, seed=5, position=END)
    assert snap_compare(app, terminal_size=(80, 24), run_before=final_board)
