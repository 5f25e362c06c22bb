"""A state that stores a game's own actions (a pending choice, a list of plays) saves with tags."""

from __future__ import annotations

import json
from collections.abc import Sequence

import attrs
import pytest

from engine.core import Event, GameBase, Outcome, SeatSpec
from engine.core.match import Match
from saves.codec import dumps, load_match, loads
from saves.errors import SaveError
from tests.saves.helpers import assert_same_match


@attrs.frozen
class Take:
    count: int


@attrs.frozen
class Wait:
    pass


@attrs.frozen
class NimOptions:
    pile: int = 7


@attrs.define
class NimState:
    pile: int
    turn: int
    last: Take | Wait | None = None
    plays: list[Take | Wait] = attrs.field(factory=list)
    waited: dict[int, int] = attrs.field(factory=dict)  # seat -> times it waited


class Nim(GameBase):
    """Take 1-3 counters or wait (once each); whoever takes the last counter wins."""

    id = "nim"
    title = "Nim"
    players = range(2, 3)
    Options = NimOptions
    action_types = (Take, Wait)
    state_type = NimState

    def setup(self, options: NimOptions, seats: int, seed: int) -> NimState:
        return NimState(pile=options.pile, turn=0)

    def to_act(self, s: NimState) -> tuple[int, ...]:
        return () if s.pile == 0 else (s.turn,)

    def candidates(self, s: NimState, seat: int) -> Sequence[Take | Wait]:
        return [Take(1), Take(2), Take(3), Wait()]

    def reason(self, s: NimState, seat: int, a: Take | Wait) -> str | None:
        if isinstance(a, Take) and a.count > s.pile:
            return "There are not that many counters left."
        if isinstance(a, Wait) and s.waited.get(seat, 0):
            return "You have already waited once."
        return None

    def perform(self, s: NimState, seat: int, a: Take | Wait) -> list[Event]:
        if isinstance(a, Take):
            s.pile -= a.count
        else:
            s.waited[seat] = s.waited.get(seat, 0) + 1
        s.last = a
        s.plays.append(a)
        s.turn = 1 - s.turn
        return [Event(f"Seat {seat}: {a}")]

    def outcome(self, s: NimState) -> Outcome | None:
        if s.pile:
            return None
        winner = 1 - s.turn
        return Outcome(scores=tuple(int(i == winner) for i in range(2)), winners=(winner,))


NIM = Nim()
GAMES = {"nim": NIM}


def _nim(plays: list[Take | Wait]) -> Match:
    m = Match.new(NIM, NimOptions(), [SeatSpec("Ada"), SeatSpec("Bram")], 1)
    for a in plays:
        m.submit(m.to_act()[0], a)
    return m


def test_actions_inside_the_state_keep_their_tags_through_a_save() -> None:
    plays: list[Take | Wait] = [Take(2), Wait(), Take(1), Take(3), Wait(), Take(1)]
    for n in range(len(plays) + 1):
        m = _nim(plays[:n])
        env = json.loads(dumps(m))
        assert_same_match(loads(dumps(m), games=GAMES), m)
    assert m.over and m.outcome() is not None and m.outcome().winners == (1,)  # type: ignore[union-attr]
    assert env["snapshot"]["last"] == {"type": "Take", "count": 1}
    assert env["snapshot"]["plays"][1] == {"type": "Wait"}
    assert env["snapshot"]["waited"] == {"0": 1, "1": 1}


@pytest.mark.parametrize(
    ("where", "value", "fault"),
    [
        ("last", {"type": "Jump"}, 'snapshot.last: there is no action "Jump"'),
        ("last", {"count": 1}, "snapshot.last: the action has no 'type'"),
        ("waited", {"first": 1}, 'snapshot.waited: expected whole-number keys, got "first"'),
        ("waited", [1], "snapshot.waited: expected an object, got [1]"),
    ],
)
def test_a_bad_action_inside_the_snapshot_is_named(where: str, value: object, fault: str) -> None:
    data = json.loads(dumps(_nim([Take(2), Wait()])))
    data["snapshot"][where] = value
    with pytest.raises(SaveError) as err:
        load_match(data, games=GAMES, source="nim.json")
    assert str(err.value) == f"nim.json: {fault}"
