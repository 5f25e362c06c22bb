"""The help file has a section for every prompt and lists every Wonder and token correctly."""

from __future__ import annotations

import re
from pathlib import Path

from engine.core import Rng
from engine.rivalist import GAME
from engine.rivalist.data import RESOURCES, TOKEN_NAMES, WONDERS

HELP = Path(__file__).resolve().parents[3] / "rivals_tui" / "help" / "rivalist.md"


def slugs() -> set[str]:
    heads = re.findall(r"^## (.+)$", HELP.read_text(), flags=re.M)
    return {re.sub(r"[^a-z0-9]+", "-", h.lower()).strip("-") for h in heads}


def test_every_prompt_section_is_a_help_heading() -> None:
    known = slugs()
    seen = set()
    for seed in range(40):
        s = GAME.setup(GAME.Options(), 2, seed)
        rng = Rng.from_seed(seed)
        while GAME.outcome(s) is None:
            for seat in (0, 1):
                seen.add(GAME.prompt(s, seat).section)
            legal = GAME.legal(s, s.current)
            GAME.apply(s, s.current, legal[rng.below(len(legal))])
        seen.add(GAME.prompt(s, 0).section)
    assert seen <= known, seen - known
    assert {"the-wonder-draft", "the-pyramid", "your-turn", "end-of-an-age", "final-scoring"} <= seen


def test_wonder_table_matches_the_game() -> None:
    text = HELP.read_text()
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
    text = HELP.read_text()
    for name in TOKEN_NAMES:
        assert f"| {name} |" in text
