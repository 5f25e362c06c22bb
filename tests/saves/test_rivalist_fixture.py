"""A Rivalist save written before the engine was split by role (and its state renamed from
RVState to RivalistState) still loads: saves store decisions and field values, never class names, and
the replayed game must match the saved snapshot move for move."""

from __future__ import annotations

import json
from pathlib import Path

from saves.codec import loads

FIXTURE = Path(__file__).parent / "fixtures" / "rivalist-before-split.json"


def test_a_save_from_before_the_split_replays_to_its_snapshot() -> None:
    text = FIXTURE.read_text()
    m = loads(text, source=FIXTURE.name)  # raises if a replayed move is refused or the state differs
    assert len(m.history) == 60 == len(json.loads(text)["actions"])
    s = m.state
    # What the position shows (read from the file when it was written, not from the code now).
    assert (s.age, s.phase, s.current, s.coins, s.pawn) == (2, "use", 0, [2, 13], 3)
    assert m.game.progress(s) == "Age II, 13 cards left"
    assert [seat.name for seat in m.seats] == ["Ada", "Bot"]
