"""Rivals options: the set-up mode. (Drone mode, a two-seat option, comes with a later issue.)"""

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
