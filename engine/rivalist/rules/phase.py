"""What a phase's rules consist of (`Phase`), and the sentence for an action no phase expects now.

Each `Phase` lists the action types it decides, the actions worth showing (legal or greyed),
the one function saying whether an action is allowed (None, or the sentence the player reads)
and the function carrying it out. `engine.rivalist.rules.PHASES` maps each phase name to
its `Phase`; an action of a type the current phase does not decide gets the sentence from
`misplaced`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from engine.core import Event
from engine.rivalist.actions import (
    BuildWonder,
    ChooseStarter,
    Construct,
    DestroyCard,
    Discard,
    PickToken,
    PickWonder,
    RLAction,
    StealCard,
    Take,
)
from engine.rivalist.state import RLState


@attrs.frozen
class Phase:
    """The rules of one kind of decision. `reason` and `perform` are only called with actions of
    one of the `actions` types (hence `Any`: each phase's functions take their own types)."""

    actions: tuple[type, ...]
    candidates: Callable[[RLState, int], Sequence[RLAction]]
    reason: Callable[[RLState, int, Any], str | None]
    perform: Callable[[RLState, int, Any], list[Event]]
    # A faster way to the same legal list, for phases that are decided thousands of times in a
    # search; None: the candidates `reason` allows. The conformance suite checks they agree.
    legal: Callable[[RLState, int], Sequence[RLAction]] | None = None


def misplaced(s: RLState, a: RLAction) -> str:
    """Why an action of a type the current phase does not decide is refused."""
    if isinstance(a, Take):
        return (
            "You have already taken a card this turn." if s.phase == "use" else "You cannot take a card now."
        )
    if isinstance(a, (Construct, Discard, BuildWonder)):
        return "Take a card from the pyramid first."
    if isinstance(a, PickWonder):
        return "The draft is over."
    if isinstance(a, PickToken):
        return "You have no progress token to choose now."
    if isinstance(a, DestroyCard):
        return "You have nothing to destroy now."
    if isinstance(a, StealCard):
        return "You have nothing to steal now."
    assert isinstance(a, ChooseStarter)
    return "Who begins the next Age is not being chosen now."
