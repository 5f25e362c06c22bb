"""The screens and widgets do not reach back into the app or their screen (read from their
syntax trees): a board is given what it shows, every screen reaches the app through the one typed
accessor (`WithRivals.rivals`, Textual's `getters.app`), and no screen asks which kind of session
it holds — the session says what it can do (`passes_keyboard`, `answers_later`, ...)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "rivals_tui"
# Screens and widgets: the screens, the dialogs, the widgets and every game's board.
PLACES = ("screens", "dialogs", "widgets", "games")


def _self_attr(node: ast.expr, name: str) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == name
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    )


def reaches_back(path: Path) -> list[str]:
    """Each place in `path` that reads the hosting screen with getattr, checks the app's class or
    asks a session whether it is remote, as "file:line what"."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        what = ""
        if isinstance(node, ast.Attribute) and node.attr == "remote":
            what = ".remote"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
            if node.func.id == "getattr" and _self_attr(node.args[0], "screen"):
                what = "getattr(self.screen, ...)"
            elif node.func.id == "isinstance" and _self_attr(node.args[0], "app"):
                what = "isinstance(self.app, ...)"
        if what:
            found.append(f"{path.relative_to(ROOT.parent)}:{getattr(node, 'lineno', 0)} {what}")
    return found


def test_no_screen_or_widget_reaches_back_into_the_app_its_screen_or_the_sessions_kind() -> None:
    paths = sorted(p for place in PLACES for p in (ROOT / place).rglob("*.py"))
    assert len(paths) > 30  # (the places are where this test thinks they are)
    assert [line for path in paths for line in reaches_back(path)] == []
