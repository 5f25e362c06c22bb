"""The Rivals game object: the phase table (rules/phases.py) wired with set-up, views, scoring
and texts into the engine contract. `GAME` is the instance the registry exposes.

Legality lives in one place per phase: the `options` function of each phase lists every action
worth showing with the reason it is not allowed (None when it is); the turn's menu and the
interrupt window also judge one action without listing them all, with the same sentences."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar

from engine.core import SAME_SEARCH, Game, LevelSearch, Outcome, Prompt
from engine.core.phases import PhasedGame
from engine.rivals import ai, drone, scoring, texts, views
from engine.rivals.actions import ACTION_TYPES, Action, TakeBack, Wait
from engine.rivals.notation import NOTATION
from engine.rivals.options import RivalsOptions
from engine.rivals.rules import turn
from engine.rivals.rules.phases import PHASES
from engine.rivals.rules.turn import NOT_NOW
from engine.rivals.setup import build
from engine.rivals.state import RivalsState, upgrade_snapshot

# From this many seats the search stops at the end of the turn (`Rivals.ai_turn_mark`).
HORIZON_SEATS = 3
# How often expert's rollout moves are the mover's best one ply deep instead of random ones,
# below that many seats (`Rivals.ai_level`; docs/AI.md, "Expert against hard").
EXPERT_ROLLOUT_GREED = 1.0
EXPERT_SEARCH = LevelSearch(rollout_greed=EXPERT_ROLLOUT_GREED)


class Rivals(PhasedGame[RivalsState, Action, RivalsOptions]):
    id: ClassVar[str] = "rivals"
    title: ClassVar[str] = "Rivals"
    players: ClassVar[range] = range(2, 7)
    Options: ClassVar[type[Any]] = RivalsOptions
    action_types: ClassVar[tuple[type, ...]] = ACTION_TYPES
    notation = NOTATION
    state_type: ClassVar[type] = RivalsState
    supports_series: ClassVar[bool] = False
    # Random rollouts to the end of a battle royale are long and noisy: a few random decisions,
    # then the evaluation.
    ai_rollout_depth: ClassVar[int | None] = 6
    # An iteration (a sampled world, a walk down the tree, six random decisions, an evaluation)
    # costs about 1.3 ms at six seats, and a game holds some 90 decisions per seat: a fifth of
    # the level's iterations (hard searches 100, about 0.15 s of CPU a decision instead of 0.7 s).
    ai_iteration_scale: ClassVar[float] = 0.2
    # Taking a half-played card back is for people changing their mind; a bot that judged it
    # better than ending a losing turn would play the card and take it back forever.
    # In an interrupt window a bot decides once per turn: a utility or a token now, or not till
    # the next turn (asked again after every action or phase, it would search each time for the
    # same answer).
    ai_avoid: ClassVar[tuple[type, ...]] = (TakeBack, Wait)
    # Utilities and the attacked Ashak's reaction are played in other seats' turns.
    interrupts: ClassVar[bool] = True

    phases = PHASES

    def setup(self, options: RivalsOptions, seats: int, seed: int) -> RivalsState:
        s = build(options.setup, seats, seed)
        if options.drone and seats == 2:
            drone.prepare(s)
        return s

    def misplaced(self, s: RivalsState, seat: int, a: Action) -> str:
        return NOT_NOW

    def waiting_prompt(self, s: RivalsState, seat: int) -> Prompt:
        if s.winners:
            return Prompt("The game is over.", section="the-end")
        phase = PHASES.get(s.phase)
        return Prompt("Waiting for another player.", section=phase.section if phase else "the-round")

    def outcome(self, s: RivalsState) -> Outcome | None:
        return scoring.outcome(s) if s.winners else None

    # The rest of the contract, each in its module.
    view = staticmethod(views.view)
    determinize = staticmethod(views.determinize)
    describe = staticmethod(texts.describe)
    upgrade_snapshot = staticmethod(upgrade_snapshot)
    evaluate = staticmethod(ai.evaluate)

    def ai_turn_mark(self, s: RivalsState) -> Hashable | None:
        """With three Ashaks or more the search looks to the end of the turn being played: the
        rest of it is played greedily and every leaf is scored there, on a few worlds shared by
        all moves. Its hundred iterations spread over some forty moves at the root; scored after
        six random decisions (the bot's own included), their values differed by less than the
        noise, and at six seats the hard bot lost to greedy (RULES_NOTES.md, "AI at many
        seats"). Two seats and drone mode keep the search they were tuned with; set-up (round
        0) has no turns. The mark moves on when the next seat's turn begins or the round's end
        begins (no turn active): reactions and loot inside the turn stay in it."""
        if s.seats < HORIZON_SEATS or s.round == 0 or s.drone_mode:
            return None
        return (s.round, s.turn_no, s.turn_seat, s.active >= 0)

    def ai_level(self, s: RivalsState, level: str) -> LevelSearch:
        """Expert's rollouts below three seats (drone mode included): each of the six decisions
        after a new node is the mover's best one ply deep, not a random one. With random
        rollouts expert's five times hard's iterations took about half the games against hard;
        greedy ones tell a good line from a bad one in far fewer iterations (docs/AI.md). From
        three seats the search stops at the turn's end and plays the rest of the turn greedily
        already, with no rollout after it (set-up aside). Hard and normal keep the random
        rollouts their steps were measured with."""
        if level == "expert" and s.seats < HORIZON_SEATS:
            return EXPERT_SEARCH
        return SAME_SEARCH

    def progress(self, s: RivalsState) -> str:
        if s.round == 0:
            return "set-up"
        if s.winners:  # (as the other games say it: the saved-games list shows it beside "finished")
            return f"finished in round {s.round}"
        return f"round {s.round}, era {drone.era_of(s, s.round)}"

    def round_and_turn(self, s: RivalsState) -> tuple[int, Hashable]:
        """Round 0 is set-up. A round's turns go round the table twice (`turn_no` 1 and 2), then
        in drone mode the drones play theirs; a reaction, a window or loot answered by another
        seat belongs to the turn it interrupts, and the round's start and end to no turn."""
        if s.active >= 0:
            return s.round, (s.turn_no, s.turn_seat)
        if s.d_active >= 0:
            return s.round, (s.turn_no, "drone", s.d_active)
        return s.round, None

    def upgrade_action(self, s: RivalsState, seat: int, a: Action) -> Action:
        """Premium Card's purchase once paid from the larger pile by itself (`turn.upgrade_saved`)."""
        return turn.upgrade_saved(s, seat, a)


GAME: Game[RivalsState, Action, RivalsOptions] = Rivals()
