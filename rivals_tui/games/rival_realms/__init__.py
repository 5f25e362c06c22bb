"""The Rival Realms board for the terminal app (`BOARD`, loaded by `rivals_tui.games`)."""

from __future__ import annotations

from rivals_tui.games.rival_realms.board import RivalRealmsBoard

BOARD = RivalRealmsBoard

__all__ = ["BOARD", "RivalRealmsBoard"]
