"""The Rival Realms game object (`GAME`): the phase table (rules/phases.py) wired with set-up,
views, texts, scoring and the AI's evaluation. See the package modules for each role, and
RULES_NOTES.md for every interpretation and designed component.

Board helpers (read-only): engine.rival_realms.queries (`summon_slots`, `row_bounds`;
`step_targets` — where the next adventuring step can go — and `step_preview` — its walk, ways to
pay and tokens collected; `crossable`, `star_targets`, `mirror_moves`), engine.rival_realms.scoring
(`score_parts` by category, `quest_done`), and engine.rival_realms.rules.flow (`hand_target`).
The state's fields are described in engine.rival_realms.state (hidden cards read 0 in a view).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from engine.core.game import SAME_SEARCH, Game, LevelSearch, Outcome
from engine.core.phases import PhasedGame
from engine.rival_realms import ai, scoring, texts, views
from engine.rival_realms.actions import ACTION_TYPES, Action
from engine.rival_realms.notation import NOTATION
from engine.rival_realms.options import START_CHOICES, RivalRealmsOptions
from engine.rival_realms.rules.phases import PHASES
from engine.rival_realms.setup import new_state
from engine.rival_realms.state import RivalRealmsState

SETUP_PHASES = ("valleys", "raven", "place")
# Normal's search in a solo game (`ai_level`): a quarter of its iterations.
SOLO_NORMAL = LevelSearch(iterations=0.25)
# Expert's search in a duel (`ai_level`): it reads every leaf by playing the duel out to its end,
# both seats greedily, and judging the finished game (ai.duel_result). A leaf then costs a whole
# game's remainder, so expert searches 40 iterations (its 2,500 times the game's 0.2 and this
# 0.08), about eight for each of the five shortlisted moves; at set-up it reads leaves by the value.
EXPERT_DUEL_ITERATIONS = 0.08
EXPERT_DUEL = LevelSearch(iterations=EXPERT_DUEL_ITERATIONS, play_out=True, finished=ai.duel_result)
EXPERT_DUEL_SETUP = LevelSearch(iterations=EXPERT_DUEL_ITERATIONS)


class RivalRealms(PhasedGame[RivalRealmsState, Action, RivalRealmsOptions]):
    id = "rival_realms"
    title = "Rival Realms"
    players = range(1, 3)
    Options = RivalRealmsOptions
    action_types = ACTION_TYPES
    notation = NOTATION
    state_type = RivalRealmsState
    supports_series = True
    phases = PHASES
    # The search scores a leaf with `evaluate` at once: random moves after it are mostly
    # summons into the wrong slots (blocking rows for good) and aimless walks, which only blur
    # the evaluation's expected score (RULES_NOTES.md, "AI").
    ai_rollout_depth: ClassVar[int | None] = 0
    # A turn offers dozens of summons and steps, most of them plainly poor: the search ranks
    # them one ply deep and looks further only at the best few, through the rest of the turn,
    # the redraw and the rival's reply (RULES_NOTES.md, "AI").
    ai_root_moves: ClassVar[int | None] = 5
    ai_iteration_scale: ClassVar[float] = 0.2

    def next_options(self, options: RivalRealmsOptions, out: Outcome) -> RivalRealmsOptions:
        """The options of the next game of a series: whoever lost this one begins (a shared
        victory keeps the same start player)."""
        if len(out.scores) != 2 or len(out.winners) != 1:
            return options
        loser = 1 - out.winners[0]
        return attrs.evolve(options, start=START_CHOICES[loser])

    def setup(self, options: RivalRealmsOptions, seats: int, seed: int) -> RivalRealmsState:
        return new_state(options, seats, seed)

    def outcome(self, s: RivalRealmsState) -> Outcome | None:
        return None if s.phase != "over" else scoring.outcome(s)

    # The rest of the contract, each in its module.
    waiting_prompt = staticmethod(texts.waiting_prompt)
    view = staticmethod(views.view)
    determinize = staticmethod(views.determinize)
    describe = staticmethod(texts.describe)
    progress = staticmethod(texts.progress)
    evaluate = staticmethod(ai.evaluate)
    ai_search_evaluate = staticmethod(ai.search_evaluate)

    def ai_turn_mark(self, s: RivalRealmsState) -> int | None:
        # Turns begun so far: the search plays the rest of its turn greedily below each new node
        # and scores every leaf where the turn ends (with the redraw), so a step that only pays
        # off two steps later is seen, and leaves before and after a redraw are never compared.
        # Set-up has no turns: its choices are searched as before, scored at once. Solo has no
        # horizon either: the Raven's turns are fixed by its deck, and a search over whole turns
        # there won fewer deals than the plain one (docs/AI.md, Rival Realms solo).
        return None if s.seats == 1 or s.phase in SETUP_PHASES else sum(s.turns)

    def ai_level(self, s: RivalRealmsState, level: str) -> LevelSearch:
        # Solo, normal's twenty iterations already play about as well as hard's search deal by
        # deal (hard took 56% of 100 deals): there normal searches a quarter of them, one look at
        # each of the five shortlisted moves, each on a world of its own, and plays about as the
        # greedy bot does, clearly below hard (docs/AI.md, Rival Realms solo).
        # In a duel, expert reads where each line ends: who is left without moves first and the
        # races for the quests decide a duel, and hard's value only guesses at them
        # (docs/AI.md, "Expert against hard").
        if s.seats == 1:
            return SOLO_NORMAL if level == "normal" else SAME_SEARCH
        if level == "expert":
            return EXPERT_DUEL_SETUP if s.phase in SETUP_PHASES else EXPERT_DUEL
        return SAME_SEARCH

    def round_and_turn(self, s: RivalRealmsState) -> tuple[int, int | None]:
        """Round 0 is set-up (Valleys, the Raven, the adventurers); round N holds each seat's N-th
        turn (as the load list counts them), an extra turn from a Double Espresso included; an
        event answered by the other seat belongs to the turn that drew it."""
        if s.phase in SETUP_PHASES:
            return 0, None
        return max(s.turns), sum(s.turns)


GAME: Game[RivalRealmsState, Action, RivalRealmsOptions] = RivalRealms()
