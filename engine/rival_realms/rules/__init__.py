"""Rival Realms legality and resolution: a table from phase to its handlers.

Each phase has `legal` (the fast list), `reason` (the one check that decides whether an action
is allowed, with the sentence a player sees) and `perform` (apply an allowed action). The
game object reaches every phase through `legal`, `reason`, `perform` and `candidates` below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from engine.core.game import Event
from engine.rival_realms.actions import (
    ACTION_TYPES,
    END_TURN,
    PASS,
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
from engine.rival_realms.data import SPACES
from engine.rival_realms.rules import draws, events, setup_phase, turn
from engine.rival_realms.state import RealmsState


@attrs.frozen
class Phase:
    """The handlers of one phase, and the action classes that belong to it."""

    types: tuple[type, ...]
    legal: Callable[[RealmsState, int], list[Any]]
    reason: Callable[[RealmsState, int, Any], str | None]
    perform: Callable[[RealmsState, int, Any, list[Event]], None]


def _event_reason(s: RealmsState, seat: int, a: Any) -> str | None:
    if a in events.answers(s, seat):
        return None
    e = events.current(s)
    if isinstance(a, Decline):
        return f"{e.name} must be answered: it cannot be declined."
    return f"That is not a possible answer to {e.name}."


PHASES: dict[str, Phase] = {
    "valleys": Phase(
        (MakeValley,),
        lambda s, seat: setup_phase.valleys_legal(s),
        lambda s, seat, a: setup_phase.valleys_reason(s, a),
        lambda s, seat, a, ev: setup_phase.valleys_perform(s, a, ev),
    ),
    "raven": Phase(
        (PerchRaven,),
        lambda s, seat: setup_phase.raven_legal(s),
        lambda s, seat, a: setup_phase.raven_reason(s, a),
        setup_phase.raven_perform,
    ),
    "place": Phase(
        (PlaceAdventurer,),
        lambda s, seat: setup_phase.place_legal(s),
        lambda s, seat, a: setup_phase.place_reason(s, a),
        setup_phase.place_perform,
    ),
    "turn": Phase(
        (Summon, Go, EndTurn, Pass, GemRaven, GemSteal, Espresso, Carpet, Mirror),
        turn.turn_legal,
        turn.turn_reason,
        turn.turn_perform,
    ),
    "steal": Phase((Draw,), draws.draw_legal, draws.draw_reason, draws.draw_perform),
    "redraw": Phase((Draw,), draws.draw_legal, draws.draw_reason, draws.draw_perform),
    "event": Phase(
        (GiveCard, SwapLands, Draw, Revive, StarStep, PerchRaven, Trade, Decline),
        events.answers,
        _event_reason,
        events.perform_answer,
    ),
}


def legal(s: RealmsState, seat: int) -> list[Any]:
    if s.phase == "over" or seat != s.actor:
        return []
    return PHASES[s.phase].legal(s, seat)


def reason(s: RealmsState, seat: int, a: Any) -> str | None:
    if s.phase == "over":
        return "The game is over."
    if seat != s.actor:
        return "It is not your turn to decide."
    ph = PHASES[s.phase]
    if not isinstance(a, ph.types):
        return "That decision does not belong to this moment of the game."
    return ph.reason(s, seat, a)


def why_illegal(s: RealmsState, seat: int, a: Any) -> str | None:
    """The game's `why_illegal` (the same sentences as GameBase's), without its generic detours:
    every decision checked by `apply` passes here."""
    if seat != s.actor or s.phase == "over":
        return "It is not your turn to decide."
    ph = PHASES[s.phase]
    if isinstance(a, ph.types):
        return ph.reason(s, seat, a)
    if not isinstance(a, ACTION_TYPES):
        return "That is not a move of this game."
    return "That decision does not belong to this moment of the game."


def perform(s: RealmsState, seat: int, a: Any) -> list[Event]:
    ev: list[Event] = []
    PHASES[s.phase].perform(s, seat, a, ev)
    return ev


def candidates(s: RealmsState, seat: int) -> list[Any]:
    """Every action worth showing: the legal ones, plus, on a turn, the summons that break the
    left-to-right order (greyed with the reason) and End turn / Pass when they are not allowed."""
    out = legal(s, seat)
    if s.phase != "turn" or seat != s.actor:
        return out
    if s.action == "":
        regions = s.regions[seat]
        for c in s.hands[seat]:
            out.extend(Summon(c, p) for p in range(SPACES) if not regions[p] and Summon(c, p) not in out)
    for a in (END_TURN, PASS):
        if a not in out:
            out.append(a)
    return out
