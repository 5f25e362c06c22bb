"""Rivals saves from before the interrupt windows (0.2.0) and from before anticipation tokens and
the attack window between salvos joined them (0.3.0) still load: each window their moves do not
answer is passed (the players then had no such choice), every saved move is still checked, and
the game stands where the file says, the same player to decide."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.rivals.actions import Pass, Wait
from engine.rivals.game import GAME
from saves.codec import SaveError, loads

FIXTURE = Path(__file__).parent / "fixtures" / "rivals-0.2.0.json"
# Ann against an easy bot, to round 4; written by 0.3.0. Its moves skip six windows that 0.4.0
# opens: five at the start of a phase (Ann holds a token) and one between two salvos.
FIXTURE_030 = Path(__file__).parent / "fixtures" / "rivals-0.3.0.json"


def test_a_save_from_before_the_windows_loads_where_it_stood() -> None:
    text = FIXTURE.read_text()
    saved = json.loads(text)
    m = loads(text, source=FIXTURE.name)
    waits = sum(1 for _, a in m.history if isinstance(a, Wait))
    assert waits > 0 and len(m.history) == len(saved["actions"]) + waits
    s, before = m.state, saved["snapshot"]
    # What the file's own position shows (read from it, not from the code now).
    hp, rp, pos = ([getattr(a, f) for a in s.ashaks] for f in ("hp", "rp", "pos"))
    assert (s.round, hp, rp, pos, s.hand) == (
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


def test_a_save_from_before_the_token_and_salvo_windows_loads_where_it_stood() -> None:
    text = FIXTURE_030.read_text()
    saved = json.loads(text)
    m = loads(text, source=FIXTURE_030.name)
    # Replay the loaded moves and note where the ones the file does not hold were answered.
    s = GAME.setup(m.options, len(m.seats), m.seed)
    filled = []
    kept = iter(saved["actions"])
    nxt = next(kept)
    for seat, a in m.history:
        if nxt is not None and nxt["seat"] == seat and nxt["action"]["type"] == type(a).__name__:
            nxt = next(kept, None)
        else:
            filled.append((s.phase, s.i_phase > 0, a))
        GAME.apply(s, seat, a)
    assert nxt is None and len(m.history) == len(saved["actions"]) + len(filled)
    assert ("react", False, Pass()) in filled  # the second salvo's window
    assert sum(1 for f in filled if f == ("interrupt", True, Wait())) == 5  # phase windows
    s, snap = m.state, saved["snapshot"]
    hp, rp, pos, tokens = ([getattr(a, f) for a in s.ashaks] for f in ("hp", "rp", "pos", "tokens"))
    assert (s.round, hp, rp, pos, s.hand, tokens) == (
        snap["round"],
        snap["hp"],
        snap["rp"],
        snap["pos"],
        snap["hand"],
        snap["tokens"],
    )
    assert m.to_act() == (0,) and s.phase == "turn"
