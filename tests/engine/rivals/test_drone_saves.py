"""Drone mode survives the save file: a drone-mode match saved and loaded at every step of two
seeded games (Ann and Bo at random) comes back with the same state, the same seat to act and
the same legal moves (drone positions, stored cards, a hack or a drone's collect half-way)."""

from __future__ import annotations

from engine.core import Rng, SeatSpec
from engine.core.match import Match
from engine.rivals.game import GAME
from engine.rivals.options import RivalsOptions
from saves.codec import dumps, loads


def test_save_and_load_at_every_step_of_two_drone_games() -> None:
    phases: set[str] = set()
    for seed in (2, 5):
        m = Match.new(GAME, RivalsOptions(drone=True), [SeatSpec("Ann"), SeatSpec("Bo")], seed)
        rng = Rng.from_seed(seed)
        steps = 0
        while not m.over and steps < 120:
            seat = m.to_act()[0]
            legal = list(m.legal(seat))
            m.submit(seat, legal[rng.below(len(legal))])
            back = loads(dumps(m), games={"rivals": GAME})
            assert back.state == m.state and back.options == m.options
            assert back.to_act() == m.to_act()
            if m.to_act():
                assert list(back.legal(m.to_act()[0])) == list(m.legal(m.to_act()[0]))
            phases.add(m.state.phase)
            steps += 1
    assert {"dplace", "drone"} <= phases
