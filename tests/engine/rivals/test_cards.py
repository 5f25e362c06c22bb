"""Every card design resolves from a real hand to its proper place, and the effect vocabulary
does what the card texts say."""

from __future__ import annotations

import pytest

from engine.rivals.actions import (
    AddMod,
    Collect,
    DoneMods,
    PlayCard,
    SkipOptional,
    StepTo,
    TargetAshak,
    UseSkill,
)
from engine.rivals.data.board import ANTICIPATION, CRYSTAL, FOREST
from engine.rivals.data.cards import EXPLOSIVE, MOD, SKILL
from engine.rivals.data.catalog import CARD
from engine.rivals.game import GAME
from engine.rivals.geometry import DIST
from tests.engine.rivals.helpers import (
    act,
    card_id,
    check_invariants,
    dice,
    give,
    hx,
    lay,
    put,
    ready_to_fight,
    set_type,
    texts,
)

NAMES = sorted({c.name for c in CARD if c.key != "flasher" and c.rarity not in ("guild",)})


def duel(attacker: str = "Korrin"):
    s = ready_to_fight(("Atmos", attacker), seat=1)
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    set_type(s, s.ashaks[0].pos, CRYSTAL)
    set_type(s, s.ashaks[1].pos, CRYSTAL) if s.ashaks[1].pos != 0 else None
    return s


def finish(s, seat: int) -> None:
    """Answer every pending prompt with its first legal choice until the turn menu is back."""
    for _ in range(60):
        if s.phase == "turn" or GAME.outcome(s) is not None:
            return
        who = s.actor
        legal = GAME.legal(s, who)
        aim = [a for a in legal if str(a) in ("target seat 0", f"target hex {s.ashaks[0].pos}")]
        pref = aim or [a for a in legal if isinstance(a, (TargetAshak, StepTo, DoneMods, SkipOptional))]
        act(s, who, (pref or legal)[0])
    raise AssertionError(f"stuck in {s.phase}")


@pytest.mark.parametrize("card_name", NAMES)
def test_every_card_resolves_and_lands_where_it_should(card_name: str) -> None:
    s = duel("Renko" if card_name == "Swarm of Flashers" else "Korrin")
    c = give(s, 1, card_name)
    d = CARD[c]
    hi = d.rmax if d.rmax >= 0 else 6
    put(s, 0, 0, -min(max(2, d.rmin), hi))
    set_type(s, s.ashaks[0].pos, CRYSTAL)
    s.ashaks[1].hp = 15
    s.ap = 2
    if d.type == MOD:
        b = give(s, 1, "Blaster")
        act(s, 1, PlayCard(b))
        act(s, 1, AddMod(c))
        with dice(False):
            finish(s, 1)
        assert c in s.discard[1]
        check_invariants(s)
        return
    if d.reaction:
        assert GAME.why_illegal(s, 1, PlayCard(c)) == "Keep it for when you are attacked."
        return
    why = GAME.why_illegal(s, 1, PlayCard(c))
    assert why is None, why
    before = GAME.clone(s)
    with dice(False):
        act(s, 1, PlayCard(c))
        finish(s, 1)
    check_invariants(s)
    assert c not in s.hand[1] and s != before
    if d.type == SKILL:
        assert c in s.skills[1]
        if d.once:
            assert GAME.why_illegal(s, 1, UseSkill(c)) == "Already used this round."
    elif d.type == EXPLOSIVE:
        assert c in s.box and s.ashaks[0].hp < 20
    elif d.temp:
        assert c in s.temps[1]
    else:
        assert c in s.discard[1]
    if d.is_attack and d.salvos:
        assert s.ashaks[0].hp < 20, "an undefended attack must wound"


def test_poison_pull_push_and_leap_move_and_hurt_as_written() -> None:
    s = duel()
    with dice(False):
        act(s, 1, PlayCard(give(s, 1, "Toxic Dart")))
        act(s, 1, TargetAshak(0))
    assert s.ashaks[0].poison == [1] and s.ashaks[0].hp == 19
    put(s, 0, 0, -3)
    s.ap = 2
    with dice(True):
        act(s, 1, PlayCard(give(s, 1, "Gravity Well")))
        act(s, 1, TargetAshak(0))
        finish(s, 1)
    assert DIST[s.ashaks[0].pos][s.ashaks[1].pos] == 1
    s.ap = 2
    with dice(True):
        act(s, 1, PlayCard(give(s, 1, "Shockwave")))
        act(s, 1, TargetAshak(0))
        finish(s, 1)
    assert DIST[s.ashaks[0].pos][s.ashaks[1].pos] == 3
    s.ap = 2
    put(s, 0, 0, -2)
    with dice(True):
        act(s, 1, PlayCard(give(s, 1, "Cheetah Leap")))
        act(s, 1, TargetAshak(0))
    assert s.ashaks[1].pos == s.ashaks[0].pos


def test_parasite_grenade_takes_a_token_before_the_damage() -> None:
    s = duel()
    s.ashaks[0].tokens = 1
    s.ashaks[0].active_tokens = 1
    with dice(False):
        act(s, 1, PlayCard(give(s, 1, "Parasite Grenade")))
        act(s, 1, GAME.legal(s, 1)[[str(a) for a in GAME.legal(s, 1)].index(f"target hex {s.ashaks[0].pos}")])
        finish(s, 1)
    assert s.ashaks[0].tokens == 0 and s.ashaks[0].active_tokens == 1  # the inactive one went first
    assert s.ashaks[0].hp == 18


def test_stellar_cannon_adds_three_on_the_aimed_hex() -> None:
    s = duel()
    put(s, 0, 0, -3)
    s.ap = 2
    with dice(False):
        act(s, 1, PlayCard(give(s, 1, "Stellar Cannon")))
        act(s, 1, GAME.legal(s, 1)[[str(a) for a in GAME.legal(s, 1)].index(f"target hex {s.ashaks[0].pos}")])
        finish(s, 1)
    assert s.ashaks[0].hp == 14  # 3 to the whole tile + 3 on the aimed hex


def test_steel_skin_draws_for_each_token_gained() -> None:
    s = duel()
    act(s, 1, PlayCard(give(s, 1, "Steel Skin")))
    s.deck[1] = [give(s, 0, "Blaster"), give(s, 0, "Blaster")]
    s.hand[0] = []
    act(s, 1, PlayCard(give(s, 1, "Guard Up")))
    assert s.ashaks[1].tokens == 1 and len(s.hand[1]) == 2  # Guard Up's own draw and Steel Skin's


def test_steel_skin_draws_for_tokens_bought_rewarded_and_stolen() -> None:
    from engine.rivals.actions import BuyToken, Negotiate, Reward, StopBuying

    s = duel()
    s.skills[1].append(card_id(s, "Steel Skin"))
    s.deck[1] = [card_id(s, "Blaster") for _ in range(6)]
    s.ashaks[1].crystals, s.ashaks[1].resins = 2, 0
    lay(s, 1, -2, 3, (FOREST, CRYSTAL, ANTICIPATION), 2)
    act(s, 1, Collect())  # a plain anticipation hex: each token costs two resources
    act(s, 1, BuyToken("cc"))
    assert (s.ashaks[1].tokens, len(s.hand[1])) == (1, 1)
    if s.phase == "tokens":
        act(s, 1, StopBuying())
    s.sponsor[s.ashaks[1].pos] = 2
    act(s, 1, Negotiate())  # spends the token, then brings two
    act(s, 1, Reward("tokens"))
    assert (s.ashaks[1].tokens, len(s.hand[1])) == (2, 3)
    s.ashaks[0].tokens, s.ap = 2, 2
    s.hand[1] = []
    put(s, 1, 0, -1)
    with dice(False):
        act(s, 1, PlayCard(give(s, 1, "Siphon")))
        finish(s, 1)
    # one token taken from the defender (an inactive one first), one card drawn for it
    assert (s.ashaks[0].tokens + s.ashaks[0].active_tokens, s.ashaks[1].tokens, len(s.hand[1])) == (1, 3, 1)


def test_steel_skin_draws_nothing_for_a_token_the_full_board_cannot_take() -> None:
    s = duel()
    s.skills[1].append(card_id(s, "Steel Skin"))
    s.deck[1] = [card_id(s, "Blaster") for _ in range(3)]
    s.ashaks[1].tokens, s.ashaks[1].active_tokens = 2, 1
    ev = act(s, 1, PlayCard(give(s, 1, "Guard Up")))
    assert s.ashaks[1].tokens == 2 and len(s.hand[1]) == 1  # Guard Up's own draw only
    assert "anticipation token" not in texts(ev)


def test_every_anticipation_token_gain_goes_through_gain_tokens() -> None:
    """Steel Skin's draw lives in `common.gain_tokens`, where an Ashak's and a drone's tokens are
    both gained; a module that raised a board's count itself would skip it."""
    import pathlib
    import re

    root = pathlib.Path(__file__).parents[3] / "engine" / "rivals"
    raise_count = re.compile(r"\.tokens\s*\+=")
    found = [
        f"{p.relative_to(root)}:{n}"
        for p in sorted(root.rglob("*.py"))
        for n, line in enumerate(p.read_text().splitlines(), 1)
        if raise_count.search(line)
    ]
    assert found == ["rules/common.py:" + str(_gain_line())]


def _gain_line() -> int:
    import inspect

    from engine.rivals.rules import common

    lines, start = inspect.getsourcelines(common.gain_tokens)
    return start + next(i for i, line in enumerate(lines) if ".tokens +=" in line)


def test_premium_card_gives_four_resources_of_your_choice() -> None:
    from engine.rivals.actions import ChooseResource

    s = duel()
    s.ashaks[1].crystals, s.ashaks[1].resins = 0, 0
    act(s, 1, PlayCard(give(s, 1, "Premium Card")))
    for r in ("crystal", "crystal", "resin", "crystal"):
        act(s, 1, ChooseResource(r))
    assert (s.ashaks[1].crystals, s.ashaks[1].resins) == (3, 1)


def test_premium_card_offers_every_split_of_ten_the_player_can_pay() -> None:
    from engine.rivals.actions import BuyMixedPoint, BuyPoint

    s = duel()
    s.skills[1].append(card_id(s, "Premium Card"))
    s.ashaks[1].crystals, s.ashaks[1].resins = 7, 5

    def points() -> list[str]:
        return [GAME.describe(s, a) for a in GAME.legal(s, 1) if isinstance(a, (BuyPoint, BuyMixedPoint))]

    assert points() == [
        "Buy a Rival Point with 5C 5R: 5 crystals and 5 resins (Premium Card)",
        "Buy a Rival Point with 6C 4R: 6 crystals and 4 resins (Premium Card)",
        "Buy a Rival Point with 7C 3R: 7 crystals and 3 resins (Premium Card)",
    ]
    ev = act(s, 1, BuyMixedPoint(5))  # not the larger pile first: the player's choice
    assert (s.ashaks[1].rp, s.ashaks[1].crystals, s.ashaks[1].resins) == (1, 2, 0)
    assert "buys a Rival Point with 5 crystals and 5 resins (1)" in texts(ev)
    s.ashaks[1].crystals, s.ashaks[1].resins = 12, 1
    assert points() == [
        "Buy a Rival Point with 10 crystals",
        "Buy a Rival Point with 9C 1R: 9 crystals and 1 resin (Premium Card)",
    ]
    s.skills[1] = []
    assert points() == ["Buy a Rival Point with 10 crystals"]
    assert GAME.why_illegal(s, 1, BuyMixedPoint(9)) == "That is not possible now."


def test_an_old_premium_purchase_is_read_as_the_split_the_larger_pile_paid() -> None:
    from engine.rivals.actions import BuyMixedPoint, BuyPoint

    s = duel()
    found = []
    for have in ((7, 4), (6, 6), (2, 9), (12, 3)):
        s.ashaks[1].crystals, s.ashaks[1].resins = have
        found.append(GAME.upgrade_action(s, 1, BuyPoint("mix")))
    # one resource at a time from the larger pile, crystals on a tie
    assert found == [BuyMixedPoint(7), BuyMixedPoint(5), BuyMixedPoint(2), BuyPoint("crystal")]
    assert GAME.upgrade_action(s, 1, BuyPoint("resin")) == BuyPoint("resin")


def test_explore_the_abyss_lands_on_a_lake_without_losing_hp() -> None:
    from engine.rivals.data.board import LAKE

    s = duel()
    lake = hx(0, 2)
    set_type(s, lake, LAKE)
    act(s, 1, PlayCard(give(s, 1, "Explore the Abyss")))
    act(s, 1, StepTo(lake))
    assert s.ashaks[1].pos == lake and s.ashaks[1].hp == 20
