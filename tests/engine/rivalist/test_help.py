"""Rivalist's help file: random games reach its main sections, and it lists every Wonder with
its cost and every token. (Every prompt section being a heading is checked for all games in
tests/engine/test_help_files.py.)"""

from __future__ import annotations

import re

from engine.rivalist.data import RESOURCES, TOKEN_NAMES, WONDERS
from engine.rivalist.game import GAME
from tests.engine.test_help_files import default_sections, help_text


def test_random_games_reach_the_main_sections() -> None:
    seen = default_sections(GAME.id)
    assert {"the-wonder-draft", "the-pyramid", "your-turn", "end-of-an-age", "final-scoring"} <= seen


def test_wonder_table_matches_the_game() -> None:
    text = help_text(GAME.id)
    for w in WONDERS:
        row = next(line for line in text.splitlines() if line.startswith(f"| {w.name} |"))
        cost = row.split("|")[2]
        for r, n in enumerate(w.need):
            if n:
                want = RESOURCES[r] if n == 1 else f"{RESOURCES[r]} {n}"
                assert re.search(rf"\b{want}\b(?! \d)", cost), (w.name, want)
            else:
                assert RESOURCES[r] not in cost, (w.name, RESOURCES[r])


def test_every_token_is_explained() -> None:
    text = help_text(GAME.id)
    for name in TOKEN_NAMES:
        assert f"| {name} |" in text
