"""Rival Realms: summon regions into your realm and explore them before your rival (1-2 players).
Exposes `GAME`."""

from engine.rival_realms.game import GAME, RivalRealms
from engine.rival_realms.options import RealmsOptions
from engine.rival_realms.state import RealmsState

__all__ = ["GAME", "RealmsOptions", "RealmsState", "RivalRealms"]
