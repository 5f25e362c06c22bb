"""200 seeded random drone-mode games (a sized sweep, about 4 s of CPU): each ends with an
outcome, the drone limits hold at every step and every card is in exactly one place every 25 steps
and at the end. A longer sweep is a command: `python -m tests.engine.rivals.test_drone_sweep 1000`
(the same checks; it prints how many games it played). Decisions are drawn from `legal` and
carried out with `perform` (the conformance suite checks separately that `apply` agrees with
`legal`)."""

from __future__ import annotations

from collections import Counter

from engine.core import Rng
from engine.rivals.data.board import TILE_OF
from engine.rivals.game import GAME
from engine.rivals.options import RivalsOptions
from engine.rivals.state import RivalsState
from tests.engine.rivals.helpers import check_invariants

GAMES = 200
DRONE = RivalsOptions(drone=True)


def drone_limits(s: RivalsState) -> None:
    for o in range(2):
        assert len(s.drones[o].cards) <= 3 and 0 <= s.drones[o].tokens <= 3
        assert min(s.drones[o].crystals, s.drones[o].resins, s.drones[o].rp) >= 0
        if s.drones[o].pos >= 0:
            assert not s.fallen[TILE_OF[s.drones[o].pos]], "a drone stands on a fallen tile"
        elif s.phase != "over" and s.round > 0:
            assert s.phase in ("reentry", "dreentry") or any(t.kind == "dreentry" for t in s.tasks)


def play(seed: int, seen: Counter[str]) -> RivalsState:
    s = GAME.setup(DRONE, 2, seed)
    rng = Rng.from_seed(seed)
    steps = 0
    while not s.winners:
        seat = s.actor
        legal = GAME.legal(s, seat)
        a = legal[rng.below(len(legal))]
        seen[type(a).__name__] += 1
        GAME.perform(s, seat, a)
        drone_limits(s)
        steps += 1
        if steps % 25 == 0:
            check_invariants(s)
        assert steps < 3000, f"seed {seed} does not end"
    check_invariants(s)
    return s


def test_random_drone_games_end_with_the_limits_kept() -> None:
    sweep(GAMES)


def sweep(games: int) -> None:
    seen: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    for seed in range(games):
        s = play(seed, seen)
        out = GAME.outcome(s)
        assert out is not None and out.winners and out.reason
        reasons["spent" if "spent" in out.reason else "other"] += 1
    # The sweep reaches every drone action, not just the menus around them.
    for kind in ("PlaceDrone", "DroneAttack", "Exchange", "Hack", "HackPick"):
        assert seen[kind] > 0, kind
    assert reasons["other"] > 0


if __name__ == "__main__":
    import sys

    sweep(int(sys.argv[1]) if len(sys.argv) > 1 else GAMES)
    print(f"{sys.argv[1] if len(sys.argv) > 1 else GAMES} drone games: every one ended, every check held")
