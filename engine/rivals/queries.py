"""Facts about a position that the rules, the texts, the AI and the board all read, changing
nothing: what a hex is, the border, shields and sight; the bodies — who stands where, how the
log names them, what their boards can still hold; skills, temporary cards and the event in
force. What changes the state is in rules/ (rules/common.py, rules/board.py...)."""

from __future__ import annotations

from engine.core import seat_label
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.board import (
    ANTICIPATION_ACTIVE_MAX,
    ANTICIPATION_MAX,
    FACE_TYPES,
    FOREST,
    TILE_HEXES,
    TILE_OF,
    VOLCANO,
    VOLCANO_TILE,
)
from engine.rivals.data.catalog import CARD, CARD_COUNT, FLASHER_IDS
from engine.rivals.data.events import EVENT_KEYS
from engine.rivals.drone import CARD_SLOTS
from engine.rivals.geometry import NEIGHBOURS, sight_paths
from engine.rivals.state import AshakBody, Body, DroneBody, RivalsState

# --- the Wildtech --------------------------------------------------------------------------------

UNKNOWN = ""

HEX_SLOT: tuple[int, ...] = tuple(TILE_HEXES[TILE_OF[h]].index(h) for h in range(len(TILE_OF)))

# Per hex: the tiles its neighbours lie on, in order.
NEAR_TILES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({TILE_OF[n] for n in NEIGHBOURS[h]})) for h in range(len(TILE_OF))
)

# Per hex: its tile, whether it lies on the map's edge, and the other tiles it touches (a hex
# is on the border when its tile stands and the edge or one of those tiles is gone).
BORDER_FACTS: tuple[tuple[int, bool, tuple[int, ...]], ...] = tuple(
    (TILE_OF[h], len(NEIGHBOURS[h]) < 6, tuple({TILE_OF[n] for n in NEIGHBOURS[h]} - {TILE_OF[h]}))
    for h in range(len(TILE_OF))
)

# The hexes on the map's edge, and per tile the hexes of other tiles next to it: the border is
# made of these once tiles fall.
EDGE_HEXES: frozenset[int] = frozenset(h for h, (_, edge, _) in enumerate(BORDER_FACTS) if edge)

HEXES_NEXT_TO: tuple[frozenset[int], ...] = tuple(
    frozenset(h for h, (_, _, around) in enumerate(BORDER_FACTS) if t in around)
    for t in range(len(TILE_HEXES))
)


def hex_type(s: RivalsState, h: int) -> str:
    """The printed type of hex `h`: "" while its tile is unrevealed (or its face is hidden)."""
    t = TILE_OF[h]
    if t == VOLCANO_TILE:
        return VOLCANO
    if not s.revealed[t] or s.face[t] < 0:
        return UNKNOWN
    return FACE_TYPES[s.face[t]][s.orient[t]][HEX_SLOT[h]]


def present(s: RivalsState, h: int) -> bool:
    return not s.fallen[TILE_OF[h]]


def standable(s: RivalsState, h: int) -> bool:
    """On the Wildtech and revealed: somewhere an Ashak may stand."""
    t = TILE_OF[h]
    return not s.fallen[t] and s.revealed[t]


def border_hexes(s: RivalsState) -> list[int]:
    """Hexes still on the Wildtech that touch the void (a fallen hex or the map's edge), in
    order: the edge hexes and those next to each fallen tile, less the hexes that fell."""
    fallen = s.fallen
    out = set(EDGE_HEXES)
    gone: list[int] = []
    for t, f in enumerate(fallen):
        if f:
            out |= HEXES_NEXT_TO[t]
            gone.extend(TILE_HEXES[t])
    out.difference_update(gone)
    if not out and not fallen[VOLCANO_TILE]:
        return [0]
    return sorted(out)


def on_border(s: RivalsState, h: int) -> bool:
    """Whether `h` is one of `border_hexes`, without listing them (the verdict on one re-entry
    hex): its tile stands and the map's edge or a fallen tile is next to it."""
    t, edge, around = BORDER_FACTS[h]
    fallen = s.fallen
    if not fallen[t] and (edge or any(fallen[u] for u in around)):
        return True
    return h == 0 and border_hexes(s) == [0]  # no border left: the centre (see border_hexes)


def scoutable(s: RivalsState, h: int) -> list[int]:
    """Unrevealed tiles next to hex `h`, in order: what a body standing there may scout."""
    revealed, fallen = s.revealed, s.fallen
    return [t for t in NEAR_TILES[h] if not revealed[t] and not fallen[t]]


def enemy_shield(s: RivalsState, h: int, seat: int) -> bool:
    o = s.shield[h]
    return o >= 0 and o != seat


def shields_of(s: RivalsState, seat: int) -> list[int]:
    """The hexes of `seat`'s shields, in order (counted and found by `list.index`, in C: most
    hexes hold none)."""
    shield = s.shield
    out: list[int] = []
    h = -1
    for _ in range(shield.count(seat)):
        h = shield.index(seat, h + 1)
        out.append(h)
    return out


def defence_forest(s: RivalsState, h: int) -> bool:
    return hex_type(s, h) == FOREST


def has_sight(s: RivalsState, seat: int, src: int, dst: int, target: int, target_drone: int = -1) -> bool:
    """Line of sight from `seat` at `src` to hex `dst` aimed at seat `target` (-1: a shield or
    the drone of seat `target_drone`).

    Blockers on the way: any other Ashak that is not the target, shields not raised by `seat`
    and, in drone mode, opposing drones (not the one aimed at). Volcanoes, the void, allied
    drones and unrevealed tiles do not block."""
    paths = sight_paths(src, dst)
    if not paths[0]:
        return True  # neighbours (or the same hex): nothing lies between
    others = [a.pos for a in s.ashaks if a.alive and a.seat != seat and a.seat != target]
    if s.drone_mode:
        others += drone_blockers(s, seat, target_drone)
    return clear_path(s.shield, seat, paths, others)


def drone_blockers(s: RivalsState, seat: int, target_drone: int = -1) -> list[int]:
    """Drone mode: the hexes of the drones opposing `seat` (not the one aimed at)."""
    return [d.pos for d in s.drones if d.seat != seat and d.seat != target_drone and d.pos >= 0]


def clear_path(shield: list[int], seat: int, paths: tuple[tuple[int, ...], ...], others: list[int]) -> bool:
    """Whether one of `paths` (the hexes between) has no Ashak standing in `others` and no
    shield raised by anyone but `seat`."""
    for path in paths:
        for h in path:
            o = shield[h]
            if (o >= 0 and o != seat) or h in others:
                break
        else:
            return True
    return False


# --- the bodies ----------------------------------------------------------------------------------

# _WHO[seat][ashak]: the last entry (index -1) is the seat before it has chosen an Ashak.
_WHO: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{seat_label(seat)} ({a.name})" for a in ASHAKS) + (seat_label(seat),) for seat in range(6)
)


def who(s: RivalsState, seat: int) -> str:
    """How the log names a seat: "Player 2 (Atmos)", or "Player 2" before it has an Ashak."""
    return _WHO[seat][s.ashaks[seat].kind]


def drone_name(s: RivalsState, seat: int) -> str:
    return f"{who(s, seat)}'s drone"


def body_name(s: RivalsState, b: Body) -> str:
    """How the log names a body: its player's ("Player 2 (Atmos)"), or its drone."""
    return who(s, b.seat) if isinstance(b, AshakBody) else drone_name(s, b.seat)


# OTHERS[seats][seat]: every seat but `seat` at a table of `seats`.
OTHERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(o for o in range(n) if o != seat) for seat in range(n)) for n in range(7)
)


# CLOCKWISE[seats][start]: every seat of a table of `seats` clockwise from `start`.
CLOCKWISE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((start + k) % n for k in range(n)) for start in range(n)) for n in range(7)
)


def clockwise(s: RivalsState, start: int) -> tuple[int, ...]:
    """Every seat, clockwise from `start` (turn order, set-up order, who climbs back first)."""
    return CLOCKWISE[s.seats][start]


def name(card: int) -> str:
    return CARD[card].name


FLASHER_SET = frozenset(FLASHER_IDS)


def alive_seats(s: RivalsState) -> list[int]:
    return [a.seat for a in s.ashaks if a.alive]


def ashaks_on(s: RivalsState, h: int) -> list[int]:
    """The seats whose Ashak stands on hex `h`."""
    return [a.seat for a in s.ashaks if a.alive and a.pos == h]


def drones_on(s: RivalsState, h: int) -> list[int]:
    """The seats whose drone stands on hex `h` (none outside drone mode)."""
    return [d.seat for d in s.drones if d.pos == h]


def in_play(b: Body) -> bool:
    """Whether a body is still in the game: an Ashak not eliminated, a drone on the Wildtech
    (one that fell is off it until it climbs back)."""
    return b.alive if isinstance(b, AshakBody) else b.pos >= 0


def subject(s: RivalsState) -> Body:
    """The body a collect, a negotiation or a sponsor's reward is for: the drone `d_body`, or
    else the Ashak of the seat deciding."""
    return s.drones[s.d_body] if s.d_body >= 0 else s.ashaks[s.actor]


def stored_cards(s: RivalsState, b: Body) -> list[int]:
    """The cards a body may uninstall, in order: its player's hand and discard for an Ashak,
    the cards a drone stores."""
    if isinstance(b, DroneBody):
        return sorted(b.cards)
    return sorted(s.hand[b.seat] + s.discard[b.seat])


def card_room(b: Body) -> int:
    """How many more cards a body can take: a drone's free slots; an Ashak's hand has no limit."""
    return CARD_SLOTS - len(b.cards) if isinstance(b, DroneBody) else CARD_COUNT


def token_room(b: Body) -> int:
    """How many more anticipation tokens a body's board can hold: three in all, an Ashak's
    active ones included (a drone's are never active)."""
    held = b.tokens + b.active_tokens if isinstance(b, AshakBody) else b.tokens
    return ANTICIPATION_MAX - held


def can_activate(s: RivalsState, seat: int) -> bool:
    a = s.ashaks[seat]
    return a.tokens > 0 and a.active_tokens < ANTICIPATION_ACTIVE_MAX


def token_reason(s: RivalsState, seat: int) -> str | None:
    return None if can_activate(s, seat) else "Two tokens are already active."


def has_skill(s: RivalsState, seat: int, key: str) -> bool:
    return any(CARD[c].key == key for c in s.skills[seat])


def skill_total(s: RivalsState, seat: int, kind: str) -> int:
    return sum(e.n for c in s.skills[seat] for e in CARD[c].auto if e.kind == kind)


def temp_total(s: RivalsState, seat: int, kind: str) -> int:
    return sum(e.n for c in s.temps[seat] for e in CARD[c].auto if e.kind == kind)


def flashers_on(s: RivalsState, seat: int) -> int:
    return sum(1 for c in s.temps[seat] if c in FLASHER_SET)


def event_on(s: RivalsState, key: str) -> bool:
    """Whether the lasting event `key` is in force."""
    return s.event >= 0 and EVENT_KEYS[s.event] == key
