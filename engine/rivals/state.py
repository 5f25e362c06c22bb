"""The mutable Rivals state: plain lists and ints so saves round-trip and copies are cheap.

Seats are 0-based; `n` below is the seat count. Card instances are ids into
`data.catalog.CARD`; every instance is in exactly one place at all times: a seat's hand, deck,
discard, skill slots, guild slot, temporary slot or Renko's extra deck; the interface or schema
deck, row or discard; `consult` (cards being looked at during a collect); `in_play` (a card being
resolved, with its mods and the utilities stacked against it); or the box (unused, returned or
uninstalled). Piles keep their top at the END of the list.

The pieces on the Wildtech are records, one per body (`Body`): each seat's Ashak in
`ashaks` (its position, resources, tokens, Rival Points, HP, gauge, poison, and whether it still
stands) and, in drone mode, its drone in `drones` (the same board, with three face-up card slots
instead of HP). Both lists are indexed by the owner's seat; `drones` is empty outside drone mode.
What belongs to the player rather than to a body — hand, deck, discard, skills, guild, the
temporary slot — stays in per-seat lists.

Board: `revealed`, `fallen`, `face`, `orient`, `drought` (0 none, 1 yellow, 2 green) are per tile
(data.board.TILE_HEXES); `shield` (owner seat or -1) and `sponsor` (0 none, 1 inactive, 2
active) per hex.

The turn: `phase` names the decision owed (see rules/__init__.py), `actor` the seat owing it.
A card being played is described by the `p_*` fields; work that resolves by itself is queued in
`tasks` and run by rules.flow.advance until a decision is needed.
"""

from __future__ import annotations

from typing import Any

import attrs

from engine.core.records import quick_init
from engine.core.rng import Rng
from engine.rivals.data.board import START_HP


@quick_init  # (queued by the dozen per round: see engine.core.records)
@attrs.frozen
class Task:
    """A queued step of resolution: `kind` with a seat and two arguments. `drone`: the body the
    task moves or brings back is the drone of `seat`, not its Ashak (a forced step, a return
    to the Wildtech)."""

    kind: str
    seat: int = -1
    a: int = -1
    b: int = -1
    k: str = ""
    n: int = 0
    drone: bool = False


@attrs.define(slots=True)
class Body:
    """A piece on the Wildtech and the board beside it: what an Ashak and a drone both have. The
    rules that collect, negotiate, spend, move and push take a body and read the few differences
    from its class. `seat` is the player it belongs to."""

    seat: int
    pos: int = -1  # its hex (-1: not on the Wildtech)
    crystals: int = 0
    resins: int = 0
    tokens: int = 0  # inactive anticipation tokens
    rp: int = 0  # Rival Points (a drone's count only once its Ashak takes them home)


@attrs.define(slots=True)
class AshakBody(Body):
    """A player's Ashak: `kind` is which of the eight (data.ashaks.ASHAKS; -1 before it is
    chosen); `ult` the ultimate gauge; `poison` one entry per poison token, the seat that laid
    it; `died` the decision count at its elimination (Ashaks falling together share it)."""

    kind: int = -1
    hp: int = START_HP
    ult: int = 0
    active_tokens: int = 0
    alive: bool = True
    died: int = -1
    poison: list[int] = attrs.Factory(list)


@attrs.define(slots=True)
class DroneBody(Body):
    """A player's drone (drone mode): no HP and no gauge; it stores up to three cards, face up,
    and its tokens are never activated."""

    cards: list[int] = attrs.Factory(list)


@attrs.define(slots=True)
class RivalsState:
    seats: int
    setup_mode: str
    rng: Rng
    phase: str = "ashak"
    actor: int = 0
    # set-up and turn order
    pick_order: list[int] = attrs.Factory(list)
    rolls: list[int] = attrs.Factory(list)
    first: int = 0
    token_side: int = 1
    round: int = 0
    turn_no: int = 1
    active: int = -1
    turn_seat: int = -1
    ap: int = 0
    turn_order: list[int] = attrs.Factory(list)
    # the bodies, by owner seat
    ashaks: list[AshakBody] = attrs.Factory(list)
    drones: list[DroneBody] = attrs.Factory(list)
    # per seat
    guild: list[int] = attrs.Factory(list)
    guild_used: list[bool] = attrs.Factory(list)
    guild_offer: list[list[int]] = attrs.Factory(list)
    hand: list[list[int]] = attrs.Factory(list)
    deck: list[list[int]] = attrs.Factory(list)
    discard: list[list[int]] = attrs.Factory(list)
    skills: list[list[int]] = attrs.Factory(list)
    exhausted: list[list[int]] = attrs.Factory(list)
    temps: list[list[int]] = attrs.Factory(list)
    temp_until: list[list[int]] = attrs.Factory(list)
    extra: list[int] = attrs.Factory(list)
    range_bonus: list[int] = attrs.Factory(list)
    # board
    revealed: list[bool] = attrs.Factory(list)
    fallen: list[bool] = attrs.Factory(list)
    face: list[int] = attrs.Factory(list)
    orient: list[int] = attrs.Factory(list)
    drought: list[int] = attrs.Factory(list)
    shield: list[int] = attrs.Factory(list)
    sponsor: list[int] = attrs.Factory(list)
    sponsors_left: int = 0
    # common piles
    iface_deck: list[int] = attrs.Factory(list)
    iface_row: list[int] = attrs.Factory(list)
    iface_discard: list[int] = attrs.Factory(list)
    schema_deck: list[int] = attrs.Factory(list)
    schema_row: list[int] = attrs.Factory(list)
    schema_discard: list[int] = attrs.Factory(list)
    zone_deck: list[int] = attrs.Factory(list)
    zones_shown: list[int] = attrs.Factory(list)
    last_zone: int = -1
    event_deck: list[int] = attrs.Factory(list)
    events_shown: list[int] = attrs.Factory(list)
    event: int = -1
    box: list[int] = attrs.Factory(list)
    consult: list[int] = attrs.Factory(list)
    consult_row: list[int] = attrs.Factory(list)
    in_play: list[int] = attrs.Factory(list)
    # a collect in progress
    c_installs: int = 0
    c_free: int = 0
    # the card being played
    p_card: int = -1
    p_ult: bool = False
    p_source: str = ""
    p_seat: int = -1
    p_mods: list[int] = attrs.Factory(list)
    p_target: int = -1
    p_target2: int = -1
    p_hex: int = -1
    p_opt: int = -1
    p_free: bool = False
    p_wounds: int = 0
    p_cancel: bool = False
    p_victims: list[int] = attrs.Factory(list)
    p_victim: int = -1
    # every seat's HP when the card began to resolve: the ultimate bonus of all its wounds reads
    # the target's HP before the attack, not before each salvo (empty when no card is resolving)
    p_hp: list[int] = attrs.Factory(list)
    # the attack and interrupt windows (rules/reactions.py): the stack, who played each card,
    # passes in a row; the seat whose turn an open interrupt window holds up (or, at the start
    # of a phase, comes next), the round phase about to start (0: the window is in a turn), and
    # whether the action just taken in a turn still owes the others their window
    r_stack: list[int] = attrs.Factory(list)
    r_seats: list[int] = attrs.Factory(list)
    r_passes: int = 0
    i_seat: int = -1
    i_phase: int = 0
    i_due: bool = False
    i_quiet: list[int] = attrs.Factory(list)  # seats that passed until the next turn begins
    # Double Blaster's free physical card, offered once the card that granted it has left play
    free_ap: int = 0
    tasks: list[Task] = attrs.Factory(list)
    stamp: int = 0
    winners: list[int] = attrs.Factory(list)
    reason: str = ""
    # Drone mode (two seats; see engine/rivals/drone.py; the drones are in `drones`).
    # `d_active` is the drone whose turn is running (its owner decides), `d_turn` the last drone
    # that played this turn (-1: none yet), `d_body` the drone a collect, negotiation or reward
    # is for (run by its owner or by a hacker; -1: the deciding seat's own Ashak), `d_fresh` the
    # cards moved between an Ashak and its drone this turn, `hack_left` the successes of a hack
    # still to spend.
    drone_mode: bool = False
    d_active: int = -1
    d_turn: int = -1
    d_body: int = -1
    d_fresh: list[int] = attrs.Factory(list)
    hack_left: int = 0
    p_drone: int = -1  # the drone the card being played is aimed at (its owner's seat)


# A state saved before each body was a record held one list per field, indexed by seat: each
# record field with the list it came from (the drone's were `d_*`, empty outside drone mode).
_ASHAK_LISTS = {
    "kind": "ashak",
    "pos": "pos",
    "crystals": "crystals",
    "resins": "resins",
    "tokens": "tokens",
    "rp": "rp",
    "hp": "hp",
    "ult": "ult",
    "active_tokens": "active_tokens",
    "alive": "alive",
    "died": "died",
    "poison": "poison",
}
_DRONE_LISTS = {
    "pos": "d_pos",
    "crystals": "d_crystals",
    "resins": "d_resins",
    "tokens": "d_tokens",
    "rp": "d_rp",
    "cards": "d_cards",
}


def upgrade_snapshot(data: Any) -> Any:
    """A saved state (plain JSON values) from before the bodies were records, in today's shape:
    the per-seat lists become one record per Ashak and per drone. Anything else is returned as it
    is (the save format then says what is wrong with it)."""
    if not isinstance(data, dict) or "ashaks" in data:
        return data
    try:
        ashaks = [
            {"seat": o} | {f: data[old][o] for f, old in _ASHAK_LISTS.items()}
            for o in range(len(data["pos"]))
        ]
        drones = [
            {"seat": o} | {f: data[old][o] for f, old in _DRONE_LISTS.items()}
            for o in range(len(data["d_pos"]))
        ]
    except (KeyError, TypeError, IndexError):
        return data
    gone = set(_ASHAK_LISTS.values()) | set(_DRONE_LISTS.values())
    return {k: v for k, v in data.items() if k not in gone} | {"ashaks": ashaks, "drones": drones}
