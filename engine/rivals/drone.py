"""Drone mode (two seats): the set-up changes, the round schedule and the drone's limits. A
drone's own turn and shot are in rules/drone_turn.py, exchange with its Ashak and hacking in
rules/drone_hack.py, cards aimed at it in rules/drone_cards.py; what it does as an Ashak does
(moving, spending, collecting, negotiating, being pushed, climbing back) is the Ashak's rule
taking a body (rules/bodies.py, rules/collect.py, effects.py, rules/choices.py).

A drone is not a seat: it belongs to a seat (its owner decides its turns). It is a record,
`state.DroneBody`, in `RivalsState.drones`, indexed by the owner's seat. See RULES_NOTES.md,
"Drone mode"."""

from __future__ import annotations

from engine.rivals.data.board import (
    ANTICIPATION_MAX,
    ROUND_ERA,
    ROUND_REVEALS,
    STARTING_TILES,
    TILE_ERA,
    ZONE_CARDS,
)
from engine.rivals.state import DroneBody, RivalsState

CARD_SLOTS = 3  # a drone stores three cards at most, face up
TOKEN_SLOTS = ANTICIPATION_MAX
ATTACK_DAMAGE = 1
ATTACK_RANGE = 1
EXCHANGE_RANGE = 1
HACK_RANGE = 2
HACK_DICE = 3
# Zone cards per round: the first round drops the starting tiles instead of a zone card, then
# the eras 2 and 3 rounds of the standard game.
DRONE_REVEALS: tuple[int, ...] = (0, 2, 2, 2, 2, 1, 1, 1, 1)
DRONE_ERA: tuple[int, ...] = (1, 2, 2, 2, 2, 3, 3, 3, 3)


def schedule(s: RivalsState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The zone cards revealed and the era of each round, for this game's mode."""
    return (DRONE_REVEALS, DRONE_ERA) if s.drone_mode else (ROUND_REVEALS, ROUND_ERA)


def era_of(s: RivalsState, rnd: int) -> int:
    eras = schedule(s)[1]
    return eras[min(max(rnd, 1), len(eras)) - 1]


def prepare(s: RivalsState) -> None:
    """Drone-mode set-up on a freshly built state: the era-1 tiles other than the six starting
    tiles and the era-1 zone cards leave the game, the Volcano's sponsor starts active, and each
    seat gets an empty drone (placed after its Ashak)."""
    n = s.seats
    s.drone_mode = True
    for t, era in enumerate(TILE_ERA):
        if era == 1 and t not in STARTING_TILES:
            s.fallen[t] = True
    s.zone_deck = [z for z in s.zone_deck if ZONE_CARDS[z].era != 1]
    s.sponsor[0] = 2
    s.drones = [DroneBody(o) for o in range(n)]


def zone_eras_left(s: RivalsState) -> list[int]:
    """The eras whose zone cards can still be in the deck (determinize deals only these)."""
    return [2, 3] if s.drone_mode else [1, 2, 3]
