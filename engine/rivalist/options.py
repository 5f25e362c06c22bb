"""Rivalist variants."""

from __future__ import annotations

import attrs


@attrs.frozen
class RivalistOptions:
    """Rivalist has no variants."""
