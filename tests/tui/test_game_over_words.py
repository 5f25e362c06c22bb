"""The game-over headline for every kind of ending, including a solo game lost to the rules."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.core import SeatSpec
from rivals_tui.screens.game_over import headline


def table(*names: str) -> Any:
    return SimpleNamespace(seats=tuple(SeatSpec(n) for n in names))


def test_headlines() -> None:
    assert headline(table("Ann", "Ben"), (1,)) == "Ben wins!"
    assert headline(table("Ann", "Ben", "Cy", "Di"), (0, 2)) == "Shared victory: Ann and Cy."
    # Solo against a rule-driven opponent: no seat wins, and the screen must still say so.
    assert headline(table("Ann"), ()) == "Ann does not win."
    assert headline(table("Ann", "Ben"), ()) == "Nobody wins."
