"""The end of a toy game scored in plain points, shared by the test games."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Outcome, ScoreLine


def most_points(points: Sequence[int], label: str, reason: str, best: int | None = None) -> Outcome:
    """The seats holding `best` points win (by default the most anyone holds); one score line."""
    top = max(points) if best is None else best
    return Outcome(
        scores=tuple(points),
        winners=tuple(i for i, p in enumerate(points) if p == top),
        lines=(ScoreLine(label, tuple(points)),),
        reason=reason,
    )
