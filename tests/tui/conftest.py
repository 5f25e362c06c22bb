"""Shared fixtures for the app tests: a save store and settings in tmp, the toy game, fast AI."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engine.ai
from engine.core import SeatSpec
from engine.core.match import Match
from rivals_tui import ascii_mode, glyphs
from rivals_tui.app import RivalsApp
from rivals_tui.settings import Settings
from saves.store import SaveStore
from tests.support.goofspiel import Goofspiel

GAMES: dict[str, Any] = {"goofspiel": Goofspiel()}
HELP = Path(__file__).parent / "help"


@pytest.fixture(autouse=True)
def _isolate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # Never touch the real user folders, whatever a test forgets to pass.
    monkeypatch.setenv("RIVALS_SAVE_DIR", str(tmp_path / "env-saves"))
    monkeypatch.setenv("RIVALS_CONFIG_DIR", str(tmp_path / "env-config"))
    monkeypatch.setenv("RIVALS_DATA_DIR", str(tmp_path / "env-data"))
    # Board symbols as on a UTF-8 terminal whatever the test machine's locale (the ASCII set has
    # tests of its own); the set in use is put back after each test.
    monkeypatch.setattr(glyphs, "_plain", False)
    monkeypatch.setattr(glyphs, "unicode_terminal", lambda *args, **kwargs: True)
    monkeypatch.setenv("RIVALS_STATE_DIR", str(tmp_path / "env-state"))
    # The hint key (expert) and "hard" and "expert" seats search briefly: these tests check what
    # the screen does with the bot's answer, not how strong it is (tests/ai measures that), and a
    # full search costs up to a second of CPU each time, or several for expert.
    monkeypatch.setattr(engine.ai, "EXPERT_ITERATIONS", 40)
    monkeypatch.setattr(engine.ai, "HARD_ITERATIONS", 40)
    monkeypatch.setattr(engine.ai, "NORMAL_ITERATIONS", 20)
    yield
    # An app in the ASCII set switched Textual's borders for the whole process: back to Unicode.
    ascii_mode.switch(False)


def make_store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "saves", games=GAMES)


def make_app(tmp_path: Path, *, confirm: bool = False, **kw: Any) -> RivalsApp:
    settings_path = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", confirm_moves=confirm, ai_pace=0.0).save(settings_path)
    kw.setdefault("store", make_store(tmp_path))
    return RivalsApp(games=GAMES, settings_path=settings_path, help_dir=HELP, **kw)


def goof_match(seats: list[SeatSpec], seed: int = 3, cards: int = 3) -> Match:
    game = GAMES["goofspiel"]
    return Match.new(game, game.Options(cards=cards), seats, seed)


VS_AI = [SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")]
HOT_SEAT = [SeatSpec("Ann"), SeatSpec("Ben")]
