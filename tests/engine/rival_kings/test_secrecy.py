"""No seat learns a rival's purse from what the engine does automatically (issue 8: the Merchant).

The Merchant's extra Buy used to be offered only when its owner could afford a building. When it
was not offered, the turn ended by itself, so the other seats saw the turn pass at once and knew
the purse was short. The conformance checker must catch exactly that kind of leak: these tests
build the position, put the old rule back, and check that the checker fails on it and passes on
the rule as it is now.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rng
from engine.rival_kings.actions import Skip, UseAbility
from engine.rival_kings.data import CARDS, MERCHANT
from engine.rival_kings.game import GAME
from engine.rival_kings.queries import price, purse
from engine.rival_kings.rules import legality
from engine.rival_kings.state import RivalKingsState
from tests.engine.rival_kings.helpers import act, put_top, set_purse
from tests.engine.rival_kings.test_abilities import queen_turn
from tests.support.conformance import Checker, ContractBroken


def broke_merchant() -> RivalKingsState:
    """Seat 0 (Queen, the Merchant active) with Recruit pending and 1 coin; both building piles
    show a card for 2. Seat 1 cannot see the purse: it may as well hold 3 coins."""
    s = queen_turn("Merchant", seed=23)
    put_top(s, 0, "Mill")
    put_top(s, 1, "Herb garden")
    set_purse(s, 0, 1, 0)
    return s


def _old_merchant_rule(s: RivalKingsState, seat: int, a: Any) -> str | None:
    # The rule before the fix: the ability was only there when a building was affordable.
    ok = any(s.piles[p] and price(s, p, False) <= purse(s, seat) for p in (0, 1))
    return None if ok else "Your active subject cannot do that now."


def leaks(s: RivalKingsState, tries: int = 12) -> bool:
    """Whether seat 1 can tell `s` apart from some sample of its view after seat 0 skips."""
    for seed in range(tries):
        checker = Checker(GAME, Rng.from_seed(seed))
        try:
            checker.check_indistinguishable(s, 1, (0, Skip()))
        except ContractBroken:
            return True
    return False


def test_the_old_merchant_rule_is_caught_by_the_conformance_check(monkeypatch: pytest.MonkeyPatch) -> None:
    s = broke_merchant()
    monkeypatch.setitem(legality.ABILITY_CHECKS, MERCHANT, _old_merchant_rule)
    after = GAME.clone(s)
    act(after, Skip())
    assert GAME.to_act(after) == (1,), "the old rule ends a broke Merchant's turn by itself"
    assert leaks(s)


def test_the_merchant_no_longer_tells_the_table_about_the_purse() -> None:
    s = broke_merchant()
    assert not leaks(s)
    act(s, Skip())
    # The turn waits for the player whatever the purse holds; the extra Buy is then only Skip.
    assert GAME.to_act(s) == (0,) and UseAbility() in GAME.legal(s, 0)
    act(s, UseAbility())
    assert GAME.legal(s, 0)[:1] == [Skip()] and len(GAME.legal(s, 0)) == 1
    greyed = [why for _, why in GAME.choices(s, 0) if why]
    assert greyed and all(why.startswith("You need") for why in greyed)
    assert "cannot afford" in GAME.prompt(s, 0).text and "cannot afford" not in GAME.prompt(s, 1).text


def test_rich_and_broke_merchants_look_the_same_to_the_others() -> None:
    rich, broke = broke_merchant(), broke_merchant()
    set_purse(rich, 0, 1, 2)
    assert purse(rich, 0) >= max(CARDS[p[-1]].value for p in rich.piles[:2])
    seen = []
    for s in (rich, broke):
        ev = act(s, Skip())
        seen.append(([e.text for e in ev if e.visible_to(1)], GAME.to_act(s), GAME.prompt(s, 1)))
    assert seen[0] == seen[1]
