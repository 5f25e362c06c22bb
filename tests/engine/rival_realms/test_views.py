"""Secrets: hands and the deck are hidden; the nests, realms and hand sizes are public; what a
seat receives never depends on the other seat's hidden cards."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.rival_realms.actions import END_TURN, Summon
from engine.rival_realms.game import GAME
from engine.rival_realms.options import RivalRealmsOptions
from tests.engine.rival_realms.helpers import check_invariants, new, random_game, set_hand


def test_view_hides_the_opponents_hand_and_the_deck() -> None:
    s = new(places=(6, 6))
    v = GAME.view(s, 0)
    assert v.hands[0] == s.hands[0] and v.hands[1] == [0] * 5
    assert set(v.deck) == {0} and len(v.deck) == len(s.deck)
    assert v.nests == s.nests and v.regions == s.regions and v.rng.state == 0
    spectator = GAME.view(s, None)
    assert spectator.hands == [[0] * 5, [0] * 5]


def test_determinize_fills_the_hidden_cards_consistently() -> None:
    s, history, _ = random_game(3, 2, RivalRealmsOptions(events=True))
    s = GAME.setup(RivalRealmsOptions(events=True), 2, 3)
    for seat, a in history[: len(history) // 2]:
        GAME.apply(s, seat, a)
    for seat in (0, 1):
        d = GAME.determinize(GAME.view(s, seat), seat, Rng.from_seed(1))
        check_invariants(d)
        assert d.hands[seat] == s.hands[seat] and len(d.deck) == len(s.deck)


def test_drawing_from_the_deck_is_private_taking_from_the_nest_is_public() -> None:
    s = new(places=(6, 6))
    set_hand(s, 0, [10, 20, 30, 40, 50])
    top = s.deck[-1]
    GAME.apply(s, 0, Summon(10, 0))
    ev = GAME.apply(s, 0, END_TURN)
    for_opponent = " ".join(e.text for e in ev if e.visible_to(1))
    assert str(top) not in for_opponent.replace("Player 1's turn", "")
    assert "Player 1 draws a card from the deck." in for_opponent


def test_the_opponent_sees_the_same_whatever_my_hidden_hand_holds() -> None:
    # Two worlds that differ only in player 2's hand (and therefore the deck): player 1's
    # legal list, prompt and events are the same in both.
    a = new(places=(6, 6))
    b = new(places=(6, 6))
    set_hand(a, 1, [11, 21, 31, 41, 49])
    set_hand(b, 1, [2, 3, 5, 7, 9])
    b.deck = list(a.deck)  # same deck order for player 1's draw
    set_hand(a, 0, [10, 20, 30, 40, 50])
    set_hand(b, 0, [10, 20, 30, 40, 50])
    assert GAME.legal(a, 0) == GAME.legal(b, 0)
    ea = GAME.apply(a, 0, Summon(10, 0)) + GAME.apply(a, 0, END_TURN)
    eb = GAME.apply(b, 0, Summon(10, 0)) + GAME.apply(b, 0, END_TURN)
    assert [e.text for e in ea if e.visible_to(0)] == [e.text for e in eb if e.visible_to(0)]
    assert GAME.prompt(a, 0) == GAME.prompt(b, 0)
