"""The book of Rival Realms: the five region types (with their card numbers), the adventure
tokens, the quests, and the enchantments and events of the variants, in the words of the board's
detail panel."""

from __future__ import annotations

from engine.rival_realms.data import CARDS, ENCHANTMENTS, EVENTS, QUESTS, TOKEN_NAMES, TYPES
from rivals_tui.games.book import Entry
from rivals_tui.games.rival_realms.layout import TYPE_CODES
from rivals_tui.games.rival_realms.words import token_text


def region_text(kind: int) -> str:
    numbers = [c.number for c in CARDS if c.kind == kind]
    listed = ", ".join(str(n) for n in numbers)
    code = TYPE_CODES[kind]
    example = f"{numbers[0]}{code}"
    return (
        f"Ten region cards, numbered {listed}. The board writes them with the code {code}, as in {example}."
    )


def entries() -> list[Entry]:
    out = [Entry("Region types", name, region_text(k)) for k, name in enumerate(TYPES)]
    out += [Entry("Adventure tokens", name, token_text(t)) for t, name in TOKEN_NAMES.items()]
    out += [Entry("Quests", q.name, f"{q.text} Worth {q.points} points.") for q in QUESTS]
    variant = "A variant chosen when the game is set up: in force for the whole game."
    out += [Entry("Enchantments", e.name, f"{e.text}\n{variant}") for e in ENCHANTMENTS]
    events = "With the events variant, five event cards are shuffled into the region deck."
    out += [Entry("Events", e.name, f"{e.text}\n{events}") for e in EVENTS]
    return out
