"""Rival Kings decisions. Each is frozen and has a short text form for logs and tests.

Seats, piles and cards are referred to by index/id; `describe` in the game gives the long form.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class ChooseCharacter:
    """Lay a character from your hand face down (secret until everyone has chosen)."""

    card: int

    def __str__(self) -> str:
        return f"play character {self.card}"


@attrs.frozen
class Gardener:
    """Gardener: trade your revealed character with `target`'s."""

    target: int

    def __str__(self) -> str:
        return f"gardener swap with {self.target}"


@attrs.frozen
class Watchman:
    """Watchman: higher ranks in conflict with you take the marker this cycle."""

    def __str__(self) -> str:
        return "watchman"


@attrs.frozen
class Decline:
    """Do not use the Gardener / Watchman this cycle."""

    def __str__(self) -> str:
        return "decline"


@attrs.frozen
class Steal:
    """Cover `action` on `target`'s character with a crest and carry it out yourself."""

    target: int
    action: str

    def __str__(self) -> str:
        return f"steal {self.action} from {self.target}"


@attrs.frozen
class ChooseAction:
    """Equal-rank conflict: the one action of your card you will carry out."""

    action: str

    def __str__(self) -> str:
        return f"choose {self.action}"


@attrs.frozen
class TakeMoney:
    pile: int

    def __str__(self) -> str:
        return f"take money {self.pile}"


@attrs.frozen
class Recruit:
    """Recruit the top subject of `pile`; `discount` uses the Miller's ability."""

    pile: int
    discount: bool = False

    def __str__(self) -> str:
        return f"recruit {self.pile}" + (" miller" if self.discount else "")


@attrs.frozen
class Buy:
    """Buy the top building of `pile`; `discount` uses the Blacksmith's ability."""

    pile: int
    discount: bool = False

    def __str__(self) -> str:
        return f"buy {self.pile}" + (" blacksmith" if self.discount else "")


@attrs.frozen
class Settle:
    def __str__(self) -> str:
        return "settle"


@attrs.frozen
class PassConflict:
    to: int

    def __str__(self) -> str:
        return f"pass conflict to {self.to}"


@attrs.frozen
class Skip:
    """Leave out the pending action."""

    def __str__(self) -> str:
        return "skip"


@attrs.frozen
class EndTurn:
    def __str__(self) -> str:
        return "end turn"


@attrs.frozen
class UseAbility:
    """Use the active subject's ability when it needs no further choice (or opens an extra action)."""

    def __str__(self) -> str:
        return "ability"


@attrs.frozen
class GiveMarker:
    """Herbalist: a marker from the supply to `to`."""

    to: int

    def __str__(self) -> str:
        return f"herbalist {self.to}"


@attrs.frozen
class SwapBuilding:
    """Court Lady: your building `mine` for building `theirs` of seat `other`."""

    mine: int
    other: int
    theirs: int

    def __str__(self) -> str:
        return f"court lady {self.mine}<->{self.other}:{self.theirs}"


@attrs.frozen
class SwapSubject:
    """Bishop: your subject `mine` for subject `theirs` of seat `other`."""

    mine: int
    other: int
    theirs: int

    def __str__(self) -> str:
        return f"bishop {self.mine}<->{self.other}:{self.theirs}"


@attrs.frozen
class SwapDisplay:
    """Troubadour: your card `mine` for the top card of `pile`."""

    mine: int
    pile: int

    def __str__(self) -> str:
        return f"troubadour {self.mine}<->pile {self.pile}"


ACTION_TYPES: tuple[type, ...] = (
    ChooseCharacter,
    Gardener,
    Watchman,
    Decline,
    Steal,
    ChooseAction,
    TakeMoney,
    Recruit,
    Buy,
    Settle,
    PassConflict,
    Skip,
    EndTurn,
    UseAbility,
    GiveMarker,
    SwapBuilding,
    SwapSubject,
    SwapDisplay,
)

# Every decision of the game: the action type parameter of its Game.
Action = (
    ChooseCharacter
    | Gardener
    | Watchman
    | Decline
    | Steal
    | ChooseAction
    | TakeMoney
    | Recruit
    | Buy
    | Settle
    | PassConflict
    | Skip
    | EndTurn
    | UseAbility
    | GiveMarker
    | SwapBuilding
    | SwapSubject
    | SwapDisplay
)
