"""Test-wide setup: the repository root on sys.path so `tests.support` imports."""

import re
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


def pytest_configure(config: Any) -> None:
    config.addinivalue_line("markers", "paints: paint every frame of headless apps as a terminal gets them")
    _share_parsed_css()
    _paint_only_when_looked_at()
    _idle_means_idle_now()
    _no_animations()
    if not hasattr(config, "workerinput"):  # once, in the process that starts the workers
        _compile_the_project()
        _rewrite_the_tests(config)


# The installed packages the tests and the app processes they start import (biggest first, so
# the two compiling processes finish together).
IMPORTED = (
    "cryptography", "textual", "asyncssh", "_pytest", "rich", "pygments", "jinja2", "cattrs",
    "syrupy", "attr", "pluggy", "execnet", "platformdirs", "xdist", "attrs", "markupsafe",
    "pytest_asyncio", "iniconfig",
)  # fmt: skip


def _compile_the_project() -> None:
    """Write the bytecode of the project and of the packages it imports once, in two processes,
    before the workers start.

    Where PYTHONDONTWRITEBYTECODE is set (this machine's shell, and possibly CI's), no process
    keeps the bytecode it compiles, so each worker and each of the tens of app processes the
    SSH, CLI and terminal tests start compiled the project from source again: about half a
    second of CPU each (0.86 s instead of 1.4 s to import every game and screen). compileall
    writes the files whatever that variable says and skips those already up to date.

    The test command installs with `pip install --no-compile`: pip would otherwise compile every
    file of every package, mypy's own sources and the test tools' included, one file at a time
    (10 s of the install here). Here only the packages something imports are compiled, on both
    cores (pygments without its hundreds of lexers: the tests use a handful, compiled on import)."""
    import compileall
    import multiprocessing
    import sysconfig

    site = Path(sysconfig.get_paths()["purelib"])
    folders = [site / name for name in IMPORTED if (site / name).is_dir()]
    folders += [ROOT / package for package in ("engine", "saves", "rivals_tui", "rivals_net", "tests")]
    with multiprocessing.get_context("fork").Pool(2) as pool:
        pool.map(_compile_folder, folders, chunksize=1)
    compileall.compile_file(site / "typing_extensions.py", quiet=1)


def _compile_folder(folder: Path) -> None:
    import compileall

    skip = re.compile(r".*/pygments/lexers/(?!__init__|_mapping)") if folder.name == "pygments" else None
    compileall.compile_dir(folder, quiet=1, rx=skip)


_CONFIG: Any = None


def _rewrite_the_tests(config: Any) -> None:
    """Rewrite the test modules' asserts once, before the workers start, into pytest's cache.

    Where PYTHONDONTWRITEBYTECODE is set, pytest keeps no rewritten module either, so each of
    the three workers rewrote every test module's asserts itself while collecting: about 5 s of
    CPU each, three times over, before the first test ran. Here two forked processes write the
    same files pytest would write (the workers find them up to date and load them), using
    pytest's own rewriting, so what runs is exactly what pytest would have made."""
    global _CONFIG
    import multiprocessing

    if config.getoption("assertmode") != "rewrite":
        return
    _CONFIG = config
    every = sorted((ROOT / "tests").rglob("*.py"))
    files = [f for f in every if f.name.startswith("test_") or f.name == "conftest.py"]
    with multiprocessing.get_context("fork").Pool(2) as pool:
        pool.map(_rewrite_one, files, chunksize=4)
    _CONFIG = None


def _rewrite_one(fn: Path) -> None:
    from _pytest.assertion import rewrite

    state = _CONFIG.stash[rewrite.assertstate_key]
    pyc = rewrite.get_cache_dir(fn) / (fn.name[:-3] + rewrite.PYC_TAIL)
    if rewrite._read_pyc(fn, pyc, state.trace) is not None or not rewrite.try_makedirs(pyc.parent):
        return
    source_stat, co = rewrite._rewrite_test(fn, _CONFIG)
    rewrite._write_pyc(state, co, source_stat, pyc)


def _no_animations() -> None:
    """Apps made by the tests scroll and fade at once instead of in frames (as with
    TEXTUAL_ANIMATIONS=none; read by each App when it is made)."""
    import textual.constants

    textual.constants.TEXTUAL_ANIMATIONS = "none"  # type: ignore[misc]


def _idle_means_idle_now() -> None:
    """`pilot.pause()` looks for an idle app in steps of 2 ms instead of 20.

    Pilot's pause (and so `press`, `click`, our `settle`) first waits until every message the
    screen had queued is handled, then sleeps in steps until a step passes with the process
    using under a millisecond of CPU: an app with nothing left to do. Textual's step is 20 ms,
    so every pause cost at least 20 ms of waiting even when the app was done at once: about
    a third of the app tests' time in one process (tests/tui/test_legends.py, test_legible.py,
    test_screens.py and rivalist/test_board.py: 71 s wall before, 46 s after, the same CPU).
    The condition is the same (an app still working, or an AI thread thinking, keeps it
    waiting, up to Textual's one second); only the time it takes to notice is shorter. A test
    that needs a timer to fire or a paint to happen waits for that, not for a long pause."""
    import textual._wait

    textual._wait.SLEEP_GRANULARITY = 0.002


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


# Whether the running test paints every frame (see _paint_only_when_looked_at).
_PAINT_EVERY_FRAME = False


def pytest_runtest_setup(item: Any) -> None:
    global _PAINT_EVERY_FRAME
    _PAINT_EVERY_FRAME = item.get_closest_marker("paints") is not None


def _paint_only_when_looked_at() -> None:
    """A headless app paints a frame only when a test looks at it.

    Textual renders every frame of a headless app in full (each dirty widget's lines, cropped
    and combined) and then throws it away, because no terminal is there to receive it: a fifth
    of the app tests' CPU (tests/tui with three workers: 166 s user, 131 s without). What a test
    reads is not affected: a screenshot, a snapshot, `render_lines` or `visible_content` paint
    afresh from the layout, which is still worked out at every update. Tests marked `paints`
    (a whole game on each game's screen, the drone game, the random-key bursts) paint every
    frame as a terminal would get it, so an exception raised while painting any state along the
    way still fails them. Textual is pinned (pyproject.toml): this and the two patches above
    replace private parts of it, checked again at each upgrade."""
    from textual.screen import Screen

    refresh = Screen._compositor_refresh

    def paint_if_watched(self: Screen[Any]) -> None:
        app = self.app
        if _PAINT_EVERY_FRAME or not app.is_headless or self is not app.screen or app.is_inline:
            refresh(self)
            return
        self._compositor._dirty_regions.clear()
        self._dirty_widgets.clear()
        app._update_mouse_over(self)

    Screen._compositor_refresh = paint_if_watched  # type: ignore[method-assign]
