"""The book of a game: every component a player can meet, each with its full text.

A game's entries come from `rivals_tui/games/<game_id>/book.py`, whose `entries()` lists them in
the order the book shows them, grouped (Rivals: Ashaks, ultimates, guilds, cards, schemas,
events...). They are the catalogue of the game — the same for every seat, every spectator and
before a game — so they are built from the game's data alone, never from a view: the book can
show nobody's hand. The texts are the ones the boards' detail panels show. No Textual import.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import NamedTuple


class Entry(NamedTuple):
    """One component: the group it is listed under, its name, and its full text."""

    group: str
    name: str
    text: str


@cache
def entries_for(game_id: str) -> tuple[Entry, ...]:
    """The book of `game_id`, or () for a game without one (then the book key is greyed)."""
    try:
        module = importlib.import_module(f"{__package__}.{game_id}.book")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"{__package__}.{game_id}", f"{__package__}.{game_id}.book"):
            raise  # the book exists but is broken: say so rather than hide it
        return ()
    return tuple(module.entries())
