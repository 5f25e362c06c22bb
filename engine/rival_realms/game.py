"""The Rival Realms game object (`GAME`): wires set-up, rules, views, texts, scoring and the AI's
evaluation together. See the package modules for each role, and RULES_NOTES.md for every
interpretation and designed component.

Board helpers (read-only): engine.rival_realms.realm (`summon_slots`, `summon_problem`;
`step_targets` — where the next adventuring step can go — and `step_preview` — its walk, ways to
pay and tokens collected; `crossable`, `star_targets`, `mirror_moves`), engine.rival_realms.scoring
(`score_parts` by category, `quest_done`), and engine.rival_realms.rules.flow (`hand_target`).
The state's fields are described in engine.rival_realms.state (hidden cards read 0 in a view).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from engine.core.errors import IllegalAction
from engine.core.game import Event, Game, GameBase, Outcome, Prompt
from engine.core.rng import Rng
from engine.rival_realms import ai, rules, scoring, texts, views
from engine.rival_realms.actions import ACTION_TYPES, Action
from engine.rival_realms.notation import NOTATION
from engine.rival_realms.options import START_CHOICES, RealmsOptions
from engine.rival_realms.rules import PHASES
from engine.rival_realms.setup import new_state
from engine.rival_realms.state import RealmsState

SETUP_PHASES = ("valleys", "raven", "place")


class RivalRealms(GameBase[RealmsState, Action, RealmsOptions]):
    id = "rival_realms"
    title = "Rival Realms"
    players = range(1, 3)
    Options = RealmsOptions
    action_types = ACTION_TYPES
    notation = NOTATION
    state_type = RealmsState
    supports_series = True
    # The search scores a leaf with `evaluate` at once: random moves after it are mostly
    # summons into the wrong slots (blocking rows for good) and aimless walks, which only blur
    # the evaluation's expected score (RULES_NOTES.md, "AI").
    ai_rollout_depth: ClassVar[int | None] = 0
    # A turn offers dozens of summons and steps, most of them plainly poor: the search ranks
    # them one ply deep and looks further only at the best few, through the rest of the turn,
    # the redraw and the rival's reply (RULES_NOTES.md, "AI").
    ai_root_moves: ClassVar[int | None] = 5
    ai_iteration_scale: ClassVar[float] = 0.2

    def next_options(self, options: RealmsOptions, out: Outcome) -> RealmsOptions:
        """The options of the next game of a series: whoever lost this one begins (a shared
        victory keeps the same start player)."""
        if len(out.scores) != 2 or len(out.winners) != 1:
            return options
        loser = 1 - out.winners[0]
        return attrs.evolve(options, start=START_CHOICES[loser])

    def setup(self, options: RealmsOptions, seats: int, seed: int) -> RealmsState:
        # The options check walks every field; a table of games (the bench, the AI's trials)
        # sets up the same options again and again, so its answer is remembered.
        try:
            problem = _CHECKED[(options, seats)]
        except (KeyError, TypeError):  # TypeError: an unhashable value, checked (and refused) below
            problem = self.check_options(options, seats)
            if problem is None:
                _CHECKED[(options, seats)] = None
        if problem:
            raise ValueError(problem)
        return new_state(options, seats, seed)

    def to_act(self, s: RealmsState) -> tuple[int, ...]:
        return () if s.phase == "over" else (s.actor,)

    def prompt(self, s: RealmsState, seat: int) -> Prompt:
        return texts.prompt(s, seat)

    # Legality: `reason` decides; `legal` is the fast path giving the same list.
    def candidates(self, s: RealmsState, seat: int) -> Iterable[Action]:
        return rules.candidates(s, seat)

    def reason(self, s: RealmsState, seat: int, a: Action) -> str | None:
        return rules.reason(s, seat, a)

    def legal(self, s: RealmsState, seat: int) -> list[Action]:
        if s.phase == "over" or seat != s.actor:
            return []
        return PHASES[s.phase].legal(s, seat)  # (rules.legal, one call less)

    def why_illegal(self, s: RealmsState, seat: int, a: Action) -> str | None:
        return rules.why_illegal(s, seat, a)  # (GameBase's sentences, without its detours)

    def perform(self, s: RealmsState, seat: int, a: Action) -> list[Event]:
        s.stamp += 1
        ev: list[Event] = []
        PHASES[s.phase].perform(s, seat, a, ev)  # (rules.perform, one call less)
        return ev

    def apply(self, s: RealmsState, seat: int, a: Action) -> list[Event]:
        # GameBase.apply (check, then perform) with `perform` written out: it runs at every decision.
        why = self.why_illegal(s, seat, a)
        if why is not None:
            raise IllegalAction(why)
        s.stamp += 1
        ev: list[Event] = []
        PHASES[s.phase].perform(s, seat, a, ev)
        return ev

    def outcome(self, s: RealmsState) -> Outcome | None:
        return None if s.phase != "over" else scoring.outcome(s)

    def view(self, s: RealmsState, seat: int | None) -> RealmsState:
        return views.view(s, seat)

    def determinize(self, v: RealmsState, seat: int, rng: Rng) -> RealmsState:
        return views.determinize(v, seat, rng)

    def describe(self, s: RealmsState, a: Action) -> str:
        return texts.describe(s, a)

    def evaluate(self, s: RealmsState, seat: int) -> float:
        return ai.evaluate(s, seat)

    def ai_search_evaluate(self, s: RealmsState, seat: int) -> float:
        return ai.search_evaluate(s, seat)

    def ai_turn_mark(self, s: RealmsState) -> int | None:
        # Turns begun so far: the search plays the rest of its turn greedily below each new node
        # and scores every leaf where the turn ends (with the redraw), so a step that only pays
        # off two steps later is seen, and leaves before and after a redraw are never compared.
        # Set-up has no turns: its choices are searched as before, scored at once.
        return None if s.phase in SETUP_PHASES else sum(s.turns)

    def progress(self, s: RealmsState) -> str:
        return texts.progress(s)


_CHECKED: dict[tuple[RealmsOptions, int], None] = {}  # options found fit for that many seats


GAME: Game[RealmsState, Action, RealmsOptions] = RivalRealms()
