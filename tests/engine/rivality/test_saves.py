"""Saving and loading keeps every Rivality variant intact at every step."""

from __future__ import annotations

import pytest

from engine.core.game import SeatSpec
from engine.core.match import Match
from engine.core.rng import Rng
from engine.rivality.game import GAME
from engine.rivality.options import RivalityOptions
from saves import codec


@pytest.mark.parametrize(
    ("seats", "opts"),
    [
        (1, RivalityOptions(solo_level="seasoned")),
        (2, RivalityOptions(expert=True)),
        (3, RivalityOptions(expert=True)),
        (4, RivalityOptions()),
    ],
)
def test_save_and_load_at_every_step(seats: int, opts: RivalityOptions) -> None:
    m = Match.new(GAME, opts, [SeatSpec(f"P{i}", "ai", "easy") for i in range(seats)], 11)
    rng = Rng.from_seed(seats)
    while not m.over:
        seat = m.to_act()[0]
        m.submit(seat, rng.choice(m.legal(seat)))
        back = codec.loads(codec.dumps(m), games={GAME.id: GAME})
        assert back.state == m.state and back.options == opts
