"""The Textual app: menu, game screens, dialogs and help for every game in `engine.GAMES`."""

from engine import __version__

__all__ = ["__version__"]
