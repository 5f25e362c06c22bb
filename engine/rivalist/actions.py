"""Rivalist decisions. Each is frozen and has a short text form for logs and tests.

Slots, wonders, tokens and cards are referred to by id (engine.rivalist.data); `describe` in
engine.rivalist.texts gives the long form a player reads.
"""

from __future__ import annotations

import attrs

from engine.rivalist.data import PYRAMID_SIZE, TOKEN_NAMES, WONDERS


@attrs.frozen
class PickWonder:
    """Draft: take revealed wonder `wonder`."""

    wonder: int

    def __str__(self) -> str:
        return f"pick wonder {self.wonder}"


@attrs.frozen
class Take:
    """Take the accessible card in pyramid slot `slot`."""

    slot: int

    def __str__(self) -> str:
        return f"take slot {self.slot}"


@attrs.frozen
class Construct:
    """Build the taken card in your city, paying its cost."""

    def __str__(self) -> str:
        return "construct"


@attrs.frozen
class Discard:
    """Discard the taken card for 2 coins plus 1 per yellow card you own."""

    def __str__(self) -> str:
        return "discard"


@attrs.frozen
class BuildWonder:
    """Tuck the taken card under your unbuilt wonder `wonder`, paying the wonder's cost."""

    wonder: int

    def __str__(self) -> str:
        return f"build wonder {self.wonder}"


@attrs.frozen
class PickToken:
    """Keep progress token `token` (from the board, or from the unused ones with the Library)."""

    token: int

    def __str__(self) -> str:
        return f"token {self.token}"


@attrs.frozen
class DestroyCard:
    """Send the rival's card `card` to the discard pile."""

    card: int

    def __str__(self) -> str:
        return f"destroy {self.card}"


@attrs.frozen
class StealCard:
    """Move the rival's card `card` into your city, built for free."""

    card: int

    def __str__(self) -> str:
        return f"steal {self.card}"


@attrs.frozen
class ChooseStarter:
    """Name the seat that begins the next Age."""

    seat: int

    def __str__(self) -> str:
        return f"starter {self.seat}"


ACTION_TYPES: tuple[type, ...] = (
    PickWonder,
    Take,
    Construct,
    Discard,
    BuildWonder,
    PickToken,
    DestroyCard,
    StealCard,
    ChooseStarter,
)

# Every decision of the game: the action type parameter of its Game.
Action = (
    PickWonder
    | Take
    | Construct
    | Discard
    | BuildWonder
    | PickToken
    | DestroyCard
    | StealCard
    | ChooseStarter
)

# Shared action objects: legal lists reuse them instead of allocating new ones.
TAKES = tuple(Take(i) for i in range(PYRAMID_SIZE))
CONSTRUCT = Construct()
DISCARD = Discard()
BUILDS = tuple(BuildWonder(w) for w in range(len(WONDERS)))
PICK_WONDERS = tuple(PickWonder(w) for w in range(len(WONDERS)))
PICK_TOKENS = tuple(PickToken(t) for t in range(len(TOKEN_NAMES)))
STARTERS = (ChooseStarter(0), ChooseStarter(1))
