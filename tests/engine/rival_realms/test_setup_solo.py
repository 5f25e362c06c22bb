"""Set-up decisions (Valleys, the Raven, adventurers, the deal) and the solo game."""

from __future__ import annotations

from engine.rival_realms.actions import (
    DRAW_DECK,
    END_TURN,
    ESPRESSO,
    GEM_STEAL,
    Draw,
    MakeValley,
    PerchRaven,
    Summon,
)
from engine.rival_realms.data import ARTIFACTS, CREATURES, GEM, SOLO_REMOVED, TOKEN_COLUMNS
from engine.rival_realms.game import GAME
from engine.rival_realms.options import RivalRealmsOptions
from tests.engine.rival_realms.helpers import give_token, new, set_hand, texts


def test_start_player_turns_three_cards_of_each_row_then_the_realms_mirror() -> None:
    s = GAME.setup(RivalRealmsOptions(start="player 2"), 2, 5)
    assert s.phase == "valleys" and GAME.to_act(s) == (1,)
    assert len(GAME.legal(s, 1)) == 12
    for m in (0, 2, 4):
        GAME.apply(s, 1, MakeValley(m))
    assert GAME.why_illegal(s, 1, MakeValley(5)) == "That row already has its three Valleys."
    assert all(a.land >= 6 for a in GAME.legal(s, 1))
    for m in (7, 9, 11):
        GAME.apply(s, 1, MakeValley(m))
    assert s.valleys[0] == s.valleys[1]
    # Tokens: a gem, an artifact and two creatures in the central columns of every row, the
    # same layout in both realms.
    assert s.board_tokens[0] == s.board_tokens[1]
    for r in range(3):
        row = [s.board_tokens[0][r * 6 + c] for c in TOKEN_COLUMNS]
        assert row.count(GEM) == 1 and sum(t in ARTIFACTS for t in row) == 1
        assert sum(t in CREATURES for t in row) == 2
        assert not s.board_tokens[0][r * 6] and not s.board_tokens[0][r * 6 + 5]
    # The other player perches the Raven on any Mountain.
    assert s.phase == "raven" and GAME.to_act(s) == (0,)
    assert GAME.why_illegal(s, 0, PerchRaven(1, 0)) == "The Raven perches only on a Mountain."
    GAME.apply(s, 0, PerchRaven(1, 1))
    # Adventurers: the start player first; the token under each is claimed.
    assert s.phase == "place" and GAME.to_act(s) == (1,)
    token = s.board_tokens[1][7]
    GAME.apply(s, 1, GAME.legal(s, 1)[7])
    assert s.supply[1] == [token]
    GAME.apply(s, 0, GAME.legal(s, 0)[0])
    assert [len(h) for h in s.hands] == [5, 5] and s.phase == "turn" and s.turn == 1


def test_events_dealt_into_a_starting_hand_go_back_into_the_deck() -> None:
    for seed in range(30):
        s = new(seed=seed, options=RivalRealmsOptions(events=True))
        assert all(c < 100 for h in s.hands for c in h) and [len(h) for h in s.hands] == [5, 5]
        assert sum(c >= 100 for c in s.deck) == 5


def test_solo_the_raven_removes_cards_by_difficulty() -> None:
    for level, n in SOLO_REMOVED.items():
        s = new(seats=1, places=(6,), options=RivalRealmsOptions(solo_level=level))
        assert len(s.removed) == n and len(s.deck) == 50 - n - 5
        assert s.raven == -1 and s.phase == "turn"


def test_solo_each_deck_draw_makes_the_raven_fill_both_nests() -> None:
    s = new(seats=1, places=(6,))
    set_hand(s, 0, [10, 20, 30, 40, 50])
    deck = len(s.deck)
    GAME.apply(s, 0, Summon(10, 0))
    ev = GAME.apply(s, 0, END_TURN)  # one card short, drawn from the deck
    assert len(s.nests[1]) == 1 and len(s.nests[0]) == 1 and len(s.deck) == deck - 3
    assert "The Raven drops" in texts(ev)
    assert s.turn == 0 and s.phase == "turn"


def test_solo_drawing_from_your_nest_feeds_no_raven() -> None:
    s = new(seats=1, places=(6,))
    set_hand(s, 0, [10, 20, 30, 40, 50])
    s.nests[0].append(s.deck.pop(0))
    nest_card = s.nests[0][0]
    GAME.apply(s, 0, Summon(10, 0))
    GAME.apply(s, 0, END_TURN)
    assert GAME.legal(s, 0) == [DRAW_DECK, Draw("own", nest_card)]
    GAME.apply(s, 0, Draw("own", nest_card))
    assert not s.nests[0] and not s.nests[1]


def test_solo_gem_steals_from_the_ravens_nest_and_the_raven_stays_by_the_deck() -> None:
    s = new(seats=1, places=(6,))
    give_token(s, 0, "gem")
    s.nests[1].append(s.deck.pop(0))
    assert not any(type(a).__name__ == "GemRaven" for a in GAME.legal(s, 0))
    GAME.apply(s, 0, GEM_STEAL)
    assert Draw("other", s.nests[1][0]) in GAME.legal(s, 0)


def test_solo_espresso_keeps_the_raven_away_between_the_two_turns() -> None:
    s = new(seats=1, places=(6,))
    give_token(s, 0, "espresso")
    set_hand(s, 0, [10, 20, 30, 40, 50])
    GAME.apply(s, 0, ESPRESSO)
    GAME.apply(s, 0, Summon(10, 0))
    ev = GAME.apply(s, 0, END_TURN)
    assert not s.nests[0] and not s.nests[1] and "keeps the Raven away" in texts(ev)
    assert s.turns == [2]


def test_solo_events_are_refused() -> None:
    assert (
        GAME.check_options(RivalRealmsOptions(events=True), 1)
        == "Events is only for 2 players, not 1 player."
    )
