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
    living = [a for a in s.ashaks if a.alive]
    top = max(a.rp for a in living)
    if sum(a.rp == top for a in living) < 2:
        return ""
    if len(s.winners) > 1:
        return "Level on Rival Points and on HP: the win is shared."
    return "Level on Rival Points: the one with more HP wins."


def outcome(s: RivalsState) -> Outcome | None:
    if not s.winners:
        return None
    rp = tuple(a.rp for a in s.ashaks)
    return Outcome(
        scores=rp,
        winners=tuple(s.winners),
        lines=(
            ScoreLine("Rival Points", rp),
            ScoreLine("Health", tuple(a.hp for a in s.ashaks)),
            ScoreLine(
                "Still standing",
                tuple(int(a.alive) for a in s.ashaks),
                shown=tuple("yes" if a.alive else "no" for a in s.ashaks),
            ),
        ),
        reason=s.reason,
        tiebreak=tiebreak(s),
        roles=tuple(ASHAKS[a.kind].name if a.kind >= 0 else "" for a in s.ashaks),
    )
