"""Rival Realms variants: who begins, the solo difficulty, enchantments in force, events."""

from __future__ import annotations

import attrs

from engine.rival_realms.data import ENCHANTMENT_BY_ID, ENCHANTMENT_IDS, SOLO_LEVELS

START_CHOICES: tuple[str, ...] = ("player 1", "player 2")


def _known_enchantments(_inst: object, _attr: object, value: tuple[str, ...]) -> None:
    for e in value:
        if e not in ENCHANTMENT_BY_ID:
            raise ValueError(f"unknown enchantment {e!r} (known: {', '.join(ENCHANTMENT_IDS)})")


@attrs.frozen
class RealmsOptions:
    """Rival Realms variants. All off for a first game, as the rulebook advises."""

    start: str = attrs.field(
        default="player 1",
        validator=attrs.validators.in_(START_CHOICES),
        metadata={
            "label": "Start player",
            "help": "Who begins (two players). In a series the loser of a game begins the next one.",
        },
    )
    solo_level: str = attrs.field(
        default="normal",
        validator=attrs.validators.in_(SOLO_LEVELS),
        metadata={
            "label": "Solo difficulty",
            "help": "Against the Raven: it steals 10 (easy), 15 (normal) or 20 (hard) cards unseen.",
        },
    )
    enchantments: tuple[str, ...] = attrs.field(
        default=(),
        converter=tuple,
        validator=_known_enchantments,
        metadata={
            "label": "Enchantments",
            "help": "Rules in force for the whole game; several may be chosen if they do not clash.",
            "choices": ENCHANTMENT_IDS,
            "multi": True,
        },
    )
    events: bool = attrs.field(
        default=False,
        metadata={
            "label": "Events",
            "help": "Five random event cards are shuffled into the region deck (two players only).",
        },
    )


def options_problem(options: RealmsOptions, seats: int) -> str | None:
    """A sentence saying why these options cannot be played with `seats` players, or None."""
    for e in options.enchantments:
        for other in ENCHANTMENT_BY_ID[e].conflicts:
            if other in options.enchantments:
                a, b = ENCHANTMENT_BY_ID[e].name, ENCHANTMENT_BY_ID[other].name
                return f"The enchantments {a} and {b} cannot be in force together."
    if len(set(options.enchantments)) != len(options.enchantments):
        return "An enchantment is listed twice."
    if seats == 1 and options.events:
        return "Events are not used in the solo game against the Raven."
    return None
