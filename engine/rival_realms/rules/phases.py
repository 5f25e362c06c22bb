"""Rival Realms' phase table: for each decision, what may be chosen and why not, what it does,
and what the player is asked. Set-up is `valleys`, `raven` and `place`; a turn is `turn` (one
action, tokens, End turn or Pass) and the `redraw` after it; a gem's theft is `steal`; a drawn
event asks its `event` answers. "over" owes no decision. Each phase's functions are in the
module of its role (rules/setup_phase.py, turn.py, draws.py, events.py); each `perform` counts
its decision in the state's `stamp`."""

from __future__ import annotations

from typing import Any

from engine.core.phases import Phase
from engine.rival_realms import texts
from engine.rival_realms.actions import (
    Carpet,
    Decline,
    Draw,
    EndTurn,
    Espresso,
    GemRaven,
    GemSteal,
    GiveCard,
    Go,
    MakeValley,
    Mirror,
    Pass,
    PerchRaven,
    PlaceAdventurer,
    Revive,
    StarStep,
    Summon,
    SwapLands,
    Trade,
)
from engine.rival_realms.rules import draws, events, setup_phase, turn
from engine.rival_realms.state import RivalRealmsState


def _event_reason(s: RivalRealmsState, seat: int, a: Any) -> str | None:
    if a in events.answers(s, seat):
        return None
    e = events.current(s)
    if isinstance(a, Decline):
        return f"{e.name} must be answered: it cannot be declined."
    return f"That is not a possible answer to {e.name}."


PHASES: dict[str, Phase[RivalRealmsState]] = {
    # Set-up lists only what is allowed: its legal list is the candidates themselves.
    "valleys": Phase.judged(
        (MakeValley,),
        setup_phase.valleys_legal,
        setup_phase.valleys_reason,
        setup_phase.valleys_perform,
        prompt=texts.valleys_prompt,
        section="setting-up",
        legal=setup_phase.valleys_legal,
    ),
    "raven": Phase.judged(
        (PerchRaven,),
        setup_phase.raven_legal,
        setup_phase.raven_reason,
        setup_phase.raven_perform,
        prompt="Perch the Raven on a Mountain of either realm.",
        section="setting-up",
        legal=setup_phase.raven_legal,
    ),
    "place": Phase.judged(
        (PlaceAdventurer,),
        setup_phase.place_legal,
        setup_phase.place_reason,
        setup_phase.place_perform,
        prompt="Place your adventurer on a space of your realm.",
        section="setting-up",
        legal=setup_phase.place_legal,
    ),
    "turn": Phase.judged(
        (Summon, Go, EndTurn, Pass, GemRaven, GemSteal, Espresso, Carpet, Mirror),
        turn.turn_candidates,
        turn.TURN_CHECKS,
        turn.turn_perform,
        prompt=texts.turn_prompt,
        section="the-turn",
        secret=True,
        legal=turn.turn_legal,
    ),
    "steal": Phase.judged(
        (Draw,),
        draws.draw_legal,
        draws.draw_reason,
        draws.draw_perform,
        prompt=texts.steal_prompt,
        section="gems",
        secret=True,
        legal=draws.draw_legal,
    ),
    "redraw": Phase.judged(
        (Draw,),
        draws.draw_legal,
        draws.draw_reason,
        draws.draw_perform,
        prompt=texts.redraw_prompt,
        section="redraw",
        secret=True,
        legal=draws.draw_legal,
    ),
    "event": Phase.judged(
        (GiveCard, SwapLands, Draw, Revive, StarStep, PerchRaven, Trade, Decline),
        events.answers,
        _event_reason,
        events.perform_answer,
        prompt=texts.event_prompt,
        section="events",
        secret=True,
        legal=events.answers,
    ),
}
