"""Saving and loading keeps a game of Rival Realms intact at every step: solo, the duel with
events and every enchantment, and the next game of a series."""

from __future__ import annotations

import json

import pytest

from engine.core.game import SeatSpec
from engine.core.match import Match
from engine.core.rng import Rng
from engine.rival_realms.data import ENCHANTMENT_IDS
from engine.rival_realms.game import GAME
from engine.rival_realms.options import RivalRealmsOptions
from saves import codec


@pytest.mark.parametrize(
    ("seats", "opts"),
    [
        (1, RivalRealmsOptions(solo_level="hard", enchantments=ENCHANTMENT_IDS)),
        (2, RivalRealmsOptions(events=True, enchantments=ENCHANTMENT_IDS, start="player 2")),
    ],
)
def test_save_and_load_at_every_step(seats: int, opts: RivalRealmsOptions) -> None:
    m = Match.new(GAME, opts, [SeatSpec(f"P{i}", "ai", "easy") for i in range(seats)], 11)
    rng = Rng.from_seed(seats)
    while not m.over:
        seat = m.to_act()[0]
        m.submit(seat, rng.choice(m.legal(seat)))
        back = codec.loads(codec.dumps(m), games={GAME.id: GAME})
        assert back.state == m.state and back.options == opts


def test_a_save_from_before_the_decision_stamp_still_loads() -> None:
    # The state's `stamp` (decisions performed) came after the first saves were written: a
    # snapshot without it still matches its replayed moves.
    m = Match.new(GAME, RivalRealmsOptions(), [SeatSpec("P0", "ai", "easy"), SeatSpec("P1", "ai", "easy")], 5)
    rng = Rng.from_seed(5)
    for _ in range(30):
        seat = m.to_act()[0]
        m.submit(seat, rng.choice(m.legal(seat)))
    text = codec.dumps(m)
    data = json.loads(text)
    assert data["snapshot"].pop("stamp") == 30
    back = codec.loads(json.dumps(data), games={GAME.id: GAME})
    assert back.state == m.state and len(back.history) == 30
