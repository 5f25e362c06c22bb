"""The saves package stays free of the UI: importing it never pulls in Textual or Rich."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = ["saves", "saves.codec", "saves.errors", "saves.lock", "saves.migrations", "saves.store"]


@pytest.mark.parametrize("module", MODULES)
def test_saves_module_does_not_import_textual_or_rich(module: str) -> None:
    code = (
        f"import sys, {module}; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "[]"
