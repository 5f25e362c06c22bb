"""The statistics screen (menu → t) and `rivals stats`, on a folder of real finished games:
the pages and players a key away, nothing cut at 80×24 in either symbol set, an empty folder
in one sentence; the command's text, and its one-line errors (exit status 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from engine.core import SeatSpec
from engine.core.match import Match
from engine.registry import GAMES
from rivals_tui.app import RivalsApp
from rivals_tui.cli import main
from rivals_tui.screens.menu import MenuScreen
from rivals_tui.screens.stats import StatsScreen
from rivals_tui.settings import Settings
from rivals_tui.stats_text import SPARK_PLAIN, game_lines, sparkline
from saves.stats import GameStats, Tally
from saves.store import SaveStore
from tests.support.finished import finish, put
from tests.tui.legibility import lost_text
from tests.tui.test_nothing_cut import not_ascii

ANN = SeatSpec("Annabel Winterbourne", "human")
BART = SeatSpec("Bartholomew Quince", "human")
BOT = SeatSpec("Bot", "ai", "hard")


def stats_store(root: Path) -> SaveStore:
    """Annabel's games: Rivality against a hard AI (four) and against Bartholomew at one
    keyboard (one), Rival Realms solo at hard (two); a game unfinished, a save damaged."""
    store = SaveStore(root, games=GAMES)
    rivality, realms = GAMES["rivality"], GAMES["rival_realms"]
    for day in range(1, 5):
        put(
            store,
            f"rivality-{day}",
            finish(Match.new(rivality, rivality.Options(), (ANN, BOT), day), day),
            day,
        )
    put(store, "hot-seat", finish(Match.new(rivality, rivality.Options(), (BART, ANN), 9), 9), 5)
    for day in (6, 7):
        solo = Match.new(realms, realms.Options(solo_level="hard"), (ANN,), day)
        put(store, f"solo-{day}", finish(solo, day), day)
    put(store, "unfinished", Match.new(rivality, rivality.Options(), (ANN, BOT), 30), 8)
    store.root.joinpath("broken.json").write_text('{"format_version": 1, "game": "rivality", "hi')
    return store


def app_on(tmp_path: Path, store: SaveStore, symbols: str = "unicode") -> RivalsApp:
    settings = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", ai_pace=0.0, symbols=symbols).save(settings)
    return RivalsApp(games=GAMES, store=store, settings_path=settings)


def title(pilot: Pilot[Any]) -> str:
    return str(pilot.app.screen.query_one("#stats-title", Static).content)


def body(pilot: Pilot[Any]) -> str:
    return str(pilot.app.screen.query_one("#stats-body", Static).content)


async def legible(pilot: Pilot[Any], what: str) -> None:
    await pilot.pause()
    problems = lost_text(pilot.app.screen)
    assert not problems, f"{what}: " + "; ".join(problems)
    wrong = not_ascii(pilot.app.screen) if what.startswith("ascii") else []
    assert not wrong, f"{what}, not ASCII: " + " / ".join(wrong)


@pytest.mark.parametrize("symbols", ["unicode", "ascii"])
async def test_every_page_and_player_a_key_away_and_nothing_cut(tmp_path: Path, symbols: str) -> None:
    app = app_on(tmp_path, stats_store(tmp_path / "saves"), symbols)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        # Annabel sits in the most games: hers come first.
        assert title(pilot) == "Statistics of Annabel Winterbourne: every game (page 1 of 3)"
        text = body(pilot)
        assert "7 finished games in the save folder (1 unfinished game not counted)." in " ".join(
            text.split()
        )
        assert "broken.json" in text
        assert "Rival Realms, Hard" in text
        await legible(pilot, f"{symbols}: every game")
        await pilot.press("right")
        assert title(pilot).endswith("Rival Realms (page 2 of 3)")
        assert "Solo scores, Hard, by month" in body(pilot)
        await legible(pilot, f"{symbols}: Rival Realms")
        await pilot.press("right")
        assert title(pilot).endswith("Rivality (page 3 of 3)")
        rivality = body(pilot)
        assert "2 players                   5" in rivality
        assert "AI hard" in rivality and "Bartholomew Quince" in rivality
        await legible(pilot, f"{symbols}: Rivality")
        await pilot.press("right")
        assert title(pilot).endswith("every game (page 1 of 3)")
        await pilot.press("p")
        assert title(pilot) == "Statistics of Bartholomew Quince: every game (page 1 of 2)"
        await pilot.press("left")
        bart = body(pilot)
        assert "Annabel Winterbourne" in bart and "AI hard" not in bart
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_an_empty_folder_says_so_and_its_keys_are_greyed(tmp_path: Path) -> None:
    app = app_on(tmp_path, SaveStore(tmp_path / "saves", games=GAMES))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert (
            " ".join(body(pilot).split())
            == "No finished games in the save folder yet: the statistics come from the saved games."
        )
        screen = app.screen
        assert screen.check_action("page", (1,)) is None and screen.check_action("next_player", ()) is None
        await legible(pilot, "empty")


def test_the_screen_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    async def open_rivality(pilot: Pilot[Any]) -> None:
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("right", "right")
        await pilot.pause()

    app = app_on(tmp_path, stats_store(tmp_path / "saves"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_rivality)


def run(store: SaveStore, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--save-dir", str(store.root), "stats", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_prints_the_same_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = stats_store(tmp_path / "saves")
    code, out, err = run(store, capsys)
    assert (code, err) == (0, "")
    assert " ".join(out.split()).startswith(
        f"Statistics of Annabel Winterbourne: 7 finished games in {store.root}"
        " (1 unfinished game not counted)."
        " Left out, as they could not be read: 1 save. broken.json: not a Rivals save"
    )
    assert "== All games ==" in out and "== Rivality ==" in out and "== Rival Realms ==" in out
    assert "== Rivals ==" not in out  # never played: left out of the full report
    # Under every results table, what its last column counts (the longest run, not the current).
    note = "Streak: the most games won in a row (a shared win keeps a run going)."
    assert out.count(note) == 2  # the overview's and Rivality's (her Rival Realms is solo)
    assert max(len(line) for line in out.splitlines() if str(store.root) not in line) <= 76
    code, out, err = run(store, capsys, "Rival-Realms", "--player", "Bartholomew Quince")
    assert (code, err) == (0, "")
    assert "Bartholomew Quince has finished no game of Rival Realms yet." in out


def test_a_bad_game_or_player_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = stats_store(tmp_path / "saves")
    code, out, err = run(store, capsys, "chess")
    assert (code, out) == (2, "")
    assert (
        err == "rivals: unknown game 'chess' (known: rival_kings, rival_realms, rivalist, rivality, rivals)\n"
    )
    code, out, err = run(store, capsys, "--player", "Bot")
    assert (code, out) == (2, "")
    assert err.startswith("rivals: nobody called 'Bot' has finished a game here (players: Annabel")
    assert err.count("\n") == 1


def test_an_empty_folder_is_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = SaveStore(tmp_path / "saves")
    code, out, err = run(store, capsys)
    assert (code, err) == (0, "")
    assert out.endswith("\n") and " ".join(out.split()) == (
        f"No finished games in {store.root} yet: the statistics come from the saved games."
    )


def test_the_charts_rise_with_the_scores_and_go_by_month() -> None:
    assert sparkline([3, 10, 17]) == "▁▅█"
    assert sparkline([3, 10, 17], plain=True) == "." + SPARK_PLAIN[4] + "@"
    assert sparkline([5, 5]) == "▅▅"  # nothing to compare: all the same middle height
    figures = GameStats("rivality", "Ann")
    for i in range(100):
        month = "2026-11" if i < 90 else "2026-12"
        figures.overall.add("W" if i % 3 else "L", [i], month)
        figures.tables.setdefault(2, Tally()).add("W" if i % 3 else "L", [i], month)
    lines = game_lines(figures, "Rivality")
    assert all(len(line) <= 76 for line in lines)
    chart = lines.index("Results by month, oldest first (W won, = shared, L lost):")
    results = "".join(figures.overall.results)
    # November's 90 games go on over a second line; December's 10 have their own.
    assert lines[chart + 1 :] == [
        "  2026-11  " + results[:65],
        "           " + results[65:90],
        "  2026-12  " + results[90:],
    ]
