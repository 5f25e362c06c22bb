"""Errors the engine raises. Each carries a sentence a player can read."""

from __future__ import annotations


class IllegalAction(ValueError):
    """The action is not allowed now. `reason` is shown to the player as is."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotYourTurn(IllegalAction):
    """The seat does not owe a decision at the moment."""
