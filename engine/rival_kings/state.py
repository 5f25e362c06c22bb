"""The Rival Kings state.

The state is plain attrs with lists, ints, strs and None so the saves converter can round-trip it.
In a view, hidden values are -1: other players' hand cards and unrevealed choices, the set-aside
or face-down characters, pile cards below the top, the money under the piles (a pile with no
money shows 0) and other players' purses.

Seats are 0-based. Piles 0 and 1 hold buildings, 2 and 3 subjects; the top card of a pile is the
LAST element of its list; a player's collected rows grow at the end (the last subject is active).
"""

from __future__ import annotations

import attrs

from engine.core.rng import Rng


@attrs.frozen
class Crest:
    """A crest of `owner` covering the action `action` on the character of seat `target`."""

    owner: int
    target: int
    action: str


@attrs.define
class RivalKingsState:
    seats: int
    rng: Rng
    phase: str  # "choose" | "gardener" | "watchman" | "turn" | "over"
    round: int  # 1-based
    cycle: int  # 1 or 2 within the round
    piles: list[list[int]]  # card ids, top = last; -1 = hidden card below the top (view)
    pile_ones: list[int]  # 1-coin cards under each pile (-1 = hidden amount, view only)
    pile_twos: list[int]
    supply_ones: int
    supply_twos: int
    purse_ones: list[int]  # per seat (-1 = hidden, view only)
    purse_twos: list[int]
    total_ones: int  # coin cards in the game: fixed at set-up, public
    total_twos: int
    buildings: list[list[int]]  # per seat, in order collected
    subjects: list[list[int]]  # per seat, the last one is the active subject
    markers: list[int]  # conflict markers in front of each seat
    marker_supply: int
    hands: list[list[int]]  # character ids (-1 = hidden, view only)
    played: list[int | None]  # this cycle's character per seat; None = not chosen; -1 = hidden
    spent: list[list[int]]  # characters each seat played earlier this round (face up)
    aside: list[int]  # 3 players: set aside unseen; 2 players: the face-down pile (top = last)
    pile_shown: list[int]  # 2 players: characters turned up from the pile this round
    pile_card: int | None  # 2 players: the character turned up this cycle
    tie: list[bool]  # seat is in an equal-rank conflict this cycle
    crests: list[Crest]  # crests on the table this cycle
    ability_used: list[bool]  # seat has used a subject ability this cycle
    watch: list[bool]  # seat's Watchman is on guard this cycle
    window: list[int]  # seats still to decide in the Gardener / Watchman window
    to_go: list[int]  # seats still to take their turn this cycle (besides `turn`)
    turn: int  # the seat taking its turn, -1 between turns
    steal_from: list[int]  # seats the current player still has to take an action from
    stack: list[str]  # pending actions "source:kind", top = last; source own/stolen/ability/sailor
    cursor: int  # next printed action index of the current player's own card
    # Equal-rank conflict: the one action each seat chose this cycle ("" = none yet). Kept per
    # seat until the cycle ends, so a finished turn still shows what it did.
    single: list[str]
    over: bool = False
    bought: bool = False  # someone recruited or bought a card this cycle
    idle_cycles: int = 0  # completed cycles in a row without any card recruited or bought
    stall_end: bool = False  # the optional idle-cycles ending is in force (RivalKingsOptions.stalemate)

    @property
    def actor(self) -> int:
        """The seat deciding now: the one a start window asks, or whose turn it is (-1 between
        turns). The secret choice names its seats itself (`Phase.acting`)."""
        return self.window[0] if self.phase in ("gardener", "watchman") else self.turn
