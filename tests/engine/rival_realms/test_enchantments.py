"""The eight enchantments, each changing the rule it names, and the ones that cannot be combined."""

from __future__ import annotations

from engine.rival_realms.actions import END_TURN, Draw, Go, Summon
from engine.rival_realms.data import ENCHANTMENTS
from engine.rival_realms.game import GAME
from engine.rival_realms.options import RivalRealmsOptions
from engine.rival_realms.scoring import score_parts
from tests.engine.rival_realms.helpers import clear_realm, give_token, lay, new, set_hand


def _with(*ids: str, **kw):  # type: ignore[no-untyped-def]
    return new(places=(6, 6), options=RivalRealmsOptions(enchantments=ids), **kw)


def test_eight_enchantments_with_names_and_texts_all_combinable() -> None:
    assert len(ENCHANTMENTS) == 8 and len({e.name for e in ENCHANTMENTS}) == 8
    every = RivalRealmsOptions(enchantments=tuple(e.id for e in ENCHANTMENTS))
    assert GAME.check_options(every, 2) is None and GAME.check_options(every, 1) is None
    assert GAME.check_options(RivalRealmsOptions(enchantments=("gem_hoard", "gem_hoard")), 2) is not None


def test_deep_satchel_redraws_to_six() -> None:
    s = _with("deep_satchel")
    set_hand(s, 0, [10, 20, 30])
    GAME.apply(s, 0, Summon(10, 0))
    GAME.apply(s, 0, END_TURN)
    assert len(s.hands[0]) == 6


def test_surefoot_boots_allow_turning_straight_back() -> None:
    s = _with("surefoot")
    clear_realm(s, 0)
    lay(s, 0, 6, 4, explored=True)
    lay(s, 0, 7, 21)
    set_hand(s, 0, [10, 17, 30, 40, 50])
    GAME.apply(s, 0, Go(7, 6, card=10))
    assert Go(6, 7) in GAME.legal(s, 0)  # walking straight back is allowed under the boots


def test_gleaming_hoard_and_grand_quests_score_more() -> None:
    s = _with("gem_hoard", "grand_quests")
    clear_realm(s, 0)
    give_token(s, 0, "gem")
    s.quests[0] = 0
    parts = score_parts(s, 0)
    assert parts[1] == 2 and parts[5] == 6


def test_deep_valleys() -> None:
    s = _with("deep_valleys", valleys=(0, 2, 4, 6, 8, 10), raven=(0, 1))
    clear_realm(s, 0)
    lay(s, 0, 0, 1)
    lay(s, 0, 6, 8)  # Fields over a Valley: 4
    lay(s, 0, 1, 12)
    lay(s, 0, 7, 20)  # Fields over a Mountain: 1
    assert score_parts(s, 0)[4] == 5


def test_open_passes_cross_the_end_mountains() -> None:
    s = _with("open_passes", valleys=(1, 2, 3, 7, 8, 9), raven=(1, 4))
    clear_realm(s, 0)
    lay(s, 0, 0, 21)  # above the adventurer (middle 1) across the Mountain in column 1
    set_hand(s, 0, [10, 17, 30, 40, 50])
    assert Go(0, 6, card=10) in GAME.legal(s, 0)


def test_kindred_trails_step_into_the_same_type_for_free() -> None:
    s = _with("kindred_trails")
    clear_realm(s, 0)
    lay(s, 0, 6, 4, explored=True)  # Hills, under the adventurer
    lay(s, 0, 7, 21)  # Hills
    set_hand(s, 0, [1, 2, 3, 5, 6])  # no Hills in hand
    assert Go(7, 6) in GAME.legal(s, 0)
    GAME.apply(s, 0, Go(7, 6))
    assert s.explored[0][7] and len(s.hands[0]) == 5


def test_open_nests_let_you_redraw_from_the_opponents_nest() -> None:
    s = _with("open_nests")
    s.nests[1].append(s.deck.pop(0))
    theirs = s.nests[1][0]
    set_hand(s, 0, [10, 20, 30, 40, 50])
    GAME.apply(s, 0, Summon(10, 0))
    GAME.apply(s, 0, END_TURN)
    assert Draw("other", theirs) in GAME.legal(s, 0)
