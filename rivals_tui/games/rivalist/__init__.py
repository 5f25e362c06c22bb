"""The Rivalist board for the terminal app (`BOARD`, loaded by `rivals_tui.games`)."""

from __future__ import annotations

from rivals_tui.games.rivalist.board import RivalistBoard

BOARD = RivalistBoard

__all__ = ["BOARD", "RivalistBoard"]
