"""Seeded random games over 2-6 seats: every game ends with an outcome, invariants hold at every
step, replays are identical, and a seat's view hides what it may not see."""

from __future__ import annotations

import pytest

from engine.core import Rng
from engine.rivals.game import GAME
from engine.rivals.options import RivalsOptions
from engine.rivals.views import card_places
from tests.engine.rivals import sweep
from tests.support.playout import random_game


# A sample of the full sweep (`python -m tests.engine.rivals.sweep --games 1000`): games 0-19 are
# each seat count from 2 to 6 four times, in both set-ups.
@pytest.mark.parametrize("game", range(20))
def test_random_games_end_and_keep_the_invariants(game: int) -> None:
    s, _ = sweep.play(game)
    assert GAME.outcome(s) is not None


def test_replaying_the_decisions_gives_the_same_game() -> None:
    s, history, _ = random_game(GAME, RivalsOptions(), 4, 7)
    r = GAME.setup(RivalsOptions(), 4, 7)
    for seat, a in history:
        GAME.apply(r, seat, a)
    assert r == s


def test_views_hide_hands_and_determinize_keeps_the_legal_moves() -> None:
    s = GAME.setup(RivalsOptions(), 4, 3)
    rng = Rng.from_seed(99)
    checked = 0
    steps = 0
    while GAME.outcome(s) is None and steps < 400:
        seat = GAME.to_act(s)[0]
        if steps % 7 == 0:
            v = GAME.view(s, seat)
            for o in range(s.seats):
                if o != seat:
                    assert all(c == -1 for c in v.hand[o])
                    assert all(c == -1 for c in v.deck[o])
            assert all(c == -1 for c in v.iface_deck)
            assert all(f == -1 for t, f in enumerate(v.face) if not s.revealed[t])
            d = GAME.determinize(v, seat, Rng.from_seed(steps))
            assert sorted(card_places(d)) == sorted(card_places(s))
            assert d.hand[seat] == s.hand[seat]
            assert GAME.legal(d, seat) == GAME.legal(s, seat)
            checked += 1
        legal = GAME.legal(s, seat)
        GAME.apply(s, seat, legal[rng.below(len(legal))])
        steps += 1
    assert checked > 20


def test_private_events_go_only_to_their_seat() -> None:
    _, _, events = random_game(GAME, RivalsOptions(), 3, 5)
    private = [e for e in events if e.to is not None]
    assert private
    assert all("You " not in e.text or len(e.to or ()) == 1 for e in private)
    assert not any(e.text.startswith("You ") and e.to is None for e in events)


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    from engine.core import IllegalAction
    from engine.rivals.actions import Collect, EndTurn

    s = GAME.setup(RivalsOptions(), 2, 1)
    before = GAME.clone(s)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, s.actor, EndTurn())
    assert err.value.reason == "That is not possible now."
    with pytest.raises(IllegalAction):
        GAME.apply(s, 1 - s.actor, Collect())
    assert s == before
