"""Old save formats are upgraded version by version on load, without touching the file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.core import SeatSpec
from saves import codec, migrations
from saves.codec import dumps, load_match
from saves.store import SaveStore
from tests.saves.helpers import GOOF_GAMES, assert_same_match, goof_match
from tests.support.goofspiel import Bid, GoofOptions

FIXTURES = Path(__file__).parent / "fixtures"
FORMAT0 = FIXTURES / "goofspiel-format0.json"
# The bids recorded in the format-0 fixture, written out so the test does not trust the file.
FORMAT0_MOVES = [(0, 3), (1, 1), (2, 4), (0, 1), (1, 4), (2, 2), (1, 2)]


def _expected_format0_match() -> Any:
    from engine.core.match import Match

    m = Match.new(
        GOOF_GAMES["goofspiel"],
        GoofOptions(cards=4),
        [SeatSpec("Ada"), SeatSpec("Bram", "ai", "easy"), SeatSpec("Cleo")],
        11,
    )
    for seat, card in FORMAT0_MOVES:
        m.submit(seat, Bid(card))
    return m


def test_a_format0_save_loads_as_the_same_game(tmp_path: Path) -> None:
    shutil.copy(FORMAT0, tmp_path / "old.json")
    store = SaveStore(tmp_path, games=GOOF_GAMES)
    before = (tmp_path / "old.json").read_bytes()

    loaded = store.load("old")

    assert json.loads(before)["format_version"] == 0
    assert_same_match(loaded, _expected_format0_match())
    # Cleo won the first prize with her 4, Bram the second with his 4; Ada has nothing yet.
    assert loaded.state.scores == [0, 2, 3]
    assert loaded.to_act() == (0, 2)
    # Loading upgrades in memory only; the file changes when the game is next saved.
    assert (tmp_path / "old.json").read_bytes() == before
    info = store.list()[0]
    assert (info.error, info.updated, info.players) == (
        None,
        "2026-01-15T20:04:00+00:00",
        ("Ada", "Bram", "Cleo"),
    )


def test_saving_an_upgraded_game_writes_the_current_format_and_keeps_its_creation_time(
    tmp_path: Path,
) -> None:
    shutil.copy(FORMAT0, tmp_path / "old.json")
    store = SaveStore(tmp_path, games=GOOF_GAMES)
    m = store.load("old")
    m.submit(0, Bid(2))
    store.save("old", m)
    env = json.loads((tmp_path / "old.json").read_text())
    assert env["format_version"] == codec.FORMAT_VERSION
    assert env["created"] == "2026-01-15T20:04:00+00:00"
    assert json.loads((tmp_path / "old.json.bak").read_text())["format_version"] == 0
    assert_same_match(store.load("old"), m)


def test_migrations_run_one_version_after_another(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pretend format 2 that renamed seats: a format-0 file goes 0 -> 1 -> 2, a format-1 file 1 -> 2."""
    steps: list[int] = []

    def one_to_two(data: dict[str, Any]) -> dict[str, Any]:
        steps.append(data["format_version"])
        renamed = [{**seat, "name": seat["name"].upper()} for seat in data["seats"]]
        return {**data, "seats": renamed}

    monkeypatch.setattr(codec, "FORMAT_VERSION", 2)
    monkeypatch.setitem(migrations.MIGRATIONS, 1, one_to_two)

    old = load_match(json.loads(FORMAT0.read_text()), games=GOOF_GAMES)
    assert [s.name for s in old.seats] == ["ADA", "BRAM", "CLEO"]
    assert old.history == _expected_format0_match().history

    current = json.loads(dumps(goof_match([(0, 3)])))
    current["format_version"] = 1
    assert [s.name for s in load_match(current, games=GOOF_GAMES).seats] == ["ADA", "BRAM"]
    assert steps == [1, 1]  # the format-0 file reached format 1 before the second step ran
    assert current["seats"][0]["name"] == "Ada"  # the caller's data is not changed


def test_a_format_without_a_migration_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(codec, "FORMAT_VERSION", 2)  # but nobody wrote the 1 -> 2 step
    data = json.loads(dumps(goof_match([])))
    data["format_version"] = 1
    with pytest.raises(codec.SaveError) as err:
        load_match(data, games=GOOF_GAMES, source="x.json")
    assert str(err.value) == "x.json: format 1 is too old for this Rivals to read"
