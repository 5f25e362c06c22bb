"""A turn: one action (summon or adventure), tokens, passing, and the redraw."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import IllegalAction
from engine.rival_realms import queries
from engine.rival_realms.actions import DRAW_DECK, END_TURN, PASS, Draw, GemRaven, Go, Summon
from engine.rival_realms.game import GAME
from engine.rival_realms.rules import turn
from engine.rival_realms.state import RivalRealmsState
from tests.engine.rival_realms.helpers import (
    clear_realm,
    give_token,
    lay,
    new,
    put_token,
    set_hand,
    texts,
    unable_to_act,
)


def test_summoning_onto_a_token_leaves_it_unclaimed_on_the_card() -> None:
    s = new(places=(0, 0))
    clear_realm(s, 0)
    put_token(s, 0, "gem", 8)
    set_hand(s, 0, [10, 20, 30, 40, 50])
    ev = GAME.apply(s, 0, Summon(20, 8))
    assert s.regions[0][8] == 20 and s.board_tokens[0][8] == "gem"
    assert "gem" not in s.supply[0]
    assert "unclaimed" in texts(ev)
    assert not s.explored[0][8]


def test_summoning_under_your_adventurer_explores_at_once() -> None:
    s = new(places=(7, 0))
    set_hand(s, 0, [10, 20, 30, 40, 50])
    GAME.apply(s, 0, Summon(30, 7))
    assert s.explored[0][7]


def test_one_action_a_turn() -> None:
    s = new(places=(7, 0))
    clear_realm(s, 0)
    lay(s, 0, 8, 21)  # Hills, next to the adventurer
    set_hand(s, 0, [4, 10, 17, 30, 40])  # 10 and 17 are Hills
    give_token(s, 0, "troll")
    GAME.apply(s, 0, Summon(30, 0))
    assert not any(isinstance(a, Go | Summon) for a in GAME.legal(s, 0))
    assert GAME.why_illegal(s, 0, Go(8, 7, card=10)) == "You summoned a region this turn: one action only."
    assert (
        GAME.why_illegal(s, 0, Go(8, 7, creature="troll"))
        == "You summoned a region this turn: one action only."
    )
    assert GAME.why_illegal(s, 0, Summon(40, 1)) == "You have already summoned a region this turn."


def test_adventuring_costs_and_where_used_cards_go() -> None:
    s = new(places=(7, 0))
    clear_realm(s, 0)
    lay(s, 0, 8, 21)  # Hills
    lay(s, 0, 9, 23)  # Fields
    set_hand(s, 0, [4, 10, 17, 30, 40])
    legal = GAME.legal(s, 0)
    assert Go(8, 7, card=10) in legal and Go(8, 7, card=17) in legal
    assert Go(8, 7, card=40) not in legal
    assert GAME.why_illegal(s, 0, Go(8, 7, card=40)) == (
        "That does not match 21 Hills: pay with a card of its type or a fitting creature."
    )
    assert GAME.why_illegal(s, 0, Go(10, 9)) == "You can never move into an empty space."
    GAME.apply(s, 0, Go(8, 7, card=10))
    assert s.nests[1] == [10] and 10 not in s.hands[0]
    # The next region is Fields: the 4 Hills cannot pay for it.
    assert GAME.why_illegal(s, 0, Go(9, 8, card=4)) == (
        "That does not match 23 Fields: pay with a card of its type or a fitting creature."
    )


def test_creatures_guide_and_still_count_for_tea_time() -> None:
    s = new(places=(7, 0))
    clear_realm(s, 0)
    lay(s, 0, 8, 21)  # Hills
    lay(s, 0, 9, 23)  # Fields
    set_hand(s, 0, [2, 6, 11, 16, 22])
    give_token(s, 0, "troll")
    give_token(s, 0, "dragon")
    legal = GAME.legal(s, 0)
    assert Go(8, 7, creature="troll") in legal and Go(8, 7, creature="dragon") in legal
    GAME.apply(s, 0, Go(8, 7, creature="troll"))
    assert Go(9, 8, creature="dragon") in GAME.legal(s, 0)  # the Dragon is wild
    GAME.apply(s, 0, Go(9, 8, creature="dragon"))
    assert s.used[0][-2:] == ["troll", "dragon"]
    for c in ("rabbits", "nymphs", "bear", "goat"):
        give_token(s, 0, c)
    GAME.apply(s, 0, END_TURN)
    assert s.quests[4] == 0  # Tea Time counts used creatures too


def test_mountains_block_unless_the_raven_perches_there() -> None:
    # Land 0 (upper/middle column 1) is a Mountain; the Raven perches in the other realm.
    s = new(places=(6, 0), raven=(1, 0))
    clear_realm(s, 0)
    assert not s.valleys[0][0]
    lay(s, 0, 0, 21)  # upper 1, above the adventurer across the Mountain
    set_hand(s, 0, [10, 17, 30, 40, 50])
    assert Go(0, 6, card=10) not in GAME.legal(s, 0)
    give_token(s, 0, "gem")
    GAME.apply(s, 0, GemRaven(0))
    assert s.raven == 0 and "gem" in s.used[0]
    assert Go(0, 6, card=10) in GAME.legal(s, 0)


def test_never_reverse_direction_but_loops_are_fine() -> None:
    s = new(places=(7, 0))
    clear_realm(s, 0)
    lay(s, 0, 6, 5, explored=True)
    lay(s, 0, 8, 21)
    set_hand(s, 0, [10, 17, 30, 40, 50])
    GAME.apply(s, 0, Go(8, 7, card=10))
    # 7 is an empty space (the adventurer started there): nothing to walk back into anyway.
    assert not any(isinstance(a, Go) and a.space == 7 for a in GAME.legal(s, 0))


def test_going_back_the_way_you_came_walks_round_a_loop_and_collects_on_it() -> None:
    # Upper 1-2 and middle 7-8 are explored and joined by the Valleys 1 and 2: a loop. The
    # adventurer enters upper 2 from upper 3; straight back into 3 is barred, but walking round
    # the loop and returning to upper 2 from another side makes the same step allowed.
    s = new(places=(3, 0))
    clear_realm(s, 0)
    lay(s, 0, 1, 5, explored=True)
    lay(s, 0, 2, 21)  # Hills, unexplored
    lay(s, 0, 3, 30, explored=True)
    lay(s, 0, 7, 9, explored=True)
    lay(s, 0, 8, 12, explored=True)
    put_token(s, 0, "gem", 7)
    set_hand(s, 0, [10, 17, 40, 45, 50])
    GAME.apply(s, 0, Go(2, 3, card=17))
    assert s.adventurer[0] == 2 and s.came_from == 3
    ev = GAME.apply(s, 0, Go(3, 2))
    assert s.adventurer[0] == 3
    assert "gem" in s.supply[0] and "collects the Gem in" in texts(ev)


def explored_walk() -> RivalRealmsState:
    """Seat 0 on space 6 of a row explored up to space 8, the Hills unexplored on space 9."""
    s = new(places=(6, 0))
    clear_realm(s, 0)
    lay(s, 0, 6, 5, explored=True)
    lay(s, 0, 7, 9, explored=True)
    lay(s, 0, 8, 12, explored=True)
    lay(s, 0, 9, 21)  # Hills, three steps away
    set_hand(s, 0, [10, 17, 30, 40, 50])
    s.adventurer[0] = 6
    return s


def test_explored_regions_are_free_and_walked_through() -> None:
    s = explored_walk()
    put_token(s, 0, "gem", 8)  # a token left on an explored region is claimed when crossed
    assert Go(9, 8, card=17) in GAME.legal(s, 0)
    # Before anything is explored, the only free walk offered is the one that claims the gem.
    walks = [a for a in GAME.legal(s, 0) if isinstance(a, Go) and s.explored[0][a.space]]
    assert walks == [Go(8, 7)]
    ev = GAME.apply(s, 0, Go(9, 8, card=17))
    assert "gem" in s.supply[0] and "collects the Gem" in texts(ev)
    # Once adventuring, walking back over explored regions is offered (never straight back).
    legal = GAME.legal(s, 0)
    assert Go(8, 9) not in legal
    assert (
        GAME.why_illegal(s, 0, Go(8, 9)) == "You may not turn around and go straight back the way you came."
    )


def test_end_turn_needs_an_action_and_pass_needs_no_possible_action() -> None:
    s = new(places=(0, 0))
    set_hand(s, 0, [10, 20, 30, 40, 50])
    assert (
        GAME.why_illegal(s, 0, END_TURN) == "Summon a region or go adventuring first (or pass if you cannot)."
    )
    assert (
        GAME.why_illegal(s, 0, PASS)
        == "You can still summon, explore or walk to a token, so you may not pass."
    )
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, PASS)


def test_passing_shows_the_hand_and_the_other_player_keeps_playing() -> None:
    s = unable_to_act()
    assert PASS in GAME.legal(s, 0)
    ev = GAME.apply(s, 0, PASS)
    assert s.passed[0] and "shows their hand (2 Wetlands, 3 Forest)" in texts(ev)
    assert s.turn == 1 and any(e.reveal for e in ev)
    # Player 2 plays turn after turn.
    set_hand(s, 1, [10, 20, 30, 40, 50])
    GAME.apply(s, 1, Summon(10, 0))
    GAME.apply(s, 1, END_TURN)
    while s.phase == "redraw":
        GAME.apply(s, 1, GAME.legal(s, 1)[0])
    assert s.turn == 1 and s.phase == "turn"
    # The passed player's hand is public in the other's view.
    assert GAME.view(s, 1).hands[0] == [2, 3]


def test_redraw_one_card_at_a_time_from_deck_or_own_nest_never_the_opponents() -> None:
    s = new(places=(0, 0))
    set_hand(s, 0, [10, 20, 30, 40, 50])
    s.nests[0].extend([s.deck.pop(0), s.deck.pop(0)])
    s.nests[1].append(s.deck.pop(0))
    mine, theirs = list(s.nests[0]), s.nests[1][0]
    GAME.apply(s, 0, Summon(10, 0))
    GAME.apply(s, 0, END_TURN)
    assert s.phase == "redraw" and s.actor == 0
    legal = GAME.legal(s, 0)
    assert legal == [DRAW_DECK, Draw("own", mine[0]), Draw("own", mine[1])]
    assert (
        GAME.why_illegal(s, 0, Draw("other", theirs))
        == "You may never redraw from your opponent's Raven's Nest."
    )
    GAME.apply(s, 0, Draw("own", mine[1]))
    assert mine[1] in s.hands[0] and s.turn == 1  # five cards again: the turn passed


def test_redraw_is_automatic_when_only_the_deck_is_left() -> None:
    s = new(places=(0, 0))
    set_hand(s, 0, [10, 20, 30, 40, 50])
    assert not s.nests[0]
    top = s.deck[-1]
    GAME.apply(s, 0, Summon(10, 0))
    ev = GAME.apply(s, 0, END_TURN)
    assert top in s.hands[0] and s.turn == 1
    mine = [e.text for e in ev if e.visible_to(0) and "draw" in e.text]
    theirs = [e.text for e in ev if e.visible_to(1) and "draw" in e.text]
    assert any(str(top) in t for t in mine) and not any(str(top) in t for t in theirs)


def test_no_redraw_with_five_or_more_cards() -> None:
    s = new(places=(0, 0))
    set_hand(s, 0, [10, 20, 30, 40, 45, 50])
    deck = len(s.deck)
    GAME.apply(s, 0, Summon(10, 0))
    GAME.apply(s, 0, END_TURN)
    assert len(s.hands[0]) == 5 and len(s.deck) == deck


def test_a_move_listed_before_the_hand_changed_is_judged_again() -> None:
    # `apply` judges every move from the state as it is: a hand changed since the list was
    # made (here by hand, as a test does) must not let a stale move through.
    s = new(places=(7, 0))
    set_hand(s, 0, [10, 20, 30, 40, 50])
    listed = [a for a in GAME.legal(s, 0) if isinstance(a, Summon) and a.card == 30]
    assert listed
    set_hand(s, 0, [11, 21, 31, 41, 49])
    realm = list(s.regions[0])
    with pytest.raises(IllegalAction, match="That card is not in your hand."):
        GAME.apply(s, 0, listed[0])
    assert s.regions[0] == realm and s.hands[0] == [11, 21, 31, 41, 49]
    # Applied at once, a listed move goes through as before, and the next list is new.
    summon = next(a for a in GAME.legal(s, 0) if isinstance(a, Summon))
    GAME.apply(s, 0, summon)
    assert s.regions[0][summon.space] == summon.card
    assert END_TURN in GAME.legal(s, 0) and summon not in GAME.legal(s, 0)


def test_a_move_listed_before_the_supply_changed_is_judged_again() -> None:
    # The troll that would pay for the step is gone by the time the step is applied: the step
    # is refused with the sentence and nothing changes (no step half made, no crash).
    s = new(places=(7, 0))
    clear_realm(s, 0)
    lay(s, 0, 8, 21)  # Hills, next to the adventurer
    set_hand(s, 0, [4, 30, 40, 45, 50])  # no Hills card: only the troll can pay
    give_token(s, 0, "troll")
    step = next(a for a in GAME.legal(s, 0) if a == Go(8, 7, creature="troll"))  # (the listed one)
    s.supply[0].remove("troll")
    before = GAME.clone(s)
    with pytest.raises(IllegalAction, match="You have no unused Troll."):
        GAME.apply(s, 0, step)
    assert s == before


def test_after_a_walk_for_nothing_only_a_walk_that_finds_a_token_is_allowed() -> None:
    s = new(places=(7, 0))
    clear_realm(s, 0)
    lay(s, 0, 8, 21)  # Hills, beside the adventurer
    for space, card in ((9, 23), (10, 25), (11, 27)):  # explored regions further along the row
        lay(s, 0, space, card, explored=True)
    put_token(s, 0, "gem", 11)
    set_hand(s, 0, [4, 10, 30, 40, 50])  # 10 is Hills
    GAME.apply(s, 0, Go(8, 7, card=10))
    GAME.apply(s, 0, Go(9, 8))  # a walk that finds nothing
    assert GAME.why_illegal(s, 0, Go(10, 9)) == (
        "You have just walked for nothing: explore a region before walking on."
    )
    walk = Go(11, 10)  # on through 10 to the gem
    assert walk in GAME.legal(s, 0) and GAME.why_illegal(s, 0, walk) is None
    GAME.apply(s, 0, walk)
    assert "gem" in s.supply[0] and s.adventurer[0] == 11


def test_a_step_through_explored_regions_is_searched_once_when_no_token_lies_on_the_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The step's check finds its way through the explored regions; with no token lying on an
    # explored region the walk claims nothing, so doing the step does not search it again (a
    # search per decision is what Rival Realms' rules cost most, issue 26).
    s = explored_walk()
    searches: list[int] = []
    real_steps = turn.steps

    def counted(*args: Any, **kwargs: Any) -> dict[int, int]:
        searches.append(1)
        return real_steps(*args, **kwargs)

    monkeypatch.setattr(turn, "steps", counted)
    monkeypatch.setattr(queries, "steps", counted)
    ev = GAME.apply(s, 0, Go(9, 8, card=17))
    assert len(searches) == 1
    assert s.adventurer[0] == 9 and s.explored[0][9] and 17 not in s.hands[0]
    assert texts(ev) == (
        "Player 1 enters 21 Hills in middle 4, paying 17 Hills into Player 2's nest.\n"
        "Player 1 explores 21 Hills in middle 4."
    )
