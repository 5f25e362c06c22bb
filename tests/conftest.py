"""Test-wide setup: the repository root on sys.path so `tests.support` imports."""

import sys
from pathlib import Path
from typing import Any

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


def pytest_configure(config: object) -> None:
    _share_parsed_css()
    if not hasattr(config, "workerinput"):  # once, in the process that starts the workers
        _compile_the_project()


def _compile_the_project() -> None:
    """Write the project's bytecode once before the workers start.

    Where PYTHONDONTWRITEBYTECODE is set (this machine's shell, and possibly CI's), no process
    keeps the bytecode it compiles, so each worker and each of the tens of app processes the
    SSH, CLI and terminal tests start compiled the project from source again: about half a
    second of CPU each (0.86 s instead of 1.4 s to import every game and screen). compileall
    writes the files whatever that variable says and skips those already up to date."""
    import compileall

    for package in ("engine", "saves", "rivals_tui", "rivals_net"):
        compileall.compile_dir(ROOT / package, quiet=1)


def _share_parsed_css() -> None:
    """Parse each piece of Textual CSS once per test process instead of once per app.

    Textual keeps parsed CSS per stylesheet, and every app has its own, so each of the hundreds
    of apps the tests start parsed the same default and app CSS again: about a third of a game
    screen's start-up CPU (0.2 of 0.6 s). A player's app starts once, so only the tests pay it.
    The parsed rules are not changed after parsing (a stylesheet already hands the same list
    out again on a re-parse); the key includes the theme variables the parse substitutes."""
    from textual.css.stylesheet import Stylesheet

    parse_rules = Stylesheet._parse_rules
    shared: dict[Any, Any] = {}

    def parse_once(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> Any:
        key = (css, read_from, is_default_rules, tie_breaker, scope, frozenset(self._variables.items()))
        rules = shared.get(key)
        if rules is None:
            rules = shared[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    Stylesheet._parse_rules = parse_once  # type: ignore[method-assign]
