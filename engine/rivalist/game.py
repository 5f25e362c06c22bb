"""The Rivalist game object (`GAME`): the contract's calls, wired to the modules that hold the
rules (see engine/rivalist/__init__.py for the map).

Flow: the wonder draft (two groups of four, snake order), then three Ages. A turn is two
decisions: take an accessible pyramid card, then use it (construct, discard, or tuck it under a
wonder). Some effects add one more decision before the turn ends: a progress token after a
science pair, a token from the unused ones (Library of Alexandria), a rival card to destroy or
to steal. Between Ages the player with the weaker military (or, with the pawn centred, the one
who took the last card) names who begins. Interpretations are recorded in RULES_NOTES.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event, Game, GameBase, Outcome, Prompt, Rng
from engine.rivalist import ai, scoring, texts, views
from engine.rivalist.actions import ACTION_TYPES, RLAction
from engine.rivalist.notation import NOTATION
from engine.rivalist.options import RLOptions
from engine.rivalist.rules.dispatch import PHASES, misplaced
from engine.rivalist.setup import new_state
from engine.rivalist.state import RLState

ACTING = ((0,), (1,))


class Rivalist(GameBase[RLState, RLAction, RLOptions]):
    id = "rivalist"
    title = "Rivalist"
    players = range(2, 3)
    Options = RLOptions
    action_types = ACTION_TYPES
    notation = NOTATION
    state_type = RLState

    def setup(self, options: RLOptions, seats: int, seed: int) -> RLState:
        problem = self.check_options(options, seats)
        if problem is not None:
            raise ValueError(problem)
        return new_state(seed)

    def to_act(self, s: RLState) -> tuple[int, ...]:
        return () if s.over else ACTING[s.current]

    # -- legality: one phase's rules at a time (engine.rivalist.rules) --------------------------
    def candidates(self, s: RLState, seat: int) -> Sequence[RLAction]:
        return PHASES[s.phase].candidates(s, seat)

    def legal(self, s: RLState, seat: int) -> Sequence[RLAction]:
        if s.over or seat != s.current:
            return ()
        phase = PHASES[s.phase]
        if phase.legal is not None:
            return phase.legal(s, seat)
        return [a for a in phase.candidates(s, seat) if phase.reason(s, seat, a) is None]

    def reason(self, s: RLState, seat: int, a: RLAction) -> str | None:
        phase = PHASES[s.phase]
        if not isinstance(a, phase.actions):
            return misplaced(s, a)
        return phase.reason(s, seat, a)

    def perform(self, s: RLState, seat: int, a: RLAction) -> list[Event]:
        return PHASES[s.phase].perform(s, seat, a)

    # -- the rest of the contract, each in its module ------------------------------------------
    def outcome(self, s: RLState) -> Outcome | None:
        # Asked after every decision: the common answer without a call.
        return scoring.outcome(s) if s.over else None

    def view(self, s: RLState, seat: int | None) -> RLState:
        return views.view(s, seat)

    def determinize(self, v: RLState, seat: int, rng: Rng) -> RLState:
        return views.determinize(v, seat, rng)

    def prompt(self, s: RLState, seat: int) -> Prompt:
        return texts.prompt(s, seat)

    def describe(self, s: RLState, a: RLAction) -> str:
        return texts.describe(s, a)

    def progress(self, s: RLState) -> str:
        return texts.progress(s)

    def evaluate(self, s: RLState, seat: int) -> float:
        return ai.evaluate(s, seat)


GAME: Game[RLState, RLAction, RLOptions] = Rivalist()
