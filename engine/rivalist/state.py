"""The Rivalist state, and the facts derived from it that several roles read.

The state is plain attrs with lists, ints, strs and bools so the saves converter round-trips it.
Seats are 0-based ("Player 1" is seat 0). Card, wonder and token ids index the tables in
engine.rivalist.data (CARDS, WONDERS, TOKEN_NAMES).

Fields (all public unless marked; in a view the hidden values are masked as stated):

- `rng`: the game's generator (Rng(0) in a view).
- `phase`: who owes what decision now: "draft" (pick a revealed wonder), "take" (take an
  accessible pyramid card), "use" (construct / discard / build a wonder with the taken card),
  "token" (pick a progress token from the board after a science pair), "library" (pick a token
  from the unused ones: Library of Alexandria), "destroy" (pick a rival card to destroy),
  "steal" (pick a rival card to steal: Alcantara Bridge), "starter" (the chooser names who
  begins the next Age), "over".
- `current`: the seat deciding now (also the seat whose turn it is).
- `age`: 0 during the draft, then 1..3.
- `draft_pool`: the revealed wonders still to be picked (in reveal order).
- `draft_deck`: the wonders not yet revealed (the next four, then the three never used);
  every entry is -1 in a view.
- `draft_round`: 0 or 1 (which group of four); `draft_picks`: picks made in this group.
- `wonders[seat]`: the seat's drafted wonder ids in draft order;
  `wonder_cards[seat][i]`: the card tucked under `wonders[seat][i]`, -1 while unbuilt.
- `wonders_out`: wonders that left the game unbuilt (the seven-wonders rule).
- `pyramid`: 20 slots of the current Age's layout (data.LAYOUTS[age]): a card id, -1 once the
  card is taken, -2 for a face-down card in a view. `face_up[i]` says whether slot i shows.
- `access`: the slots a player may take now (card present, nothing on top), ascending.
- `box`: this Age's cards set aside unseen (3 Age cards, and in Age III the 4 unions not dealt);
  every entry is -1 in a view.
- `unseen`: the set-aside cards of earlier Ages, never shown (-1 each in a view).
- `taken`: the card taken this turn and waiting to be used (-1: none).
- `city[seat]`: built cards in build order; `discard`: the discard pile (face up, public);
  cards tucked under wonders are in `wonder_cards`.
- `coins[seat]`; `pawn`: the Conflict pawn, -9..9, positive toward Player 2's capital.
- `loot_small[seat]`, `loot_big[seat]`: the 2- and 5-coin loot still lying on seat's side.
- `symbols[seat]`: 7 counts, one per science symbol (data.SYMBOLS), tokens included.
- `board_tokens`: the progress tokens on the board; `tokens[seat]`: owned tokens in order taken;
  `unused_tokens`: the tokens not dealt to the board, ascending (all -1 in a view, except to the
  seat choosing among them with the Library of Alexandria).
- Derived, kept up to date for speed (all public): `prod[seat]` 5 counts of resources made by
  brown and grey cards; `choice_raw[seat]` / `choice_goods[seat]`: producers of a pick of
  Lumber/Brick/Ore or Paper/Diamond (yellow cards and wonders); `fixed[seat]` 5 bools, price 1;
  `colours[seat]` 7 counts of cards by colour (data.COLOURS); `chains[seat]` bitmask of chain
  symbols owned.
- `destroy_colour`: in phase "destroy", the colour of rival card to pick (data.COLOURS).
- `extra`: the seat on turn owes itself another turn after this one.
- `last_taker`: the seat that took the most recent card (decides the starter on a centred pawn).
- `starter`: the seat that began the current Age.
- `winner`: the winning seat (-1 none or a shared win); `victory`: "", "military", "science"
  or "civilian"; `over`: the game has ended.
"""

from __future__ import annotations

import attrs

from engine.core.rng import Rng
from engine.rivalist.data import (
    BLUE,
    BROWN,
    GREEN,
    GREY,
    RED,
    U_BLUE,
    U_GREEN,
    U_PRODUCERS,
    U_RED,
    U_WONDERS,
    U_YELLOW,
    YELLOW,
)


@attrs.define
class RivalistState:
    rng: Rng
    phase: str
    current: int
    age: int
    draft_pool: list[int]
    draft_deck: list[int]
    draft_round: int
    draft_picks: int
    wonders: list[list[int]]
    wonder_cards: list[list[int]]
    wonders_out: list[int]
    pyramid: list[int]
    face_up: list[bool]
    access: list[int]
    box: list[int]
    unseen: list[int]
    taken: int
    city: list[list[int]]
    discard: list[int]
    coins: list[int]
    pawn: int
    loot_small: list[bool]
    loot_big: list[bool]
    symbols: list[list[int]]
    board_tokens: list[int]
    tokens: list[list[int]]
    unused_tokens: list[int]
    prod: list[list[int]]
    choice_raw: list[int]
    choice_goods: list[int]
    fixed: list[list[bool]]
    colours: list[list[int]]
    chains: list[int]
    destroy_colour: int = -1
    extra: bool = False
    last_taker: int = 0
    starter: int = 0
    winner: int = -1
    victory: str = ""
    over: bool = False

    @property
    def actor(self) -> int:
        """The seat deciding now (the kernel's name for `current`)."""
        return self.current


# A face-down pyramid card in a view (the view never holds its identity).
HIDDEN = -2
# The direction in which each seat pushes the Conflict pawn.
SIGN = (1, -1)


def built_count(s: RivalistState) -> int:
    """Wonders built by both players together."""
    return wonders_built(s, 0) + wonders_built(s, 1)


def wonders_built(s: RivalistState, seat: int) -> int:
    row = s.wonder_cards[seat]
    return len(row) - row.count(-1)  # -1 marks an unbuilt Wonder


def distinct_symbols(s: RivalistState, seat: int) -> int:
    """Different science symbols `seat` owns (six win at once)."""
    row = s.symbols[seat]
    return len(row) - row.count(0)


def union_count(s: RivalistState, seat: int, union: int) -> int:
    """What a union card counts in `seat`'s city (cards of its colours, built Wonders, or coins / 3)."""
    cols = s.colours[seat]
    if union == U_YELLOW:
        return cols[YELLOW]
    if union == U_PRODUCERS:
        return cols[BROWN] + cols[GREY]
    if union == U_GREEN:
        return cols[GREEN]
    if union == U_BLUE:
        return cols[BLUE]
    if union == U_RED:
        return cols[RED]
    if union == U_WONDERS:
        return wonders_built(s, seat)
    return s.coins[seat] // 3
