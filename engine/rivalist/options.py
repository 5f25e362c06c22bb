"""Rivalist variants."""

from __future__ import annotations

import attrs


@attrs.frozen
class RVOptions:
    """Rivalist has no variants."""
