"""The Rivality game object: the phase table (rules/phases.py) and the modules that implement
the rest of the contract.

Duel (2-4 players): a turn is three small decisions — which tile of the hand (skipped when only
one is left), where to lay it, which way it faces — after which the turn resolves by itself
(rules/resolution.py), pausing only for a decision the rules give. Solo: one decision per turn,
where the magician goes; Souramoun and the spells follow by rule. Interpretations are recorded
in RULES_NOTES.md.
"""

from __future__ import annotations

from typing import ClassVar

from engine.core import SAME_SEARCH, Game, LevelSearch
from engine.core.phases import PhasedGame
from engine.rivality import ai, ai_search, scoring, texts, views
from engine.rivality.actions import ACTION_TYPES, Action
from engine.rivality.notation import NOTATION
from engine.rivality.options import RivalityOptions
from engine.rivality.rules.legality import MISPLACED
from engine.rivality.rules.phases import PHASES
from engine.rivality.setup import setup as new_table
from engine.rivality.state import RivalityState

# Expert's search at two seats: hard's, reading golems left in a supply as a cost (ai_search.py).
EXPERT_DUEL = LevelSearch(evaluate=ai_search.expert_evaluate)


class Rivality(PhasedGame[RivalityState, Action, RivalityOptions]):
    id = "rivality"
    title = "Rivality"
    players = range(1, 5)
    Options = RivalityOptions
    action_types = ACTION_TYPES
    notation = NOTATION
    state_type = RivalityState
    supports_series = True
    phases = PHASES
    # The AI's search scores a leaf with `evaluate` at once: a few random placements after it
    # only blur the placement evaluation (measured: hard won 45% against greedy with 10 random
    # rollout moves, 62% with none).
    ai_rollout_depth: ClassVar[int | None] = 0

    def misplaced(self, s: RivalityState, seat: int, a: Action) -> str:
        return MISPLACED[type(a)]

    # The rest of the contract, each in its module.
    setup = staticmethod(new_table)
    waiting_prompt = staticmethod(texts.waiting_prompt)
    outcome = staticmethod(scoring.outcome)
    view = staticmethod(views.view)
    determinize = staticmethod(views.determinize)
    evaluate = staticmethod(ai.evaluate)
    # The search plays its own turn to the end and judges it after the next player's reply
    # (ai_search.py: whoever swings the score last nearly always wins).
    ai_search_evaluate = staticmethod(ai_search.search_evaluate)

    def ai_turn_mark(self, s: RivalityState) -> int | None:
        return ai_search.turn_mark(s)

    def ai_level(self, s: RivalityState, level: str) -> LevelSearch:
        # Solo, hard and expert play for the margin where the result is settled (ai.solo_result).
        if s.mode == "solo":
            return ai.SOLO_HARD if level in ("hard", "expert") else SAME_SEARCH
        # Two seats, expert reads golems left in a supply as a cost (ai_search.SUPPLY_COST).
        return EXPERT_DUEL if level == "expert" and s.seats == 2 else SAME_SEARCH

    describe = staticmethod(texts.describe)
    progress = staticmethod(texts.progress)
    round_and_turn = staticmethod(texts.round_and_turn)


GAME: Game[RivalityState, Action, RivalityOptions] = Rivality()
