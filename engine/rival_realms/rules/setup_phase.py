"""The set-up decisions: the start player turns three cards of each land row to Valley, the
other player perches the Raven, and the adventurers are placed (start player first)."""

from __future__ import annotations

from engine.core.game import Event
from engine.rival_realms.actions import MakeValley, PerchRaven, PlaceAdventurer
from engine.rival_realms.data import COLS, LANDS, SPACES, land_name, space_name
from engine.rival_realms.effects import collect, said, who
from engine.rival_realms.rules.flow import begin_turn
from engine.rival_realms.setup import deal, lay_tokens
from engine.rival_realms.state import RivalRealmsState

VALLEYS_PER_ROW = 3


# --- valleys -----------------------------------------------------------------------------


MAKE_VALLEYS: tuple[MakeValley, ...] = tuple(MakeValley(m) for m in range(LANDS))


# The set-up's log lines, one per seat and land card or space: built once (events are frozen).
_VALLEY_TURNED: tuple[tuple[Event, ...], ...] = tuple(
    tuple(
        Event(f"{who(seat)} turns the land card {land_name(m)} to a Valley.", seat=seat) for m in range(LANDS)
    )
    for seat in (0, 1)
)
_MIRRORED: tuple[Event, ...] = tuple(
    Event(f"{who(seat)} mirrors the land cards in their Looking-Glass Realm.") for seat in (0, 1)
)
_PLACED: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event(f"{who(seat)} places their adventurer in {space_name(p)}.", seat=seat) for p in range(SPACES))
    for seat in (0, 1)
)


def valleys_legal(s: RivalRealmsState, seat: int) -> list[MakeValley]:
    v = s.valleys[s.start]
    key = tuple(v)
    known = _VALLEY_LISTS.get(key)  # a few hundred layouts at most: remembered
    if known is None:
        found: list[MakeValley] = []
        for r0 in range(0, LANDS, COLS):
            row = v[r0 : r0 + COLS]
            if sum(row) < VALLEYS_PER_ROW:
                found += [MAKE_VALLEYS[r0 + c] for c in range(COLS) if not row[c]]
        known = _VALLEY_LISTS[key] = tuple(found)
    return list(known)


_VALLEY_LISTS: dict[tuple[bool, ...], tuple[MakeValley, ...]] = {}


def valleys_reason(s: RivalRealmsState, seat: int, a: MakeValley) -> str | None:
    land = a.land
    if not 0 <= land < LANDS:
        return "There is no such land card."
    valleys = s.valleys[s.start]
    if valleys[land]:
        return "That card already shows its Valley."
    r0 = land - land % COLS
    if valleys[r0 : r0 + COLS].count(True) >= VALLEYS_PER_ROW:
        return "That row already has its three Valleys."
    return None


def valleys_perform(s: RivalRealmsState, seat: int, a: MakeValley) -> list[Event]:
    s.stamp += 1  # (decisions performed: see the state)
    ev: list[Event] = []
    s.valleys[s.start][a.land] = True
    ev.append(_VALLEY_TURNED[s.start][a.land])
    if s.valleys[s.start].count(True) < 2 * VALLEYS_PER_ROW:
        return ev
    for seat in range(s.seats):
        s.valleys[seat] = s.valleys[s.start][:]
    if s.seats == 2:
        ev.append(_MIRRORED[1 - s.start])
    lay_tokens(s, ev)
    if s.solo:
        s.phase = "place"
        s.actor = s.start
        return ev
    s.phase = "raven"
    s.actor = 1 - s.start
    return ev


# --- the Raven ---------------------------------------------------------------------------


PERCHES: tuple[tuple[PerchRaven, ...], ...] = tuple(
    tuple(PerchRaven(o, m) for m in range(LANDS)) for o in range(2)
)


def raven_legal(s: RivalRealmsState, seat: int) -> list[PerchRaven]:
    return [PERCHES[o][m] for o in range(s.seats) for m in range(LANDS) if not s.valleys[o][m]]


def raven_reason(s: RivalRealmsState, seat: int, a: PerchRaven) -> str | None:
    if not (0 <= a.owner < s.seats and 0 <= a.land < LANDS):
        return "There is no such land card."
    if s.valleys[a.owner][a.land]:
        return "The Raven perches only on a Mountain."
    return None


def raven_perform(s: RivalRealmsState, seat: int, a: PerchRaven) -> list[Event]:
    s.stamp += 1  # (decisions performed: see the state)
    ev: list[Event] = []
    s.raven = a.owner * LANDS + a.land
    ev.append(
        said(f"{who(seat)} perches the Raven on {who(a.owner)}'s Mountain {land_name(a.land)}.", seat=seat)
    )
    s.phase = "place"
    s.actor = s.start
    return ev


# --- adventurers -------------------------------------------------------------------------

PLACES: tuple[PlaceAdventurer, ...] = tuple(PlaceAdventurer(p) for p in range(SPACES))


def place_legal(s: RivalRealmsState, seat: int) -> list[PlaceAdventurer]:
    return list(PLACES)


def place_reason(s: RivalRealmsState, seat: int, a: PlaceAdventurer) -> str | None:
    if not 0 <= a.space < SPACES:
        return "There is no such space in your realm."
    return None


def place_perform(s: RivalRealmsState, seat: int, a: PlaceAdventurer) -> list[Event]:
    s.stamp += 1  # (decisions performed: see the state)
    ev: list[Event] = []
    s.adventurer[seat] = a.space
    ev.append(_PLACED[seat][a.space])
    collect(s, seat, a.space, ev)
    other = s.opponent(seat)
    if s.adventurer[other] < 0:
        s.actor = other
        return ev
    deal(s, ev)
    begin_turn(s, s.start, ev)
    return ev
