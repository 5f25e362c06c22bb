"""Random keys at key-repeat speed over every screen: the app never crashes.

Keys arrive in bursts posted straight to the driver, without waiting for the app to handle each
one, the way a held-down key or a fast typist delivers them: a screen may be gone by the time
the next key for it is handled. Seeded and bounded; a failure prints the seed and the burst.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from textual import events

from engine.core import Rng
from rivals_tui.app import RivalsApp
from tests.tui.conftest import HOT_SEAT, VS_AI, goof_match, make_app, make_store

# Every key some screen binds, plus the ones players hit by mistake.
KEYS = [
    *"ncorsqjkaulhdy",
    *"-+0123456789",
    "enter", "escape", "space", "tab", "shift+tab", "backspace",
    "up", "down", "left", "right", "pageup", "pagedown", "home", "end",
    "f1", "f2", "ctrl+p", "ctrl+s", "ctrl+c", "question_mark", "left_square_bracket",
]  # fmt: skip
SCREENS_TO_SEE = {
    "MenuScreen",
    "NewGameScreen",
    "LoadScreen",
    "RulesScreen",
    "SettingsScreen",
    "GameScreen",
    "ActionPicker",
    "LogScreen",
    "CommandPalette",
}
BURSTS = 120
PROFILE = False
TIME_LIMIT = float(os.environ.get("RIVALS_FUZZ_SECONDS", "18"))


def _send_burst(app: RivalsApp, keys: list[str]) -> None:
    from textual.app import _character_to_key  # the same mapping Pilot uses

    driver = app._driver
    assert driver is not None
    for key in keys:
        if len(key) == 1 and not key.isalnum():
            key = _character_to_key(key)
        char = {"space": " ", "question_mark": "?", "left_square_bracket": "["}.get(key)
        if char is None and len(key) == 1:
            char = key
        event = events.Key(key, char)
        event.set_sender(app)
        driver.send_message(event)


async def _fuzz(app: RivalsApp, rng: Rng, bursts: int, seen: set[str], deadline: float) -> int:
    sent = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for n in range(bursts):
            if time.monotonic() > deadline or app._exit:
                break
            burst = [KEYS[rng.below(len(KEYS))] for _ in range(1 + rng.below(6))]
            _send_burst(app, burst)
            sent += len(burst)
            t0 = time.monotonic()
            await pilot.pause()
            if PROFILE:
                print(type(app.screen).__name__, burst, round(time.monotonic() - t0, 3))
            seen.add(type(app.screen).__name__)
            assert app._exception is None, f"burst {n}: {burst}"
        await app.workers.wait_for_complete()
    assert app.return_code in (None, 0)
    return sent


async def test_random_key_bursts_never_crash_the_app(tmp_path: Path) -> None:
    seed = int(os.environ.get("RIVALS_FUZZ_SEED", "1"))
    rng = Rng.from_seed(seed)
    store = make_store(tmp_path)
    # Saves to load and continue: against a bot, hot-seat, and a damaged one.
    store.save("versus", goof_match(VS_AI))
    store.save("hotseat", goof_match(HOT_SEAT))
    store.path("broken").write_text('{"format_version": 1, "game": "goofspiel"')
    deadline = time.monotonic() + TIME_LIMIT
    seen: set[str] = set()
    sent = 0
    apps = 0
    while time.monotonic() < deadline:
        apps += 1
        app = make_app(tmp_path, store=store)
        sent += await _fuzz(app, rng, BURSTS, seen, deadline)
    took = time.monotonic() - deadline + TIME_LIMIT
    print(f"seed {seed}: {sent} keys in {apps} app runs, {took:.1f} s; screens seen: {sorted(seen)}")
    assert sent > 100
    # The walk must really reach the screens it claims to test (game screens come from n/c/o).
    assert {"MenuScreen", "NewGameScreen", "GameScreen"} <= seen
