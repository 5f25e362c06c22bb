"""The Rivality lesson says what the board shows: before each step whose text describes the
battlefield, the game played by the script has exactly those golems, holders, shields and
points. A rules change that leaves every scripted move legal but makes a sentence of the coach
false fails here (the play-through test only checks that the moves can be made)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.registry import GAMES
from engine.rivality.data import pos_of
from engine.rivality.queries import entrenched, shields_of
from engine.rivality.scoring import side_scores
from engine.rivality.state import RivalityState
from rivals_tui.lesson import Script, load

SALMON, MAUVE, NOBODY = 0, 1, -1


@pytest.fixture(scope="module")
def script() -> Script:
    return load("rivality", GAMES["rivality"])


def before_step(script: Script, number: int) -> RivalityState:
    """The game as the learner sees it when step `number` asks for its move."""
    index = next(i for i, step in script.step_at.items() if step.number == number)
    return played(script, index)


def played(script: Script, moves: int) -> RivalityState:
    match = script.lesson.new_match(GAMES["rivality"])
    for seat, action in script.moves[:moves]:
        match.submit(seat, action)
    state: RivalityState = match.state
    return state


def tile(s: RivalityState, x: int, y: int) -> dict[str, Any]:
    c = s.at[pos_of(x, y)]
    return {
        "golems": (s.golems[c * 3 + SALMON], s.golems[c * 3 + MAUVE]),
        "holder": s.ctrl[c],
        "shields": shields_of(s, c),
        "magician": [side for side in (SALMON, MAUVE) if s.mage[side] == c],
    }


def test_the_well_is_lost_to_the_limit_then_retaken_entrenched(script: Script) -> None:
    # Step 4: Ada's 3 golems made 6 on the Well; one Salmon golem went home, Ada holds it,
    # and her magician stands on her Fortress at (1, 0).
    s = before_step(script, 4)
    assert tile(s, 0, 0)["golems"] == (2, 3) and tile(s, 0, 0)["holder"] == MAUVE
    assert tile(s, 1, 0)["magician"] == [MAUVE]
    # Step 7: the learner's 3 made 8; Ada's 3 went home, 5 Salmon are entrenched (one shield).
    s = before_step(script, 7)
    well = tile(s, 0, 0)
    assert well["golems"] == (5, 0) and well["holder"] == SALMON and well["shields"] == 1
    assert entrenched(s, s.at[pos_of(0, 0)])
    # ... and Ada's Cottage took the unguarded Plain 2 to 1; her magician is on the Cottage.
    assert tile(s, 0, -1)["golems"] == (1, 2) and tile(s, 0, -1)["holder"] == MAUVE
    assert tile(s, 1, -1)["magician"] == [MAUVE] and tile(s, 1, 0)["magician"] == []


def test_shields_a_contested_fortress_and_a_distance_three_spell(script: Script) -> None:
    # Step 10: two of the learner's three golems fell to the Fortress's two shields, one each:
    # contested, and the Well's holder (the learner) scores it.
    s = before_step(script, 10)
    fortress = tile(s, 1, 0)
    assert fortress["golems"] == (1, 1) and fortress["holder"] == NOBODY
    # Ada's 2x3 from (0, -2) crossed two squares and ignored the learner's two shields.
    assert tile(s, 0, -2)["magician"] == [MAUVE]
    assert tile(s, 0, 1)["golems"] == (1, 2) and tile(s, 0, 1)["holder"] == MAUVE
    # The learner: the Well (3) and the tied Fortress (4); the magician's Cottage scores nothing.
    assert side_scores(s)[SALMON] == 7
    # After the last step: the 4x1 lost two golems to Ada's shields, and 3 to 2 takes it back.
    s = played(script, len(script.moves))
    assert tile(s, 0, 1)["golems"] == (3, 2) and tile(s, 0, 1)["holder"] == SALMON
