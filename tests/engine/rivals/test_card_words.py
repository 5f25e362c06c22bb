"""What the log says about a card when someone puts it into play: a card played outside its
owner's turn resolves later, and a lasting card, a skill or a mod changes things without a log
line of its own, so the line announcing it quotes what the card does."""

from __future__ import annotations

from engine.rivals.actions import AddMod, PlayCard, React, TargetAshak
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.cards import card_text
from engine.rivals.data.catalog import CARD, ULTIMATES
from engine.rivals.game import GAME
from tests.engine.rivals.helpers import act, give, put, ready_to_fight, texts


def attacked(defender: str = "Sylva"):
    """Seat 1 (Korrin) aims a Blaster at seat 0, whose attack window is open."""
    s = ready_to_fight((defender, "Korrin"), seat=1)
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    act(s, 1, PlayCard(give(s, 1, "Blaster")))
    return s


def test_a_reaction_card_says_what_it_does_when_it_is_played() -> None:
    s = attacked()
    bark = give(s, 0, "Bark Skin")
    act(s, 1, TargetAshak(0))
    assert s.phase == "react"
    ev = GAME.apply(s, 0, React(bark))
    line = (
        'Player 1 (Sylva) reacts with Bark Skin: "Each salvo against you deals 1 less damage. Lasts 2 turns."'
    )
    assert line in texts(ev)
    # When it may be played is no news once it is down.
    assert "only while you are attacked" in card_text(CARD[bark]).lower()
    assert "attacked" not in line


def test_a_reacting_ultimate_names_itself_as_the_ultimate_with_its_text() -> None:
    s = attacked("Renko")
    s.ashaks[0].ult = ASHAKS[1].gauge
    give(s, 0, "Blaster")  # a card in hand keeps the window open
    act(s, 1, TargetAshak(0))
    ev = GAME.apply(s, 0, React(-1))
    flashers = ULTIMATES[1]
    said = f'Player 1 (Renko) reacts with its ultimate, Flashers: "{card_text(flashers, when=False)}"'
    assert said in texts(ev)
    assert "Your attacks gain +1 maximum range this turn." in said


def test_a_lasting_card_played_in_its_turn_says_what_it_does() -> None:
    s = ready_to_fight(("Atmos", "Korrin"), seat=1)
    ev = act(s, 1, PlayCard(give(s, 1, "Overclock")))
    assert (
        'Player 2 (Korrin) plays Overclock: "+1 damage per salvo of your attacks. Lasts 2 turns."'
        in texts(ev)
    )


def test_a_card_whose_effects_the_log_shows_is_only_named() -> None:
    s = ready_to_fight(("Atmos", "Korrin"), seat=1)
    ev = act(s, 1, PlayCard(give(s, 1, "Field Medic")))
    assert "Player 2 (Korrin) plays Field Medic." in texts(ev)


def test_an_installed_skill_says_what_it_does_and_how_often() -> None:
    s = ready_to_fight(("Atmos", "Korrin"), seat=1)
    ev = act(s, 1, PlayCard(give(s, 1, "Recycler")))
    said = (
        'Player 2 (Korrin) installs the skill Recycler: "Uninstall 1 card from your hand or discard, '
        'draw 1. Once per round."'
    )
    assert said in texts(ev)


def test_a_mod_says_what_it_adds_to_the_attack() -> None:
    s = ready_to_fight(("Atmos", "Korrin"), seat=1)
    put(s, 0, 0, -2)
    put(s, 1, 0, 0)
    blaster, hollow = give(s, 1, "Blaster"), give(s, 1, "Hollow Point")
    act(s, 1, PlayCard(blaster))
    ev = act(s, 1, AddMod(hollow))
    assert 'Player 2 (Korrin) adds the mod Hollow Point: "+1 damage per salvo."' in texts(ev)


def test_railstorm_says_each_of_its_powers_once() -> None:
    text = card_text(ULTIMATES[5])
    assert ULTIMATES[5].name == "Railstorm"
    assert text == "1 salvo of 6 damage. Shields do not stop it. Needs no line of sight."
