"""Rival Realms decisions: small frozen records, each with a short text form for logs and tests.
Their hashes are cached: the search keeps its statistics in dictionaries keyed by them.

Spaces, land cards and card numbers follow state.py. A card number 0 stands for "the top of the
deck" where a source is named.
"""

from __future__ import annotations

import attrs


@attrs.frozen(cache_hash=True)
class MakeValley:
    """Set-up, start player: turn land card `land` (0-11) to its Valley side."""

    land: int

    def __str__(self) -> str:
        return f"valley {self.land}"


@attrs.frozen(cache_hash=True)
class PerchRaven:
    """Set-up, the other player: perch the Raven on Mountain `land` of `owner`'s realm."""

    owner: int
    land: int

    def __str__(self) -> str:
        return f"perch {self.owner}:{self.land}"


@attrs.frozen(cache_hash=True)
class PlaceAdventurer:
    """Set-up: put your adventurer on `space` of your realm (and claim the token there)."""

    space: int

    def __str__(self) -> str:
        return f"place {self.space}"


@attrs.frozen(cache_hash=True)
class Summon:
    """Your action: put region card `card` from your hand into the empty `space`."""

    card: int
    space: int

    def __str__(self) -> str:
        return f"summon {self.card}@{self.space}"


@attrs.frozen(cache_hash=True)
class Go:
    """One adventuring step: walk (through explored regions, for free) to `via`, then step into
    `space`. An unexplored `space` is paid with region card `card` or creature `creature`; an
    explored one (or a Kindred Trails step) with neither."""

    space: int
    via: int
    card: int = 0
    creature: str = ""

    def __str__(self) -> str:
        pay = f" card {self.card}" if self.card else f" {self.creature}" if self.creature else ""
        return f"go {self.space} via {self.via}{pay}"


@attrs.frozen(cache_hash=True)
class EndTurn:
    """Finish the turn: quests are checked, then you redraw."""

    def __str__(self) -> str:
        return "end turn"


@attrs.frozen(cache_hash=True)
class Pass:
    """You cannot summon or adventure: show your hand and pass for the rest of the game."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(cache_hash=True)
class GemRaven:
    """Spend a gem: fly the Raven onto your own Mountain `land`."""

    land: int

    def __str__(self) -> str:
        return f"gem raven {self.land}"


@attrs.frozen(cache_hash=True)
class GemSteal:
    """Spend a gem: the Raven perches beside the deck and you take two cards (one at a time)."""

    def __str__(self) -> str:
        return "gem steal"


@attrs.frozen(cache_hash=True)
class Espresso:
    """Play the Double Espresso: another turn after this one."""

    def __str__(self) -> str:
        return "espresso"


@attrs.frozen(cache_hash=True)
class Carpet:
    """Play the Flying Carpet: jump to region `space` of your realm and explore it."""

    space: int

    def __str__(self) -> str:
        return f"carpet {self.space}"


@attrs.frozen(cache_hash=True)
class Mirror:
    """Play the Magic Mirror: exchange two of your own pieces in play. `kind` is "region" (two
    region cards, by space), "token" (two adventure tokens on your realm, by space) or "land"
    (two Mountain/Valley cards, by land index); `a` < `b`."""

    kind: str
    a: int
    b: int

    def __str__(self) -> str:
        return f"mirror {self.kind} {self.a}<->{self.b}"


@attrs.frozen(cache_hash=True)
class Draw:
    """Take one card: `source` "deck" (card 0: unseen until drawn), "own" (your Raven's Nest) or
    "other" (the opponent's nest: gem thefts, and redraws under Open Nests)."""

    source: str
    card: int = 0

    def __str__(self) -> str:
        return f"draw {self.source}" + (f" {self.card}" if self.card else "")


@attrs.frozen(cache_hash=True)
class GiveCard:
    """Event answer: put `card` from your hand where the event says (a nest)."""

    card: int

    def __str__(self) -> str:
        return f"give {self.card}"


@attrs.frozen(cache_hash=True)
class SwapLands:
    """Event answer (Shifting Ground): exchange your land cards `a` and `b`."""

    a: int
    b: int

    def __str__(self) -> str:
        return f"swap lands {self.a}<->{self.b}"


@attrs.frozen(cache_hash=True)
class Revive:
    """Event answer (Second Wind): take back used creature `creature`."""

    creature: str

    def __str__(self) -> str:
        return f"revive {self.creature}"


@attrs.frozen(cache_hash=True)
class StarStep:
    """Event answer (Shooting Star): step into unexplored region `space` and explore it."""

    space: int

    def __str__(self) -> str:
        return f"star {self.space}"


@attrs.frozen(cache_hash=True)
class Trade:
    """Event answer (Trade Winds): put `card` from hand into your nest and take `nest_card`."""

    card: int
    nest_card: int

    def __str__(self) -> str:
        return f"trade {self.card} for {self.nest_card}"


@attrs.frozen(cache_hash=True)
class Decline:
    """Event answer: let this event pass you by."""

    def __str__(self) -> str:
        return "decline"


ACTION_TYPES: tuple[type, ...] = (
    MakeValley,
    PerchRaven,
    PlaceAdventurer,
    Summon,
    Go,
    EndTurn,
    Pass,
    GemRaven,
    GemSteal,
    Espresso,
    Carpet,
    Mirror,
    Draw,
    GiveCard,
    SwapLands,
    Revive,
    StarStep,
    Trade,
    Decline,
)
Action = (
    MakeValley
    | PerchRaven
    | PlaceAdventurer
    | Summon
    | Go
    | EndTurn
    | Pass
    | GemRaven
    | GemSteal
    | Espresso
    | Carpet
    | Mirror
    | Draw
    | GiveCard
    | SwapLands
    | Revive
    | StarStep
    | Trade
    | Decline
)
END_TURN = EndTurn()
PASS = Pass()
GEM_STEAL = GemSteal()
ESPRESSO = Espresso()
DECLINE = Decline()
DRAW_DECK = Draw("deck")

# Shared instances, so building legal lists allocates little.
SUMMONS: tuple[tuple[Summon, ...], ...] = tuple(tuple(Summon(c, p) for p in range(18)) for c in range(51))
GEM_RAVENS: tuple[GemRaven, ...] = tuple(GemRaven(m) for m in range(12))
CARPETS: tuple[Carpet, ...] = tuple(Carpet(p) for p in range(18))
DRAWS_OWN: tuple[Draw, ...] = tuple(Draw("own", c) for c in range(51))
DRAWS_OTHER: tuple[Draw, ...] = tuple(Draw("other", c) for c in range(51))
_GOES: dict[tuple[int, int, int, str], Go] = {}


def go(space: int, via: int, card: int = 0, creature: str = "") -> Go:
    """The shared `Go` instance for these fields."""
    key = (space, via, card, creature)
    a = _GOES.get(key)
    if a is None:
        a = _GOES[key] = Go(space, via, card, creature)
    return a


# The free step (a walk into an explored region) by step key `space * 32 + via + 1`, as in
# `queries.steps`: the same shared instances as `go(space, via)`.
WALKS: dict[int, Go] = {space * 32 + via + 1: go(space, via) for space in range(18) for via in range(18)}

# Every Magic Mirror exchange, by its (kind, a, b): shared instances (see `mirror`).
MIRRORS: dict[tuple[str, int, int], Mirror] = {
    (kind, a, b): Mirror(kind, a, b)
    for kind, n in (("region", 18), ("token", 18), ("land", 12))
    for a in range(n)
    for b in range(a + 1, n)
}
# The same, by kind and then by the two positions (a < b): `realm.mirror_moves` picks them
# straight out while it looks for the allowed exchanges.
MIRROR_SWAPS: dict[str, tuple[dict[int, Mirror], ...]] = {
    kind: tuple({b: MIRRORS[kind, a, b] for b in range(a + 1, n)} for a in range(n))
    for kind, n in (("region", 18), ("token", 18), ("land", 12))
}


def mirror(kind: str, a: int, b: int) -> Mirror:
    """The shared `Mirror` instance for these fields."""
    key = (kind, a, b)
    m = MIRRORS.get(key)
    if m is None:
        m = MIRRORS[key] = Mirror(kind, a, b)
    return m
