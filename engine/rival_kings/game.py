"""Rival Kings wired into the engine contract: `GAME`.

A cycle runs: secret character choice (all seats at once) -> reveal (and, with two players, the
face-down pile's top card) -> Gardener window -> Watchman window -> conflicts (markers handed out,
thefts announced) -> turns from rank A to F. Where each part lives:

- `rules.phases`: the phase table, each decision's rules, effect and prompt;
- `rules.legality`: the decisions worth listing and the one reason per rule;
- `rules.cycle` / `rules.turn`: what each decision starts, and the automatic steps after it;
- `effects`: money, cards and abilities; `views`: view and determinize; `scoring`: the end;
- `texts`: prompts and descriptions; `ai`: the evaluation.
Interpretations are recorded in RULES_NOTES.md.
"""

from __future__ import annotations

import attrs

from engine.core import SAME_SEARCH, Game, LevelSearch
from engine.core.phases import PhasedGame
from engine.rival_kings import ai, scoring, texts, views
from engine.rival_kings.actions import ACTION_TYPES, Action
from engine.rival_kings.notation import NOTATION
from engine.rival_kings.options import RivalKingsOptions
from engine.rival_kings.rules.legality import misplaced
from engine.rival_kings.rules.phases import PHASES
from engine.rival_kings.setup import new_game
from engine.rival_kings.state import RivalKingsState

# Expert's search at two seats (`RivalKings.ai_level`), and at the secret character choice, where
# it searches EXPERT_CHOICE_ITERATIONS times its cap.
EXPERT_SEARCH = LevelSearch(rollout_policy=ai.rollout_move, split_secret_choices=True)
EXPERT_CHOICE_ITERATIONS = 3.0
EXPERT_CHOICE_SEARCH = attrs.evolve(EXPERT_SEARCH, iterations=EXPERT_CHOICE_ITERATIONS)


class RivalKings(PhasedGame[RivalKingsState, Action, RivalKingsOptions]):
    id = "rival_kings"
    title = "Rival Kings"
    players = range(2, 5)
    Options = RivalKingsOptions
    action_types = ACTION_TYPES
    notation = NOTATION
    state_type = RivalKingsState
    supports_series = True
    phases = PHASES

    def ai_level(self, s: RivalKingsState, level: str) -> LevelSearch:
        """Expert at two seats branches its tree on both seats' characters at the secret choice
        (hard on its own pick alone), so that what it does once the characters are shown (the
        Gardener, the Watchman, thefts, the actions) follows what the rival showed; and it plays
        its rollouts by a rule of thumb (`ai.rollout_move`) where hard's are random. With hard's
        search its five times hard's iterations played level with hard (docs/AI.md). At the
        character choice it searches three times as long: branching on both characters spreads
        its iterations over every pair of them, and there its 2,500 iterations often settled,
        alike from seed to seed, on another character than 7,500 or 20,000 did."""
        if level == "expert" and s.seats == 2:
            return EXPERT_CHOICE_SEARCH if s.phase == "choose" else EXPERT_SEARCH
        return SAME_SEARCH

    def misplaced(self, s: RivalKingsState, seat: int, a: Action) -> str:
        return misplaced(a)

    # The rest of the contract, each in its module.
    setup = staticmethod(new_game)
    waiting_prompt = staticmethod(texts.waiting_prompt)
    describe = staticmethod(texts.describe)
    progress = staticmethod(texts.progress)
    round_and_turn = staticmethod(texts.round_and_turn)
    outcome = staticmethod(scoring.outcome)
    view = staticmethod(views.view)
    determinize = staticmethod(views.determinize)
    evaluate = staticmethod(ai.evaluate)


GAME: Game[RivalKingsState, Action, RivalKingsOptions] = RivalKings()
