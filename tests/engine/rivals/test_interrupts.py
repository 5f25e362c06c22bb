"""Utility cards in someone else's turn: the interrupt window after each action of the player
whose turn it is (rules/reactions.py). Who is asked, in what order, what may be played there,
the stack resolving last card first, passing for the rest of a turn, and the turn going on."""

from __future__ import annotations

from engine.rivals.actions import EndTurn, Move, Pass, PassTurn, React, Wait
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.catalog import CARD
from engine.rivals.game import GAME
from engine.rivals.state import RivalsState
from tests.engine.rivals.helpers import act, clear_hand, give, put, ready_to_fight, texts

THREE = ("Atmos", "Renko", "Phae")


def step(s: RivalsState, seat: int = 0) -> list:
    """Seat `seat` (whose turn it is) moves one hex: an action, after which the window opens."""
    move = next(a for a in GAME.legal(s, seat) if isinstance(a, Move))
    return GAME.apply(s, seat, move)


def reasons(s: RivalsState, seat: int) -> dict[str, str | None]:
    """Each card in the seat's window by name, with why it may not be played (None: it may)."""
    cards = [(a.card, why) for a, why in GAME.choices(s, seat) if isinstance(a, React) and a.card >= 0]
    return {CARD[c].name: why for c, why in cards}


def test_after_an_action_the_others_are_asked_in_turn_order() -> None:
    s = ready_to_fight(THREE)
    put(s, 0, 0, 0)
    give(s, 1, "Blaster")
    give(s, 2, "Blaster")
    step(s)
    assert (s.phase, s.actor) == ("interrupt", 1)
    p = GAME.prompt(s, 1)
    assert p.text == "Interrupt the turn of Player 1 (Atmos) with a utility card or a token, or pass"
    assert p.secret and p.declines == 2
    assert [type(a) for a, _ in GAME.choices(s, 1)[-2:]] == [PassTurn, Wait]
    assert GAME.prompt(s, 0).text == "Waiting for another player."
    GAME.apply(s, 1, Wait())
    assert s.actor == 2
    GAME.apply(s, 2, Wait())
    assert (s.phase, s.actor, s.ap) == ("turn", 0, 1)  # the turn goes on where it was


def test_nobody_is_asked_who_holds_nothing_to_play_with() -> None:
    s = ready_to_fight(THREE)  # empty hands; no ultimate charged
    put(s, 0, 0, 0)
    give(s, 2, "Blaster")
    step(s)
    assert (s.phase, s.actor) == ("interrupt", 2)  # seat 1 holds no card: skipped
    GAME.apply(s, 2, Wait())
    clear_hand(s, 2)
    step(s)
    assert (s.phase, s.actor) == ("turn", 0)  # no window at all


def test_any_card_in_hand_opens_the_window_so_being_asked_tells_nothing() -> None:
    s = ready_to_fight()
    give(s, 1, "Blaster")  # no utility at all: asked all the same
    step(s)
    assert (s.phase, s.actor) == ("interrupt", 1)
    assert GAME.legal(s, 1) == [PassTurn(), Wait()]
    assert reasons(s, 1)["Blaster"] == "Only utility cards can interrupt a turn."


def test_what_may_interrupt_and_why_the_rest_may_not() -> None:
    s = ready_to_fight()
    for name in ("Second Wind", "Firewall", "Adrenaline", "Blaster"):
        give(s, 1, name)
    step(s)
    why = reasons(s, 1)
    assert why["Second Wind"] is None
    assert why["Firewall"] == "Only while you are attacked."
    assert why["Adrenaline"] == "Only in your own turn."
    assert why["Blaster"] == "Only utility cards can interrupt a turn."


def test_an_interrupting_utility_resolves_and_the_turn_resumes() -> None:
    s = ready_to_fight()
    wind = give(s, 1, "Second Wind")
    step(s)
    s.ashaks[1].hp = 10
    ev = GAME.apply(s, 1, React(wind))
    assert 'Player 2 (Renko) interrupts with Second Wind: "Heal 2 HP, gain 1 anticipation."' in texts(ev)
    # Seat 0 holds no card: nobody can answer, so it resolves at once.
    assert s.ashaks[1].hp == 12 and s.ashaks[1].tokens == 1 and wind in s.discard[1]
    assert "Second Wind of Player 2 (Renko) resolves." in texts(ev)
    assert (s.phase, s.actor, s.ap) == ("turn", 0, 1)


def test_the_player_whose_turn_it_is_may_answer_and_the_last_card_resolves_first() -> None:
    s = ready_to_fight()
    wind1 = give(s, 1, "Second Wind")
    wind0 = give(s, 0, "Second Wind")
    give(s, 0, "Blaster")  # a card left in each hand keeps each of them asked
    give(s, 1, "Blaster")
    step(s)
    s.ashaks[0].hp = s.ashaks[1].hp = 10
    assert GAME.legal(s, 0) == []  # not asked before a card is down
    GAME.apply(s, 1, React(wind1))
    assert (s.phase, s.actor) == ("interrupt", 0)
    assert GAME.prompt(s, 0).declines == 1  # only a plain pass: it is its own turn
    ev = GAME.apply(s, 0, React(wind0))
    assert s.actor == 1 and [a.hp for a in s.ashaks] == [10, 10]  # nothing resolved yet
    ev += GAME.apply(s, 1, Wait())
    ev += GAME.apply(s, 0, Pass())
    lines = texts(ev)
    assert lines.index("Second Wind of Player 1 (Atmos) resolves.") < lines.index(
        "Second Wind of Player 2 (Renko) resolves."
    )
    assert [a.hp for a in s.ashaks] == [12, 12] and (s.phase, s.actor) == ("turn", 0)


def test_passing_for_the_rest_of_the_turn_lasts_that_turn_only() -> None:
    s = ready_to_fight()
    for _ in range(3):
        give(s, 1, "Blaster")
    s.ap = 2
    step(s)
    GAME.apply(s, 1, PassTurn())
    assert (s.phase, s.actor) == ("turn", 0)
    step(s)
    assert (s.phase, s.actor) == ("turn", 0)  # not asked again in this turn
    act(s, 0, EndTurn())
    assert s.turn_seat == 1 and s.i_quiet == []


def test_no_window_after_the_turn_ends() -> None:
    s = ready_to_fight()
    give(s, 1, "Blaster")
    GAME.apply(s, 0, EndTurn())
    assert s.phase != "interrupt" and s.turn_seat == 1


def test_an_ultimate_played_as_an_interruption_strikes_the_interrupted_ashak() -> None:
    s = ready_to_fight()
    s.ashaks[1].ult = ASHAKS[s.ashaks[1].kind].gauge  # Renko's Flashers, a utility
    step(s)
    assert (s.phase, s.actor) == ("interrupt", 1)  # asked for the ultimate alone
    ev = GAME.apply(s, 1, React(-1))
    assert "Player 2 (Renko) unleashes Flashers on Player 1 (Atmos)." in texts(ev)
    assert s.ashaks[1].ult == 0 and s.temps[0]
