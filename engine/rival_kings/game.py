"""Rival Kings wired into the engine contract: `GAME`.

A cycle runs: secret character choice (all seats at once) -> reveal (and, with two players, the
face-down pile's top card) -> Gardener window -> Watchman window -> conflicts (markers handed out,
thefts announced) -> turns from rank A to F. Where each part lives:

- `rules.legality`: the decisions worth listing and the one reason per rule;
- `rules.cycle` / `rules.turns`: what each decision starts, and the automatic steps after it;
- `effects`: money, cards and abilities; `views`: view and determinize; `scoring`: the end;
- `texts`: prompts and descriptions; `ai`: the evaluation.
Interpretations are recorded in RULES_NOTES.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event, Game, GameBase, Outcome, Prompt, Rng
from engine.rival_kings import ai, texts, views
from engine.rival_kings.actions import (
    ACTION_TYPES,
    Buy,
    ChooseAction,
    ChooseCharacter,
    Decline,
    EndTurn,
    Gardener,
    GiveMarker,
    PassConflict,
    Recruit,
    RKAction,
    Settle,
    Skip,
    Steal,
    SwapBuilding,
    SwapDisplay,
    SwapSubject,
    TakeMoney,
    UseAbility,
    Watchman,
)
from engine.rival_kings.notation import NOTATION
from engine.rival_kings.options import RKOptions
from engine.rival_kings.rules import cycle, legality, turns
from engine.rival_kings.scoring import outcome
from engine.rival_kings.setup import new_game
from engine.rival_kings.state import RKState


def _choose(s: RKState, seat: int, a: ChooseCharacter, ev: list[Event]) -> None:
    cycle.choose(s, seat, a.card, ev)


# What each decision does (its rule was checked by `legality.reason` before).
PERFORM: dict[type, Callable[[RKState, int, Any, list[Event]], None]] = {
    ChooseCharacter: _choose,
    Gardener: cycle.gardener,
    Watchman: cycle.watchman,
    Decline: cycle.decline,
    Steal: turns.steal,
    ChooseAction: turns.choose_action,
    Skip: turns.skip,
    EndTurn: turns.finish,
    Settle: turns.settle,
    PassConflict: turns.pass_conflict,
    TakeMoney: turns.take_money,
    Recruit: turns.acquire,
    Buy: turns.acquire,
    UseAbility: turns.use_ability,
    GiveMarker: turns.use_ability,
    SwapBuilding: turns.use_ability,
    SwapSubject: turns.use_ability,
    SwapDisplay: turns.use_ability,
}


class RivalKings(GameBase[RKState, RKAction, RKOptions]):
    id = "rival_kings"
    title = "Rival Kings"
    players = range(2, 5)
    Options = RKOptions
    action_types = ACTION_TYPES
    notation = NOTATION
    state_type = RKState
    supports_series = True

    def setup(self, options: RKOptions, seats: int, seed: int) -> RKState:
        why = self.check_options(options, seats)
        if why is not None:
            raise ValueError(why)
        return new_game(options, seats, seed)

    def to_act(self, s: RKState) -> tuple[int, ...]:
        if s.over:
            return ()
        if s.phase == "choose":
            return tuple(i for i, c in enumerate(s.played) if c is None)
        if s.phase in ("gardener", "watchman"):
            return (s.window[0],)
        if s.phase == "turn" and s.turn >= 0:
            return (s.turn,)
        return ()

    # -- legality (GameBase derives legal, choices, why_illegal and apply) -------------------
    def candidates(self, s: RKState, seat: int) -> list[RKAction]:
        return legality.candidates(s, seat)

    def reason(self, s: RKState, seat: int, a: RKAction) -> str | None:
        return legality.reason(s, seat, a)

    def legal(self, s: RKState, seat: int) -> list[RKAction]:
        # The same list as GameBase.legal, for the bench: the per-candidate method calls cost
        # about a tenth of a random playout.
        return legality.legal(s, seat) if seat in self.to_act(s) else []

    def perform(self, s: RKState, seat: int, a: RKAction) -> list[Event]:
        ev: list[Event] = []
        PERFORM[type(a)](s, seat, a, ev)
        if s.phase == "turn":
            turns.advance(s, ev)
        return ev

    # -- the rest of the contract ------------------------------------------------------------
    def prompt(self, s: RKState, seat: int) -> Prompt:
        if seat not in self.to_act(s):
            return texts.waiting_prompt(s)
        return texts.prompt(s, seat, list(self.legal(s, seat)))

    def describe(self, s: RKState, a: RKAction) -> str:
        return texts.describe(s, a)

    def progress(self, s: RKState) -> str:
        return texts.progress(s)

    def outcome(self, s: RKState) -> Outcome | None:
        return outcome(s)

    def view(self, s: RKState, seat: int | None) -> RKState:
        return views.view(s, seat)

    def determinize(self, v: RKState, seat: int, rng: Rng) -> RKState:
        return views.determinize(v, seat, rng)

    def evaluate(self, s: RKState, seat: int) -> float:
        return ai.evaluate(s, seat)


GAME: Game[RKState, RKAction, RKOptions] = RivalKings()
