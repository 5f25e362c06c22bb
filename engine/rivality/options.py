"""Rivality variants: expert rules (two to four players) and the solo scoring level."""

from __future__ import annotations

import attrs

from engine.core.options import option

LEVELS = ("beginner", "normal", "seasoned")


@attrs.frozen
class RivalityOptions:
    """Rivality variants. Each applies only to the player counts it names."""

    expert: bool = option(
        False,
        label="Expert rules",
        help="Lost spells wait and fire when a tile is later laid where they land; tiles surrounded "
        "by one rival are taken; enemy golems cost a point.",
        players=range(2, 5),
    )
    solo_level: str = option(
        "normal",
        label="Solo scoring",
        help="Against Souramoun: beginner (plain totals), normal (Souramoun takes tied tiles) or "
        "seasoned (also a point off your tiles that hold an enemy golem).",
        choices=LEVELS,
        players=range(1, 2),
    )
