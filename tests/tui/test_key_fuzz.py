"""Random keys at key-repeat speed over every screen: the app never crashes.

Keys arrive in bursts posted straight to the driver, without waiting for the app to handle each
one, the way a held-down key or a fast typist delivers them: a screen may be gone by the time
the next key for it is handled. Each screen gets its own seeded run (it is reached first, then
hammered), so that the walk cannot get stuck in one corner. Bounded in time; a failure names
the screen and the burst.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual import events

from engine.core import Rng
from rivals_tui.app import RivalsApp
from rivals_tui.session import LocalSession
from tests.tui.conftest import HOT_SEAT, VS_AI, goof_match, make_app, make_store

# Every key some screen binds, plus the ones players hit by mistake.
KEYS = [
    *"ncorsqjkaulhdy",
    *"-+0123456789",
    "enter", "escape", "space", "tab", "shift+tab", "backspace",
    "up", "down", "left", "right", "pageup", "pagedown", "home", "end",
    "f1", "f2", "ctrl+p", "ctrl+s", "ctrl+c", "question_mark", "left_square_bracket",
]  # fmt: skip
_CHARS = {"space": " ", "question_mark": "?", "left_square_bracket": "["}
BURSTS_PER_SCREEN = int(os.environ.get("RIVALS_FUZZ_BURSTS", "3"))
MIN_BURSTS = 2
# On a slow (or busy) machine every screen still gets MIN_BURSTS, the rest stop at this bound.
TIME_LIMIT = 4.0
SEED = int(os.environ.get("RIVALS_FUZZ_SEED", "1"))


def send_burst(app: RivalsApp, keys: list[str]) -> None:
    """Post `keys` to the app at once, as a terminal delivers keys typed faster than handled."""
    from textual.app import _character_to_key  # the same mapping Pilot uses

    driver = app._driver
    assert driver is not None
    for key in keys:
        if len(key) == 1 and not key.isalnum():
            key = _character_to_key(key)
        char = _CHARS.get(key, key if len(key) == 1 else None)
        event = events.Key(key, char)
        event.set_sender(app)
        driver.send_message(event)


def _session(seats: Any, cards: int = 5) -> Callable[[Any], LocalSession]:
    return lambda store: LocalSession(goof_match(seats, cards=cards), store)


def _finished(store: Any) -> LocalSession:
    m = goof_match(VS_AI, cards=2)
    while not m.over:
        seat = m.to_act()[0]
        m.submit(seat, m.legal(seat)[0])
    return LocalSession(m, store)


# Each entry: the screen it aims at, the keys that reach it from the start, the game to open.
START: list[tuple[str, list[str], Callable[[Any], LocalSession] | None]] = [
    ("MenuScreen", [], None),
    ("NewGameScreen", ["n"], None),
    ("LoadScreen", ["o"], None),
    ("RulesScreen", ["r", "enter"], None),
    ("SettingsScreen", ["s"], None),
    ("GameScreen", [], _session(VS_AI)),
    ("PassScreen", [], _session(HOT_SEAT)),
    ("ActionPicker", ["a"], _session(VS_AI)),
    ("LogScreen", ["l"], _session(VS_AI)),
    ("GameOverScreen", [], _finished),
    ("RivalsCommandPalette", ["ctrl+p"], _session(VS_AI)),
]


async def _hammer(app: RivalsApp, keys: list[str], rng: Rng, end: float, seen: set[str]) -> int:
    """Reach the screen with `keys`, then send up to BURSTS_PER_SCREEN bursts of random keys."""
    sent = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*keys)
        for _ in range(3):
            await pilot.pause()
        seen.add(type(app.screen).__name__)
        n = 0
        while n < BURSTS_PER_SCREEN and (n < MIN_BURSTS or time.monotonic() < end) and not app._exit:
            burst = [KEYS[rng.below(len(KEYS))] for _ in range(1 + rng.below(6))]
            send_burst(app, burst)
            sent += len(burst)
            n += 1
            await pilot.pause()
            seen.add(type(app.screen).__name__)
            assert app._exception is None, f"burst {n}: {burst}"
        await app.workers.wait_for_complete()
    assert app.return_code in (None, 0)
    return sent


@pytest.mark.paints  # a crash painting any state along the way fails it
async def test_random_key_bursts_on_every_screen_never_crash_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Random keys typed into "Save elsewhere" name a folder relative to where the app runs:
    # here, never the repository.
    monkeypatch.chdir(tmp_path)
    rng = Rng.from_seed(SEED)
    store = make_store(tmp_path)
    store.save("versus", goof_match(VS_AI))
    store.save("broken", goof_match(VS_AI))
    store.path("broken").write_text('{"format_version": 1, "game": "goofspiel"')
    seen: set[str] = set()
    sent = 0
    started = time.monotonic()
    end = started + TIME_LIMIT
    for _, keys, make_session in START:
        session = make_session(store) if make_session is not None else None
        app = make_app(tmp_path, store=store, session=session)
        sent += await _hammer(app, keys, rng, end, seen)
        if session is not None:
            session.close()
    took = time.monotonic() - started
    print(f"seed {SEED}: {sent} keys over {len(START)} starting screens in {took:.1f} s; seen {sorted(seen)}")
    aimed = {name for name, _, _ in START}
    assert aimed <= seen, f"never reached {sorted(aimed - seen)}"
    assert sent >= 2 * len(START)


async def test_a_key_that_arrives_after_the_last_screen_closed_is_ignored(tmp_path: Path) -> None:
    # Found by the bursts above: keys typed while the app quits reached it after its screens were
    # gone, and the app ended with a traceback instead of quietly.
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert not app.screen_stack
    key = events.Key("q", "q")
    key._set_forwarded()  # handed up by a screen, as in the failure
    await app.on_event(key)
