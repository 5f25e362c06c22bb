"""The rules' bench runs for every registered game (and the toy game) and prints each figure."""

from __future__ import annotations

import pytest

from engine import bench
from tests.support.goofspiel import Goofspiel


def test_random_playout_reaches_the_end() -> None:
    game = Goofspiel()
    kept: list[object] = []
    state, decisions = bench.random_playout(game, 3, seed=4, keep=kept)
    assert game.outcome(state) is not None
    assert decisions == 15 and len(kept) == 2  # after decisions 1 and 11


def test_bench_reports_every_figure_with_its_ratio() -> None:
    rows = bench.bench_game(Goofspiel(), 2, calib=bench.best_of(bench.calibration_loop, 2), seconds=0.05)
    text = "\n".join(rows)
    for label in ("random playouts/s", "us per decision", "clone us"):
        assert label in text
    assert text.count("x calib") == 3


def test_bench_command_covers_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--seconds", "0.01", "--smallest"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("calibration loop:")
    from engine.registry import GAMES

    for game in GAMES.values():
        assert f"{game.title}, {game.players.start} players" in out
