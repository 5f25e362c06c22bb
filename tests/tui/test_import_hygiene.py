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
for package in ("engine", "saves"):
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


def test_engine_and_saves_never_import_textual_or_rich() -> None:
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(root=str(ROOT))], capture_output=True, text=True, check=True
    ).stdout
    result = json.loads(out)
    assert "engine.core.match" in result["imported"] and "saves.store" in result["imported"]
    assert result["ui"] == []
