"""A Rivals save from 0.2.0, before the interrupt windows, still loads: each window its moves do
not answer is passed (the players then had no such choice), every saved move is still checked,
and the game stands where the file says, the same player to decide."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.rivals.actions import Wait
from saves.codec import SaveError, loads

FIXTURE = Path(__file__).parent / "fixtures" / "rivals-0.2.0.json"


def test_a_save_from_before_the_windows_loads_where_it_stood() -> None:
    text = FIXTURE.read_text()
    saved = json.loads(text)
    m = loads(text, source=FIXTURE.name)
    waits = sum(1 for _, a in m.history if isinstance(a, Wait))
    assert waits > 0 and len(m.history) == len(saved["actions"]) + waits
    s, before = m.state, saved["snapshot"]
    # What the file's own position shows (read from it, not from the code now).
    assert (s.round, s.hp, s.rp, s.pos, s.hand) == (
        before["round"],
        before["hp"],
        before["rp"],
        before["pos"],
        before["hand"],
    )
    assert m.to_act() == (0,) and s.phase == "turn"


def test_a_move_of_an_old_save_that_no_window_explains_is_still_refused() -> None:
    data = json.loads(FIXTURE.read_text())
    data["actions"][-1]["action"] = {"type": "BuyPoint", "resource": "crystal"}
    with pytest.raises(SaveError) as info:
        loads(json.dumps(data), source=FIXTURE.name)
    assert "cannot be resumed" in str(info.value) or "not legal" in str(info.value)
