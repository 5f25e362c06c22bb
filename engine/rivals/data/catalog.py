"""Every physical card in the box as an instance id (0..226), so each copy can be tracked to
exactly one place. `CARD[i]` is the design of instance i."""

from __future__ import annotations

from engine.rivals.data.ashaks import ASHAKS, FLASHERS_IN_BOX
from engine.rivals.data.cards import (
    BLASTER,
    BLASTERS_IN_BOX,
    COPIES,
    FLASHER_CARD,
    PSYWAVE,
    PSYWAVES_IN_BOX,
    Card,
)
from engine.rivals.data.guilds import ATLANS, GUILD_DESIGNS
from engine.rivals.data.interface import INTERFACE_DESIGNS
from engine.rivals.data.schemas import SCHEMA_DESIGNS

_cards: list[Card] = []


def _add(cards: list[Card]) -> range:
    start = len(_cards)
    _cards.extend(cards)
    return range(start, len(_cards))


BLASTER_IDS = _add([BLASTER] * BLASTERS_IN_BOX)
PSYWAVE_IDS = _add([PSYWAVE] * PSYWAVES_IN_BOX)
SIGNATURE_IDS: tuple[range, ...] = tuple(_add(list(a.signatures)) for a in ASHAKS)
ATLANS_ID = _add([ATLANS])[0]
FLASHER_IDS = _add([FLASHER_CARD] * FLASHERS_IN_BOX)
GUILD_IDS = _add(list(GUILD_DESIGNS))
INTERFACE_IDS = _add([c for c in INTERFACE_DESIGNS for _ in range(COPIES[c.rarity])])
SCHEMA_IDS = _add(list(SCHEMA_DESIGNS))
CARD: tuple[Card, ...] = tuple(_cards)
CARD_COUNT = len(CARD)  # 227
ULTIMATES: tuple[Card, ...] = tuple(a.ultimate for a in ASHAKS)
