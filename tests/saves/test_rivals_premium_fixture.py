"""A Rivals save made when Premium Card paid a Rival Point from the larger pile by itself (the
move then read BuyPoint "mix") still loads: the move is replayed as the split the old rule paid,
now the player's own choice, the game stands where the file says, and saving it again writes
the new decision."""

from __future__ import annotations

import json
from pathlib import Path

from engine.rivals.actions import BuyMixedPoint, BuyPoint
from saves.codec import dumps, loads

FIXTURE = Path(__file__).parent / "fixtures" / "rivals-premium-mix.json"


def test_a_premium_purchase_from_before_the_choice_of_split_replays_to_its_snapshot() -> None:
    text = FIXTURE.read_text()
    saved = json.loads(text)
    assert saved["actions"][-1]["action"] == {"type": "BuyPoint", "resource": "mix"}
    m = loads(text, source=FIXTURE.name)  # raises if a move is refused or the position differs
    assert len(m.history) == len(saved["actions"])
    seat, bought = m.history[-1]
    # The buyer held 7 crystals and 4 resins: the larger pile first paid 7 and 3, leaving 1 resin.
    assert (seat, bought) == (0, BuyMixedPoint(7))
    s, after = m.state, saved["snapshot"]
    for f in ("rp", "crystals", "resins"):
        assert [getattr(a, f) for a in s.ashaks] == after[f]
    assert (s.ashaks[0].rp, s.ashaks[0].crystals, s.ashaks[0].resins) == (1, 0, 1)
    again = json.loads(dumps(m))
    assert again["actions"][-1]["action"] == {"type": "BuyMixedPoint", "crystals": 7}
    assert not any(a == BuyPoint("mix") for _, a in loads(dumps(m)).history)
