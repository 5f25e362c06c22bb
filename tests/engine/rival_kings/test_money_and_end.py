"""Money (taking unseen, the refill, paying with change), greyed choices, and the end of the game."""

from __future__ import annotations

from engine.core import Rng
from engine.core.options import option_fields
from engine.rival_kings.actions import Buy, EndTurn, Recruit, Skip, TakeMoney
from engine.rival_kings.data import CARDS
from engine.rival_kings.game import GAME
from engine.rival_kings.options import RivalKingsOptions
from engine.rival_kings.state import RivalKingsState
from tests.engine.rival_kings.helpers import act, check_invariants, new, play, put_top, set_purse, texts
from tests.engine.rival_kings.test_abilities import COUNT, QUEEN, purse, queen_turn
from tests.engine.rival_kings.test_conflicts import char_of, harmless_pile_card


def knight_turn(seed: int = 31):  # type: ignore[no-untyped-def]
    """Seat 0 plays the Knight (take money, recruit) with no conflict; Take money is pending."""
    s = new(2, seed)
    harmless_pile_card(s, "BD")
    play(s, [char_of("D", True), COUNT])
    while GAME.to_act(s) != (0,):
        act(s, Skip() if s.stack else EndTurn())
    assert s.stack == ["own:money"]
    return s


def test_taking_money_is_private_and_empties_the_pile() -> None:
    s = knight_turn()
    s.pile_ones[2] += 1
    s.supply_ones -= 1
    before = purse(s, 0)
    ev = act(s, TakeMoney(2))
    assert purse(s, 0) == before + 3 and s.pile_ones[2] == s.pile_twos[2] == 0
    private = [e for e in ev if e.to is not None]
    public = [e for e in ev if e.to is None]
    assert private and all(e.to == (0,) for e in private) and "3 coins" in private[0].text
    assert not any("3 coins" in e.text or "coin" in e.text.split("money")[-1] for e in public)
    check_invariants(s)


def test_all_piles_empty_are_refilled_with_two_coin_cards() -> None:
    s = knight_turn(32)
    for p in range(4):
        s.supply_twos += s.pile_twos[p]
        s.pile_twos[p] = 0
    supply = s.supply_twos
    before = purse(s, 0)
    ev = act(s, TakeMoney(1))
    assert "2-coin card" in texts(ev)
    assert purse(s, 0) == before + 2
    assert s.pile_twos == [1, 0, 1, 1] and s.supply_twos == supply - 4
    check_invariants(s)


def test_refill_stops_when_the_supply_runs_out() -> None:
    s = knight_turn(33)
    for p in range(4):
        s.supply_twos += s.pile_twos[p]
        s.pile_twos[p] = 0
    set_purse(s, 1, s.purse_ones[1], s.purse_twos[1] + s.supply_twos - 2)
    act(s, TakeMoney(3))
    assert s.pile_twos == [1, 1, 0, 0] and s.supply_twos == 0
    check_invariants(s)


def test_paying_makes_change_so_as_not_to_overpay() -> None:
    # Issue 8's worked case: a 3-coin price, a purse of two 2-coin cards. The player changes one
    # 2 for two 1s at the supply (equal value), then pays exactly 3 under the pile.
    s = queen_turn()
    assert CARDS[put_top(s, 3, "Sailor")].value == 3
    set_purse(s, 0, 0, 2)
    pile_before = s.pile_ones[3] + 2 * s.pile_twos[3]
    supply_before = (s.supply_ones, s.supply_twos)
    ev = act(s, Recruit(3))
    assert s.pile_ones[3] + 2 * s.pile_twos[3] == pile_before + 3
    assert (s.purse_ones[0], s.purse_twos[0]) == (1, 0)
    assert (s.supply_ones, s.supply_twos) == (supply_before[0] - 2, supply_before[1] + 1)
    assert s.supply_ones + 2 * s.supply_twos == supply_before[0] + 2 * supply_before[1]
    assert "changes a 2-coin card for two 1-coin cards" in texts(ev)
    assert "Sailor" in texts(ev) and "for 3 coins." in texts(ev)
    # The table sees the exchange: it shows the purse held no 1-coin card, so it is a reveal.
    assert any(e.reveal and "changes" in e.text for e in ev)
    check_invariants(s)


def test_without_change_in_the_supply_the_buyer_overpays() -> None:
    s = queen_turn(seed=34)
    put_top(s, 3, "Sailor")
    set_purse(s, 0, 0, 2)
    set_purse(s, 1, s.purse_ones[1] + s.supply_ones - 1, s.purse_twos[1])
    assert s.supply_ones == 1  # one 1-coin card is not change for a 2
    pile_before = s.pile_ones[3] + 2 * s.pile_twos[3]
    ev = act(s, Recruit(3))
    assert (s.purse_ones[0], s.purse_twos[0]) == (0, 0)
    assert s.pile_ones[3] + 2 * s.pile_twos[3] == pile_before + 4 and s.supply_ones == 1
    assert "pays 1 coin too many" in texts(ev)
    check_invariants(s)


def test_exact_purses_pay_exactly_and_never_touch_the_supply() -> None:
    s = queen_turn(seed=36)
    put_top(s, 3, "Sailor")
    set_purse(s, 0, 1, 2)
    supply = (s.supply_ones, s.supply_twos)
    ev = act(s, Recruit(3))
    assert (s.purse_ones[0], s.purse_twos[0]) == (0, 1)
    assert (s.supply_ones, s.supply_twos) == supply
    assert "change" not in texts(ev) and not any(e.reveal and "pays" in e.text for e in ev)


def test_every_purchase_of_random_games_puts_exactly_the_price_under_the_pile() -> None:
    for seats in (2, 3, 4):
        for seed in range(40):
            s = new(seats, seed)
            rng = Rng.from_seed(seed)
            while not s.over:
                seat = GAME.to_act(s)[0]
                a = rng.choice(GAME.legal(s, seat))
                if isinstance(a, (Recruit, Buy)):
                    cost = max(0, CARDS[s.piles[a.pile][-1]].value - a.discount)
                    under = s.pile_ones[a.pile] + 2 * s.pile_twos[a.pile]
                    supply = s.supply_ones + 2 * s.supply_twos
                    overpay = s.purse_ones[seat] == 0 and cost % 2 == 1 and s.supply_ones < 2
                GAME.apply(s, seat, a)
                if isinstance(a, (Recruit, Buy)):
                    paid = s.pile_ones[a.pile] + 2 * s.pile_twos[a.pile] - under
                    assert paid == cost + (1 if overpay else 0)
                    assert s.supply_ones + 2 * s.supply_twos == supply


def test_unaffordable_cards_are_greyed_with_the_reason() -> None:
    s = queen_turn(seed=35)
    put_top(s, 2, "Court Lady")  # value 4
    put_top(s, 3, "Miller")  # value 1
    set_purse(s, 0, 2, 0)
    ch = dict(GAME.choices(s, 0))
    assert ch[Recruit(3)] is None
    assert ch[Recruit(2)] == "You need 4 coins; you have 2."
    assert GAME.why_illegal(s, 0, Recruit(2)) == "You need 4 coins; you have 2."
    assert GAME.why_illegal(s, 0, Buy(0)) == "You are not carrying out a Buy a building action now."
    assert GAME.why_illegal(s, 1, Skip()) == "It is not your turn to decide."
    assert "Miller" in GAME.describe(s, Recruit(3)) and "1 coin" in GAME.describe(s, Recruit(3))


def test_an_impossible_action_is_skipped_with_the_reason() -> None:
    s = new(2, 36)
    harmless_pile_card(s, "AB")
    s.marker_supply += s.markers[1]
    s.markers[1] = 0
    play(s, [QUEEN, COUNT])
    ev = act(s, Skip())  # the Queen skips recruiting; her turn ends by itself
    assert GAME.to_act(s) == (1,) and s.stack == ["own:buy"]
    assert "cannot carry out Settle conflict (no Conflict marker)" in texts(ev)


def test_game_ends_after_the_cycle_in_which_a_pile_empties() -> None:
    s = new(2, 37)
    harmless_pile_card(s, "AB")
    last = s.piles[2][-1]
    # Move all but the top card of subject pile 1 into the money (keeping their backs).
    for c in s.piles[2][:-1]:
        if CARDS[c].back == 1:
            s.supply_ones += 1
            s.total_ones += 1
        else:
            s.supply_twos += 1
            s.total_twos += 1
    s.piles[2] = [last]
    play(s, [QUEEN, COUNT])
    ev = act(s, Recruit(2))
    assert "empty: the game ends when this cycle is over" in texts(ev)
    assert not s.over and GAME.outcome(s) is None
    assert GAME.to_act(s) == (1,)  # the cycle goes on
    while GAME.to_act(s):
        act(s, Skip() if s.stack else EndTurn())
    assert s.over and s.cycle == 1
    out = GAME.outcome(s)
    assert out is not None and "Subject pile 1 ran out" in out.reason
    assert [line.label for line in out.lines] == [
        "Perfect pairs",
        "Colour pairs",
        "Single cards",
        "Coins (1 per 3)",
        "Conflict markers (-2 each)",
    ]
    assert all(sum(line.values[i] for line in out.lines) == out.scores[i] for i in range(2))
    check_invariants(s)


def test_rounds_have_two_cycles_then_new_hands() -> None:
    s = new(3, 38)
    seen = []
    while s.round == 1 or s.phase != "choose":
        seat = GAME.to_act(s)[0]
        if s.phase == "choose":
            seen.append((s.cycle, len(s.hands[seat])))
        act(s, GAME.legal(s, seat)[0])
    assert [c for c, _ in seen] == [1, 1, 1, 2, 2, 2]
    assert [n for _, n in seen] == [3, 3, 3, 2, 2, 2]
    assert s.round == 2 and all(len(h) == 3 for h in s.hands) and len(s.aside) == 3
    assert GAME.progress(s) == "round 2, cycle 1"


def test_tie_rule_fewer_markers_then_coins() -> None:
    s = new(2, 39)
    set_purse(s, 0, 0, 0)
    set_purse(s, 1, 0, 0)
    s.over = True
    for p in s.piles[:1]:
        p.clear()
    out = GAME.outcome(s)
    assert out is not None and out.scores == (-2, -2) and out.winners == (0, 1)
    assert "share" in out.tiebreak
    s.marker_supply += 1
    s.markers[0] = 0
    s.purse_ones[1] = 3
    s.supply_ones -= 3
    s.markers[1] = 1
    out = GAME.outcome(s)
    assert out is not None and out.scores == (0, -1) and out.winners == (0,)


def test_an_unaffordable_recruit_is_a_private_decision_not_an_announcement() -> None:
    s = new(2, 40)
    harmless_pile_card(s, "AB")
    set_purse(s, 0, 0, 0)
    play(s, [QUEEN, COUNT])
    assert GAME.to_act(s) == (0,) and s.stack == ["own:recruit"]
    assert GAME.legal(s, 0) == [Skip()]
    greyed = [r for a, r in GAME.choices(s, 0) if r]
    assert len(greyed) == 2 and all(r.endswith("you have 0.") for r in greyed)
    # The player is told at once, only on their own prompt.
    assert "cannot afford" in GAME.prompt(s, 0).text
    assert "cannot afford" not in GAME.prompt(s, 1).text
    ev = act(s, Skip())
    assert "cannot" not in texts(ev)


def idle_play(s: RivalKingsState, limit: int) -> tuple[int, list[int]]:
    """Everybody skips every purchase; returns the cycles played (up to `limit`) and the idle
    counts at which the log warned."""
    warned = []
    cycles = 0
    while not s.over and cycles < limit:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal(s, seat)
        passive = [a for a in legal if isinstance(a, (Skip, EndTurn))]
        ev = act(s, passive[0] if passive and s.phase == "turn" else legal[-1])
        if any("unless someone does" in e.text for e in ev):
            warned.append(s.idle_cycles)
        if s.phase == "choose" and all(c is None for c in s.played) and ev:
            cycles += 1
    return cycles, warned


def test_by_the_rulebook_an_idle_table_does_not_end_the_game() -> None:
    s = new(2, 41)
    cycles, warned = idle_play(s, 12)
    assert cycles == 12 and not s.over and GAME.outcome(s) is None and warned == []
    assert all(len(p) == 8 for p in s.piles)


def test_with_the_option_six_idle_cycles_end_a_stalled_game() -> None:
    s = new(2, 41, stalemate=True)
    cycles, warned = idle_play(s, 50)
    assert cycles == 5 and s.idle_cycles == 6 and warned == [4, 5]
    out = GAME.outcome(s)
    assert out is not None and "6 cycles in a row" in out.reason
    assert all(len(p) == 8 for p in s.piles)


def test_the_idle_option_is_visible_and_off_by_default() -> None:
    (field,) = [f for f in option_fields(RivalKingsOptions) if f.name == "stalemate"]
    assert field.kind == "bool" and field.default is False and field.label
    assert "Not in the rulebook" in field.help


def test_buying_resets_the_idle_count() -> None:
    s = queen_turn(seed=42)
    s.stall_end = True
    s.idle_cycles = 5
    act(s, Recruit(2))
    while s.phase != "choose":
        act(s, Skip() if s.stack else EndTurn())
    assert s.idle_cycles == 0 and not s.over
