"""Rivality's help file: random games (expert rules included) reach its main sections, the rules
without a prompt of their own have headings, and it lists every tile's spells. (Every prompt
section being a heading is checked for all games in tests/engine/test_help_files.py.)"""

from __future__ import annotations

from engine.rivality.data import TILES
from engine.rivality.game import GAME
from engine.rivality.options import RivalityOptions
from tests.engine.test_help_files import default_sections, help_slugs, help_text, sections_seen


def test_random_games_reach_the_main_sections_and_expert_ones_are_headings() -> None:
    known = help_slugs(GAME.id)
    # Expert rules only in the duel (two or more seats); the default games cover the solo one.
    expert = sections_seen(GAME, RivalityOptions(expert=True), (2, 3, 4), range(12))
    assert expert <= known, sorted(expert - known)
    seen = default_sections(GAME.id) | expert
    assert {"a-turn", "laying-a-tile", "spells", "solo-a-turn", "end-and-scoring", "delayed-spells"} <= seen
    assert {"the-five-golem-limit", "setting-up", "besieged-tiles", "shields-and-entrenchment"} <= known


def test_hand_decisions_are_secret_in_the_duel() -> None:
    s = GAME.setup(RivalityOptions(), 4, 2)
    s.phase = "tile"
    assert GAME.prompt(s, s.turn).secret
    assert not GAME.prompt(s, (s.turn + 1) % 4).secret


def test_tile_list_names_every_tile_spell() -> None:
    text = help_text(GAME.id)
    for t in TILES[1:]:
        parts = [
            f"{e} {g}x{d}"
            for e, sp in zip(("left", "front", "right"), t.edges, strict=True)
            if sp
            for g, d in [sp]
        ]
        assert " ".join(parts) in " ".join(text.split()), t
