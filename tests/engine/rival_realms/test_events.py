"""Events: drawn from the deck and resolved at once, both players answering (the active player
first), a replacement drawn afterwards, one event a turn."""

from __future__ import annotations

from engine.rival_realms.actions import (
    DECLINE,
    DRAW_DECK,
    END_TURN,
    GEM_STEAL,
    Draw,
    GiveCard,
    PerchRaven,
    Revive,
    StarStep,
    Summon,
    SwapLands,
    Trade,
)
from engine.rival_realms.data import EVENT_BASE, EVENT_BY_ID
from engine.rival_realms.game import GAME
from engine.rival_realms.options import RivalRealmsOptions
from engine.rival_realms.state import RivalRealmsState
from tests.engine.rival_realms.helpers import clear_realm, give_token, lay, new, set_hand, texts


def _with_events(*ids: str) -> RivalRealmsState:
    """A duel past set-up whose deck has exactly these events on top (first id drawn first)."""
    s = new(places=(6, 6), options=RivalRealmsOptions(events=True), raven=(1, 0))
    s.deck = [c for c in s.deck if c < EVENT_BASE]
    s.event_cards = list(ids)
    for e in reversed(ids):
        s.deck.append(EVENT_BASE + EVENT_BY_ID[e])
    set_hand(s, 0, [10, 20, 30, 40, 50])
    set_hand(s, 1, [11, 21, 31, 41, 49])
    return s


def _draw_event(s: RivalRealmsState) -> list:  # type: ignore[type-arg]
    """Player 1 summons and ends the turn: the redraw meets the event on top of the deck."""
    GAME.apply(s, 0, Summon(10, 0))
    return GAME.apply(s, 0, END_TURN)


def test_gentle_rain_then_the_replacement_card() -> None:
    s = _with_events("gentle_rain")
    ev = _draw_event(s)
    assert "Event: Gentle Rain" in texts(ev)
    # Player 1: one from the rain and one replacing the event; player 2: one from the rain.
    assert len(s.hands[0]) == 6 and len(s.hands[1]) == 6
    assert s.turn == 1 and s.resolved_events == ["gentle_rain"]


def test_gusty_winds_must_be_answered_active_player_first() -> None:
    s = _with_events("gusty_winds")
    _draw_event(s)
    assert s.phase == "event" and GAME.to_act(s) == (0,)
    assert DECLINE not in GAME.legal(s, 0)
    assert GAME.why_illegal(s, 0, DECLINE) == "Gusty Winds must be answered: it cannot be declined."
    GAME.apply(s, 0, GiveCard(20))
    assert GAME.to_act(s) == (1,)
    GAME.apply(s, 1, GiveCard(49))
    assert s.nests[1][-1] == 20 and s.nests[0][-1] == 49
    # The replacement came from the deck; the redraw goes on, now with a card in the own nest.
    assert len(s.hands[0]) == 4 and s.phase == "redraw" and GAME.legal(s, 0)[1] == Draw("own", 49)


def test_homing_raven_and_ravens_mischief() -> None:
    s = _with_events("homing_raven")
    assert s.raven == 12
    _draw_event(s)
    assert s.raven == -1
    s = _with_events("ravens_mischief")
    nests = [len(n) for n in s.nests]
    _draw_event(s)
    assert [len(n) for n in s.nests] == [nests[0] + 1, nests[1] + 1]


def test_shifting_ground_swaps_a_mountain_and_a_valley_or_declines() -> None:
    s = _with_events("shifting_ground")
    _draw_event(s)
    v = s.valleys[0]
    m, val = v.index(False), v.index(True)
    a, b = sorted((m, val))
    GAME.apply(s, 0, SwapLands(a, b))
    assert s.valleys[0][m] and not s.valleys[0][val]
    GAME.apply(s, 1, DECLINE)
    assert s.turn == 1


def test_gifts_of_the_nest_and_trade_winds() -> None:
    s = _with_events("nest_gift")
    s.nests[0].append(s.deck.pop(0))
    gift = s.nests[0][0]
    _draw_event(s)
    assert GAME.to_act(s) == (0,)  # player 2's nest is empty: nothing to decide for them
    GAME.apply(s, 0, Draw("own", gift))
    assert gift in s.hands[0]
    s = _with_events("trade_winds")
    s.nests[1].append(s.deck.pop(0))
    theirs = s.nests[1][0]
    ev = _draw_event(s)
    assert GAME.to_act(s) == (1,) and "passes Player 1 by" in texts(ev)
    GAME.apply(s, 1, Trade(21, theirs))
    assert theirs in s.hands[1] and s.nests[1] == [21]


def test_second_wind_returns_a_used_creature() -> None:
    s = _with_events("second_wind")
    s.board_tokens[1][s.board_tokens[1].index("troll")] = ""
    s.used[1].append("troll")
    _draw_event(s)
    assert GAME.to_act(s) == (1,) and GAME.legal(s, 1) == [Revive("troll"), DECLINE]
    GAME.apply(s, 1, Revive("troll"))
    assert "troll" in s.supply[1] and "troll" not in s.used[1]


def test_shooting_star_explores_a_neighbouring_region_for_free() -> None:
    s = _with_events("shooting_star")
    clear_realm(s, 1)
    lay(s, 1, 7, 23)  # beside player 2's adventurer (middle 1)
    _draw_event(s)
    assert GAME.to_act(s) == (1,)
    GAME.apply(s, 1, StarStep(7))
    assert s.explored[1][7] and s.adventurer[1] == 7


def test_clear_skies_the_last_caller_keeps_the_raven() -> None:
    s = _with_events("clear_skies")
    _draw_event(s)
    m0 = next(a for a in GAME.legal(s, 0) if isinstance(a, PerchRaven))
    GAME.apply(s, 0, m0)
    assert s.raven == m0.land
    m1 = next(a for a in GAME.legal(s, 1) if isinstance(a, PerchRaven))
    GAME.apply(s, 1, m1)
    assert s.raven == 12 + m1.land


def test_wandering_merchant_and_packing_up() -> None:
    s = _with_events("merchant")
    _draw_event(s)
    GAME.apply(s, 0, GiveCard(50))
    assert s.nests[1][-1] == 50 and len(s.hands[0]) == 4
    GAME.apply(s, 1, DECLINE)
    assert len(s.hands[0]) == 5  # the replacement for the event
    s = _with_events("packing_up")
    set_hand(s, 1, [11, 21, 31, 41, 45, 49, 50 - 2])
    _draw_event(s)
    assert GAME.to_act(s) == (1,) and s.stash_left == 2 and DECLINE not in GAME.legal(s, 1)
    GAME.apply(s, 1, GiveCard(11))
    GAME.apply(s, 1, GiveCard(21))
    assert s.nests[1][-2:] == [11, 21] and len(s.hands[1]) == 5


def test_only_one_event_a_turn_the_rest_go_back_into_the_deck() -> None:
    s = _with_events("homing_raven", "gentle_rain")
    ev = _draw_event(s)
    text = texts(ev)
    assert "Event: Homing Raven" in text and "one event a turn, so it is set aside" in text
    assert "shuffled back into the deck" in text
    assert s.resolved_events == ["homing_raven"] and EVENT_BASE + EVENT_BY_ID["gentle_rain"] in s.deck


def test_an_event_met_during_a_gem_theft_is_resolved_then_the_theft_goes_on() -> None:
    s = _with_events("homing_raven")
    s.raven = s.valleys[0].index(False)  # on one of player 1's own Mountains
    give_token(s, 0, "gem")
    GAME.apply(s, 0, GEM_STEAL)
    assert s.raven == -1
    ev = GAME.apply(s, 0, DRAW_DECK)  # the event is on top: resolved, then a replacement card
    assert "Event: Homing Raven" in texts(ev) and len(s.hands[0]) == 6
    assert s.phase == "steal" and s.steal_left == 1
