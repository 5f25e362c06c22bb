"""The help file has a section for every prompt and lists every tile."""

from __future__ import annotations

import re
from pathlib import Path

from engine.core import Rng
from engine.rivality import GAME, RVOptions
from engine.rivality.data import TILES

HELP = Path(__file__).resolve().parents[3] / "rivals_tui" / "help" / "rivality.md"


def slugs() -> set[str]:
    heads = re.findall(r"^## (.+)$", HELP.read_text(), flags=re.M)
    return {re.sub(r"[^a-z0-9]+", "-", h.lower()).strip("-") for h in heads}


def test_every_prompt_section_is_a_help_heading() -> None:
    known = slugs()
    seen = set()
    for seats in (1, 2, 3, 4):
        for expert in (False, True):
            for seed in range(12):
                s = GAME.setup(RVOptions(expert=expert and seats > 1), seats, seed)
                rng = Rng.from_seed(seed)
                while True:
                    for seat in range(seats):
                        seen.add(GAME.prompt(s, seat).section)
                    if GAME.outcome(s) is not None:
                        break
                    seat = GAME.to_act(s)[0]
                    legal = GAME.legal(s, seat)
                    GAME.apply(s, seat, legal[rng.below(len(legal))])
    assert seen <= known, seen - known
    assert {"a-turn", "laying-a-tile", "spells", "solo-a-turn", "end-and-scoring", "delayed-spells"} <= seen
    assert {"the-five-golem-limit", "setting-up", "besieged-tiles", "shields-and-entrenchment"} <= known


def test_hand_decisions_are_secret_in_the_duel() -> None:
    s = GAME.setup(RVOptions(), 4, 2)
    s.phase = "tile"
    assert GAME.prompt(s, s.turn).secret
    assert not GAME.prompt(s, (s.turn + 1) % 4).secret


def test_tile_list_names_every_tile_spell() -> None:
    text = HELP.read_text()
    for t in TILES[1:]:
        parts = [
            f"{e} {g}x{d}"
            for e, sp in zip(("left", "front", "right"), t.edges, strict=True)
            if sp
            for g, d in [sp]
        ]
        assert " ".join(parts) in " ".join(text.split()), t
