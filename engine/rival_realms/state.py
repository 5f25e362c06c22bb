"""The Rival Realms state: one mutable attrs record of plain lists, ints, strs and bools.

Seats are 0-based. Two seats play the duel; one seat plays solo against the Mischievous Raven,
and then the lists indexed by seat have one entry (except `nests`, which always has two: in solo
`nests[1]` is the Raven's side of the table, "the opponent's nest").

Realm coordinates (see data.py): space `p = row * 6 + col` (rows 0 upper, 1 middle, 2 lower),
land card `m = row * 6 + col` between row `row` and row `row + 1`.

Hidden values in a view: a card number 0 means "a card this seat may not see" (an opponent's
hand, the deck, the cards the Raven removed in solo). Everything else is public.
"""

from __future__ import annotations

import attrs

from engine.core.rng import Rng


@attrs.define
class RivalRealmsState:
    """Everything about a game of Rival Realms.

    Settings (fixed at set-up):
    - seats: 1 (solo) or 2
    - level: solo difficulty ("easy" / "normal" / "hard"; "" in the duel)
    - enchantments: ids of the enchantments in force (data.ENCHANTMENTS)
    - event_cards: ids of the events shuffled into the deck (public; empty without events)
    - start: the seat of the start player

    Flow:
    - phase: "valleys" (start player turns Mountains to Valleys) | "raven" (the other player
      perches the Raven) | "place" (adventurers are placed) | "turn" (the active player's action
      and tokens) | "steal" (a gem's two draws) | "redraw" | "event" (a player answers an event)
      | "over"
    - turn: the active seat; actor: the seat owing the current decision (-1 when over)
    - turns: turns begun by each seat

    Realms, per seat:
    - regions[seat][p]: card number in space p, 0 when empty
    - explored[seat][p]: the card in p has been explored (rotated)
    - board_tokens[seat][p]: adventure token lying in space p ("" none; data.TOKEN_NAMES keys)
    - valleys[seat][m]: land card m shows its Valley side (False: Mountain)
    - adventurer[seat]: the space of that seat's adventurer, -1 before it is placed

    Shared:
    - raven: where the Raven perches: -1 beside the deck, else seat * 12 + m (on that seat's
      Mountain m)
    - deck: the region deck, top = last item; event cards appear as data.EVENT_BASE + index
    - nests[k]: the face-up Raven's Nest of seat k, in the order cards arrived (a player's used
      region cards go to the other nest; solo: nests[1] is the Raven's nest)
    - removed: solo: the cards the Raven stole unseen at set-up
    - hands[seat]: region cards in hand, sorted by number
    - supply[seat]: tokens collected and not yet used; used[seat]: tokens used (they still count
      for Tea Time)
    - quests[q]: the seat holding quest q (data.QUESTS order), -1 while open
    - passed[seat]: that seat has passed for the rest of the game (its hand is then public)

    The turn in progress:
    - action: "" (not chosen yet) | "summon" | "adventure"
    - explored_now: regions explored by moving this turn (steps and the Flying Carpet)
    - came_from: the space the adventurer last stepped out of in this action, -1 none (no
      reversing straight back into it)
    - walked: a free walk that collected nothing was made since the last exploration (another
      one must wait for a new exploration: endless circling is cut off)
    - espresso: a Double Espresso was played: the same seat takes another turn after this one
    - steal_left: draws still owed by a gem's theft
    - deck_draws: cards drawn from the deck during this redraw (the solo Raven copies them)
    - end_triggered: one of the three end conditions happened; final_turn: the non-start
      player's last turn has been granted

    Events:
    - resolved_events: event ids already resolved and out of the game (public)
    - aside: event cards drawn after this turn's event, waiting to go back into the deck
    - event_now: the event being answered ("" none); event_turn: an event already happened this
      turn; responders: seats still to answer it, in order; event_drawer: the seat that drew it
      (draws the replacement); event_back: the phase to return to afterwards
    - stash_left: Packing Up: cards the current responder must still put away

    - reason: why the game ended ("" while running)
    - stamp: decisions performed so far (bookkeeping: no rule reads it; saves hold it)
    """

    seats: int
    level: str
    enchantments: list[str]
    event_cards: list[str]
    start: int
    rng: Rng
    phase: str = "valleys"
    turn: int = 0
    actor: int = 0
    turns: list[int] = attrs.field(factory=list)
    regions: list[list[int]] = attrs.field(factory=list)
    explored: list[list[bool]] = attrs.field(factory=list)
    board_tokens: list[list[str]] = attrs.field(factory=list)
    valleys: list[list[bool]] = attrs.field(factory=list)
    adventurer: list[int] = attrs.field(factory=list)
    raven: int = -1
    deck: list[int] = attrs.field(factory=list)
    nests: list[list[int]] = attrs.field(factory=lambda: [[], []])
    removed: list[int] = attrs.field(factory=list)
    hands: list[list[int]] = attrs.field(factory=list)
    supply: list[list[str]] = attrs.field(factory=list)
    used: list[list[str]] = attrs.field(factory=list)
    quests: list[int] = attrs.field(factory=lambda: [-1] * 6)
    passed: list[bool] = attrs.field(factory=list)
    action: str = ""
    explored_now: int = 0
    came_from: int = -1
    walked: bool = False
    espresso: bool = False
    steal_left: int = 0
    deck_draws: int = 0
    end_triggered: bool = False
    final_turn: bool = False
    resolved_events: list[str] = attrs.field(factory=list)
    aside: list[int] = attrs.field(factory=list)
    event_now: str = ""
    event_turn: bool = False
    responders: list[int] = attrs.field(factory=list)
    event_drawer: int = -1
    event_back: str = ""
    stash_left: int = 0
    reason: str = ""
    # Bookkeeping, not a position: two states equal in everything else are the same position
    # (a save made before the stamp existed still matches its replayed moves).
    stamp: int = attrs.field(default=0, eq=False)

    @property
    def solo(self) -> bool:
        return self.seats == 1

    def opponent(self, seat: int) -> int:
        """The other seat (solo: the seat itself, there is no other realm)."""
        return seat if self.seats == 1 else 1 - seat

    def nest_for_used(self, seat: int) -> int:
        """The nest a seat's used region cards go to: always the opponent's."""
        return 1 - seat if self.seats == 2 else 1
