"""A game's life cycle is written once, in `RivalsApp` (read from the sources): the app at a
table server (`RemoteApp`) adds the connection and the lobby, and leaves making, opening, ending
and leaving a game to the app it extends, its session and its tables (`RemoteTables`)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "rivals_tui"
LIFE_CYCLE = {"new_match", "next_game", "to_menu", "game_over", "close_session", "start_match", "own_name"}


def methods_of(path: Path, name: str) -> set[str]:
    """The names of the functions class `name` defines in `path`."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name == name:
            return {f.name for f in node.body if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)}
    raise AssertionError(f"no class {name} in {path}")


def test_the_app_at_a_server_overrides_nothing_of_a_games_life_cycle() -> None:
    assert {"new_match", "next_game", "to_menu"} <= methods_of(ROOT / "app.py", "RivalsApp")
    assert methods_of(ROOT / "remote_app.py", "RemoteApp") & LIFE_CYCLE == set()
