"""Random full games: every one ends with an outcome and the invariants hold at every step."""

from __future__ import annotations

from collections import Counter

from engine.rivalist.game import GAME
from tests.engine.rivalist.helpers import check_invariants, random_game


def test_random_games_end_with_invariants_holding() -> None:
    kinds: Counter[str] = Counter()
    # Sized so the suite stays quick; the conformance suite checks every step of other games.
    for seed in range(300):
        s, _h, _e = random_game(seed, check=True)
        out = GAME.outcome(s)
        assert out is not None and out.winners
        assert len(out.lines) == 8
        if s.victory == "civilian":
            assert sum(v.values[0] for v in out.lines) == out.scores[0]
        kinds[s.victory] += 1
        check_invariants(s)
    assert set(kinds) <= {"military", "science", "civilian"}
    assert kinds["civilian"] > 0 and kinds["military"] > 0


def test_same_seed_same_game() -> None:
    a, ha, ea = random_game(42)
    b, hb, eb = random_game(42)
    assert ha == hb and ea == eb and a == b
