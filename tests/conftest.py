"""Test-wide setup: the repository root on sys.path so `tests.support` imports."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_collection_finish(session: object) -> None:
    """Cheaper garbage collection for the run. Every test module and the games' card data are
    loaded by now and live to the end: frozen, the collector stops walking them again and again,
    and a higher first threshold lets Textual's many short-lived objects die between
    collections. About a tenth of the app tests' CPU time (measured with `time pytest
    tests/tui/test_screens.py tests/tui/test_flows.py`: 40.1 s user before, 35.8 s after)."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 10, 10)
