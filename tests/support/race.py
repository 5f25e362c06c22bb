"""Race: a toy game in which the best move is never in doubt, for testing the AI's ladder.

Seats take turns adding 1, 2 or 3 to their own total, three times each; the highest total wins
(a tie shares the win). Taking 3 is always best, so a bot that always takes it never loses, and
one that sometimes takes less (easy) or picks at random falls behind in that order. Nothing is
hidden. Alone, a seat wins only by taking the most every turn. It is not a product game.
"""

from __future__ import annotations

import math

import attrs

from engine.core import Event, GameBase, Outcome, Prompt, Rng
from engine.core.notation import Form, Notation
from engine.core.options import option
from tests.support.points import most_points

TURNS = 3  # each seat's


@attrs.frozen
class RaceOptions:
    most: int = option(3, label="Most", help="The largest number a seat may take.", low=2, high=5)


@attrs.frozen
class Take:
    points: int

    def __str__(self) -> str:
        return f"take {self.points}"


@attrs.define
class RaceState:
    totals: list[int]
    most: int
    turn: int = 0  # decisions made so far; the seat to act is turn % seats


class Race(GameBase[RaceState, Take, RaceOptions]):
    id = "race"
    title = "Race"
    players = range(1, 5)
    Options = RaceOptions
    action_types = (Take,)
    notation = Notation("Race", (Take,), [Form(Take, "take {points}")])
    state_type = RaceState

    def setup(self, options: RaceOptions, seats: int, seed: int) -> RaceState:
        return RaceState(totals=[0] * seats, most=options.most)

    def to_act(self, s: RaceState) -> tuple[int, ...]:
        seats = len(s.totals)
        return () if s.turn >= TURNS * seats else (s.turn % seats,)

    def prompt(self, s: RaceState, seat: int) -> Prompt:
        return Prompt("How many points do you take?", section="race")

    def candidates(self, s: RaceState, seat: int) -> list[Take]:
        return [Take(n) for n in range(1, s.most + 1)]

    def reason(self, s: RaceState, seat: int, a: Take) -> str | None:
        return None if 1 <= a.points <= s.most else f"Take between 1 and {s.most} points."

    def perform(self, s: RaceState, seat: int, a: Take) -> list[Event]:
        s.totals[seat] += a.points
        s.turn += 1
        return [Event(f"Seat {seat} takes {a.points}.", seat)]

    def outcome(self, s: RaceState) -> Outcome | None:
        if self.to_act(s):
            return None
        # Alone, a seat wins with a perfect race: the most every turn.
        best = max(s.totals) if len(s.totals) > 1 else TURNS * s.most
        return most_points(s.totals, "Points", "Every seat has had its turns.", best)

    def view(self, s: RaceState, seat: int | None) -> RaceState:
        return self.clone(s)

    def determinize(self, v: RaceState, seat: int, rng: Rng) -> RaceState:
        return self.clone(v)

    def evaluate(self, s: RaceState, seat: int) -> float:
        others = [t for i, t in enumerate(s.totals) if i != seat] or [s.most * s.turn]
        return 1.0 / (1.0 + math.exp(-(s.totals[seat] - max(others))))
