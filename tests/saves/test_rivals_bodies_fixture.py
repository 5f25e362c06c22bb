"""A Rivals save whose snapshot holds the state as it was before each Ashak and drone became
one record (per-seat lists `pos`, `hp`..., the drone's `d_*`) still loads: its snapshot is put in
today's shape (`Rivals.upgrade_snapshot`) and compared with the replayed game, so an edit to it is
still caught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saves.codec import loads
from saves.errors import SaveError

FIXTURE = Path(__file__).parent / "fixtures" / "rivals-0.4.0-drone.json"


def test_a_save_with_the_per_seat_snapshot_loads_where_it_stood() -> None:
    text = FIXTURE.read_text()
    saved = json.loads(text)["snapshot"]
    s = loads(text, source=FIXTURE.name).state  # raises if the position differs from the file's
    assert [a.pos for a in s.ashaks] == saved["pos"] and [a.hp for a in s.ashaks] == saved["hp"]
    assert [d.pos for d in s.drones] == saved["d_pos"] and [d.cards for d in s.drones] == saved["d_cards"]
    assert [d.tokens for d in s.drones] == saved["d_tokens"] and any(saved["d_cards"])


def test_an_edited_per_seat_snapshot_is_still_caught() -> None:
    data = json.loads(FIXTURE.read_text())
    data["snapshot"]["d_tokens"][0] += 1
    with pytest.raises(SaveError) as info:
        loads(json.dumps(data), source=FIXTURE.name)
    assert "does not match its moves" in str(info.value)
