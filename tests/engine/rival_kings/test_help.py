"""Rival Kings' help file: random games reach its main sections, and it lists every card with
its value; the choice of character is the one secret prompt. (Every prompt section being a
heading is checked for all games in tests/engine/test_help_files.py.)"""

from __future__ import annotations

from engine.core.options import option_fields
from engine.rival_kings.data import CHARACTERS, PROFESSIONS
from engine.rival_kings.game import GAME
from tests.engine.test_help_files import default_sections, help_text


def test_random_games_reach_the_main_sections() -> None:
    seen = default_sections(GAME.id)
    assert {"choosing-a-character", "taking-money", "recruiting-and-buying", "equal-ranks"} <= seen


def test_choosing_is_secret_and_other_prompts_are_not() -> None:
    s = GAME.setup(GAME.Options(), 2, 1)
    assert GAME.prompt(s, 0).secret
    GAME.apply(s, 0, GAME.legal(s, 0)[0])
    assert not GAME.prompt(s, 0).secret and "Waiting" in GAME.prompt(s, 0).text
    assert GAME.prompt(s, 1).secret
    GAME.apply(s, 1, GAME.legal(s, 1)[0])
    for seat in (0, 1):
        assert not GAME.prompt(s, seat).secret


def test_card_list_names_every_card_and_value() -> None:
    text = help_text(GAME.id)
    for p in PROFESSIONS:
        assert f"{p.building} ({p.building_value})" in text
        assert f"{p.subject} ({p.subject_value})" in text
    for c in CHARACTERS:
        assert c.name in text


def test_help_shows_the_idle_game_option_and_exact_payment() -> None:
    text = help_text(GAME.id)
    (field,) = [f for f in option_fields(GAME.Options) if f.name == "stalemate"]
    assert f"**{field.label}**" in text and "off unless you switch it on" in text
    assert "exactly the price goes under the pile" in text
