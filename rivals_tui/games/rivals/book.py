"""The book of Rivals: the Ashaks with their ultimates and signature cards, the starting cards,
the interface cards, the schemas, the guilds and the events, each with the text the board's
detail panel shows (built from the card data, so it never disagrees with what a card does)."""

from __future__ import annotations

from engine.core.words import count
from engine.rivals.data.ashaks import ASHAKS, FLASHERS_IN_BOX
from engine.rivals.data.cards import (
    BLASTERS_IN_BOX,
    COPIES,
    FLASHER_CARD,
    PSYWAVES_IN_BOX,
    STARTING_DECK,
    Card,
    card_summary,
)
from engine.rivals.data.events import EVENTS
from engine.rivals.data.guilds import ATLANS, GUILD_DESIGNS
from engine.rivals.data.interface import INTERFACE_DESIGNS
from engine.rivals.data.schemas import SCHEMA_DESIGNS
from rivals_tui.games.book import Entry

IN_BOX = {"Blaster": BLASTERS_IN_BOX, "Psywave": PSYWAVES_IN_BOX}


def ashak_text(i: int) -> str:
    a = ASHAKS[i]
    ult, (one, two) = a.ultimate, a.signatures
    return "\n".join(
        [
            a.blurb,
            f"Starts with 2 {a.resource}s. Ultimate gauge: {a.gauge} points.",
            f"Ultimate: {card_summary(ult)}",
            f"Signature card: {card_summary(one)}",
            f"Signature card: {card_summary(two)}",
        ]
    )


def card_entry(group: str, c: Card, note: str) -> Entry:
    return Entry(group, c.name, f"{card_summary(c)}\n{note}")


def entries() -> list[Entry]:
    out = [Entry("Ashaks", a.name, ashak_text(i)) for i, a in enumerate(ASHAKS)]
    out += [card_entry("Ultimates", a.ultimate, f"The ultimate of {a.name}.") for a in ASHAKS]
    for a in ASHAKS:
        out += [card_entry("Signature cards", c, f"A signature card of {a.name}.") for c in a.signatures]
    out.append(card_entry("Signature cards", FLASHER_CARD, f"Renko's extra deck holds {FLASHERS_IN_BOX}."))
    for c, n in STARTING_DECK:
        note = f"Every Ashak starts with {n} in its deck ({IN_BOX[c.name]} in the box)."
        out.append(card_entry("Starting cards", c, note))
    for c in INTERFACE_DESIGNS:
        note = f"Interface card, {c.rarity}: {count(COPIES[c.rarity], 'copy', 'copies')} in the box."
        out.append(card_entry("Interface cards", c, note))
    out += [card_entry("Schemas", c, "Schema: one copy.") for c in SCHEMA_DESIGNS]
    note = "Guild: two are dealt to each player, who keeps one."
    out += [card_entry("Guilds", c, note) for c in GUILD_DESIGNS]
    out.append(card_entry("Guilds", ATLANS, "Dealt to nobody: it starts in the deck of Phae."))
    for e in EVENTS:
        lasting = "Lasts until the next event." if e.lasting else "Acts at once."
        out.append(Entry("Events", e.name, f"{e.text}\n{lasting}"))
    return out
