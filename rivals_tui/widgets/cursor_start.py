"""Where a line board's cursor starts at a new decision, beyond the game's own preference
(`LineBoard.place_cursor`): what Enter pressed by habit must not do."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rivals_tui.widgets.lineboard import LineBoard


def asks_at(board: LineBoard, n: int) -> bool:
    """Whether Enter on item `n` asks first (`asks_first`) instead of deciding."""
    acts = board.actions_for(board.table().items[n].key)
    return len(acts) == 1 and board.asks_first(acts[0]) is not None


def pass_piece(board: LineBoard, targets: Sequence[int]) -> int | None:
    """In a window the seat is usually let pass (`Prompt.declines`), the piece that stands for
    the plain pass alone (the last legal action), if the board shows one."""
    if not board.legal or board.seat is None or board.game.prompt(board.view, board.seat).declines <= 0:
        return None
    passing = board.legal[-1]
    items = board.table().items
    return next((n for n in targets if list(board.actions_for(items[n].key)) == [passing]), None)
