"""The Rivality game object: the contract's members wired to the modules that implement them.

Duel (2-4 players): a turn is three small decisions — which tile of the hand (skipped when only
one is left), where to lay it, which way it faces — after which the turn resolves by itself
(rules/resolution.py), pausing only for a decision the rules give. Solo: one decision per turn,
where the magician goes; Souramoun and the spells follow by rule. Interpretations are recorded
in RULES_NOTES.md.
"""

from __future__ import annotations

from typing import ClassVar

from engine.core import Game, GameBase, Prompt, Rng
from engine.rivality import ai, scoring, setup, texts, views
from engine.rivality.actions import ACTION_TYPES, RYAction
from engine.rivality.notation import NOTATION
from engine.rivality.options import RYOptions
from engine.rivality.rules import legality
from engine.rivality.rules.perform import perform
from engine.rivality.state import RYState


class Rivality(GameBase[RYState, RYAction, RYOptions]):
    id = "rivality"
    title = "Rivality"
    players = range(1, 5)
    Options = RYOptions
    action_types = ACTION_TYPES
    notation = NOTATION
    state_type = RYState
    supports_series = True
    # The AI's search scores a leaf with `evaluate` at once: a few random placements after it
    # only blur the placement evaluation (measured: hard won 45% against greedy with 10 random
    # rollout moves, 62% with none).
    ai_rollout_depth: ClassVar[int | None] = 0

    def setup(self, options: RYOptions, seats: int, seed: int) -> RYState:
        """A new table; options that do not fit it are refused, never quietly dropped."""
        problem = self.check_options(options, seats)
        if problem is not None:
            raise ValueError(problem)
        return setup.setup(options, seats, seed)

    def to_act(self, s: RYState) -> tuple[int, ...]:
        return () if s.phase == "over" else (s.actor,)

    # The calls the search makes at every step are the modules' functions themselves (no
    # forwarding method in between); the rest forward for readability.
    candidates = staticmethod(legality.candidates)
    reason = staticmethod(legality.reason)
    legal = staticmethod(legality.legal)  # the faster path; gives the same list as GameBase's
    perform = staticmethod(perform)
    outcome = staticmethod(scoring.outcome)

    def prompt(self, s: RYState, seat: int) -> Prompt:
        return texts.prompt(s, seat)

    def view(self, s: RYState, seat: int | None) -> RYState:
        return views.view(s, seat)

    def determinize(self, v: RYState, seat: int, rng: Rng) -> RYState:
        return views.determinize(v, seat, rng)

    def evaluate(self, s: RYState, seat: int) -> float:
        return ai.evaluate(s, seat)

    def describe(self, s: RYState, a: RYAction) -> str:
        return texts.describe(s, a)

    def progress(self, s: RYState) -> str:
        return texts.progress(s)


GAME: Game[RYState, RYAction, RYOptions] = Rivality()
