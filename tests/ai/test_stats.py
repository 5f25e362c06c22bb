"""The arena's statistics: Wilson intervals and percentiles against hand-checked values."""

from __future__ import annotations

import pytest

from engine.ai.stats import percentile, wilson


@pytest.mark.parametrize(
    ("wins", "n", "lo", "hi"),
    [
        (5, 10, 0.2366, 0.7634),  # a coin flip over 10 games tells little
        (0, 10, 0.0, 0.2775),  # never winning still leaves room up to 28%
        (10, 10, 0.7225, 1.0),
        (81, 100, 0.7222, 0.8749),
        (110, 200, 0.4808, 0.6174),
    ],
)
def test_wilson_interval_matches_published_values(wins: float, n: int, lo: float, hi: float) -> None:
    got = wilson(wins, n)
    assert got == pytest.approx((lo, hi), abs=5e-5)


def test_wilson_accepts_shared_ties_and_narrows_with_more_games() -> None:
    # 2.5 wins out of 5 (one shared game) sits exactly in the middle.
    lo, hi = wilson(2.5, 5)
    assert lo + hi == pytest.approx(1.0)
    assert wilson(100, 200)[0] > wilson(10, 20)[0]
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_percentile_interpolates_between_ranks() -> None:
    xs = [0.4, 0.1, 0.3, 0.2, 0.5]
    assert percentile(xs, 50) == pytest.approx(0.3)
    assert percentile(xs, 100) == pytest.approx(0.5)
    assert percentile(xs, 95) == pytest.approx(0.48)
    assert percentile([1.0, 2.0], 25) == pytest.approx(1.25)
