"""Rival Realms component data: region cards, adventure tokens, quests, enchantments, events, and
the geometry of a realm.

The rulebook prints no card list; every designed record here is explained in RULES_NOTES.md.

Geometry. A realm has three sub-realms (rows 0 upper, 1 middle, 2 lower) of six spaces; space
`p = row * 6 + col`. Between rows r and r+1 lies a row of six Mountain/Valley cards; land card
`m = r * 6 + col` (0-11) sits between space `r * 6 + col` and space `(r + 1) * 6 + col`.
"""

from __future__ import annotations

import attrs

ROWS = 3
COLS = 6
SPACES = ROWS * COLS  # 18
LANDS = (ROWS - 1) * COLS  # 12 Mountain/Valley cards per realm
HAND_SIZE = 5
CARD_COUNT = 50
ROW_NAMES = ("upper", "middle", "lower")
CORNERS: tuple[int, ...] = (0, COLS - 1, SPACES - COLS, SPACES - 1)
# Adventure tokens start in the four central columns of every sub-realm.
TOKEN_COLUMNS: tuple[int, ...] = (1, 2, 3, 4)

# --- region types and cards -------------------------------------------------------------

TYPES: tuple[str, ...] = ("Fields", "Forest", "Wetlands", "Highlands", "Hills")
FIELDS, FOREST, WETLANDS, HIGHLANDS, HILLS = range(5)


@attrs.frozen
class RegionCard:
    """One of the 50 region cards: its number (1-50, unique) and its type (index in TYPES)."""

    number: int
    kind: int

    @property
    def type_name(self) -> str:
        return TYPES[self.kind]


# Each run of five consecutive numbers holds one card of every type, so every type has low,
# middle and high numbers. The order inside each run is designed (see RULES_NOTES.md); the
# rulebook's examples fix Forest 3, 38, 43; Hills 14, 44, 49; Highlands 46.
_RUNS: tuple[tuple[int, int, int, int, int], ...] = (
    (FIELDS, WETLANDS, FOREST, HILLS, HIGHLANDS),  # 1-5
    (HIGHLANDS, FOREST, FIELDS, WETLANDS, HILLS),  # 6-10
    (WETLANDS, FIELDS, HIGHLANDS, HILLS, FOREST),  # 11-15
    (FOREST, HILLS, WETLANDS, HIGHLANDS, FIELDS),  # 16-20
    (HILLS, HIGHLANDS, FIELDS, FOREST, WETLANDS),  # 21-25
    (FIELDS, WETLANDS, HILLS, FOREST, HIGHLANDS),  # 26-30
    (HIGHLANDS, FIELDS, FOREST, WETLANDS, HILLS),  # 31-35
    (WETLANDS, HILLS, FOREST, HIGHLANDS, FIELDS),  # 36-40
    (HIGHLANDS, FIELDS, FOREST, HILLS, WETLANDS),  # 41-45
    (HIGHLANDS, WETLANDS, FIELDS, HILLS, FOREST),  # 46-50
)
CARDS: tuple[RegionCard, ...] = tuple(
    RegionCard(run * 5 + i + 1, kind) for run, kinds in enumerate(_RUNS) for i, kind in enumerate(kinds)
)
# KIND[n]: the type of card number n (index 0 unused).
KIND: tuple[int, ...] = (-1, *(c.kind for c in CARDS))

# --- adventure tokens ----------------------------------------------------------------------

GEM = "gem"
ESPRESSO = "espresso"
CARPET = "carpet"
MIRROR = "mirror"
ARTIFACTS: tuple[str, ...] = (ESPRESSO, CARPET, MIRROR)
# Creatures and the region type each one guides you into (-1: the Dragon, any type).
CREATURE_KIND: dict[str, int] = {
    "rabbits": FIELDS,
    "nymphs": WETLANDS,
    "troll": HILLS,
    "bear": FOREST,
    "goat": HIGHLANDS,
    "dragon": -1,
}
CREATURES: tuple[str, ...] = tuple(CREATURE_KIND)
TOKEN_NAMES: dict[str, str] = {
    GEM: "Gem",
    ESPRESSO: "Double Espresso",
    CARPET: "Flying Carpet",
    MIRROR: "Magic Mirror",
    "rabbits": "Rabbits",
    "nymphs": "Water Nymphs",
    "troll": "Troll",
    "bear": "Bear",
    "goat": "Billy Goat",
    "dragon": "Dragon",
}
# Every player's twelve tokens: 3 gems, one of each artifact, one of each creature.
TOKEN_SET: tuple[str, ...] = (GEM, GEM, GEM, *ARTIFACTS, *CREATURES)


def creature_fits(creature: str, kind: int) -> bool:
    """Whether `creature` may guide you into a region of type `kind`."""
    k = CREATURE_KIND.get(creature)
    return k is not None and (k == -1 or k == kind)


# --- quests ------------------------------------------------------------------------------


@attrs.frozen
class Quest:
    """A quest card: id, name, points, and what completes it (in the project's words)."""

    id: str
    name: str
    points: int
    text: str


QUESTS: tuple[Quest, ...] = (
    Quest("upper", "Upper Realm", 4, "Every space of your upper sub-realm holds a region card."),
    Quest("middle", "Middle Realm", 4, "Every space of your middle sub-realm holds a region card."),
    Quest("lower", "Lower Realm", 4, "Every space of your lower sub-realm holds a region card."),
    Quest("wanderer", "Wanderer", 5, "Your explored regions include all five region types."),
    Quest("tea", "Tea Time", 6, "You have collected all six creatures, used or not."),
    Quest("frontiers", "Far Frontiers", 7, "The four corner regions of your realm are explored."),
)
QUEST_INDEX: dict[str, int] = {q.id: i for i, q in enumerate(QUESTS)}

# --- enchantments (designed; RULES_NOTES.md) -----------------------------------------------


@attrs.frozen
class Enchantment:
    """A rule in force for the whole game. The eight are designed to combine freely."""

    id: str
    name: str
    text: str


ENCHANTMENTS: tuple[Enchantment, ...] = (
    Enchantment("deep_satchel", "Deep Satchel", "Redraw up to six cards at the end of your turn, not five."),
    Enchantment(
        "surefoot",
        "Surefoot Boots",
        "Adventurers may turn straight back into the region they just left.",
    ),
    Enchantment("gem_hoard", "Gleaming Hoard", "Each gem you never used scores 2 points at the end, not 1."),
    Enchantment(
        "open_passes",
        "Open Passes",
        "The Mountains in the first and last column of each row can always be crossed, as if Valleys.",
    ),
    Enchantment(
        "kindred_trails",
        "Kindred Trails",
        "Stepping from an explored region into an unexplored one of the same type costs nothing.",
    ),
    Enchantment(
        "open_nests",
        "Open Nests",
        "When you redraw, you may also take face-up cards from your opponent's Raven's Nest.",
    ),
    Enchantment(
        "deep_valleys",
        "Deep Valleys",
        "A matching pair across a Valley scores 4; a matching pair across a Mountain scores 1.",
    ),
    Enchantment("grand_quests", "Grand Quests", "Every quest is worth 2 points more than its card says."),
)
ENCHANTMENT_IDS: tuple[str, ...] = tuple(e.id for e in ENCHANTMENTS)
ENCHANTMENT_BY_ID: dict[str, Enchantment] = {e.id: e for e in ENCHANTMENTS}

# --- events (designed; RULES_NOTES.md) -----------------------------------------------------


@attrs.frozen
class EventCard:
    """An event shuffled into the region deck. `answer` names the decision each player makes
    ("" when the event resolves by itself); `optional` says a player may decline."""

    id: str
    name: str
    text: str
    answer: str = ""
    optional: bool = False


EVENTS: tuple[EventCard, ...] = (
    EventCard("gentle_rain", "Gentle Rain", "Each player draws one card from the region deck."),
    EventCard(
        "gusty_winds",
        "Gusty Winds",
        "Each player holding cards blows one card of their choice into the opponent's Raven's Nest.",
        "give",
    ),
    EventCard(
        "homing_raven", "Homing Raven", "The Raven leaves its Mountain and perches beside the deck again."
    ),
    EventCard(
        "ravens_mischief",
        "Raven's Mischief",
        "The Raven flips the top card of the deck into each Raven's Nest, the active player's first.",
    ),
    EventCard(
        "shifting_ground",
        "Shifting Ground",
        "Each player may swap the places of one Mountain and one Valley card of their own realm.",
        "lands",
        True,
    ),
    EventCard(
        "nest_gift",
        "Gifts of the Nest",
        "Each player may take one card of their choice from their own Raven's Nest.",
        "nest",
        True,
    ),
    EventCard(
        "second_wind",
        "Second Wind",
        "Each player may take back one creature they have used; it can guide them again.",
        "revive",
        True,
    ),
    EventCard(
        "shooting_star",
        "Shooting Star",
        "Each player may walk their adventurer into one unexplored region it can reach in one step "
        "and explore it for free.",
        "star",
        True,
    ),
    EventCard(
        "clear_skies",
        "Clear Skies",
        "Each player in turn may call the Raven onto one of their own Mountains.",
        "raven",
        True,
    ),
    EventCard(
        "merchant",
        "Wandering Merchant",
        "Each player may put one card into the opponent's Raven's Nest and draw one from the deck.",
        "give",
        True,
    ),
    EventCard(
        "packing_up",
        "Packing Up",
        "Each player holding more than five cards puts cards of their choice into their own "
        "Raven's Nest until they hold five.",
        "stash",
    ),
    EventCard(
        "trade_winds",
        "Trade Winds",
        "Each player may exchange one card in hand with one card in their own Raven's Nest.",
        "trade",
        True,
    ),
)
EVENTS_IN_GAME = 5
# Event cards live in the deck as numbers EVENT_BASE + index, so a deck is one list of ints.
EVENT_BASE = 100
EVENT_BY_ID: dict[str, int] = {e.id: i for i, e in enumerate(EVENTS)}


def is_event(card: int) -> bool:
    return card >= EVENT_BASE


def event_of(card: int) -> EventCard:
    return EVENTS[card - EVENT_BASE]


# --- solo --------------------------------------------------------------------------------


# Cards the Raven steals unseen at set-up, by difficulty.
SOLO_REMOVED: dict[str, int] = {"easy": 10, "normal": 15, "hard": 20}
# The Raven's score by difficulty: a solo game is won by scoring strictly more (designed, and
# measured with the greedy bot; RULES_NOTES.md).
SOLO_TARGET: dict[str, int] = {"easy": 28, "normal": 30, "hard": 32}

# --- geometry ----------------------------------------------------------------------------


def space_name(p: int) -> str:
    """'upper 3': the sub-realm and the column counted from 1 on the left."""
    return _SPACE_NAMES[p]


_SPACE_NAMES: tuple[str, ...] = tuple(f"{ROW_NAMES[p // COLS]} {p % COLS + 1}" for p in range(SPACES))


def land_name(m: int) -> str:
    """'upper/middle 2': the two sub-realms the land card separates and its column."""
    r = m // COLS
    return f"{ROW_NAMES[r]}/{ROW_NAMES[r + 1]} {m % COLS + 1}"


# NEIGHBOURS[p]: (neighbour space, land card crossed or -1 for a side step), in a fixed order:
# left, right, up, down.
NEIGHBOURS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        nb
        for nb in (
            (p - 1, -1) if p % COLS > 0 else None,
            (p + 1, -1) if p % COLS < COLS - 1 else None,
            (p - COLS, p - COLS) if p >= COLS else None,
            (p + COLS, p) if p < SPACES - COLS else None,
        )
        if nb is not None
    )
    for p in range(SPACES)
)
# LAND_ENDS[m]: the spaces above and below land card m.
LAND_ENDS: tuple[tuple[int, int], ...] = tuple((m, m + COLS) for m in range(LANDS))
END_COLUMNS: frozenset[int] = frozenset(m for m in range(LANDS) if m % COLS in (0, COLS - 1))
