"""Set-up: the Wildtech with shuffled faces (the six long starting tiles revealed), the zone
deck stacked era 3 under era 2 under era 1, events, schemas and interface rows, one inactive
sponsor on the Volcano, two guilds dealt to each seat, and the die rolls for the first player
(standard: after the Ashaks are chosen in seat order; competition: before, the last player
choosing first)."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.rivals.data.ashaks import ASHAKS, PHAE, RENKO
from engine.rivals.data.board import (
    LONG_FACES,
    LONG_TILES,
    SPONSOR_TOKENS,
    TILE_COUNT,
    TRIHEX_FACES,
    VOLCANO_TILE,
    ZONE_CARDS,
)
from engine.rivals.data.catalog import (
    ATLANS_ID,
    BLASTER_IDS,
    CARD_COUNT,
    FLASHER_IDS,
    GUILD_IDS,
    INTERFACE_IDS,
    PSYWAVE_IDS,
    SCHEMA_IDS,
    SIGNATURE_IDS,
)
from engine.rivals.data.events import EVENTS
from engine.rivals.geometry import N_HEX
from engine.rivals.state import AshakBody, RivalsState

STANDARD = "standard"
COMPETITION = "competition"


def first_player_rolls(s: RivalsState) -> None:
    """Every seat rolls the D6; the highest starts; a tie at the top is rolled again."""
    contenders = list(range(s.seats))
    s.rolls = [0] * s.seats
    while True:
        for o in contenders:
            s.rolls[o] = s.rng.randint(1, 6)
        top = max(s.rolls[o] for o in contenders)
        contenders = [o for o in contenders if s.rolls[o] == top]
        if len(contenders) == 1:
            s.first = contenders[0]
            return


def build(setup_mode: str, seats: int, seed: int) -> RivalsState:
    rng = Rng.from_seed(seed)
    s = RivalsState(seats=seats, setup_mode=setup_mode, rng=rng)
    n = seats
    s.ashaks = [AshakBody(o) for o in range(n)]
    s.guild = [-1] * n
    s.guild_used = [False] * n
    s.range_bonus = [0] * n
    for pile in ("hand", "deck", "discard", "skills", "exhausted", "temps", "temp_until"):
        setattr(s, pile, [[] for _ in range(n)])
    # The Wildtech.
    longs = list(LONG_FACES)
    trihex = list(TRIHEX_FACES)
    rng.shuffle(longs)
    rng.shuffle(trihex)
    s.face = longs + trihex + [-1]
    s.orient = [0] * TILE_COUNT
    s.revealed = [False] * TILE_COUNT
    s.fallen = [False] * TILE_COUNT
    s.drought = [0] * TILE_COUNT
    s.revealed[VOLCANO_TILE] = True
    for t in LONG_TILES:
        s.revealed[t] = True
        s.orient[t] = rng.below(2)
    s.shield = [-1] * N_HEX
    s.sponsor = [0] * N_HEX
    s.sponsor[0] = 1
    s.sponsors_left = SPONSOR_TOKENS - 1
    # Zone deck: era 3 at the bottom, era 1 on top (the top is the end of the list).
    for era in (3, 2, 1):
        part = [z.id for z in ZONE_CARDS if z.era == era]
        rng.shuffle(part)
        s.zone_deck.extend(part)
    s.event_deck = list(range(len(EVENTS)))
    rng.shuffle(s.event_deck)
    s.schema_deck = list(SCHEMA_IDS)
    rng.shuffle(s.schema_deck)
    s.schema_row = [s.schema_deck.pop(), s.schema_deck.pop()]
    s.iface_deck = list(INTERFACE_IDS)
    rng.shuffle(s.iface_deck)
    s.iface_row = [s.iface_deck.pop(), s.iface_deck.pop()]
    guilds = list(GUILD_IDS)
    rng.shuffle(guilds)
    s.guild_offer = [[guilds.pop(), guilds.pop()] for _ in range(n)]
    placed = set(s.schema_deck + s.schema_row + s.iface_deck + s.iface_row)
    placed |= {c for offer in s.guild_offer for c in offer}
    s.box = sorted(set(range(CARD_COUNT)) - placed - set(GUILD_IDS)) + sorted(guilds)
    # Who chooses first.
    if setup_mode == COMPETITION:
        first_player_rolls(s)
        s.pick_order = [(s.first - 1 - k) % n for k in range(n)]
    else:
        s.pick_order = list(range(n))
    s.phase = "ashak"
    s.actor = s.pick_order[0]
    return s


def take_from_box(s: RivalsState, ids: range | list[int], k: int) -> list[int]:
    got = [c for c in ids if c in s.box][:k]
    for c in got:
        s.box.remove(c)
    return got


def equip(s: RivalsState, seat: int, ashak: int) -> None:
    """Give `seat` its Ashak's starting deck, signature cards, resource and extras."""
    s.ashaks[seat].kind = ashak
    deck = take_from_box(s, BLASTER_IDS, 3) + take_from_box(s, PSYWAVE_IDS, 2)
    deck += take_from_box(s, SIGNATURE_IDS[ashak], 2)
    if ashak == PHAE:
        deck += take_from_box(s, [ATLANS_ID], 1)
    if ashak == RENKO:
        s.extra = take_from_box(s, FLASHER_IDS, len(FLASHER_IDS))
    s.rng.shuffle(deck)
    s.deck[seat] = deck
    if ASHAKS[ashak].resource == "crystal":
        s.ashaks[seat].crystals = 2
    else:
        s.ashaks[seat].resins = 2
