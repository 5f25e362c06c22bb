"""Rival Kings: court characters, conflicts, subjects and buildings. Exposes `GAME`."""

from engine.rival_kings.game import GAME, RivalKings
from engine.rival_kings.state import RKOptions, RKState

__all__ = ["GAME", "RKOptions", "RKState", "RivalKings"]
