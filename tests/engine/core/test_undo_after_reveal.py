"""Undo in hot-seat never takes back a decision that itself revealed hidden information.

The player who makes the last secret choice sees everyone's choices at once; if they could press
undo and choose again, the secret would be worth nothing. Checked on the toy game by hand and on
every registered game by seeded random play.
"""

from __future__ import annotations

import pytest

from engine.core import Rng, SeatSpec
from engine.core.match import Match
from engine.registry import GAMES
from tests.support.goofspiel import Bid, GoofOptions, Goofspiel


def test_the_last_secret_bid_cannot_be_taken_back_between_humans() -> None:
    m = Match.new(Goofspiel(), GoofOptions(), [SeatSpec("Ann"), SeatSpec("Ben")], 5)
    m.submit(0, Bid(3))
    m.submit(1, Bid(2))  # Ben's bid completes the round: both bids are revealed
    assert any(e.reveal for e in m.log[-1])
    assert m.undo_target(1) is None
    assert m.undo_blocker(1) == "Another player has acted or hidden cards were revealed since your last move."


def test_against_ai_the_same_bid_can_be_taken_back() -> None:
    # Alone against bots nobody else is at the keyboard: undo stays as generous as before.
    m = Match.new(Goofspiel(), GoofOptions(), [SeatSpec("Ann"), SeatSpec("Bot", "ai")], 5)
    m.submit(1, Bid(2))
    m.submit(0, Bid(3))
    assert any(e.reveal for e in m.log[-1])
    assert m.undo_target(0) == 1


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_revealing_decision_is_undoable_in_hot_seat(game_id: str) -> None:
    game = GAMES[game_id]
    n = game.players.start if game.players.start >= 2 else 2
    checked = 0
    for seed in range(1, 4):
        m = Match.new(game, game.Options(), [SeatSpec(f"P{i}") for i in range(n)], seed)
        rng = Rng.from_seed(seed)
        while not m.over and len(m.history) < 400:
            owing = m.to_act()
            seat = owing[rng.below(len(owing))]
            legal = list(m.legal(seat))
            m.submit(seat, legal[rng.below(len(legal))])
            if any(e.reveal for e in m.log[-1]):
                checked += 1
                assert m.undo_target(seat) is None, f"move {len(m.history)} revealed and can be undone"
    if checked == 0:
        pytest.skip(f"{game.title} revealed nothing in these games")
