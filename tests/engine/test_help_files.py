"""Every registered game's help file: it exists, and every section a prompt points to is one of
its headings (checked over seeded random games at every seat count the game allows).

The helpers are shared with the games' own help tests (tests/engine/<game>/test_help.py), which
add what only that game's file must hold (its card, wonder or tile lists, its secret prompts).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.core import Game, Rng
from engine.registry import GAMES

HELP_DIR = Path(__file__).resolve().parents[2] / "rivals_tui" / "help"


def help_text(game_id: str) -> str:
    return (HELP_DIR / f"{game_id}.md").read_text()


def help_slugs(game_id: str) -> set[str]:
    """The help file's `## ` headings as the section ids prompts use ("Taking money" → "taking-money")."""
    heads = re.findall(r"^## (.+)$", help_text(game_id), flags=re.M)
    return {re.sub(r"[^a-z0-9]+", "-", h.lower()).strip("-") for h in heads}


def sections_seen(
    game: Game[Any, Any, Any], options: Any, seat_counts: Iterable[int], seeds: Iterable[int]
) -> set[str]:
    """The prompt sections of every seat at every moment of seeded random games, the end included."""
    seen: set[str] = set()
    for seats in seat_counts:
        for seed in seeds:
            s = game.setup(options, seats, seed)
            rng = Rng.from_seed(seed)
            while True:
                for seat in range(seats):
                    seen.add(game.prompt(s, seat).section)
                if game.outcome(s) is not None:
                    break
                seat = game.to_act(s)[0]
                legal = game.legal(s, seat)
                game.apply(s, seat, legal[rng.below(len(legal))])
    return seen


@cache
def default_sections(game_id: str) -> frozenset[str]:
    """`sections_seen` with the default options, every seat count and 15 seeds (computed once)."""
    game = GAMES[game_id]
    return frozenset(sections_seen(game, game.Options(), game.players, range(15)))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_prompt_section_is_a_help_heading(game_id: str) -> None:
    known = help_slugs(game_id)
    seen = default_sections(game_id)
    assert seen <= known, sorted(seen - known)
    # The games reach more than an opening and an end: the check covers real play.
    assert len(seen) >= 4, sorted(seen)
