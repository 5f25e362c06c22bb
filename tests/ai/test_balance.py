"""The seat-balance tool: any registered game, seeded games, each seat's share and the endings."""

from __future__ import annotations

import pytest

from engine.ai import balance
from engine.registry import GAMES


def test_a_game_is_played_to_its_end_and_its_ending_told_without_the_seats() -> None:
    game = GAMES["rivalist"]
    first = balance.play(game, game.Options(), 2, "random", seed=3)
    assert first == balance.play(game, game.Options(), 2, "random", seed=3)  # the seed is the game
    winners, ending = first
    assert set(winners) <= {0, 1} and winners
    assert "{seat}" in ending and "Player" not in ending


def test_the_command_reports_every_seat_and_every_game_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert balance.main(["--game", "rivalist", "--bots", "random", "--games", "4", "--seed", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Rivalist: 2 players, 4 games, bots random, seed 2"
    assert out[1].startswith("Player 1 wins ") and out[2].startswith("Player 2 wins ")
    shares = [float(line.split()[3]) for line in out[1:3]]
    assert sum(shares) == pytest.approx(1.0)
    assert out[3] == "Endings:"
    assert sum(int(line.split()[0]) for line in out[4:]) == 4


def test_a_table_the_game_does_not_have_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        balance.main(["--game", "rivalist", "--players", "3"])
    assert "Rivalist is for 2-2 players" in capsys.readouterr().err
