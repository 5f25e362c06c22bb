"""The Rival Realms game object (`GAME`): wires set-up, rules, views, texts, scoring and the AI's
evaluation together. See the package modules for each role, and RULES_NOTES.md for every
interpretation and designed component.

Board helpers live in engine.rival_realms.realm (summon slots, steps and their costs, mirror
exchanges) and engine.rival_realms.scoring (score by category, quests).
"""

from __future__ import annotations

from typing import Any

import attrs

from engine.core.errors import IllegalAction
from engine.core.game import Event, GameBase, Outcome, Prompt
from engine.core.rng import Rng
from engine.rival_realms import ai, rules, scoring, texts, views
from engine.rival_realms.actions import ACTION_TYPES
from engine.rival_realms.options import START_CHOICES, RealmsOptions, options_problem
from engine.rival_realms.setup import new_state
from engine.rival_realms.state import RealmsState


class RivalRealms(GameBase):
    id = "rival_realms"
    title = "Rival Realms"
    players = range(1, 3)
    Options = RealmsOptions
    action_types = ACTION_TYPES
    state_type = RealmsState
    supports_series = True

    def check_options(self, options: RealmsOptions, seats: int) -> str | None:
        return options_problem(options, seats)

    def next_options(self, options: RealmsOptions, out: Outcome) -> RealmsOptions:
        """The options of the next game of a series: whoever lost this one begins (a shared
        victory keeps the same start player)."""
        if len(out.scores) != 2 or len(out.winners) != 1:
            return options
        loser = 1 - out.winners[0]
        return attrs.evolve(options, start=START_CHOICES[loser])

    def setup(self, options: Any, seats: int, seed: int) -> RealmsState:
        if seats not in self.players:
            raise ValueError("Rival Realms is for 1 or 2 players")
        opts = options if isinstance(options, RealmsOptions) else RealmsOptions()
        problem = options_problem(opts, seats)
        if problem:
            raise ValueError(problem)
        return new_state(opts, seats, seed)

    def to_act(self, s: RealmsState) -> tuple[int, ...]:
        return () if s.phase == "over" else (s.actor,)

    def prompt(self, s: RealmsState, seat: int) -> Prompt:
        return texts.prompt(s, seat)

    def legal(self, s: RealmsState, seat: int) -> list[Any]:
        return rules.legal(s, seat)

    def candidates(self, s: RealmsState, seat: int) -> list[Any]:
        return rules.candidates(s, seat)

    def reason(self, s: RealmsState, seat: int, a: Any) -> str | None:
        return rules.reason(s, seat, a)

    def why_illegal(self, s: RealmsState, seat: int, a: Any) -> str | None:
        return rules.reason(s, seat, a)

    def choices(self, s: RealmsState, seat: int) -> list[tuple[Any, str | None]]:
        return [(a, rules.reason(s, seat, a)) for a in rules.candidates(s, seat)]

    def apply(self, s: RealmsState, seat: int, a: Any) -> list[Event]:
        why = rules.reason(s, seat, a)
        if why is not None:
            raise IllegalAction(why)
        return rules.perform(s, seat, a)

    def perform(self, s: RealmsState, seat: int, a: Any) -> list[Event]:
        return rules.perform(s, seat, a)

    def outcome(self, s: RealmsState) -> Outcome | None:
        return scoring.outcome(s)

    def view(self, s: RealmsState, seat: int | None) -> RealmsState:
        return views.view(s, seat)

    def determinize(self, v: RealmsState, seat: int, rng: Rng) -> RealmsState:
        return views.determinize(v, seat, rng)

    def clone(self, s: RealmsState) -> RealmsState:
        return views.clone_state(s)

    def describe(self, s: RealmsState, a: Any) -> str:
        return texts.describe(s, a)

    def evaluate(self, s: RealmsState, seat: int) -> float:
        return ai.evaluate(s, seat)

    def progress(self, s: RealmsState) -> str:
        return texts.progress(s)


GAME = RivalRealms()
