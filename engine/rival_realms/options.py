"""Rival Realms variants: who begins, the solo difficulty, enchantments in force, events."""

from __future__ import annotations

import attrs

from engine.core.options import option

# Named here rather than read from data.py, so that listing the game's options (the new-game
# form, start-up) does not load its card data; a test checks they match the enchantment cards.
ENCHANTMENT_IDS: tuple[str, ...] = (
    "deep_satchel",
    "surefoot",
    "gem_hoard",
    "open_passes",
    "kindred_trails",
    "open_nests",
    "deep_valleys",
    "grand_quests",
)
SOLO_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")

START_CHOICES: tuple[str, ...] = ("player 1", "player 2")


@attrs.frozen
class RivalRealmsOptions:
    """Rival Realms variants. All off for a first game, as the rulebook advises."""

    start: str = option(
        "player 1",
        label="Start player",
        help="Who begins. In a series the loser of a game begins the next one.",
        choices=START_CHOICES,
        players=range(2, 3),
    )
    solo_level: str = option(
        "normal",
        label="Solo difficulty",
        help="Against the Raven: it steals 10 (easy), 15 (normal) or 20 (hard) cards unseen.",
        choices=SOLO_LEVELS,
        players=range(1, 2),
    )
    enchantments: tuple[str, ...] = option(
        (),
        label="Enchantments",
        help="Rules in force for the whole game; any number of them may be combined.",
        choices=ENCHANTMENT_IDS,
        multi=True,
    )
    events: bool = option(
        False,
        label="Events",
        help="Five random event cards are shuffled into the region deck.",
        players=range(2, 3),
    )
