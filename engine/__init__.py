"""Rules engines for the five games. Pure Python and attrs: no I/O, no UI, no threads."""

from engine.registry import GAMES, get_game

__version__ = "0.5.0"

__all__ = ["GAMES", "__version__", "get_game"]
