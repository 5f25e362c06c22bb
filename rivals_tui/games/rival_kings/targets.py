"""Which legal Rival Kings decisions a place on the board stands for.

`actions_at(key, ...)` answers "what does Enter do here?": the legal actions that a hand card, a
pile, a player, an action slot on a character or a collected card stands for right now. A card
of your own can also be the first half of a Court Lady, Bishop or Troubadour exchange
(`swap_starts`); the second half is then the rival's card or the pile (`pending`).
No Textual import: this is plain logic over the view and the legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.rival_kings.actions import (
    Buy,
    ChooseAction,
    ChooseCharacter,
    Decline,
    EndTurn,
    Gardener,
    GiveMarker,
    PassConflict,
    Recruit,
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
from engine.rival_kings.data import CARDS, PASS, SETTLE
from engine.rival_kings.state import RivalKingsState

ABILITY_TYPES = (UseAbility, GiveMarker, SwapBuilding, SwapSubject, SwapDisplay)
SWAP_TYPES = (SwapBuilding, SwapSubject, SwapDisplay)


def _same(a: int, b: int) -> bool:
    # Copies of a card are interchangeable once collected; the engine names one of them.
    return CARDS[a].name == CARDS[b].name


def swap_starts(legal: Sequence[Any], card: int) -> list[Any]:
    """The exchanges that would give away your `card`."""
    return [a for a in legal if isinstance(a, SWAP_TYPES) and _same(a.mine, card)]


def actions_at(
    view: RivalKingsState,
    seat: int | None,
    legal: Sequence[Any],
    key: tuple[Any, ...],
    pending: int | None = None,
) -> list[Any]:
    """The legal actions Enter on `key` stands for (several: the player picks one)."""
    if seat is None or not legal:
        return []
    kind = key[0]
    out: list[Any] = []
    if pending is not None:
        # Second half of an exchange: the card or pile to take in return for `pending`.
        for a in legal:
            if not isinstance(a, SWAP_TYPES) or not _same(a.mine, pending):
                continue
            if (
                isinstance(a, SwapDisplay)
                and kind == "pile"
                and a.pile == key[1]
                or (
                    isinstance(a, (SwapBuilding, SwapSubject))
                    and kind == "card"
                    and a.other == key[1]
                    and _same(a.theirs, key[2])
                )
            ):
                out.append(a)
        return out
    for a in legal:
        if (
            kind == "hand"
            and isinstance(a, ChooseCharacter)
            and a.card == key[1]
            or kind == "pile"
            and isinstance(a, (TakeMoney, Recruit, Buy))
            and a.pile == key[1]
            or kind == "player"
            and isinstance(a, (PassConflict, GiveMarker))
            and a.to == key[1]
            or kind in ("player", "char")
            and isinstance(a, Gardener)
            and a.target == key[1]
            or kind == "char"
            and key[1] == seat
            and isinstance(a, Watchman)
        ):
            out.append(a)
        elif kind == "act":
            target, what = key[1], key[2]
            if (
                isinstance(a, Steal)
                and a.target == target
                and a.action == what
                or target == seat
                and isinstance(a, ChooseAction)
                and a.action == what
                or target == seat
                and what == SETTLE
                and isinstance(a, Settle)
                or target == seat
                and what == PASS
                and isinstance(a, PassConflict)
            ):
                out.append(a)
        elif kind == "markers" and key[1] == seat and isinstance(a, Settle):
            out.append(a)
        elif kind == "card" and key[1] == seat:
            row = view.subjects[seat]
            active = bool(row) and row[-1] == key[2]
            if active and isinstance(a, (UseAbility, GiveMarker, Watchman)):
                out.append(a)
    return out


def is_target(
    view: RivalKingsState, seat: int | None, legal: Sequence[Any], key: tuple[Any, ...], pending: int | None
) -> bool:
    if actions_at(view, seat, legal, key, pending):
        return True
    return pending is None and key[0] == "card" and key[1] == seat and bool(swap_starts(legal, key[2]))


def main_choice(actions: Sequence[Any]) -> bool:
    """True when the actions are the decision at hand rather than an optional subject ability."""
    return any(not isinstance(a, ABILITY_TYPES) for a in actions)


def quick_pass(legal: Sequence[Any]) -> Any | None:
    """What the skip key does: leave out the pending action, decline, or end the turn."""
    for cls in (Skip, Decline, EndTurn):
        for a in legal:
            if isinstance(a, cls):
                return a
    return None
