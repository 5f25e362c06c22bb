"""What every game shares: the contract, seats, RNG, errors, events and the Match."""

from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.game import (
    AnyGame,
    Event,
    Game,
    GameBase,
    Outcome,
    Prompt,
    ScoreLine,
    SeatSpec,
    name_seats,
    seat_label,
)
from engine.core.rng import Rng
from engine.core.words import count

__all__ = [
    "AnyGame",
    "Event",
    "Game",
    "GameBase",
    "IllegalAction",
    "NotYourTurn",
    "Outcome",
    "Prompt",
    "Rng",
    "ScoreLine",
    "SeatSpec",
    "count",
    "name_seats",
    "seat_label",
]
