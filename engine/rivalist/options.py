"""Rivalist variants."""

from __future__ import annotations

import attrs


@attrs.frozen
class RLOptions:
    """Rivalist has no variants."""
