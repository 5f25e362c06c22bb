"""Rival Kings' phase table: for each decision, what may be chosen and why not
(rules/legality.py), what it does (rules/cycle.py, rules/turn.py) and what the player is asked.
A cycle is `choose` (every seat at once, in secret), the `gardener` and `watchman` windows, then
the `turn` of each seat; "over" owes no decision. After every decision the turns' automatic
steps run up to the next one (`turn.advance`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event, Prompt
from engine.core.phases import Phase
from engine.rival_kings import texts
from engine.rival_kings.actions import ChooseCharacter, Decline, Gardener, Watchman
from engine.rival_kings.rules import cycle, legality, turn
from engine.rival_kings.state import RivalKingsState

Handler = Callable[[RivalKingsState, int, Any, list[Event]], None]


def _then_turns(handlers: dict[type, Handler]) -> Callable[[RivalKingsState, int, Any], list[Event]]:
    """Carry out a decision by its type, then the turns' automatic steps, if the cycle has
    reached its turns, up to the next decision."""

    def perform(s: RivalKingsState, seat: int, a: Any) -> list[Event]:
        ev: list[Event] = []
        handlers[type(a)](s, seat, a, ev)
        if s.phase == "turn":
            turn.advance(s, ev)
        return ev

    return perform


def _choose(s: RivalKingsState, seat: int, a: ChooseCharacter, ev: list[Event]) -> None:
    cycle.choose(s, seat, a.card, ev)


def _turn_prompt(s: RivalKingsState, seat: int) -> Prompt:
    return texts.turn_prompt(s, seat, legality.turn_legal(s, seat))


PHASES: dict[str, Phase[RivalKingsState]] = {
    "choose": Phase.judged(
        (ChooseCharacter,),
        legality.choose_candidates,
        legality.choose_reason,
        _then_turns({ChooseCharacter: _choose}),
        prompt="Choose a character to play (secretly).",
        section="choosing-a-character",
        secret=True,
        legal=legality.choose_candidates,
        acting=legality.choosing,
    ),
    "gardener": Phase.judged(
        (Gardener, Decline),
        legality.gardener_candidates,
        legality.gardener_reason,
        _then_turns({Gardener: cycle.gardener, Decline: cycle.decline}),
        prompt="Gardener: trade characters with another player?",
        section="gardener-and-watchman",
        legal=legality.gardener_candidates,
    ),
    "watchman": Phase.judged(
        (Watchman, Decline),
        legality.watchman_candidates,
        legality.watchman_reason,
        _then_turns({Watchman: cycle.watchman, Decline: cycle.decline}),
        prompt="Watchman: make higher ranks take the Conflict marker this cycle?",
        section="gardener-and-watchman",
        legal=legality.watchman_candidates,
    ),
    "turn": Phase.judged(
        legality.TURN_ACTIONS,
        legality.turn_candidates,
        legality.turn_reason,
        _then_turns(turn.TURN_DECISIONS),
        prompt=_turn_prompt,
        section="course-of-a-cycle",
        legal=legality.turn_legal,
    ),
}
