"""The Rivalist game object (`GAME`): the phase table (rules/phases.py) and the modules that
implement the rest of the contract (see engine/rivalist/__init__.py for the map).

Flow: the wonder draft (two groups of four, snake order), then three Ages. A turn is two
decisions: take an accessible pyramid card, then use it (construct, discard, or tuck it under a
wonder). Some effects add one more decision before the turn ends: a progress token after a
science pair, a token from the unused ones (Library of Alexandria), a rival card to destroy or
to steal. Between Ages the player with the weaker military (or, with the pawn centred, the one
who took the last card) names who begins. Interpretations are recorded in RULES_NOTES.md.
"""

from __future__ import annotations

from engine.core import SAME_SEARCH, Game, LevelSearch, Outcome
from engine.core.phases import PhasedGame
from engine.rivalist import ai, scoring, texts, views
from engine.rivalist.actions import ACTION_TYPES, Action
from engine.rivalist.notation import NOTATION
from engine.rivalist.options import RivalistOptions
from engine.rivalist.rules.phases import PHASES, misplaced
from engine.rivalist.setup import new_state
from engine.rivalist.state import RivalistState

# How many decisions expert's rollouts play after each new node (hard's and normal's keep their
# own: ten, none). Measured against hard in docs/AI.md, "Expert against hard".
EXPERT_ROLLOUT_DEPTH = 20
EXPERT_SEARCH = LevelSearch(rollout_depth=EXPERT_ROLLOUT_DEPTH)


class Rivalist(PhasedGame[RivalistState, Action, RivalistOptions]):
    id = "rivalist"
    title = "Rivalist"
    players = range(2, 3)
    Options = RivalistOptions
    action_types = ACTION_TYPES
    notation = NOTATION
    state_type = RivalistState
    phases = PHASES

    def setup(self, options: RivalistOptions, seats: int, seed: int) -> RivalistState:
        return new_state(seed)

    def misplaced(self, s: RivalistState, seat: int, a: Action) -> str:
        return misplaced(s, a)

    def ai_level(self, s: RivalistState, level: str) -> LevelSearch:
        """Expert plays twice hard's random decisions after each new node. Rivalist's value reads
        a position as it stands, so what the rest of the Age still offers each player shows only
        when the Age is played further: at hard's 500 iterations, rollouts twenty decisions long
        won 6 of 6 games against hard's ten, and none at all won 1 of 6. A longer search with
        hard's rollouts settles on much the same moves (five times the iterations won 15 of 24
        games against hard, with these rollouts 21 of 24)."""
        return EXPERT_SEARCH if level == "expert" else SAME_SEARCH

    def outcome(self, s: RivalistState) -> Outcome | None:
        # Asked after every decision: the common answer without a call.
        return scoring.outcome(s) if s.over else None

    # The rest of the contract, each in its module.
    waiting_prompt = staticmethod(texts.waiting_prompt)
    view = staticmethod(views.view)
    determinize = staticmethod(views.determinize)
    describe = staticmethod(texts.describe)
    progress = staticmethod(texts.progress)
    round_and_turn = staticmethod(texts.round_and_turn)
    evaluate = staticmethod(ai.evaluate)


GAME: Game[RivalistState, Action, RivalistOptions] = Rivalist()
