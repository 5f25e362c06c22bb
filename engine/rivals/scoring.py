"""The outcome: the winners (last Ashak standing, first to 5 Rival Points, or the ranking when
the Wildtech is spent) with each seat's RP, HP and Ashak."""

from __future__ import annotations

from engine.core import Outcome, ScoreLine
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.state import RivalsState

# Why the game ends when the zone deck has run out (rules/flow.py); the outcome adds what broke
# a tie on points, when one did.
WILDTECH_SPENT = "The Wildtech is spent: the most Rival Points (then HP) win."


def tiebreak(s: RivalsState) -> str:
    """What decided between Ashaks level on Rival Points when the Wildtech was spent: empty when
    the points alone decided, or when the game ended another way."""
    if s.reason != WILDTECH_SPENT:
        return ""
    living = [o for o, up in enumerate(s.alive) if up]
    top = max(s.rp[o] for o in living)
    if sum(s.rp[o] == top for o in living) < 2:
        return ""
    if len(s.winners) > 1:
        return "Level on Rival Points and on HP: the win is shared."
    return "Level on Rival Points: the one with more HP wins."


def outcome(s: RivalsState) -> Outcome | None:
    if not s.winners:
        return None
    return Outcome(
        scores=tuple(s.rp),
        winners=tuple(s.winners),
        lines=(
            ScoreLine("Rival Points", tuple(s.rp)),
            ScoreLine("Health", tuple(s.hp)),
            ScoreLine(
                "Still standing",
                tuple(int(a) for a in s.alive),
                shown=tuple("yes" if a else "no" for a in s.alive),
            ),
        ),
        reason=s.reason,
        tiebreak=tiebreak(s),
        roles=tuple(ASHAKS[a].name if a >= 0 else "" for a in s.ashak),
    )
