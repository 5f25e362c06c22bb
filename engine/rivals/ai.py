"""The AI's estimate of a position for one seat: a share of a strength score built from Rival
Points, health, the ultimate gauge, tokens, resources and poison, among the Ashaks standing,
with the tile about to fall under an Ashak counted as the HP it will cost.

The weights put everything in Rival Points' terms: a point is worth 3; ten resources of one kind
buy a point, so a resource is worth a little less than a tenth of one; the gauge counts most
when it is nearly full; 4 HP (a fall) are worth 1. Bots evaluate determinized states, in which
the zone deck's order is a sample: the tiles its next cards drop are then a guess consistent
with what the seat knows."""

from __future__ import annotations

from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.board import FALL_LOSS, ROUND_REVEALS, TILE_OF, ZONE_CARDS
from engine.rivals.state import RivalsState

RP_VALUE = 3.0
RESOURCE_VALUE = 0.2
TOKEN_VALUE = 0.4
POISON_COST = 0.3
GAUGE_VALUE = 1.2
HP_VALUE = 0.25


def doomed_tiles(s: RivalsState) -> set[int]:
    """The tiles the zone cards of this round's end drop (in a determinized state: a sample)."""
    r = s.round
    k = ROUND_REVEALS[r - 1] if 1 <= r <= len(ROUND_REVEALS) else 0
    if k <= 0:
        return set()
    return {t for z in s.zone_deck[-k:] if z >= 0 for t in ZONE_CARDS[z].drops}


def strength(s: RivalsState, o: int, doomed: set[int]) -> float:
    if not s.alive[o]:
        return 0.0
    a = s.ashak[o]
    gauge = ASHAKS[a].gauge if a >= 0 else 10
    hp = s.hp[o] - (FALL_LOSS if s.pos[o] >= 0 and TILE_OF[s.pos[o]] in doomed else 0)
    return (
        1.0
        + RP_VALUE * s.rp[o]
        + HP_VALUE * max(hp, 0)
        + GAUGE_VALUE * (s.ult[o] / gauge) ** 2
        + TOKEN_VALUE * (s.tokens[o] + s.active_tokens[o])
        + RESOURCE_VALUE * (s.crystals[o] + s.resins[o])
        - POISON_COST * len(s.poison[o])
    )


def evaluate(s: RivalsState, seat: int) -> float:
    if s.winners:
        return 1.0 / len(s.winners) if seat in s.winners else 0.0
    doomed = doomed_tiles(s)
    total = sum(strength(s, o, doomed) for o in range(s.seats))
    return strength(s, seat, doomed) / total if total > 0 else 0.0
