"""What an Ashak and a drone both do from their turn's menu with their own board: scout, move,
and spend resources — 2 crystals to uninstall a card, 2 resins for a shield under the body, 5 of
one kind for a schema, 10 of one kind for a Rival Point. Each is written once for a body
(state.Body); what differs is read from the body: an Ashak's uninstall draws its player a card
and a lake costs it HP, a drone's cards are the ones it stores, its schema needs a free slot and
its points count only once its Ashak takes them home. Collecting and negotiating are in
collect.py."""

from __future__ import annotations

from engine.core import Event
from engine.rivals.actions import (
    END,
    MOVE,
    SCOUT,
    SHIELD,
    UNINSTALL,
    BuyPoint,
    BuySchema,
    MakeShield,
    Uninstall,
)
from engine.rivals.data.board import LAKE, LAKE_LOSS
from engine.rivals.effects import calm, raise_shield
from engine.rivals.queries import body_name, card_room, hex_type, name, scoutable, stored_cards
from engine.rivals.rules.board import move_targets
from engine.rivals.rules.common import check_end, draw, lose_hp, resources
from engine.rivals.rules.limits import move_budget
from engine.rivals.state import AshakBody, Body, DroneBody, RivalsState

Option = tuple[object, str | None]
UNINSTALL_COST = 2  # crystals
SHIELD_COST = 2  # resins
SCHEMA_COST = 5  # crystals or resins
POINT_COST = 10  # crystals or resins
SHIELD_COST_TEXT = "A shield costs 2 resins."
NO_SCHEMA = "No schema is left."
SPENT_ON = {"crystal": "crystals", "resin": "resins"}


# The menu's allowed scouts, moves and uninstalls, each (action, None) made once: a menu lists
# them by looking them up rather than building a pair per hex or card at every step.
SCOUT_OPTION: tuple[Option, ...] = tuple((a, None) for a in SCOUT)
MOVE_OPTION: tuple[Option, ...] = tuple((a, None) for a in MOVE)
UNINSTALL_OPTION: tuple[Option, ...] = tuple((a, None) for a in UNINSTALL)
# The shield's pair, by whether the body has the resins for it.
SHIELD_OPTION: tuple[Option, Option] = ((SHIELD, SHIELD_COST_TEXT), (SHIELD, None))
END_OPTION: Option = (END, None)  # a menu's last line


# The menus list these into the list they are building (`opts`): a list made and copied per
# kind of action at every step costs more than the few pairs it holds.


def scout_options(s: RivalsState, b: Body, opts: list[Option]) -> None:
    opts += map(SCOUT_OPTION.__getitem__, scoutable(s, b.pos))


def move_options(s: RivalsState, b: Body, opts: list[Option]) -> None:
    """A move of up to two hexes (one under Gravity) for 1 AP."""
    if s.ap >= 1:
        opts += map(MOVE_OPTION.__getitem__, move_targets(s, b.seat, b.pos, move_budget(s)))


def move(s: RivalsState, b: Body, h: int) -> list[Event]:
    """The body moves to hex `h` (the AP is paid by the caller: a hacker's move costs none). A
    lake ends the move; an Ashak loses HP there (not during the Calm)."""
    b.pos = h
    ev = [Event(f"{body_name(s, b)} moves to hex {h}.", seat=b.seat, kind="move")]
    if isinstance(b, AshakBody) and hex_type(s, h) == LAKE and not calm(s):
        ev += lose_hp(s, b.seat, LAKE_LOSS, -1, "a lake")
    return ev


def schema_reason(s: RivalsState, b: Body) -> str | None:
    if card_room(b) <= 0:
        return "The drone holds three cards: uninstall one first."
    return None if s.schema_row or s.schema_deck else NO_SCHEMA


def spend_options(s: RivalsState, b: Body, opts: list[Option]) -> None:
    """What the body's resources buy, in the menu's order: uninstalls, a shield, then for
    crystals and for resins a schema and a point."""
    if b.crystals >= UNINSTALL_COST:
        opts += map(UNINSTALL_OPTION.__getitem__, stored_cards(s, b))
    opts.append(SHIELD_OPTION[b.resins >= SHIELD_COST])
    if b.crystals >= SCHEMA_COST or b.resins >= SCHEMA_COST:
        schemas = schema_reason(s, b)
        for res, have in (("crystal", b.crystals), ("resin", b.resins)):
            if have >= SCHEMA_COST:
                opts.append((BuySchema(res), schemas))
            if have >= POINT_COST:
                opts.append((BuyPoint(res), None))


def spend(s: RivalsState, b: Body, a: Uninstall | MakeShield | BuySchema | BuyPoint) -> list[Event]:
    """Carry out a purchase `spend_options` allowed."""
    if isinstance(a, Uninstall):
        return uninstall(s, b, a.card)
    if isinstance(a, MakeShield):
        b.resins -= SHIELD_COST
        ev = raise_shield(s, b)
        if s.tasks:  # a third shield: the player drops one first
            s.phase = "idle"
        return ev
    if isinstance(a, BuySchema):
        if a.resource == "crystal":
            b.crystals -= SCHEMA_COST
        else:
            b.resins -= SCHEMA_COST
        drone = isinstance(b, DroneBody)
        s.d_body = b.seat if drone else -1
        s.phase, s.actor = ("dschema" if drone else "schema"), b.seat
        return [Event(f"{body_name(s, b)} spends 5 {SPENT_ON[a.resource]} on a schema.")]
    paid = POINT_COST if a.resource == "crystal" else 0
    return buy_point(s, b, paid, POINT_COST - paid)


def uninstall(s: RivalsState, b: Body, c: int) -> list[Event]:
    """Card `c` leaves the game for 2 crystals: from an Ashak's hand (its player draws another)
    or discard, or from a drone's slots (nobody draws)."""
    b.crystals -= UNINSTALL_COST
    s.box.append(c)
    if isinstance(b, DroneBody):
        b.cards.remove(c)
        return [Event(f"{body_name(s, b)} uninstalls {name(c)} (no card is drawn).", seat=b.seat)]
    ev = [Event(f"{body_name(s, b)} uninstalls {name(c)}.", seat=b.seat, reveal=True)]
    if c in s.hand[b.seat]:
        s.hand[b.seat].remove(c)
        ev += draw(s, b.seat, 1)
    else:
        s.discard[b.seat].remove(c)
    return ev


def buy_point(s: RivalsState, b: Body, crystals: int, resins: int) -> list[Event]:
    """A Rival Point for 10 resources: an Ashak's may win the game at once; a drone keeps its
    own until its Ashak takes them home."""
    b.crystals -= crystals
    b.resins -= resins
    b.rp += 1
    if isinstance(b, DroneBody):
        return [Event(f"{body_name(s, b)} buys a Rival Point (it holds {b.rp}).", kind="rp")]
    paid = f" with {resources(crystals, resins)}" if crystals and resins else ""
    ev = [Event(f"{body_name(s, b)} buys a Rival Point{paid} ({b.rp}).", kind="rp")]
    check_end(s)
    return ev
