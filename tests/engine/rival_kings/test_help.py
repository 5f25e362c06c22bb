"""The help file has a section for every prompt and lists every card with its value."""

from __future__ import annotations

import re
from pathlib import Path

from engine.core import Rng
from engine.rival_kings import GAME
from engine.rival_kings.data import CHARACTERS, PROFESSIONS

HELP = Path(__file__).resolve().parents[3] / "rivals_tui" / "help" / "rival_kings.md"


def slugs() -> set[str]:
    heads = re.findall(r"^## (.+)$", HELP.read_text(), flags=re.M)
    return {re.sub(r"[^a-z0-9]+", "-", h.lower()).strip("-") for h in heads}


def test_every_prompt_section_is_a_help_heading() -> None:
    known = slugs()
    seen = set()
    for seats in (2, 3, 4):
        for seed in range(15):
            s = GAME.setup(GAME.Options(), seats, seed)
            rng = Rng.from_seed(seed)
            while GAME.outcome(s) is None:
                for seat in range(seats):
                    seen.add(GAME.prompt(s, seat).section)
                seat = GAME.to_act(s)[0]
                legal = GAME.legal(s, seat)
                GAME.apply(s, seat, legal[rng.below(len(legal))])
    assert seen <= known, seen - known
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
    text = HELP.read_text()
    for p in PROFESSIONS:
        assert f"{p.building} ({p.building_value})" in text
        assert f"{p.subject} ({p.subject_value})" in text
    for c in CHARACTERS:
        assert c.name in text
