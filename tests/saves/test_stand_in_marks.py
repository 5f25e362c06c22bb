"""A decision the table server's AI made for a player who was away is marked: in the log (a line
everyone reads, and what was chosen for that seat alone) and in the save, where it survives a
load; saves from before the mark load unmarked, and a mark that means nothing is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import Rng
from engine.core.match import Match
from engine.registry import GAMES
from saves.codec import dumps, loads
from saves.errors import SaveError
from tests.saves.helpers import assert_same_match, seats

FIXTURES = Path(__file__).parent / "fixtures"


def rivalist_with_stand_ins(dov_back: bool = False) -> Match:
    """Rivalist, Ada (seat 0) and Dov (seat 1): the AI decides for Dov from his second decision
    on (he is away), and with `dov_back` he decides his last one himself."""
    game = GAMES["rivalist"]
    m = Match.new(game, game.Options(), [seats(4)[0], seats(4)[3]], 7)
    rng = Rng.from_seed(3)
    dov = 0
    while len(m.history) < 12 or m.to_act() != (1,):
        seat = m.to_act()[0]
        dov += seat == 1
        m.submit(seat, rng.choice(list(m.legal(seat))), stand_in=seat == 1 and dov >= 2)
    if dov_back:
        m.submit(1, m.legal(1)[0])
    return m


def test_the_log_says_who_the_ai_played_for_and_tells_only_that_seat_the_move() -> None:
    m = rivalist_with_stand_ins()
    marked = sorted(m.stand_ins)
    assert len(marked) >= 2 and all(m.history[i][0] == 1 for i in marked)
    first = m.log[marked[0]]
    assert first[0].text == "The AI plays for Player 2, who is away." and first[0].to is None
    assert first[1].text.startswith("The AI chose for you: ") and first[1].to == (1,)
    # Ada (seat 0) and a spectator read the public line; only Dov reads what was chosen.
    assert not any(e.text.startswith("The AI chose") for _, e in m.log_for(0))
    assert not any(e.text.startswith("The AI chose") for _, e in m.log_for(None))
    assert sum(e.text.startswith("The AI plays for") for _, e in m.log_for(None)) == len(marked)


def test_the_marks_survive_saving_and_loading_and_an_undo() -> None:
    m = rivalist_with_stand_ins()
    text = dumps(m)
    assert [a.get("by") for a in json.loads(text)["actions"]].count("ai") == len(m.stand_ins)
    loaded = loads(text, source="marked.json")
    assert_same_match(loaded, m)
    # What the returning player is told: the AI's choices since their own last decision.
    told = m.stood_in_for(1)
    mine = [e.text for i in sorted(m.stand_ins) for e in m.log[i] if e.to == (1,)]
    assert told == mine and len(told) >= 2
    assert rivalist_with_stand_ins(dov_back=True).stood_in_for(1) == []
    last = max(m.stand_ins)
    loaded.undo(last)
    assert last not in loaded.stand_ins


# (The Rival Kings fixture no longer loads, on purpose: tests/saves/test_bad_files.py.)


@pytest.mark.parametrize(
    "fixture",
    [
        "goofspiel-format0.json",
        "rivalist-before-split.json",
        "rivals-0.2.0.json",
        "rivals-0.3.0.json",
        "rivals-premium-mix.json",
    ],
)
def test_saves_from_before_the_mark_load_unmarked(fixture: str) -> None:
    from tests.saves.helpers import GOOF_GAMES

    games = {**GAMES, **GOOF_GAMES}
    m = loads((FIXTURES / fixture).read_text(), games=games, source=fixture)
    assert m.stand_ins == set()


def test_a_mark_other_than_ai_is_refused_in_one_sentence() -> None:
    data = json.loads(dumps(rivalist_with_stand_ins()))
    data["actions"][0]["by"] = "ghost"
    with pytest.raises(SaveError) as caught:
        loads(json.dumps(data), source="odd.json")
    assert str(caught.value) == 'odd.json: move 1: "by" can only be "ai", not "ghost"'
