"""The wonder draft in snake order, and the pyramids: layout, accessibility, flipping."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.rivalist.actions import Discard, PickWonder, Take
from engine.rivalist.data import AGE_DECKS, COLOUR, COVERED_BY, LAYOUTS, PURPLE, UNIONS
from engine.rivalist.game import GAME
from tests.engine.rivalist.helpers import at_age, drafted, texts


def test_draft_runs_in_snake_order_and_each_player_ends_with_four() -> None:
    s = GAME.setup(GAME.Options(), 2, 5)
    assert s.phase == "draft" and len(s.draft_pool) == 4 and GAME.to_act(s) == (0,)
    first_four = list(s.draft_pool)
    order = []
    while s.phase == "draft":
        seat = s.current
        order.append(seat)
        pool_before = list(s.draft_pool)
        ev = GAME.apply(s, seat, GAME.legal(s, seat)[0])
        if len(pool_before) == 2:
            # The first picker of the group receives the last Wonder without a choice.
            assert "receives the last Wonder" in texts(ev)
    # Player 1 picks, Player 2 picks two (Player 1 gets the last); then Player 2 leads.
    assert order == [0, 1, 1, 1, 0, 0]
    assert len(s.wonders[0]) == 4 and len(s.wonders[1]) == 4
    assert set(first_four) <= set(s.wonders[0]) | set(s.wonders[1])
    assert s.age == 1 and s.phase == "take"


def test_second_group_is_revealed_only_after_the_first_is_taken() -> None:
    s = GAME.setup(GAME.Options(), 2, 9)
    hidden = list(s.draft_deck)
    for _ in range(3):
        GAME.apply(s, s.current, GAME.legal(s, s.current)[0])
    assert s.draft_pool == hidden[:4]
    assert s.current == 1  # Player 2 picks first in the second group
    assert len(s.draft_deck) == 3  # three of the eleven Wonders never come out


def test_picking_an_unrevealed_wonder_is_refused() -> None:
    s = GAME.setup(GAME.Options(), 2, 3)
    w = s.draft_deck[0]
    reason = GAME.why_illegal(s, 0, PickWonder(w))
    assert reason and "revealed" in reason
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, PickWonder(w))
    assert len(s.draft_pool) == 4 and s.wonders == [[], []]


def test_player_2_takes_the_first_card_of_age_one() -> None:
    s = drafted(2)
    assert s.current == 1 and s.starter == 1


@pytest.mark.parametrize("age", [1, 2, 3])
def test_pyramid_has_twenty_cards_in_alternating_face_up_rows(age: int) -> None:
    layout = LAYOUTS[age]
    assert len(layout) == 20
    rows = sorted({r for r, _x, _f in layout})
    for r in rows:
        faces = {f for rr, _x, f in layout if rr == r}
        assert faces == {r % 2 == 0}  # the top row and every second row below it lie face up
    s = at_age(age)
    # At the start only the bottom row is free, and all of it lies face up.
    bottom = max(rows)
    assert s.access == [i for i, (r, _x, _f) in enumerate(layout) if r == bottom]
    assert all(s.face_up[i] for i in s.access)


def test_covered_card_cannot_be_taken_and_uncovered_card_flips() -> None:
    s = at_age(1)
    assert COVERED_BY[1][9] == (14, 15) and not s.face_up[9]
    reason = GAME.why_illegal(s, 0, Take(9))
    assert reason and "covered" in reason
    GAME.apply(s, 0, Take(14))
    GAME.apply(s, 0, Discard())
    assert 9 not in s.access and not s.face_up[9]  # still under slot 15
    ev = GAME.apply(s, 1, Take(15))
    assert 9 in s.access and s.face_up[9]
    flip = [e for e in ev if e.kind == "flip"]
    assert flip and flip[0].reveal
    assert 10 not in s.access  # slot 16 still lies on it


def test_age_three_has_the_split_middle_row() -> None:
    # The two cards of the middle row each lie on two cards of the row above, with a gap between.
    assert COVERED_BY[3][5] == (9,) and COVERED_BY[3][6] == (9,)
    assert COVERED_BY[3][7] == (10,) and COVERED_BY[3][8] == (10,)
    assert not LAYOUTS[3][9][2] and not LAYOUTS[3][10][2]  # the middle pair lies face down
    s = at_age(3)
    assert set(s.pyramid + s.box) == set(AGE_DECKS[3]) | set(UNIONS)
    assert len(s.box) == 3 + len(UNIONS) - 3  # 3 Age III cards and 4 unions stay out unseen


def test_unions_appear_only_in_age_three() -> None:
    for seed in range(20):
        for age in (1, 2):
            s = at_age(age, seed)
            assert not any(COLOUR[c] == PURPLE for c in s.pyramid + s.box)
        s = at_age(3, seed)
        assert sum(1 for c in s.pyramid if COLOUR[c] == PURPLE) == 3


def test_covered_face_up_cards_are_listed_greyed_with_the_reason() -> None:
    s = at_age(1)
    listed = dict(GAME.choices(s, 0))
    assert all(listed[Take(i)] is None for i in s.access)
    assert listed[Take(5)] == "That card is covered by another card: take one with nothing on top of it."
    assert Take(9) not in listed  # face down: nothing to show
