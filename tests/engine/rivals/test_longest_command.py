"""The longest-game command (tests/engine/rivals/longest.py) on a tiny run: it names the
longest game's length and both times."""

from __future__ import annotations

import re

import pytest

from tests.engine.rivals import longest


def test_the_longest_game_command_reports_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert longest.main(["--games", "2", "--seats", "2"]) == 0
    out = capsys.readouterr().out
    found = re.match(r"longest of 2 2-seat random games: (\d+) decisions, \d+ KiB; save [\d.]+ ms", out)
    assert found and int(found.group(1)) > 50 and "load" in out
