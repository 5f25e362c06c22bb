"""Rival Kings variants."""

from __future__ import annotations

import attrs

from engine.core.options import option

# How many cycles in a row without a card recruited or bought end the game when the optional
# idle-table ending is on (see RULES_NOTES.md, "Endless games").
STALL_CYCLES = 6


@attrs.frozen
class RivalKingsOptions:
    """Rival Kings variants; the series option lives in Match.Series."""

    stalemate: bool = option(
        False,
        label="Idle ending",
        help=(
            f"Not in the rulebook: the game also ends after {STALL_CYCLES} cycles in a row in "
            "which nobody recruits or buys a card. Off: only an empty pile ends the game."
        ),
    )
