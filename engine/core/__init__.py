"""What every game shares: the contract, seats, RNG, errors, events and the Match."""

from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.game import (
    SAME_SEARCH,
    AnyGame,
    Event,
    Game,
    GameBase,
    LevelSearch,
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
    "LevelSearch",
    "NotYourTurn",
    "Outcome",
    "Prompt",
    "Rng",
    "SAME_SEARCH",
    "ScoreLine",
    "SeatSpec",
    "count",
    "name_seats",
    "seat_label",
]
