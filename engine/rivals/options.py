"""Rivals options: the set-up mode and drone mode (two seats only)."""

from __future__ import annotations

import attrs

from engine.core.options import option

SETUPS = ("standard", "competition")


@attrs.frozen
class RivalsOptions:
    """Rivals variants."""

    setup: str = option(
        "standard",
        label="Set-up",
        help="standard: Ashaks are chosen in seat order, then the die decides who starts; "
        "competition: the die first, and the last player in turn order chooses first.",
        choices=SETUPS,
    )
    drone: bool = option(
        False,
        label="Drone mode",
        help="two players only: each Ashak has a drone that plays its own turns, stores cards, "
        "resources and points, and can be hacked; the outer ring is gone from the start.",
        players=range(2, 3),
    )
