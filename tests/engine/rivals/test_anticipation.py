"""Anticipation tokens at any moment, and utilities at any moment of an attack: the interrupt
window offers tokens in an opponent's turn and at the start of each phase of the round, never in
answer to Natural Radiation; the attack window opens again between salvos; and a seat with
nothing it could do is never waited for."""

from __future__ import annotations

from engine.core.interrupts import forced_decline
from engine.rivals.actions import (
    ActivateToken,
    EndTurn,
    Move,
    Pass,
    PassTurn,
    PlayCard,
    React,
    TargetAshak,
    TargetHex,
    UseUltimate,
    Wait,
)
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.board import CRYSTAL
from engine.rivals.game import GAME
from engine.rivals.rules.combat import defence_dice
from engine.rivals.state import RivalsState
from tests.engine.rivals.helpers import act, dice, give, put, ready_to_fight, set_type, texts

THREE = ("Atmos", "Renko", "Phae")


def step(s: RivalsState, seat: int = 0) -> list:
    """Seat `seat`, whose turn it is, moves: an action, after which the window opens."""
    return GAME.apply(s, seat, next(a for a in GAME.legal(s, seat) if isinstance(a, Move)))


def last_turn_of_the_round(tokens: list[int]) -> RivalsState:
    """Three Ashaks at the second turn of round 2, seat 2 playing the round's last turn, first
    player seat 0, no cards in any hand, no zone card or event left to change the round's end."""
    s = ready_to_fight(THREE, seat=2)
    s.turn_no, s.turn_order, s.first = 2, [0, 1, 2], 0
    s.zone_deck, s.event_deck = [], []
    for a, n in zip(s.ashaks, tokens, strict=True):
        a.tokens = n
    return s


# --- in an opponent's turn ---------------------------------------------------------------------


def test_a_token_is_activated_in_an_opponents_turn_and_defends_there() -> None:
    s = ready_to_fight()
    put(s, 0, 0, 0)
    put(s, 1, 0, -2)
    set_type(s, s.ashaks[1].pos, CRYSTAL)
    s.ashaks[1].tokens = 1  # no card in hand: only the token gets Renko asked
    blaster = give(s, 0, "Blaster")
    give(s, 0, "Blaster")
    step(s)
    assert (s.phase, s.actor) == ("interrupt", 1)
    p = GAME.prompt(s, 1)
    assert p.text == "Interrupt the turn of Player 1 (Atmos) with a utility card or a token, or pass"
    assert GAME.legal(s, 1) == [ActivateToken(), PassTurn(), Wait()]
    ev = GAME.apply(s, 1, ActivateToken())
    assert "Player 2 (Renko) activates an anticipation token." in texts(ev)
    # Nothing more Renko could do: the window closes and Atmos's turn goes on.
    assert (s.phase, s.actor, s.ashaks[1].active_tokens, s.ashaks[1].tokens) == ("turn", 0, 1, 0)
    assert defence_dice(s, 1) == 4
    with dice(True):
        act(s, 0, PlayCard(blaster))
        ev = act(s, 0, TargetAshak(1))
    assert "4 defence dice, 4 successes" in texts(ev) and s.ashaks[1].hp == 20


def test_a_token_is_offered_beside_the_cards_and_the_seat_is_asked_again_after_it() -> None:
    s = ready_to_fight()
    s.ashaks[1].tokens = 2
    give(s, 1, "Blaster")
    step(s)
    assert [type(a) for a in GAME.legal(s, 1)] == [ActivateToken, PassTurn, Wait]
    GAME.apply(s, 1, ActivateToken())
    assert (s.phase, s.actor) == ("interrupt", 1)  # a second token, a card, or a pass
    GAME.apply(s, 1, ActivateToken())
    assert s.ashaks[1].active_tokens == 2
    # Two are active: the third would be refused, and the card still keeps Renko asked.
    s.ashaks[1].tokens = 1
    assert (s.phase, s.actor) == ("interrupt", 1)
    assert GAME.choices(s, 1)[0] == (ActivateToken(), "Two tokens are already active.")
    GAME.apply(s, 1, Wait())
    assert (s.phase, s.actor) == ("turn", 0)


def test_a_seat_that_cannot_activate_and_holds_nothing_is_not_asked() -> None:
    s = ready_to_fight(THREE)
    for a, inactive, active in zip(s.ashaks, [0, 1, 1], [0, 2, 0], strict=True):
        a.tokens, a.active_tokens = inactive, active  # Renko has two active already; Phae may activate hers
    step(s)
    assert (s.phase, s.actor) == ("interrupt", 2)
    GAME.apply(s, 2, PassTurn())
    assert (s.phase, s.actor) == ("turn", 0)
    step(s)
    assert (s.phase, s.actor) == ("turn", 0)  # nobody left who could do anything


# --- at the start of a phase -------------------------------------------------------------------


def test_a_token_is_activated_at_the_start_of_a_phase_of_the_rounds_end() -> None:
    s = last_turn_of_the_round([2, 2, 0])
    act(s, 2, EndTurn())
    # Phase 3 passes the first player token to Renko, whose turn comes next: it is not asked
    # (its tokens would be removed at the start of that turn), and Phae has none.
    assert (s.phase, s.actor, s.i_phase) == ("interrupt", 0, 3)
    p = GAME.prompt(s, 0)
    assert p.text == "Phase 3 (discard and first player) begins: activate an anticipation token, or pass"
    assert p.declines == 2
    assert GAME.legal(s, 0) == [ActivateToken(), PassTurn(), Wait()]
    GAME.apply(s, 0, ActivateToken())
    assert (s.phase, s.actor, s.i_phase) == ("interrupt", 0, 3)  # asked again: a second one?
    GAME.apply(s, 0, Wait())
    assert (s.phase, s.actor, s.i_phase, s.first) == ("interrupt", 0, 4, 1)  # phase 3 is done
    GAME.apply(s, 0, PassTurn())
    # Left alone until a turn begins: the round ends and the next begins with Renko's turn.
    assert (s.round, s.phase, s.actor) == (3, "turn", 1)
    assert (s.ashaks[0].tokens, s.ashaks[0].active_tokens) == (1, 1)  # active through Renko's turn


def test_before_the_turns_begin_the_others_are_asked_but_not_the_first_player() -> None:
    s = last_turn_of_the_round([0, 1, 1])
    act(s, 2, EndTurn())
    # Renko will play first; Phae is asked at every phase she waits through, then before the
    # turns (phase 2), after the new hands are drawn.
    seen, words = [], {}
    while s.phase == "interrupt":
        assert s.actor == 2
        seen.append(s.i_phase)
        words[s.i_phase] = GAME.describe(s, Wait())
        GAME.apply(s, 2, Wait())
    assert seen == [3, 4, 5, 6, 7, 8, 9, 1, 2]  # no era changes after round 2: no phase 10
    assert (s.round, s.phase, s.actor) == (3, "turn", 1)
    assert words[3] == "Pass for now (you are asked again when the next phase begins)"
    assert words[2] == "Pass for now (you are asked again after the turn's next action)"


def test_no_phase_window_when_nobody_could_activate() -> None:
    s = last_turn_of_the_round([0, 0, 0])
    s.ashaks[0].active_tokens = 2
    act(s, 2, EndTurn())
    assert (s.round, s.phase, s.actor) == (3, "turn", 1)


# --- Natural Radiation -------------------------------------------------------------------------


def test_no_token_in_answer_to_natural_radiation_but_an_active_one_defends() -> None:
    s = ready_to_fight(THREE)
    put(s, 0, 0, 0)
    h1 = put(s, 1, 0, -1)
    put(s, 2, 3, -3)
    set_type(s, h1, CRYSTAL)
    s.ashaks[0].ult = ASHAKS[0].gauge
    s.ashaks[1].tokens, s.ashaks[1].active_tokens = 1, 1
    give(s, 1, "Blaster")  # a card keeps the attack window open for Renko
    act(s, 0, UseUltimate())
    with dice(True):
        act(s, 0, TargetHex(h1))
        assert (s.phase, s.actor) == ("react", 1)
        assert (ActivateToken(), "Nobody may activate anticipation against it.") in GAME.choices(s, 1)
        assert GAME.legal(s, 1) == [Pass()]
        assert forced_decline(GAME, s, 1, bot=False) == Pass()  # its terminal passes for it
        ev = GAME.apply(s, 1, Pass())
    # The token activated before the attack adds its two dice: 4 damage, 4 dice, 4 successes.
    assert "4 damage, 4 defence dice, 4 successes" in texts(ev)
    assert (s.ashaks[1].hp, s.ashaks[1].tokens, s.ashaks[1].active_tokens) == (20, 1, 1)


# --- between salvos ----------------------------------------------------------------------------


def duel() -> RivalsState:
    """Korrin (seat 1) attacks Atmos (seat 0) two hexes away on a crystal hex (no forest die)."""
    s = ready_to_fight(("Atmos", "Korrin"), seat=1)
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    set_type(s, s.ashaks[0].pos, CRYSTAL)
    return s


def test_a_utility_played_between_two_salvos_works_on_the_second() -> None:
    s = duel()
    shield = give(s, 0, "Deflector")  # a reaction: 1 damage less per salvo while it lasts
    db = give(s, 1, "Double Blaster")
    with dice(False):
        act(s, 1, PlayCard(db))
        ev = act(s, 1, TargetAshak(0))
        assert (s.phase, s.actor) == ("react", 0)
        ev += GAME.apply(s, 0, Pass())  # not before the first salvo
        assert (s.phase, s.actor, s.ashaks[0].hp) == ("react", 0, 18)  # asked again before the second
        assert GAME.prompt(s, 0).declines == 1
        ev += GAME.apply(s, 0, React(shield))
        ev += GAME.apply(s, 0, Pass())
    lines = texts(ev).splitlines()
    salvos = [i for i, line in enumerate(lines) if line.startswith("Double Blaster salvo")]
    resolved = lines.index("Deflector of Player 1 (Atmos) resolves.")
    assert salvos[0] < resolved < salvos[1]
    assert lines[salvos[1]].startswith("Double Blaster salvo on Player 1 (Atmos): 1 damage")
    # 3 wounds in all: short of the 4 that would give Korrin a free physical card.
    assert (s.ashaks[0].hp, s.phase, s.actor) == (17, "turn", 1)


def test_a_cancel_between_salvos_stops_the_rest_and_the_conditional_effect() -> None:
    s = duel()
    wall = give(s, 0, "Firewall")
    razor = give(s, 1, "Razor Wind")  # 2 salvos of 1; one wound would let Korrin move a hex
    with dice(False):
        act(s, 1, PlayCard(razor))
        act(s, 1, TargetAshak(0))
        GAME.apply(s, 0, Pass())
        assert (s.phase, s.ashaks[0].hp) == ("react", 19)
        GAME.apply(s, 0, React(wall))
        ev = GAME.apply(s, 0, Pass())
    assert "The attack on Player 1 (Atmos) is cancelled." in texts(ev)
    assert (s.ashaks[0].hp, s.phase, s.actor) == (19, "turn", 1)  # no second salvo, no move


def test_between_salvos_a_defender_with_nothing_to_play_is_passed_for() -> None:
    s = duel()
    give(s, 0, "Blaster")  # asked (a card might be a utility) but could only pass
    db = give(s, 1, "Double Blaster")
    with dice(False):
        act(s, 1, PlayCard(db))
        act(s, 1, TargetAshak(0))
        for _ in range(2):  # before the first salvo, then between the two
            assert (s.phase, s.actor) == ("react", 0)
            assert forced_decline(GAME, s, 0, bot=False) == Pass()
            assert forced_decline(GAME, s, 0, bot=True) == Pass()
            GAME.apply(s, 0, Pass())
    # Both salvos hit; the action over, Atmos is asked once more (the window after an action).
    assert (s.ashaks[0].hp, s.phase, s.actor) == (16, "interrupt", 0)
