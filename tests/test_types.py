"""`mypy --strict` over the project's packages (configured in pyproject.toml), as one test.

Inside the suite rather than before it, the type check runs on one worker while the others run
tests, instead of holding up the whole command for its quarter of a minute of CPU.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_packages_type_check_strictly() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout
