"""Adventure tokens: gems (the Raven's flight and theft), Double Espresso, Flying Carpet and every
Magic Mirror rule."""

from __future__ import annotations

from engine.rival_realms.actions import (
    DRAW_DECK,
    END_TURN,
    ESPRESSO,
    GEM_STEAL,
    Carpet,
    Draw,
    GemRaven,
    Go,
    Mirror,
    Summon,
)
from engine.rival_realms.game import GAME
from tests.engine.rival_realms.helpers import clear_realm, give_token, lay, new, put_token, set_hand, texts


def _finish_redraw(s, seat):  # type: ignore[no-untyped-def]
    while s.phase == "redraw" and s.actor == seat:
        GAME.apply(s, seat, GAME.legal(s, seat)[0])


def test_gem_flies_the_raven_only_to_your_own_mountains() -> None:
    s = new(places=(0, 0))
    give_token(s, 0, "gem")
    legal = GAME.legal(s, 0)
    flights = [a.land for a in legal if isinstance(a, GemRaven)]
    assert flights == [m for m in range(12) if not s.valleys[0][m] and s.raven != m]
    valley = s.valleys[0].index(True)
    assert GAME.why_illegal(s, 0, GemRaven(valley)) == "The Raven can only fly to one of your own Mountains."


def test_gem_theft_takes_two_cards_from_deck_and_both_nests() -> None:
    s = new(places=(0, 0), raven=(1, 0))
    give_token(s, 0, "gem")
    s.nests[0].append(s.deck.pop(0))
    s.nests[1].append(s.deck.pop(0))
    mine, theirs = s.nests[0][0], s.nests[1][0]
    ev = GAME.apply(s, 0, GEM_STEAL)
    assert s.raven == -1 and "flies beside the deck" in texts(ev)
    assert s.phase == "steal"
    assert GAME.legal(s, 0) == [DRAW_DECK, Draw("own", mine), Draw("other", theirs)]
    GAME.apply(s, 0, Draw("other", theirs))
    GAME.apply(s, 0, Draw("own", mine))
    assert s.phase == "turn" and {mine, theirs} <= set(s.hands[0]) and len(s.hands[0]) == 7
    # The action is still to come.
    assert any(isinstance(a, Summon) for a in GAME.legal(s, 0))


def test_double_espresso_gives_another_turn_with_a_redraw_between() -> None:
    s = new(places=(0, 0))
    give_token(s, 0, "espresso")
    set_hand(s, 0, [10, 20, 30, 40, 50])
    GAME.apply(s, 0, ESPRESSO)
    GAME.apply(s, 0, Summon(10, 0))
    GAME.apply(s, 0, END_TURN)
    _finish_redraw(s, 0)
    assert s.turn == 0 and s.phase == "turn" and len(s.hands[0]) == 5 and s.turns[0] == 2


def test_double_espresso_works_on_the_last_turn() -> None:
    s = new(places=(0, 0))
    give_token(s, 1, "espresso")
    s.end_triggered = True
    s.reason = "test"
    set_hand(s, 0, [10, 20, 30, 40, 50])
    GAME.apply(s, 0, Summon(10, 0))
    GAME.apply(s, 0, END_TURN)
    _finish_redraw(s, 0)
    assert s.turn == 1 and s.final_turn  # the non-starting player's final turn
    set_hand(s, 1, [11, 21, 31, 41, 49])
    GAME.apply(s, 1, ESPRESSO)
    GAME.apply(s, 1, Summon(11, 0))
    GAME.apply(s, 1, END_TURN)
    _finish_redraw(s, 1)
    assert s.phase == "turn" and s.turn == 1  # the extra turn, even at the very end
    GAME.apply(s, 1, Summon(21, 1))
    GAME.apply(s, 1, END_TURN)
    _finish_redraw(s, 1)
    assert GAME.outcome(s) is not None


def test_flying_carpet_jumps_explores_and_lets_you_keep_going() -> None:
    s = new(places=(0, 0))
    clear_realm(s, 0)
    lay(s, 0, 17, 50)  # lower 6, far away, Forest
    lay(s, 0, 16, 45)  # Wetlands, next to it
    put_token(s, 0, "gem", 17)
    give_token(s, 0, "carpet")
    set_hand(s, 0, [2, 11, 20, 30, 40])  # 2 and 11 are Wetlands
    ev = GAME.apply(s, 0, Carpet(17))
    assert s.adventurer[0] == 17 and s.explored[0][17] and "gem" in s.supply[0]
    assert "Flying Carpet" in texts(ev)
    assert END_TURN in GAME.legal(s, 0)  # the carpet's exploration already counts as adventuring
    GAME.apply(s, 0, Go(16, 17, card=2))
    assert s.explored[0][16]


def test_flying_carpet_on_a_summon_turn() -> None:
    s = new(places=(0, 0))
    lay(s, 0, 17, 50)
    give_token(s, 0, "carpet")
    set_hand(s, 0, [10, 20, 30, 40, 49])
    GAME.apply(s, 0, Summon(10, 6))
    GAME.apply(s, 0, Carpet(17))
    assert s.explored[0][17] and s.action == "summon"
    assert not any(isinstance(a, Go) for a in GAME.legal(s, 0))


def test_mirror_swaps_regions_only_where_the_numbers_still_increase() -> None:
    s = new(places=(0, 0))
    clear_realm(s, 0)
    lay(s, 0, 1, 10)
    lay(s, 0, 2, 30)
    lay(s, 0, 7, 20)
    lay(s, 0, 8, 40)
    give_token(s, 0, "mirror")
    assert Mirror("region", 1, 7) in GAME.legal(s, 0)  # 20 fits before 30; 10 before 40
    assert GAME.why_illegal(s, 0, Mirror("region", 1, 8)) == (
        "40 would break the left-to-right order of the upper sub-realm."
    )
    assert GAME.why_illegal(s, 0, Mirror("region", 1, 2)) == (
        "Two cards of one sub-realm cannot change places: the row would no longer increase."
    )


def test_mirror_leaves_tokens_in_their_spaces_and_explores_under_the_adventurer() -> None:
    s = new(places=(7, 0))
    clear_realm(s, 0)
    lay(s, 0, 7, 20, explored=True)
    lay(s, 0, 1, 10)
    put_token(s, 0, "bear", 1)
    give_token(s, 0, "mirror")
    s.adventurer[0] = 7
    ev = GAME.apply(s, 0, Mirror("region", 1, 7))
    assert s.regions[0][1] == 20 and s.explored[0][1]  # keeps its facing
    assert s.regions[0][7] == 10 and s.explored[0][7]  # arrived unexplored under the adventurer
    assert s.board_tokens[0][1] == "bear"  # the token stayed put, now on an explored region
    assert "arrives under" in texts(ev)


def test_mirror_turns_an_explored_card_sent_into_an_unexplored_corner_face_down() -> None:
    s = new(places=(9, 0))
    clear_realm(s, 0)
    lay(s, 0, 0, 5)  # upper-left corner, unexplored
    lay(s, 0, 8, 3, explored=True)
    give_token(s, 0, "mirror")
    s.adventurer[0] = 9
    lay(s, 0, 9, 40, explored=True)
    GAME.apply(s, 0, Mirror("region", 0, 8))
    assert s.regions[0][0] == 3 and not s.explored[0][0]
    assert s.regions[0][8] == 5 and not s.explored[0][8]


def test_mirror_swaps_tokens_and_land_cards_and_the_raven_travels_with_its_mountain() -> None:
    s = new(places=(0, 0), raven=(0, 0))
    give_token(s, 0, "mirror")
    t = s.board_tokens[0]
    a, b = [p for p in range(18) if t[p]][:2]
    if t[a] != t[b]:
        assert Mirror("token", a, b) in GAME.legal(s, 0)
    valley = s.valleys[0].index(True)
    GAME.apply(s, 0, Mirror("land", 0, valley))
    assert s.valleys[0][0] and not s.valleys[0][valley] and s.raven == valley


def test_mirror_token_arriving_under_the_adventurer_is_claimed() -> None:
    s = new(places=(6, 0))
    clear_realm(s, 0)
    lay(s, 0, 6, 5, explored=True)
    put_token(s, 0, "bear", 7)
    put_token(s, 0, "gem", 6)
    give_token(s, 0, "mirror")
    s.adventurer[0] = 6
    ev = GAME.apply(s, 0, Mirror("token", 6, 7))
    assert "bear" in s.supply[0] and s.board_tokens[0][7] == "gem" and "collects the Bear" in texts(ev)
