"""The arena: seats rotate fairly, bots are handed views only, and the command line reports."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from engine.ai import arena
from engine.ai.bots import RandomBot
from engine.core.game import Game
from engine.core.rng import Rng
from engine.registry import GAMES
from tests.conftest import ROOT
from tests.support.goofspiel import GoofState

GOOF_SPEC = "tests.support.goofspiel:Goofspiel"


def test_every_bot_sits_in_every_seat_equally() -> None:
    seatings = [arena.seats_for(["hard", "greedy"], 4, i) for i in range(4)]
    assert seatings[0] == ["hard", "greedy", "hard", "greedy"]
    for seat in range(4):
        assert sorted(s[seat] for s in seatings) == ["greedy", "greedy", "hard", "hard"]
    two = [arena.seats_for(["hard", "random"], 2, i) for i in range(2)]
    assert two == [["hard", "random"], ["random", "hard"]]
    # Both rotations of a deal share its seed, so each bot meets the same cards from each side.
    assert arena.deal_seed(1, 0, 2) == arena.deal_seed(1, 1, 2) != arena.deal_seed(1, 2, 2)


class SpyBot(RandomBot):
    """A random bot that fails the game if it is ever handed anything its seat may not see."""

    def choose(self, game: Game[Any, Any, Any], view: Any, seat: int, *, should_stop: Any = None) -> Any:
        assert isinstance(view, GoofState)
        assert all(card == 0 for card in view.deck), "the deck order leaked"
        assert view.rng.state == 0, "the random state leaked"
        assert all(b in (None, -1) for i, b in enumerate(view.bids) if i != seat), "a hidden bid leaked"
        return super().choose(game, view, seat)


def test_arena_hands_bots_views_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena, "make_bot", lambda level, seed: SpyBot(seed, name=level))
    rec = arena.play_one((GOOF_SPEC, 3, ("random", "greedy"), 1, 0, False))
    assert rec["seats"] == ["random", "greedy", "random"]
    assert rec["decisions"] == 15  # 5 rounds, 3 bids each


class FixedPointSpy(RandomBot):
    """Fails if what it is handed is not already a view: masking it again must change nothing,
    and the random state (which would tell the future deck) must be blanked."""

    def choose(self, game: Game[Any, Any, Any], view: Any, seat: int, *, should_stop: Any = None) -> Any:
        assert game.view(view, seat) == view, "the bot was handed more than its seat's view"
        assert getattr(view, "rng", Rng(0)) == Rng(0), "the random state leaked"
        return super().choose(game, view, seat)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_arena_hands_views_only_in_every_registered_game(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(arena, "make_bot", lambda level, seed: FixedPointSpy(seed, name=level))
    game = GAMES[game_id]
    players = game.players.stop - 1
    rec = arena.play_one((game_id, players, ("random",), 2, 0, False))
    assert len(rec["scores"]) == players and rec["winners"]


def test_summary_shares_ties_and_counts_both_seats_of_a_bot() -> None:
    records = [
        {"seats": ["a", "b", "a", "b"], "winners": [0, 1], "scores": [5, 5, 1, 0], "times": {"a": [0.1]}},
        {"seats": ["b", "a", "b", "a"], "winners": [3], "scores": [0, 1, 2, 9], "times": {"a": [0.3]}},
    ]
    rows = {r["bot"]: r for r in arena.summarize(records)}
    assert rows["a"]["win"] == pytest.approx(0.75)  # half of a shared win, then a whole win
    assert rows["b"]["win"] == pytest.approx(0.25)
    assert rows["a"]["even"] == pytest.approx(0.5)
    assert rows["a"]["score"] == pytest.approx((5 + 1 + 1 + 9) / 4)
    assert rows["a"]["median"] == pytest.approx(0.2)


def test_arena_command_plays_a_tiny_match(capsys: pytest.CaptureFixture[str]) -> None:
    code = arena.main(
        # greedy, not a search bot: this is about the command (the search's strength is
        # test_bots' ismcts-beats-random); ismcts made it 4 s of CPU.
        ["--game", GOOF_SPEC, "--players", "2", "--bots", "greedy,random", "--games", "4", "--quiet"]
    )
    assert code == 0
    out = capsys.readouterr().out
    rows = {
        line.split()[0]: line.split() for line in out.splitlines() if line.startswith(("greedy", "random"))
    }
    assert set(rows) == {"greedy", "random"}
    assert float(rows["greedy"][3]) + float(rows["random"][3]) == pytest.approx(1.0)
    assert "Wilson" in out and "1/k" in out


def test_arena_module_runs_in_parallel_and_resumes_from_jsonl(tmp_path: Any) -> None:
    log = tmp_path / "games.jsonl"
    cmd = [sys.executable, "-m", "engine.ai.arena", "--game", GOOF_SPEC, "--bots", "greedy,random"]
    for first in (0, 4):
        done = subprocess.run(
            [*cmd, "--games", "4", "--first", str(first), "--jobs", "2", "--jsonl", str(log), "--quiet"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
    summary = subprocess.run(
        [sys.executable, "-m", "engine.ai.arena", "--summary", str(log)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert summary.returncode == 0, summary.stderr
    assert "8 games" in summary.stdout
    greedy = next(line for line in summary.stdout.splitlines() if line.startswith("greedy")).split()
    assert greedy[2] == "8"


def test_cap_only_games_repeat_exactly() -> None:
    # Without a deadline the search stops on its iteration cap alone, so the same match gives
    # the same games however loaded the machine is.
    task = (GOOF_SPEC, 2, ("hard", "normal"), 3, 1, True)
    first, second = arena.play_one(task), arena.play_one(task)
    assert first["winners"] == second["winners"] and first["scores"] == second["scores"]
    assert first["seats"] == ["normal", "hard"]


def test_arena_rejects_unknown_bots() -> None:
    with pytest.raises(SystemExit):
        arena.main(["--game", GOOF_SPEC, "--bots", "hard,wizard", "--games", "2", "--quiet"])
