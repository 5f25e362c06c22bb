"""The dispatch table: phase name -> the rules of the decision owed in that phase."""

from __future__ import annotations

from engine.rivalist.rules import draft, picks, turn
from engine.rivalist.rules.phase import Phase, misplaced

PHASES: dict[str, Phase] = {
    "draft": draft.DRAFT,
    "take": turn.TAKE,
    "use": turn.USE,
    "token": picks.TOKEN,
    "library": picks.LIBRARY,
    "destroy": picks.DESTROY,
    "steal": picks.STEAL,
    "starter": picks.STARTER,
}

__all__ = ["PHASES", "Phase", "misplaced"]
