"""The AI's evaluation: the score as it stands plus what the pieces in hand are likely worth."""

from __future__ import annotations

import math

from engine.rival_realms.data import CARPET, CREATURE_KIND, ESPRESSO, MIRROR, SOLO_TARGET
from engine.rival_realms.scoring import score
from engine.rival_realms.state import RealmsState

# What a piece not yet played is worth in points, on average (tuned by self-play; RULES_NOTES).
CARD_WORTH = 0.7
CREATURE_WORTH = 0.9
TOKEN_WORTH = {ESPRESSO: 1.5, CARPET: 1.2, MIRROR: 0.6}
SCALE = 6.0


def estimate(s: RealmsState, seat: int) -> float:
    """`seat`'s expected final score: points now plus the worth of what it still holds."""
    pts = float(score(s, seat))
    if s.phase == "over":
        return pts
    empty = s.regions[seat].count(0)
    pts += CARD_WORTH * min(len(s.hands[seat]), empty + 3)
    for t in s.supply[seat]:
        if t in CREATURE_KIND:
            pts += CREATURE_WORTH
        else:
            pts += TOKEN_WORTH.get(t, 0.0)
    return pts


def evaluate(s: RealmsState, seat: int) -> float:
    mine = estimate(s, seat)
    theirs = float(SOLO_TARGET) if s.solo else estimate(s, 1 - seat)
    return 1.0 / (1.0 + math.exp(-(mine - theirs) / SCALE))
