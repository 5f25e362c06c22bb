"""Rivalist component data: resources, science symbols, the Age decks, unions, wonders, tokens,
the three pyramid layouts and the military track.

The rulebook describes the card anatomy but prints no card list and no wonder costs; the cards
below are this project's design (reasons in RULES_NOTES.md). Ids are plain ints: cards 0..72
(Age I 0..22, Age II 23..45, Age III 46..65, unions 66..72), wonders 0..10, tokens 0..9. Every
per-card fact used in the hot paths is also flattened into tuples indexed by id.
"""

from __future__ import annotations

import attrs

from engine.core.words import count

# ---------------------------------------------------------------- resources and symbols
LUMBER, BRICK, ORE, PAPER, DIAMOND = range(5)
RESOURCES = ("Lumber", "Brick", "Ore", "Paper", "Diamond")
RAW = (LUMBER, BRICK, ORE)
GOODS = (PAPER, DIAMOND)
_LETTER = {"L": LUMBER, "B": BRICK, "O": ORE, "P": PAPER, "D": DIAMOND}

GLOBE, WHEEL, SUNDIAL, MORTAR, PLUMB, QUILL, SCALES = range(7)
SYMBOLS = ("Globe", "Wheel", "Sundial", "Mortar", "Plumb line", "Quill", "Scales")
SCIENCE_WIN = 6  # different symbols for scientific supremacy

BROWN, GREY, RED, GREEN, BLUE, YELLOW, PURPLE = range(7)
COLOURS = ("brown", "grey", "red", "green", "blue", "yellow", "purple")
COLOUR_NAMES = (
    "Raw Materials",
    "Manufactured Goods",
    "Military",
    "Scientific",
    "Civilian",
    "Commercial",
    "Union",
)

START_COINS = 7

# ---------------------------------------------------------------- military track
# The pawn sits on -9..9; positive is toward Player 2's capital (Player 1 pushes it up).
CAPITAL = 9
LOOT_SMALL_AT, LOOT_SMALL = 3, 2  # entering space 3 on a player's side loots 2 coins from them
LOOT_BIG_AT, LOOT_BIG = 6, 5  # entering space 6 loots 5 coins


def military_vp(distance: int) -> int:
    """Final VP for the player the pawn sits `distance` spaces away from (toward the rival)."""
    if distance >= LOOT_BIG_AT:
        return 10
    if distance >= LOOT_SMALL_AT:
        return 5
    if distance >= 1:
        return 2
    return 0


# ---------------------------------------------------------------- chain symbols
CHAIN_NAMES = (
    "Horseshoe",
    "Sword",
    "Tower",
    "Cog",
    "Book",
    "Moon",
    "Drop",
    "Mask",
    "Jug",
    "Target",
    "Helmet",
    "Harp",
    "Lamp",
    "Laurel",
    "Sun",
    "Scroll",
    "Barrel",
)
_CHAIN = {n: i for i, n in enumerate(CHAIN_NAMES)}

# Per-card "coins per ..." counts for Age III commercial buildings and union on-build coins.
PER_NONE, PER_WONDER, PER_YELLOW, PER_GREY, PER_BROWN, PER_RED = range(6)

# Union kinds: what the card counts in the city that has the most of it.
U_NONE, U_YELLOW, U_PRODUCERS, U_GREEN, U_BLUE, U_RED, U_WONDERS, U_COINS = range(8)


@attrs.frozen
class Card:
    """One card. `need` holds 5 resource counts; `produce` likewise (brown and grey only);
    `choice` is 1 for a choice of Lumber/Brick/Ore, 2 for Paper/Diamond, 0 for none."""

    id: int
    name: str
    age: int  # 1..3; unions are Age III cards too
    colour: int
    coins: int
    need: tuple[int, ...]
    produce: tuple[int, ...]
    choice: int
    fixes: tuple[int, ...]
    shields: int
    symbol: int
    vp: int
    gain: int
    per: int
    per_coins: int
    chain: int
    chain_from: int
    union: int

    @property
    def text(self) -> str:
        return card_text(self)


def _need(spec: str) -> tuple[int, ...]:
    n = [0] * 5
    for ch in spec:
        n[_LETTER[ch]] += 1
    return tuple(n)


_cards: list[Card] = []


def _c(
    name: str,
    age: int,
    colour: int,
    cost: str = "",
    coins: int = 0,
    produce: str = "",
    choice: int = 0,
    fixes: str = "",
    shields: int = 0,
    symbol: int = -1,
    vp: int = 0,
    gain: int = 0,
    per: int = PER_NONE,
    per_coins: int = 0,
    chain: str = "",
    chain_from: str = "",
    union: int = U_NONE,
) -> None:
    _cards.append(
        Card(
            len(_cards),
            name,
            age,
            colour,
            coins,
            _need(cost),
            _need(produce),
            choice,
            tuple(_LETTER[x] for x in fixes),
            shields,
            symbol,
            vp,
            gain,
            per,
            per_coins,
            _CHAIN[chain] if chain else -1,
            _CHAIN[chain_from] if chain_from else -1,
            union,
        )
    )


# Age I (23 cards; 20 are dealt).
_c("Timber Camp", 1, BROWN, produce="L")
_c("Sawpit", 1, BROWN, coins=1, produce="L")
_c("Clay Bank", 1, BROWN, produce="B")
_c("Clay Quarry", 1, BROWN, coins=1, produce="B")
_c("Ore Vein", 1, BROWN, produce="O")
_c("Stone Cut", 1, BROWN, coins=1, produce="O")
_c("Gem Cutter", 1, GREY, coins=1, produce="D")
_c("Papyrus Press", 1, GREY, coins=1, produce="P")
_c("Watchtower", 1, RED, shields=1)
_c("Stables", 1, RED, cost="L", shields=1, chain="Horseshoe")
_c("Garrison", 1, RED, cost="B", shields=1, chain="Sword")
_c("Palisade", 1, RED, coins=2, shields=1, chain="Tower")
_c("Herbalist's Hut", 1, GREEN, coins=2, symbol=MORTAR, chain="Cog")
_c("Scribe Room", 1, GREEN, coins=2, symbol=QUILL, chain="Book")
_c("Tinker's Shop", 1, GREEN, cost="P", symbol=PLUMB, vp=1)
_c("Wheelwright", 1, GREEN, cost="D", symbol=WHEEL, vp=1)
_c("Shrine", 1, BLUE, cost="P", vp=3, chain="Moon")
_c("Bathhouse", 1, BLUE, cost="O", vp=3, chain="Drop")
_c("Stage", 1, BLUE, vp=3, chain="Mask")
_c("Lumber Depot", 1, YELLOW, coins=3, fixes="L")
_c("Brick Depot", 1, YELLOW, coins=3, fixes="B")
_c("Ore Depot", 1, YELLOW, coins=3, fixes="O")
_c("Tavern", 1, YELLOW, gain=4, chain="Jug")
AGE1_END = len(_cards)

# Age II (23 cards; 20 are dealt).
_c("Lumber Yard", 2, BROWN, coins=2, produce="LL")
_c("Brickworks", 2, BROWN, coins=2, produce="BB")
_c("Deep Mine", 2, BROWN, coins=2, produce="OO")
_c("Gem Workshop", 2, GREY, produce="D")
_c("Paper Mill", 2, GREY, produce="P")
_c("Horse Guard", 2, RED, cost="BL", shields=1, chain_from="Horseshoe")
_c("Barracks", 2, RED, coins=3, shields=1, chain_from="Sword")
_c("Archery Range", 2, RED, cost="OLP", shields=2, chain="Target")
_c("Parade Ground", 2, RED, cost="BBD", shields=2, chain="Helmet")
_c("City Walls", 2, RED, cost="OO", shields=2)
_c("Infirmary", 2, GREEN, cost="BBO", symbol=MORTAR, vp=2, chain_from="Cog")
_c("Great Archive", 2, GREEN, cost="OLD", symbol=QUILL, vp=2, chain_from="Book")
_c("School", 2, GREEN, cost="LPP", symbol=WHEEL, vp=1, chain="Harp")
_c("Laboratory", 2, GREEN, cost="LDD", symbol=PLUMB, vp=1, chain="Lamp")
_c("Courthouse", 2, BLUE, cost="LLD", vp=5)
_c("Statue", 2, BLUE, cost="BB", vp=4, chain="Laurel", chain_from="Mask")
_c("Temple", 2, BLUE, cost="LP", vp=4, chain="Sun", chain_from="Moon")
_c("Aqueduct", 2, BLUE, cost="OOO", vp=5, chain_from="Drop")
_c("Rostrum", 2, BLUE, cost="OL", vp=4, chain="Scroll")
_c("Forum", 2, YELLOW, cost="B", coins=3, choice=2)
_c("Caravanserai", 2, YELLOW, cost="DP", coins=2, choice=1)
_c("Customs House", 2, YELLOW, coins=4, fixes="PD")
_c("Brewery", 2, YELLOW, gain=6, chain="Barrel")
AGE2_END = len(_cards)

# Age III (20 cards; 17 are dealt with 3 unions).
_c("Arsenal", 3, RED, cost="BBBLL", shields=3)
_c("Praetorian Hall", 3, RED, coins=8, shields=3)
_c("Bastion", 3, RED, cost="OOBP", shields=2, chain_from="Tower")
_c("Siege Camp", 3, RED, cost="LLLD", shields=2, chain_from="Target")
_c("Circus", 3, RED, cost="BBOO", shields=2, chain_from="Helmet")
_c("Academy", 3, GREEN, cost="OLDD", symbol=SUNDIAL, vp=3)
_c("Study Hall", 3, GREEN, cost="LLDP", symbol=SUNDIAL, vp=3)
_c("University", 3, GREEN, cost="BDP", symbol=GLOBE, vp=2, chain_from="Harp")
_c("Observatory", 3, GREEN, cost="OPP", symbol=GLOBE, vp=2, chain_from="Lamp")
_c("Palace", 3, BLUE, cost="BOLDD", vp=7)
_c("Town Hall", 3, BLUE, cost="OOOLL", vp=7)
_c("Obelisk", 3, BLUE, cost="OOD", vp=5)
_c("Gardens", 3, BLUE, cost="BBLL", vp=6, chain_from="Laurel")
_c("Pantheon", 3, BLUE, cost="BLPP", vp=6, chain_from="Sun")
_c("Senate", 3, BLUE, cost="BBOP", vp=5, chain_from="Scroll")
_c("Arena", 3, YELLOW, cost="BBO", vp=3, per=PER_WONDER, per_coins=2, chain_from="Barrel")
_c("Lighthouse", 3, YELLOW, cost="BBD", vp=3, per=PER_YELLOW, per_coins=1, chain_from="Jug")
_c("Chamber of Commerce", 3, YELLOW, cost="PP", vp=3, per=PER_GREY, per_coins=3)
_c("Port", 3, YELLOW, cost="LDP", vp=3, per=PER_BROWN, per_coins=2)
_c("Armory", 3, YELLOW, cost="OOD", vp=3, per=PER_RED, per_coins=1)
AGE3_END = len(_cards)

# Unions (7; 3 are shuffled into Age III).
_c("Merchants' Union", 3, PURPLE, cost="BLDP", union=U_YELLOW)
_c("Shipowners' Union", 3, PURPLE, cost="BODP", union=U_PRODUCERS)
_c("Scholars' Union", 3, PURPLE, cost="BBLL", union=U_GREEN)
_c("Magistrates' Union", 3, PURPLE, cost="LLBP", union=U_BLUE)
_c("Tacticians' Union", 3, PURPLE, cost="OOBP", union=U_RED)
_c("Builders' Union", 3, PURPLE, cost="OOBBLD", union=U_WONDERS)
_c("Moneylenders' Union", 3, PURPLE, cost="OOLL", union=U_COINS)

CARDS: tuple[Card, ...] = tuple(_cards)
AGE_DECKS: tuple[tuple[int, ...], ...] = (
    (),
    tuple(range(0, AGE1_END)),
    tuple(range(AGE1_END, AGE2_END)),
    tuple(range(AGE2_END, AGE3_END)),
)
UNIONS: tuple[int, ...] = tuple(range(AGE3_END, len(CARDS)))
UNIONS_DEALT = 3
PYRAMID_SIZE = 20

# ---------------------------------------------------------------- wonders
(
    BABYLON,
    ARES,
    LIBRARY,
    CYRUS,
    PERGAMON,
    COLISEUM,
    RED_FORT,
    TOWER_SHIPS,
    ALCANTARA,
    LEGION,
    VALHALLA,
) = range(11)

# What a wonder makes its builder choose at once.
W_NONE, W_DESTROY, W_LIBRARY, W_STEAL = range(4)


@attrs.frozen
class Wonder:
    id: int
    name: str
    need: tuple[int, ...]
    coins: int  # gained at once
    shields: int
    vp: int
    replay: bool
    choice: int  # 1 raw, 2 goods
    destroy: int  # colour destroyed at the opponent's, -1 none
    drain: int  # coins taken from the opponent
    decision: int  # W_*

    @property
    def text(self) -> str:
        return wonder_text(self)


def _w(
    name: str,
    cost: str,
    coins: int = 0,
    shields: int = 0,
    vp: int = 0,
    replay: bool = False,
    choice: int = 0,
    destroy: int = -1,
    drain: int = 0,
    decision: int = W_NONE,
) -> Wonder:
    return Wonder(
        len(_wonders), name, _need(cost), coins, shields, vp, replay, choice, destroy, drain, decision
    )


_wonders: list[Wonder] = []
for _spec in (
    ("Babylon Gardens", "LLDP", {"coins": 6, "vp": 3, "replay": True}),
    ("Temple of Ares", "OOLBP", {"destroy": BROWN, "shields": 1, "vp": 3, "decision": W_DESTROY}),
    ("Library of Alexandria", "LLLDP", {"vp": 4, "decision": W_LIBRARY}),
    ("Palace of King Cyrus", "BBBD", {"shields": 2, "vp": 3}),
    ("Pergamon Altar", "BOPP", {"choice": 1, "vp": 4}),
    ("Coliseum", "OOLD", {"destroy": GREY, "vp": 3, "shields": 1, "decision": W_DESTROY}),
    ("The Red Fort", "LODP", {"coins": 12, "replay": True}),
    ("Chinese Tower Ships", "LLOB", {"choice": 2, "replay": True, "vp": 2}),
    ("The Alcantara Bridge", "BBDDP", {"vp": 3, "decision": W_STEAL}),
    ("The Legion of Rome", "OOBP", {"destroy": YELLOW, "coins": 5, "vp": 3, "decision": W_DESTROY}),
    ("Legends of Valhalla", "BBOPP", {"drain": 6, "vp": 3}),
):
    _wonders.append(_w(_spec[0], _spec[1], **_spec[2]))  # type: ignore[arg-type]
WONDERS: tuple[Wonder, ...] = tuple(_wonders)
WONDERS_PER_PLAYER = 4
DRAFT_ROUND = 4
MAX_WONDERS_BUILT = 7

# ---------------------------------------------------------------- progress tokens
(HARVEST, CONSTRUCTION, TRADE, THEORY, BLACKSMITH, MULTIPLICATION, IDEOLOGY, WAR, RELIGION, SOCIOLOGY) = (
    range(10)
)
TOKEN_NAMES = (
    "Harvest",
    "Construction",
    "Trade",
    "Theory",
    "Blacksmith",
    "Multiplication",
    "Ideology",
    "War",
    "Religion",
    "Sociology",
)
TOKEN_TEXTS = (
    "Take 6 coins from the bank now; worth 4 VP at the end.",
    "Every Wonder you build needs 2 fewer resources (the dearest ones you lack).",
    "Whenever your rival buys resources from the bank, those coins come to you instead.",
    "Adds the Scales, a seventh science symbol, to your city.",
    "Every blue building you build needs 2 fewer resources (the dearest ones you lack).",
    "Worth 3 VP at the end for each progress token you own, this one included.",
    "Worth 7 VP at the end.",
    "Each red building you build from now on pushes the pawn one space further.",
    "Each Wonder you build from now on gives you another turn at once (if it did not already).",
    "Take 6 coins from the bank now; from now on, 4 coins each time you build through a chain.",
)
TOKEN_VP = (4, 0, 0, 0, 0, 0, 7, 0, 0, 0)
BOARD_TOKENS = 5


# ---------------------------------------------------------------- pyramids
# Rows from the top of the layout; each row lists (x position in half-card steps, face up).
# A card is covered by the cards of the next row down whose x differs by exactly 1.
def _rows(
    sizes: tuple[int, ...], face: tuple[bool, ...], gaps: dict[int, tuple[int, ...]]
) -> tuple[tuple[int, int, bool], ...]:
    slots: list[tuple[int, int, bool]] = []
    for r, n in enumerate(sizes):
        xs = gaps.get(r) or tuple((6 - n) + 2 * i for i in range(n))
        for x in xs:
            slots.append((r, x, face[r]))
    return tuple(slots)


LAYOUTS: tuple[tuple[tuple[int, int, bool], ...], ...] = (
    (),
    _rows((2, 3, 4, 5, 6), (True, False, True, False, True), {}),
    _rows((6, 5, 4, 3, 2), (True, False, True, False, True), {}),
    _rows((2, 3, 4, 2, 4, 3, 2), (True, False, True, False, True, False, True), {3: (3, 7)}),
)


def _covers(
    layout: tuple[tuple[int, int, bool], ...],
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """(covered_by, covering) per slot: the slots lying on it, and the slots it lies on."""
    by: list[list[int]] = [[] for _ in layout]
    on: list[list[int]] = [[] for _ in layout]
    for i, (r, x, _f) in enumerate(layout):
        for j, (r2, x2, _f2) in enumerate(layout):
            if r2 == r + 1 and abs(x2 - x) == 1:
                by[i].append(j)
                on[j].append(i)
    return tuple(tuple(b) for b in by), tuple(tuple(o) for o in on)


COVERED_BY: tuple[tuple[tuple[int, ...], ...], ...] = ((),) + tuple(_covers(LAYOUTS[a])[0] for a in (1, 2, 3))
COVERING: tuple[tuple[tuple[int, ...], ...], ...] = ((),) + tuple(_covers(LAYOUTS[a])[1] for a in (1, 2, 3))

# ---------------------------------------------------------------- flat tables for the hot paths
NEEDS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((r, n) for r, n in enumerate(c.need) if n) for c in CARDS
)
WONDER_NEEDS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((r, n) for r, n in enumerate(w.need) if n) for w in WONDERS
)
COLOUR = tuple(c.colour for c in CARDS)
CHAIN_FROM_BIT = tuple((1 << c.chain_from) if c.chain_from >= 0 else 0 for c in CARDS)
CHAIN_BIT = tuple((1 << c.chain) if c.chain >= 0 else 0 for c in CARDS)


# ---------------------------------------------------------------- card texts (the project's own words)
def cost_text(need: tuple[int, ...], coins: int) -> str:
    parts = [count(coins, "coin")] if coins else []
    parts += [f"{RESOURCES[r]} x{n}" for r, n in enumerate(need) if n]
    return ", ".join(parts) if parts else "free"


_PER_WORDS = {
    PER_WONDER: "Wonder you have built",
    PER_YELLOW: "yellow card in your city (this one included)",
    PER_GREY: "grey card in your city",
    PER_BROWN: "brown card in your city",
    PER_RED: "red card in your city",
}
_UNION_WORDS = {
    U_YELLOW: ("1 VP per yellow card", "yellow cards"),
    U_PRODUCERS: ("1 VP per brown and grey card", "brown and grey cards"),
    U_GREEN: ("1 VP per green card", "green cards"),
    U_BLUE: ("1 VP per blue card", "blue cards"),
    U_RED: ("1 VP per red card", "red cards"),
    U_WONDERS: ("2 VP per built Wonder", "built Wonders"),
    U_COINS: ("1 VP per 3 coins", "coins"),
}


def card_text(c: Card) -> str:
    """The full text of a card for the detail panel."""
    bits: list[str] = [f"{COLOURS[c.colour].capitalize()} ({COLOUR_NAMES[c.colour]}), Age {'I' * c.age}."]
    bits.append(f"Cost: {cost_text(c.need, c.coins)}.")
    if any(c.produce):
        made = " and ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(c.produce) if n)
        bits.append(f"Produces {made} every turn, and raises what your rival pays the bank for it.")
    if c.choice == 1:
        bits.append(
            "Each turn, produces your pick of 1 Lumber, Brick or Ore (your rival's prices ignore it)."
        )
    if c.choice == 2:
        bits.append("Each turn, produces your pick of 1 Paper or Diamond (your rival's prices ignore it).")
    if c.fixes:
        bits.append(f"You buy {' and '.join(RESOURCES[r] for r in c.fixes)} from the bank for 1 coin a unit.")
    if c.shields:
        bits.append(f"Pushes the Conflict pawn {count(c.shields, 'space')} toward your rival.")
    if c.symbol >= 0:
        bits.append(f"Science symbol: {SYMBOLS[c.symbol]}.")
    if c.gain:
        bits.append(f"Take {c.gain} coins from the bank when built.")
    if c.per:
        bits.append(f"When built, take {count(c.per_coins, 'coin')} per {_PER_WORDS[c.per]}.")
    if c.union:
        vp, what = _UNION_WORDS[c.union]
        if c.union in (U_WONDERS, U_COINS):
            bits.append(f"At the end: {vp} in whichever city has more {what}.")
        else:
            bits.append(
                f"When built, 1 coin per card among the {what} of whichever city has more;"
                f" at the end, {vp} in that city."
            )
    if c.vp:
        bits.append(f"Worth {c.vp} VP.")
    if c.chain >= 0:
        bits.append(f"Chain symbol: {CHAIN_NAMES[c.chain]}.")
    if c.chain_from >= 0:
        src = next(o.name for o in CARDS if o.chain == c.chain_from)
        bits.append(f"Free if you own the {CHAIN_NAMES[c.chain_from]} symbol ({src}).")
    return " ".join(bits)


def wonder_text(w: Wonder) -> str:
    return f"Wonder. Cost: {cost_text(w.need, 0)}. {wonder_effects(w)}"


def wonder_effects(w: Wonder) -> str:
    """What building the Wonder does, without its cost (the log's line when it is built)."""
    bits: list[str] = []
    if w.coins:
        bits.append(f"Take {w.coins} coins from the bank.")
    if w.drain:
        bits.append(f"Your rival loses up to {w.drain} coins, and you gain them.")
    if w.destroy >= 0:
        bits.append(f"Pick one of your rival's {COLOURS[w.destroy]} cards: it goes to the discard pile.")
    if w.shields:
        bits.append(f"Pushes the Conflict pawn {count(w.shields, 'space')} toward your rival.")
    if w.choice == 1:
        bits.append("Each turn, produces your pick of 1 Lumber, Brick or Ore.")
    if w.choice == 2:
        bits.append("Each turn, produces your pick of 1 Paper or Diamond.")
    if w.decision == W_LIBRARY:
        bits.append("Look at the progress tokens left out of this game and keep one (only you see them).")
    if w.decision == W_STEAL:
        bits.append("Take one non-green card from your rival's city and build it in yours for free.")
    if w.replay:
        bits.append("Then take another turn.")
    if w.vp:
        bits.append(f"Worth {w.vp} VP.")
    return " ".join(bits)
