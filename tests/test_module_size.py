"""No module of the product is over 600 lines (STYLE: simple, legible code): a longer one is
split along a seam of its own, not cut at a line count."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 600


def test_no_module_is_over_600_lines() -> None:
    long = sorted(
        f"{path.relative_to(ROOT)}: {n} lines"
        for package in ("engine", "saves", "rivals_tui", "rivals_net")
        for path in (ROOT / package).rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT
    )
    assert long == [], "\n".join(long)
