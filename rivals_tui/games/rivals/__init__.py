"""The Rivals board for the terminal app (`BOARD`, loaded by `rivals_tui.games`)."""

from __future__ import annotations

from rivals_tui.games.rivals.board import RivalsBoard

BOARD = RivalsBoard

__all__ = ["BOARD", "RivalsBoard"]
