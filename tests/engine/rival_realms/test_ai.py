"""The search's own value of a position (`RivalRealms.ai_search_evaluate`)."""

from __future__ import annotations

import copy

from engine.rival_realms import ai
from engine.rival_realms.actions import Summon
from engine.rival_realms.game import GAME
from tests.engine.rival_realms.helpers import clear_realm, lay, new, set_hand


def test_the_search_values_what_a_leaf_gains_on_the_root() -> None:
    root = new(places=(0, 0))
    assert GAME.ai_search_evaluate(root, 0, root) == 0.5  # the root gains nothing on itself
    ahead = copy.deepcopy(root)
    for p, card in zip(range(1, 6), (5, 10, 15, 20, 25), strict=True):
        lay(ahead, 0, p, card, explored=True)
    assert ai.margin(ahead, 0) > ai.margin(root, 0) + 5
    # `evaluate` saturates there; the search's value still tells a better leaf from a worse one.
    better = copy.deepcopy(ahead)
    lay(better, 0, 6, 30, explored=True)
    assert GAME.evaluate(ahead, 0) > 0.9
    gap = GAME.ai_search_evaluate(better, 0, ahead) - GAME.ai_search_evaluate(ahead, 0, ahead)
    assert gap > 0.1 > GAME.evaluate(better, 0) - GAME.evaluate(ahead, 0) > 0
    # Each seat measured from its own margin at the root.
    assert GAME.ai_search_evaluate(ahead, 1, root) < 0.5 < GAME.ai_search_evaluate(ahead, 0, root)


def test_the_search_sees_a_high_card_summoned_left_block_its_row() -> None:
    s = new(places=(0, 0))
    clear_realm(s, 0)
    set_hand(s, 0, [34])
    after = {}
    for space in (6, 9):  # middle 1 (the row's left end) and middle 4
        d = GAME.clone(s)
        GAME.apply(d, 0, Summon(34, space))
        after[space] = d
    # The evaluation (and so the greedy bot) finds them equal; the search prefers the middle.
    assert GAME.evaluate(after[6], 0) == GAME.evaluate(after[9], 0)
    assert GAME.ai_search_evaluate(after[9], 0, s) > GAME.ai_search_evaluate(after[6], 0, s)


def test_solo_keeps_the_evaluation() -> None:
    s = new(seats=1)
    assert GAME.ai_search_evaluate(s, 0, s) == GAME.evaluate(s, 0)
