"""Rival Kings variants."""

from __future__ import annotations

import attrs


@attrs.frozen
class RKOptions:
    """Rival Kings has no variants; the series option lives in Match.Series."""
