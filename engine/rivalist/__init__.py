"""Rivalist: a two-player duel of three Ages, wonders, science and military. Exposes `GAME`."""

from engine.rivalist.game import GAME, Rivalist
from engine.rivalist.state import RVOptions, RVState

__all__ = ["GAME", "RVOptions", "RVState", "Rivalist"]
