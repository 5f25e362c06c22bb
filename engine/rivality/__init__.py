"""Rivality: tiles, golems and magicians on a growing battlefield (1-4 players). Exposes `GAME`."""

from engine.rivality.game import GAME, Rivality
from engine.rivality.state import RVOptions, RVState

__all__ = ["GAME", "RVOptions", "RVState", "Rivality"]
