"""Which legal Rivals decisions a piece of the board stands for (Enter on it), read from the legal
list alone, and the hexes a card reaches (its range and line of sight) for the map's overlay.
The board never decides a rule: reach and sight come from the engine's own helpers. No Textual
import.

Pieces (keys): ("hex", h) a hex of the map; ("card", c) a card of your hand; ("discard", c) a
card of your discard pile (shown while one may be uninstalled); ("skill", c),
("guild",), ("ult",) your board; ("seat", o) an Ashak's line; ("row", c) / ("schema", c) the
visible interface cards and schemas; ("dcard", c) a card stored on a drone; ("act", n) a
button for the n-th legal action that no other piece stands for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.rivals import actions as A
from engine.rivals.data.board import TILE_OF
from engine.rivals.data.cards import Card
from engine.rivals.geometry import N_HEX
from engine.rivals.queries import has_sight
from engine.rivals.rules.targeting import in_range, needs_sight
from engine.rivals.state import RivalsState

Key = tuple[Any, ...]

# Actions a hand card stands for (its `card` field is in the hand).
CARD_ACTIONS = (A.PlayCard, A.AddMod, A.PayOptional, A.React, A.ReplaceSkill, A.Uninstall, A.KeepGuild)


def hex_of(v: RivalsState, a: object) -> int:
    """The hex an action is about (-1: none)."""
    if isinstance(a, A.PlaceAshak | A.Move | A.StepTo | A.TargetHex | A.DropShield | A.PlaceDrone):
        return a.hex
    if isinstance(a, A.TargetAshak | A.ChooseVictim | A.DroneAttack):
        return v.ashaks[a.seat].pos if 0 <= a.seat < v.seats else -1
    if isinstance(a, A.HackPick) and a.kind == "move":
        return a.arg
    if isinstance(a, A.TargetDrone):
        return v.drones[a.seat].pos
    return -1


def on_hex(v: RivalsState, a: object, h: int) -> bool:
    if isinstance(a, A.Scout):
        return TILE_OF[h] == a.tile
    return hex_of(v, a) == h


def card_of(a: object) -> int:
    """The card an action is about (-1: none)."""
    for kind in (*CARD_ACTIONS, A.Install, A.UseSkill):
        if isinstance(a, kind):
            return int(a.card)
    if isinstance(a, A.PickSchema):
        return a.card
    if isinstance(a, A.Exchange):
        return a.card
    if isinstance(a, A.HackPick) and a.kind == "card":
        return a.arg
    return -1


def actions_at(v: RivalsState, seat: int | None, legal: Sequence[Any], key: Key) -> list[Any]:
    """The legal actions Enter on `key` may take (several open a short list)."""
    if not legal or v is None:
        return []
    kind = key[0]
    if kind == "hex":
        return [a for a in legal if on_hex(v, a, key[1])]
    if kind in ("card", "discard", "skill", "row", "schema", "dcard"):
        c = key[1]
        return [a for a in legal if card_of(a) == c]
    if kind == "guild":
        return [a for a in legal if isinstance(a, A.UseGuild) or (isinstance(a, A.React) and a.card == -2)]
    if kind == "ult":
        return [a for a in legal if isinstance(a, A.UseUltimate) or (isinstance(a, A.React) and a.card == -1)]
    if kind == "seat":
        return [a for a in legal if isinstance(a, A.TargetAshak | A.ChooseVictim) and a.seat == key[1]]
    if kind == "act":
        n = key[1]
        return [legal[n]] if n < len(legal) else []
    return []


def placed(v: RivalsState, a: object, shown: set[int], own_board: bool) -> bool:
    """Whether a piece other than a button stands for `a` (`shown`: the cards drawn as pieces;
    `own_board`: whether your guild and ultimate are drawn)."""
    if hex_of(v, a) >= 0 or isinstance(a, A.Scout):
        return True
    if isinstance(a, A.UseGuild | A.UseUltimate) or (isinstance(a, A.React) and a.card < 0):
        return own_board
    return card_of(a) in shown


def target_hexes(v: RivalsState, legal: Sequence[Any]) -> set[int]:
    """Hexes where Enter does something now."""
    out: set[int] = set()
    for a in legal:
        if isinstance(a, A.Scout):
            continue  # a scouted tile is marked on its hexes by the "scout" look
        h = hex_of(v, a)
        if h >= 0:
            out.add(h)
    return out


def scout_hexes(v: RivalsState, legal: Sequence[Any]) -> set[int]:
    tiles = {a.tile for a in legal if isinstance(a, A.Scout)}
    return {h for h in range(N_HEX) if TILE_OF[h] in tiles}


def reach_of(v: RivalsState, seat: int, d: Card | None) -> tuple[set[int], set[int]]:
    """For card `d` played by `seat` now: the hexes in range, and those of them in sight (every
    hex in range when the card needs no line of sight)."""
    if d is None or not 0 <= seat < v.seats or v.ashaks[seat].pos < 0:
        return set(), set()
    if d.target not in ("enemy", "hex"):
        return set(), set()
    src = v.ashaks[seat].pos
    inr = {h for h in range(N_HEX) if not v.fallen[TILE_OF[h]] and in_range(v, seat, d, h)}
    if not needs_sight(d):
        return inr, set(inr)
    at = {v.ashaks[o].pos: o for o in range(v.seats) if v.ashaks[o].alive and o != seat}
    seen = {h for h in inr if has_sight(v, seat, src, h, at.get(h, -1))}
    return inr, seen


def zone_of(v: RivalsState, seat: int, a: object) -> tuple[set[int], set[int]]:
    """Drone mode: the hexes an exchange (0-1 from your Ashak) or a hack (0-2, sight to the
    opposing drone) reaches, and of those the ones in sight, for the map's overlay."""
    from engine.rivals.drone import EXCHANGE_RANGE, HACK_RANGE
    from engine.rivals.geometry import within

    if not v.drone_mode or not 0 <= seat < v.seats or v.ashaks[seat].pos < 0:
        return set(), set()
    src = v.ashaks[seat].pos
    if isinstance(a, A.Exchange):
        near = {h for h in within(src, 0, EXCHANGE_RANGE) if not v.fallen[TILE_OF[h]]}
        return near, set(near)
    if isinstance(a, A.Hack):
        near = {h for h in within(src, 0, HACK_RANGE) if not v.fallen[TILE_OF[h]]}
        foe = 1 - seat
        return near, {h for h in near if has_sight(v, seat, src, h, -1, target_drone=foe)}
    return set(), set()
