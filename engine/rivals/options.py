"""Rivals options: the set-up mode. (Drone mode, a two-seat option, comes with a later issue.)"""

from __future__ import annotations

import attrs

SETUPS = ("standard", "competition")


@attrs.frozen
class RivalsOptions:
    """Rivals variants."""

    setup: str = attrs.field(
        default="standard",
        validator=attrs.validators.in_(SETUPS),
        metadata={
            "label": "Set-up",
            "help": "standard: choose Ashaks in seat order, then roll for the first player; "
            "competition: roll first, and the last player chooses its Ashak first.",
        },
    )
