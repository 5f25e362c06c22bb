"""The AI's estimate of a Rivalist position: projected VP difference with the military and
science threats, squashed into [0, 1]."""

from __future__ import annotations

import math

from engine.rivalist.scoring import TREASURY, breakdown
from engine.rivalist.state import SIGN, RivalistState, distinct_symbols

# What the evaluation adds for n different science symbols (six win outright).
SCIENCE_VALUE = (0.0, 1.5, 3.5, 6.5, 11.0, 20.0, 0.0, 0.0)
# What leading the pawn by n spaces is worth (nine is the capital).
MILITARY_VALUE = (0.0, 0.5, 1.0, 2.0, 3.0, 4.5, 6.5, 9.0, 13.0, 20.0)


def evaluate(s: RivalistState, seat: int) -> float:
    """VP as they would score now, plus what production and coins are still worth while Ages
    remain, plus a premium for closing in on either instant victory."""
    if s.over:
        if s.winner == seat:
            return 1.0
        return 0.5 if s.winner == -1 else 0.0
    vals = [_worth(s, 0), _worth(s, 1)]
    d = s.pawn * SIGN[seat]
    mil = MILITARY_VALUE[abs(d)]
    diff = vals[seat] - vals[1 - seat] + (mil if d > 0 else -mil)
    return 1.0 / (1.0 + math.exp(-diff / 8.0))


def _worth(s: RivalistState, i: int) -> float:
    late = s.age >= 3
    bd = breakdown(s, i)
    v = float(sum(bd)) - bd[TREASURY] + s.coins[i] / (3.0 if late else 2.0)
    if not late:
        rem = 3 - max(1, s.age) + 1
        v += 0.9 * rem * (sum(s.prod[i]) + 0.8 * (s.choice_raw[i] + s.choice_goods[i]))
        v += 0.5 * rem * sum(s.fixed[i])
    v += SCIENCE_VALUE[distinct_symbols(s, i)]
    if not late:
        v += 1.5 * sum(1 for c in s.wonder_cards[i] if c < 0)
    return v
