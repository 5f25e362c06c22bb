"""Mods after a physical card: asked whenever the hand holds a card (public), and passed without
a question for a seat that holds no mod (its only moves are the two ways of adding none)."""

from __future__ import annotations

from engine.core.interrupts import forced_decline
from engine.rivals.actions import AddMod, DoneMods, PlayCard, TakeBack
from engine.rivals.game import GAME
from tests.engine.rivals.helpers import give, put, ready_to_fight


def playing_blaster(mod: str | None):
    s = ready_to_fight(("Atmos", "Korrin"), seat=0)
    put(s, 0, 0, 0)
    put(s, 1, 0, -2)
    blaster = give(s, 0, "Blaster")
    give(s, 0, mod or "Psywave")  # a card stays in hand either way: the window opens alike
    GAME.apply(s, 0, PlayCard(blaster))
    return s


def test_with_no_mod_in_hand_a_person_is_not_asked_about_mods() -> None:
    s = playing_blaster(None)
    assert (s.phase, s.actor) == ("mods", 0)
    prompt = GAME.prompt(s, 0)
    assert prompt.declines == 2 and prompt.secret
    assert GAME.legal(s, 0) == [TakeBack(), DoneMods()]
    assert forced_decline(GAME, s, 0, bot=False) == DoneMods()
    assert forced_decline(GAME, s, 0, bot=True) == DoneMods()
    # Taking the card back is offered again at the next step.
    GAME.apply(s, 0, DoneMods())
    assert s.phase == "target" and TakeBack() in GAME.legal(s, 0)


def test_with_a_mod_in_hand_the_question_is_asked_and_passing_is_the_last_choice() -> None:
    s = playing_blaster("Long Barrel")
    legal = GAME.legal(s, 0)
    assert isinstance(legal[0], AddMod) and legal[-1] == DoneMods()
    assert forced_decline(GAME, s, 0, bot=False) is None
