"""Characters, their actions in printed order, thefts, equal ranks, turn order, the 2-player pile."""

from __future__ import annotations

import pytest

from engine.rival_kings.actions import ChooseAction, EndTurn, Skip, Steal
from engine.rival_kings.data import CHARACTERS, RANKS
from engine.rival_kings.game import GAME
from tests.engine.rival_kings.helpers import act, new, play, set_markers, texts

# One non-conflicting partner rank per rank (neither equal nor thief nor victim).
PARTNER = {"A": "B", "B": "A", "C": "A", "D": "B", "E": "A", "F": "A"}


def char_of(rank: str, figure: bool | None = None) -> int:
    return next(c.id for c in CHARACTERS if c.rank == rank and (figure is None or c.figure == figure))


def pending_kinds_by_skipping(s, seat: int) -> list[str]:  # type: ignore[no-untyped-def]
    kinds = []
    while GAME.to_act(s) == (seat,) and s.stack:
        kinds.append(s.stack[-1].split(":")[1])
        act(s, Skip())
    return kinds


def harmless_pile_card(s, avoid_ranks: str) -> None:  # type: ignore[no-untyped-def]
    """2 players: make sure the face-down pile's next card hits nobody."""
    for i, c in enumerate(s.aside):
        ch = CHARACTERS[c]
        if ch.rank not in avoid_ranks and ch.steals not in avoid_ranks:
            s.aside[i], s.aside[-1] = s.aside[-1], s.aside[i]
            return
    raise AssertionError("no harmless card")


@pytest.mark.parametrize("cid", range(12))
def test_each_character_offers_its_actions_in_printed_order(cid: int) -> None:
    ch = CHARACTERS[cid]
    other = char_of(PARTNER[ch.rank])
    s = new(2, cid)
    harmless_pile_card(s, ch.rank + PARTNER[ch.rank])
    play(s, [cid, other])
    assert s.crests == [] and s.tie == [False, False]
    while GAME.to_act(s) != (0,):
        act(s, Skip() if s.stack else EndTurn())
    assert pending_kinds_by_skipping(s, 0) == list(ch.actions)


@pytest.mark.parametrize("thief", [c.id for c in CHARACTERS if c.steals])
def test_higher_rank_steals_one_action_and_the_lower_takes_a_marker(thief: int) -> None:
    t = CHARACTERS[thief]
    victim = char_of(t.steals)
    s = new(2, thief)
    harmless_pile_card(s, t.rank + t.steals)
    ev = play(s, [thief, victim])
    assert s.markers == [1, 2]
    assert "higher rank over lower" in texts(ev)
    assert GAME.to_act(s) == (0,)
    steals = [a for a in GAME.legal(s, 0) if isinstance(a, Steal)]
    assert steals == [Steal(1, a) for a in CHARACTERS[victim].actions]
    stolen = CHARACTERS[victim].actions[-1]
    ev = act(s, Steal(1, stolen))
    assert "steals" in texts(ev) and s.stack[-1] == "stolen:" + stolen
    assert s.crests[0].owner == 0 and s.crests[0].target == 1
    pending_kinds_by_skipping(s, 0)
    while GAME.to_act(s) == (0,):
        act(s, EndTurn())
    # The victim carries out everything except the covered action.
    assert pending_kinds_by_skipping(s, 1) == [a for a in CHARACTERS[victim].actions if a != stolen]


def test_equal_ranks_take_a_marker_each_act_once_and_do_not_steal() -> None:
    s = new(3, 2)
    ev = play(s, [char_of("C", True), char_of("C", False), char_of("F", True)])
    assert "equal rank" in texts(ev)
    assert s.markers == [2, 2, 1]  # the Trader is not reached by the two quarrelling C's
    assert s.tie == [True, True, False]
    assert GAME.to_act(s) == (0,)  # equal markers: the figure card goes first
    assert "figure symbol" in texts(ev)
    legal = GAME.legal(s, 0)
    assert ChooseAction("pass") in legal and ChooseAction("money") in legal
    assert not any(isinstance(a, Steal) for a in legal)
    act(s, ChooseAction("money"))
    assert s.stack == ["own:money"]
    act(s, Skip())
    assert GAME.to_act(s) == (1,)  # one action only: the turn passed on
    act(s, EndTurn())
    assert GAME.to_act(s) == (2,) and s.crests == []


def test_equal_ranks_fewer_markers_go_first() -> None:
    s = new(2, 4)
    harmless_pile_card(s, "D")
    set_markers(s, 0, 3)
    set_markers(s, 1, 0)
    ev = play(s, [char_of("D", True), char_of("D", False)])
    assert s.markers == [4, 1]
    assert GAME.to_act(s) == (1,)
    assert "fewer Conflict markers (1 against 4)" in texts(ev)


def test_trader_loses_at_most_two_actions_and_can_take_three_markers() -> None:
    s = new(4, 8)
    play(s, [char_of("C", True), char_of("E", True), char_of("F", True), char_of("F", False)])
    assert s.markers == [1, 1, 4, 4]  # equal rank + the C + the E
    assert GAME.to_act(s) == (0,)
    act(s, Steal(2, "settle"))
    while s.stack:
        act(s, Skip())
    act(s, Steal(3, "money"))
    while GAME.to_act(s) == (0,):
        act(s, Skip() if s.stack else EndTurn())
    # The Countess (E) takes another action from each Trader.
    act(s, Steal(2, "recruit"))
    while s.stack:
        act(s, Skip())
    act(s, Steal(3, "buy"))
    while GAME.to_act(s) == (1,):
        act(s, Skip() if s.stack else EndTurn())
    for seat in (2, 3):
        assert len([c for c in s.crests if c.target == seat]) == 2
    seat = GAME.to_act(s)[0]
    left = [a.action for a in GAME.legal(s, seat) if isinstance(a, ChooseAction)]
    assert len(left) == 2  # two actions left to choose one from


def test_two_cs_in_conflict_leave_the_trader_alone() -> None:
    s = new(4, 9)
    play(s, [char_of("C", True), char_of("C", False), char_of("E", True), char_of("F", True)])
    assert s.markers == [2, 2, 1, 2]  # only the E reaches the Trader
    seq = []
    while not s.over and GAME.to_act(s) and s.phase == "turn":
        seat = GAME.to_act(s)[0]
        steals = [a for a in GAME.legal(s, seat) if isinstance(a, Steal)]
        seq.extend((seat, a.target) for a in steals[:1])
        legal = GAME.legal(s, seat)
        pick = (
            steals[0]
            if steals
            else (
                ChooseAction(legal[0].action)
                if isinstance(legal[0], ChooseAction)
                else (Skip() if s.stack else EndTurn())
            )
        )
        act(s, pick)
        if s.cycle == 2:
            break
    assert seq == [(2, 3)]


def pile_top(s, cid: int) -> None:  # type: ignore[no-untyped-def]
    """2 players: make `cid` the next card the face-down pile turns up."""
    for h in s.hands:
        if cid in h:
            h[h.index(cid)] = s.aside[0]
            s.aside[0] = cid
            h.sort()
    s.aside.remove(cid)
    s.aside.append(cid)


def test_two_player_pile_card_only_hands_out_markers() -> None:
    s = new(2, 11)
    duke = char_of("B", True)
    pile_top(s, duke)
    ev = play(s, [char_of("B", False), char_of("F", True)])
    assert s.pile_card == duke and s.pile_shown == [duke]
    assert any(e.reveal and "face-down pile" in e.text for e in ev)
    assert s.markers == [2, 1]  # equal rank to the pile's Duke: a marker, nothing else
    assert s.tie == [False, False]
    # The Count still has its whole card: settle conflict, then buy.
    assert s.stack == ["own:settle"]


def test_two_player_pile_card_outranking_a_player_takes_no_action() -> None:
    s = new(2, 12)
    pile_top(s, char_of("A", True))
    play(s, [char_of("B", True), char_of("D", True)])
    assert s.markers == [1, 2]
    assert s.crests == []
    while GAME.to_act(s) == (0,):
        act(s, Skip() if s.stack else EndTurn())
    assert pending_kinds_by_skipping(s, 1) == ["money", "recruit"]


def test_two_player_pile_turns_up_one_card_per_cycle() -> None:
    s = new(2, 14)
    for cycle in (1, 2):
        seat_cards = [s.hands[0][0], s.hands[1][0]]
        play(s, seat_cards)
        assert len(s.pile_shown) == cycle and len(s.aside) == 6 - cycle
        while s.phase != "choose" and not s.over:
            seat = GAME.to_act(s)[0]
            act(s, GAME.legal(s, seat)[0])
    assert s.round == 2 and len(s.aside) == 6 and s.pile_shown == []


def test_ranks_act_from_a_to_f() -> None:
    s = new(4, 13)
    order = [char_of("F", True), char_of("B", True), char_of("E", False), char_of("A", True)]
    play(s, order)
    seen = []
    while s.cycle == 1 and s.round == 1:
        seat = GAME.to_act(s)[0]
        if not seen or seen[-1] != seat:
            seen.append(seat)
        legal = GAME.legal(s, seat)
        steals = [a for a in legal if isinstance(a, Steal)]
        act(s, steals[0] if steals else (Skip() if s.stack else EndTurn()))
    ranks = [CHARACTERS[order[i]].rank for i in seen]
    assert ranks == sorted(ranks) and "".join(ranks) == "ABEF"
    assert RANKS == "ABCDEF"
