"""One name for one action: the words on a button are the words its line in the action picker
starts with (typing them there finds it), copies of a card in hand and in the discard pile are
told apart, and aiming at an Ashak reads differently from aiming at the shield on its hex."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import name_seats
from engine.rivals import actions as A
from engine.rivals.data.catalog import CARD
from engine.rivals.data.events import EVENT_KEYS
from engine.rivals.options import RivalsOptions
from engine.rivals.texts import describe, label
from rivals_tui.games.rivals.layout import PAGES, build
from rivals_tui.games.rivals.targets import actions_at
from rivals_tui.glyphs import RIVALS as RS
from rivals_tui.widgets.action_picker import match_rank
from tests.engine.rivals.helpers import card_id, give, put, ready_to_fight
from tests.tui.rivals.harness import GAME

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def buttons(v: Any, seat: int, legal: list[Any]) -> dict[Any, str]:
    """Each button the board draws on any page (46×20, as at 80×24), with its words."""
    out: dict[Any, str] = {}
    for page in PAGES:
        t = build(v, seat, legal, NAMES, 46, 20, None, page, set(), None)
        for i, it in enumerate(t.items):
            if it.key[0] == "act":
                words = "".join(seg.text for line in t.lines for seg in line if seg.item == i).strip()
                out[actions_at(v, seat, legal, it.key)[0]] = words
    return out


@pytest.mark.parametrize(("seats", "drone"), [(2, True), (3, False), (6, False)])
def test_typing_a_buttons_words_in_the_picker_finds_it(seats: int, drone: bool) -> None:
    rng = random.Random(seats)
    s = GAME.setup(RivalsOptions(drone=drone), seats, 11)
    seen: set[type] = set()
    for step in range(900):
        if not GAME.to_act(s):
            break
        seat = GAME.to_act(s)[0]
        legal = GAME.legal(s, seat)
        if step % 3 == 0:
            v = GAME.view(s, seat)
            for a, words in buttons(v, seat, legal).items():
                line = name_seats(GAME.describe(v, a), NAMES)  # as the picker lists it
                typed = words.removesuffix(RS.cut)  # a label cut short: its first words
                assert match_rank(typed, line) in (0, 1), (words, line)
                assert line.lower().startswith(typed.lower()), (words, line)
                seen.add(type(a))
        GAME.apply(s, seat, rng.choice(legal))
    assert len(seen) >= 8  # many kinds of button were met


def test_hand_and_discard_copies_have_their_own_names() -> None:
    s = ready_to_fight(("Atmos", "Korrin"), seat=0)
    in_hand = give(s, 0, "Blaster")
    discarded = card_id(s, "Blaster")
    s.discard[0].append(discarded)
    s.ashaks[0].crystals = 2
    legal = GAME.legal(s, 0)
    assert A.Uninstall(in_hand) in legal and A.Uninstall(discarded) in legal
    assert label(s, A.Uninstall(in_hand)) == "Uninstall Blaster (hand)"
    assert label(s, A.Uninstall(discarded)) == "Uninstall Blaster (discard)"
    assert "you draw a card" in describe(s, A.Uninstall(in_hand))
    assert "draw" not in describe(s, A.Uninstall(discarded))
    # On the board the discarded copy is a piece of its own, under the hand, named as such.
    v = GAME.view(s, 0)
    t = build(v, 0, legal, NAMES, 46, 20, None, "map", set(), None)
    assert ("discard", discarded) in [it.key for it in t.items]
    assert actions_at(v, 0, legal, ("discard", discarded)) == [A.Uninstall(discarded)]
    # Where the hand is not drawn (another page), the button says which copy it uninstalls.
    assert buttons(v, 0, legal)[A.Uninstall(discarded)] == "Uninstall Blaster (discard)"


def test_aiming_at_the_ashak_and_at_the_shield_on_its_hex_read_apart() -> None:
    s = ready_to_fight(("Atmos", "Korrin"), seat=0)
    put(s, 0, 0, 0)
    h = put(s, 1, 0, -2)
    s.shield[h] = 1  # Korrin stands in its own shield
    blaster = give(s, 0, "Blaster")
    GAME.apply(s, 0, A.PlayCard(blaster))
    GAME.apply(s, 0, A.DoneMods()) if s.phase == "mods" else None
    assert s.phase == "target"
    legal = GAME.legal(s, 0)
    at_ashak, at_shield = A.TargetAshak(1), A.TargetHex(h)
    assert at_ashak in legal and at_shield in legal
    ashak, shield = describe(s, at_ashak), describe(s, at_shield)
    assert ashak.startswith(f"Aim at Player 2 (Korrin) on hex {h}") and "hits the Ashak" in ashak
    assert "the shield there taking the first salvo" in ashak
    assert shield.startswith(f"Aim at the shield on hex {h}") and "no combat" in shield
    assert "Korrin" in shield and "not hit" in shield
    assert CARD[blaster].name == "Blaster"


def test_playing_a_card_shows_the_range_it_has_now_when_a_skill_or_event_changes_it() -> None:
    """Siege Mode on the board: the Blaster's line says it reaches 5, not only its printed 3;
    under the Fog event a Psywave's reach drops by 1. Without a change, the printed range only."""
    s = ready_to_fight(("Korrin", "Vex"))
    put(s, 0, 0, 0)
    blaster = give(s, 0, "Blaster")
    psywave = give(s, 0, "Psywave")
    assert describe(s, A.PlayCard(blaster)).startswith("Play Blaster (1 AP, physical, range 1-3): ")
    s.skills[0].append(card_id(s, "Siege Mode"))
    assert describe(s, A.PlayCard(blaster)).startswith("Play Blaster (1 AP, physical, range 1-3, now 1-5): ")
    assert describe(s, A.PlayCard(psywave)).startswith("Play Psywave (1 AP, psychic, range 0-4): ")
    s.event = EVENT_KEYS.index("fog")
    assert describe(s, A.PlayCard(psywave)).startswith("Play Psywave (1 AP, psychic, range 0-4, now 0-3): ")
    assert label(s, A.PlayCard(blaster)) == "Play Blaster"
