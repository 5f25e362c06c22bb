"""The AI's estimate of a position for one seat: a share of a strength score built from Rival
Points, health, the ultimate gauge, tokens, resources and poison, among the Ashaks standing.

Two sets of weights, chosen by the game's mode (`weights_for`):

- **Battle royale** (2 to 6 Ashaks) puts everything in Rival Points' terms: a point is worth 3;
  ten resources of one kind buy a point, so a resource is worth a little less than a tenth of
  one; the gauge counts most when it is nearly full; 4 HP (a fall) are worth 1; and the tile about
  to fall under an Ashak counts as the HP it will cost. Bots evaluate determinized states, in
  which the zone deck's order is a sample: the tiles its next cards drop are then a guess
  consistent with what the seat knows.
- **Drone mode** keeps the weights the drone mode was tuned with: resources light, the gauge
  linear, no look at the falling tiles, and what a drone holds a little below the same on the
  Ashak. The battle royale's weights cost the hard bot most of its edge over greedy there (see
  RULES_NOTES.md, "Drone mode", AI)."""

from __future__ import annotations

from typing import NamedTuple

from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.board import FALL_LOSS, STARTING_TILES, TILE_OF, ZONE_CARDS
from engine.rivals.drone import schedule
from engine.rivals.state import RivalsState


class Weights(NamedTuple):
    """What one unit of each thing an Ashak (or its drone) holds adds to its strength."""

    rp: float
    hp: float
    gauge: float  # a full gauge; a partial one counts (fill ** gauge_power) of it
    gauge_power: int
    token: float
    resource: float
    poison: float  # per poison token, subtracted
    doom: bool  # count the tile about to fall under an Ashak as FALL_LOSS HP lost
    # What the drone holds (drone mode only): worth something once carried home, and a hack
    # can take any of it away.
    drone_rp: float = 0.0
    drone_token: float = 0.0
    drone_resource: float = 0.0
    drone_card: float = 0.0


BATTLE_ROYALE = Weights(
    rp=3.0, hp=0.25, gauge=1.2, gauge_power=2, token=0.4, resource=0.2, poison=0.3, doom=True
)
DRONE_MODE = Weights(
    rp=3.0,
    hp=0.25,
    gauge=1.0,
    gauge_power=1,
    token=0.4,
    resource=0.05,
    poison=0.3,
    doom=False,
    drone_rp=2.0,
    drone_token=0.3,
    drone_resource=0.04,
    drone_card=0.15,
)


def weights_for(s: RivalsState) -> Weights:
    return DRONE_MODE if s.drone_mode else BATTLE_ROYALE


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


def strength(s: RivalsState, o: int, w: Weights, doomed: set[int]) -> float:
    if not s.ashaks[o].alive:
        return 0.0
    a = s.ashaks[o].kind
    gauge = ASHAKS[a].gauge if a >= 0 else 10
    hp = s.ashaks[o].hp - (FALL_LOSS if s.ashaks[o].pos >= 0 and TILE_OF[s.ashaks[o].pos] in doomed else 0)
    return (
        1.0
        + w.rp * s.ashaks[o].rp
        + w.hp * max(hp, 0)
        + w.gauge * (s.ashaks[o].ult / gauge) ** w.gauge_power
        + w.token * (s.ashaks[o].tokens + s.ashaks[o].active_tokens)
        + w.resource * (s.ashaks[o].crystals + s.ashaks[o].resins)
        - w.poison * len(s.ashaks[o].poison)
        + (drone_strength(s, o, w) if s.drone_mode else 0.0)
    )


def drone_strength(s: RivalsState, o: int, w: Weights) -> float:
    return (
        w.drone_rp * s.drones[o].rp
        + w.drone_token * s.drones[o].tokens
        + w.drone_resource * (s.drones[o].crystals + s.drones[o].resins)
        + w.drone_card * len(s.drones[o].cards)
    )


def evaluate(s: RivalsState, seat: int) -> float:
    if s.winners:
        return 1.0 / len(s.winners) if seat in s.winners else 0.0
    w = weights_for(s)
    doomed = doomed_tiles(s) if w.doom else set()
    total = sum(strength(s, o, w, doomed) for o in range(s.seats))
    return strength(s, seat, w, doomed) / total if total > 0 else 0.0
