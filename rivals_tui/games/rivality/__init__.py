"""The Rivality board for the terminal app (`BOARD`, loaded by `rivals_tui.games`)."""

from __future__ import annotations

from rivals_tui.games.rivality.board import RivalityBoard

BOARD = RivalityBoard

__all__ = ["BOARD", "RivalityBoard"]
