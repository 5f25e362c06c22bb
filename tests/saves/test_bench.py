"""The save bench: a finished game of each registered game (and the toy game) saved and loaded."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bench import best_of, calibration_loop
from engine.registry import GAMES
from saves import bench, stats
from tests.support.goofspiel import Goofspiel


def test_the_benched_game_is_finished_and_both_figures_are_given() -> None:
    game = Goofspiel()
    match = bench.finished_match(game, 3)
    assert match.over and match.history
    rows = bench.bench_saves(game, 3, calib=best_of(calibration_loop, 2))
    assert rows[0].startswith("  save ms (whole game)") and f"{len(match.history)} decisions" in rows[0]
    assert rows[1].startswith("  load ms (replayed)")
    assert rows[2].startswith("  replay ms (opened)")
    assert all("x calib" in row for row in rows)


def test_the_command_covers_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--smallest", "--stats", "0"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("calibration loop:")
    for game in GAMES.values():
        assert f"{game.title}, {game.players.start} players\n  save ms" in out
    assert out.count("replay ms (opened)") == len(GAMES)


def test_the_statistics_figure_reads_a_folder_of_finished_saves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = bench.stats_folder(tmp_path, 7)
    found = stats.read_folder(store)
    assert len(found.finished) == 7 and not found.unreadable
    assert stats.players(found) == ["P1"]
    assert bench.main(["--game", "rivalist", "--stats", "3"]) == 0
    assert "Statistics\n  stats ms (3 saves)" in capsys.readouterr().out
