"""What a seat may see (`view`) and a full state consistent with it (`determinize`).

Public in drone mode: everything on a drone, its stored cards included.
Hidden: other seats' hands, dealt guilds and every deck's order (a seat sees its own deck's
contents, sorted), the common decks (interface, schema, zone, event), cards another seat
consults from the deck, guilds returned to the box, the faces of unrevealed tiles, the RNG."""

from __future__ import annotations

from engine.core.copying import copier
from engine.core.rng import Rng
from engine.rivals.data.board import LONG_FACES, TILE_COUNT, VOLCANO_TILE, ZONE_CARDS
from engine.rivals.data.catalog import CARD_COUNT, FLASHER_IDS, GUILD_IDS, INTERFACE_IDS, SCHEMA_IDS
from engine.rivals.data.events import EVENTS
from engine.rivals.drone import zone_eras_left
from engine.rivals.state import RivalsState

clone = copier(RivalsState)

GUILD_SET = frozenset(GUILD_IDS)
SCHEMA_SET = frozenset(SCHEMA_IDS)
IFACE_SET = frozenset(INTERFACE_IDS)
FLASHER_SET = frozenset(FLASHER_IDS)


def _mask(xs: list[int]) -> list[int]:
    return [-1] * len(xs)


def view(s: RivalsState, seat: int | None) -> RivalsState:
    v = clone(s)
    for o in range(s.seats):
        if o != seat and s.ashaks[o].alive:
            v.hand[o] = _mask(s.hand[o])
            v.guild_offer[o] = _mask(s.guild_offer[o])
            v.deck[o] = _mask(s.deck[o])
        elif o != seat:  # an eliminated Ashak's cards were laid open
            v.guild_offer[o] = _mask(s.guild_offer[o])
            v.deck[o] = sorted(s.deck[o])
        else:
            v.deck[o] = sorted(s.deck[o])
    v.iface_deck = _mask(s.iface_deck)
    v.schema_deck = _mask(s.schema_deck)
    v.zone_deck = _mask(s.zone_deck)
    v.event_deck = _mask(s.event_deck)
    if s.actor != seat or s.phase not in ("install", "dinstall"):
        v.consult = [c if c in s.consult_row else -1 for c in s.consult]
    v.box = sorted(-1 if c in GUILD_SET else c for c in s.box)
    v.face = [f if s.revealed[t] else -1 for t, f in enumerate(s.face)]
    v.rng = Rng(0)
    return v


def determinize(v: RivalsState, seat: int, rng: Rng) -> RivalsState:
    d = clone(v)
    seen: set[int] = set()  # (the mask -1 goes in too; only real ids are looked up)
    for pile in _card_piles(d):
        seen.update(pile)
    unknown = [c for c in range(CARD_COUNT) if c not in seen]
    rng.shuffle(unknown)
    guilds = [c for c in unknown if c in GUILD_SET]
    schemas = [c for c in unknown if c in SCHEMA_SET]
    ifaces = [c for c in unknown if c in IFACE_SET]

    taken: set[int] = set()

    def fill(pile: list[int], pool: list[int]) -> None:
        """Each masked place of `pile`, in order, takes the last card of `pool`."""
        k = len(pile)
        if k and pile.count(-1) == k:  # a wholly masked pile (a deck): one slice
            if k > len(pool):
                raise IndexError("pop from empty list")
            took = pool[: -k - 1 : -1]
            del pool[-k:]
            pile[:] = took
            taken.update(took)
            return
        for i, c in enumerate(pile):
            if c < 0:
                x = pool.pop()
                taken.add(x)
                pile[i] = x

    for o in range(d.seats):
        fill(d.guild_offer[o], guilds)
    fill(d.box, guilds)
    fill(d.schema_deck, schemas)
    # Cards being consulted from the deck are never ones that came from the row (those are known).
    deck_only = [c for c in ifaces if c not in d.consult_row]
    fill(d.consult, deck_only)
    ifaces = [c for c in ifaces if c not in taken]
    fill(d.iface_deck, ifaces)
    rest = [c for c in unknown if c not in taken and c not in FLASHER_SET]
    flashers = [c for c in unknown if c in FLASHER_SET]
    for o in range(d.seats):  # a Flasher never stays in a hand: hands first, without them
        fill(d.hand[o], rest)
    rest += flashers
    rng.shuffle(rest)
    for o in range(d.seats):
        fill(d.deck[o], rest)
    rng.shuffle(d.deck[seat])
    # Zone cards: the unseen ones, era 1 on top.
    shown = set(d.zones_shown)
    left = [z for z in ZONE_CARDS if z.id not in shown and z.era in zone_eras_left(d)]
    rng.shuffle(left)
    left.sort(key=lambda z: -z.era)
    d.zone_deck = [z.id for z in left][-len(d.zone_deck) :] if d.zone_deck else []
    events = [e for e in range(len(EVENTS)) if e not in d.events_shown]
    rng.shuffle(events)
    d.event_deck = events[: len(d.event_deck)]
    # Faces of unrevealed tiles.
    used = {f for f in d.face if f >= 0}
    longs = [f for f in LONG_FACES if f not in used]
    tris = [f for f in range(6, 42) if f not in used]
    rng.shuffle(longs)
    rng.shuffle(tris)
    for t in range(TILE_COUNT):
        if t != VOLCANO_TILE and d.face[t] < 0:
            d.face[t] = longs.pop() if t < 6 else tris.pop()
    d.rng = Rng(rng.next64())
    return d


def _card_piles(s: RivalsState) -> list[list[int]]:
    piles = [
        s.iface_deck, s.iface_row, s.iface_discard, s.schema_deck, s.schema_row,
        s.schema_discard, s.box, s.consult, s.in_play, s.extra,
    ]  # fmt: skip
    for o in range(s.seats):
        piles += [s.hand[o], s.deck[o], s.discard[o], s.skills[o], s.temps[o], s.guild_offer[o]]
        if s.guild[o] >= 0:
            piles.append([s.guild[o]])
    if s.drone_mode:  # a drone's cards are face up
        piles += [d.cards for d in s.drones]
    return piles


def card_places(s: RivalsState) -> list[int]:
    """Every card id in the state, once per place it occupies (for the invariant test)."""
    return [c for pile in _card_piles(s) for c in pile]
