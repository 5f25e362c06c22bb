"""No text a player reads says "card(s)" or "hex(es)": counts go through engine.core.count."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEDGED = re.compile(r"[A-Za-z]\((s|es)\)")


def hedged_plurals(path: Path) -> list[str]:
    """Every string in `path` (f-string parts included, docstrings left out) with a hedged plural."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        text = node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else ""
        # Generated source (the copier's "def copy(s):") is not a text anyone reads.
        if id(node) not in docstrings and HEDGED.search(text) and not text.startswith("def "):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text!r}")
    return found


def test_no_hedged_plurals_in_what_players_read() -> None:
    found = [
        hit
        for folder in ("engine", "rivals_tui", "rivals_net", "saves")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for hit in hedged_plurals(path)
    ]
    assert not found, "\n".join(found)
