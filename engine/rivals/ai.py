"""The AI's estimate of a position for one seat: a share of a strength score built from Rival
Points, health, the ultimate gauge, tokens, resources and cards, among the Ashaks standing."""

from __future__ import annotations

from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.state import RivalsState


def strength(s: RivalsState, o: int) -> float:
    if not s.alive[o]:
        return 0.0
    a = s.ashak[o]
    gauge = ASHAKS[a].gauge if a >= 0 else 10
    return (
        1.0
        + 3.0 * s.rp[o]
        + s.hp[o] / 4.0
        + s.ult[o] / gauge
        + 0.4 * (s.tokens[o] + s.active_tokens[o])
        + 0.05 * (s.crystals[o] + s.resins[o])
        - 0.3 * len(s.poison[o])
        + (drone_strength(s, o) if s.drone_mode else 0.0)
    )


def drone_strength(s: RivalsState, o: int) -> float:
    """What a seat's drone holds is worth a little less than the same on the Ashak: its points
    only count once brought home, and a hack can take any of it away."""
    return (
        2.0 * s.d_rp[o]
        + 0.3 * s.d_tokens[o]
        + 0.04 * (s.d_crystals[o] + s.d_resins[o])
        + 0.15 * len(s.d_cards[o])
    )


def evaluate(s: RivalsState, seat: int) -> float:
    if s.winners:
        return 1.0 / len(s.winners) if seat in s.winners else 0.0
    total = sum(strength(s, o) for o in range(s.seats))
    return strength(s, seat) / total if total > 0 else 0.0
