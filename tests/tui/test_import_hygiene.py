"""The engine and saves layers never pull in Textual or Rich (DESIGN.md: one-way imports)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import importlib, json, pkgutil, sys
sys.path.insert(0, {root!r})
names = []
for package in ("engine", "saves", "rivals_net"):
    pkg = importlib.import_module(package)
    names.append(package)
    for info in pkgutil.walk_packages(pkg.__path__, package + "."):
        if info.name.endswith("__main__"):
            continue
        importlib.import_module(info.name)
        names.append(info.name)
ui = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
print(json.dumps({{"imported": names, "ui": ui}}))
"""


def test_engine_saves_and_the_table_server_never_import_textual_or_rich() -> None:
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(root=str(ROOT))], capture_output=True, text=True, check=True
    ).stdout
    result = json.loads(out)
    assert "engine.core.match" in result["imported"] and "saves.store" in result["imported"]
    assert "rivals_net.server" in result["imported"] and "rivals_net.door" in result["imported"]
    assert result["ui"] == []


def _imports_of(path: Path) -> set[str]:
    """Every module a source file imports (absolute names), read from its syntax tree."""
    import ast

    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def test_layers_import_one_way_only() -> None:
    # rivals_tui -> saves -> engine: the engine never reads or writes files, saves never draw.
    # Every import counts, those inside a function too, and the measuring tools are no exception:
    # each layer times itself (engine.bench the rules, saves.bench saving, rivals_tui.bench the
    # app's start-up).
    # rivals_net (the table server, the SSH door) sits beside rivals_tui: it may use engine and
    # saves, never the app; the app may use only its client end (protocol and client), the
    # CLI starts the server for `rivals serve` (and reads the door's limits for its options), and
    # the door's spawner process (the app, waiting to be forked) speaks the door's message format.
    forbidden = {
        "engine": ("saves", "rivals_tui", "rivals_net", "textual", "rich"),
        "saves": ("rivals_tui", "rivals_net", "textual", "rich"),
        "rivals_net": ("rivals_tui", "textual", "rich"),
    }
    offenders = []
    for layer, banned in forbidden.items():
        for path in sorted((ROOT / layer).rglob("*.py")):
            for name in _imports_of(path):
                if name.split(".")[0] in banned:
                    offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    # The client end, the bench's timing marks (a module of the standard library only) and what
    # makes a player's text plain (one list of unsafe characters for the server and the app).
    client_end = {
        "rivals_net",
        "rivals_net.protocol",
        "rivals_net.client",
        "rivals_net.trace",
        "rivals_net.plain",
    }
    for path in sorted((ROOT / "rivals_tui").rglob("*.py")):
        allowed = client_end | {
            "cli.py": {"rivals_net.serve", "rivals_net.door_limits", "rivals_net.limits"},
            "spawner.py": {"rivals_net.spawner"},
        }.get(path.name, set())
        for name in _imports_of(path):
            if name.split(".")[0] == "rivals_net" and name not in allowed:
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


LAZY = """
import json, sys
sys.path.insert(0, {root!r})
from engine.registry import GAMES
listed = [(GAMES.info(g).title, list(GAMES.info(g).players), GAMES.info(g).options.__name__) for g in GAMES]
def rules_modules():
    return sorted(
        m for m in sys.modules
        if m.startswith("engine.") and not m.startswith("engine.core") and m.endswith((".game", ".rules"))
    )
rules = rules_modules()
GAMES["rivality"]
loaded = rules_modules()
print(json.dumps({{"listed": listed, "rules": rules, "after": loaded}}))
"""


def test_the_game_list_is_known_without_loading_any_rules() -> None:
    out = subprocess.run(
        [sys.executable, "-c", LAZY.format(root=str(ROOT))], capture_output=True, text=True, check=True
    ).stdout
    result = json.loads(out)
    titles = [t for t, _, _ in result["listed"]]
    assert "Rival Kings" in titles and "Rivality" in titles
    assert result["rules"] == []
    # Choosing Rivality loads its rules (game.py and its rules/ package) and no other game's.
    assert "engine.rivality.game" in result["after"]
    assert all(m.startswith("engine.rivality.") for m in result["after"]), result["after"]
