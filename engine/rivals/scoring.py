"""The outcome: the winners (last Ashak standing, first to 5 Rival Points, or the ranking when
the Wildtech is spent) with each seat's RP and HP."""

from __future__ import annotations

from engine.core import Outcome, ScoreLine
from engine.rivals.state import RivalsState


def outcome(s: RivalsState) -> Outcome | None:
    if not s.winners:
        return None
    return Outcome(
        scores=tuple(s.rp),
        winners=tuple(s.winners),
        lines=(
            ScoreLine("Rival Points", tuple(s.rp)),
            ScoreLine("Health", tuple(s.hp)),
            ScoreLine("Standing", tuple(int(a) for a in s.alive)),
        ),
        reason=s.reason,
        tiebreak="health" if "HP" in s.reason else "",
    )
