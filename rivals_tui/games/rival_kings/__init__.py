"""The Rival Kings board for the terminal app (`BOARD`, loaded by `rivals_tui.games`)."""

from __future__ import annotations

from rivals_tui.games.rival_kings.board import RivalKingsBoard

BOARD = RivalKingsBoard

__all__ = ["BOARD", "RivalKingsBoard"]
