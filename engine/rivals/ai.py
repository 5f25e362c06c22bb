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
from engine.rivals.data.board import FALL_LOSS, STARTING_TILES, TILE_OF, ZONE_CARDS
from engine.rivals.drone import schedule
from engine.rivals.state import RivalsState

RP_VALUE = 3.0
RESOURCE_VALUE = 0.2
TOKEN_VALUE = 0.4
POISON_COST = 0.3
GAUGE_VALUE = 1.2
HP_VALUE = 0.25
# Drone mode: what a drone holds counts at two thirds (it must be carried home and can be
# hacked away); a stored card is a modest asset.
DRONE_SHARE = 2 / 3
CARD_VALUE = 0.15


def doomed_tiles(s: RivalsState) -> set[int]:
    """The tiles the zone cards of this round's end drop (in a determinized state: a sample)."""
    r = s.round
    if s.drone_mode and r == 1:
        return set(STARTING_TILES)  # drone mode: the starting tiles go after round 1
    reveals = schedule(s)[0]
    k = reveals[r - 1] if 1 <= r <= len(reveals) else 0
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
        + (drone_strength(s, o) if s.drone_mode else 0.0)
    )


def drone_strength(s: RivalsState, o: int) -> float:
    """What a seat's drone holds is worth a little less than the same on the Ashak: its points
    only count once brought home, and a hack can take any of it away."""
    return (
        DRONE_SHARE * RP_VALUE * s.d_rp[o]
        + DRONE_SHARE * TOKEN_VALUE * s.d_tokens[o]
        + DRONE_SHARE * RESOURCE_VALUE * (s.d_crystals[o] + s.d_resins[o])
        + CARD_VALUE * len(s.d_cards[o])
    )


def evaluate(s: RivalsState, seat: int) -> float:
    if s.winners:
        return 1.0 / len(s.winners) if seat in s.winners else 0.0
    doomed = doomed_tiles(s)
    total = sum(strength(s, o, doomed) for o in range(s.seats))
    return strength(s, seat, doomed) / total if total > 0 else 0.0
