"""Rival Kings component data: the 12 characters, 32 Building and 32 Subject cards, abilities.

The rulebook prints the characters but not the Building and Subject cards; those are this
project's design (reasoning in RULES_NOTES.md). Card ids: buildings 0..31, subjects 32..63.
Character ids 0..11. Every record is frozen; look-ups are plain tuples indexed by id.
"""

from __future__ import annotations

import attrs

# Action kinds printed on the character cards.
SETTLE = "settle"
PASS = "pass"
MONEY = "money"
RECRUIT = "recruit"
BUY = "buy"

ACTION_NAMES: dict[str, str] = {
    SETTLE: "Settle conflict",
    PASS: "Pass on conflict",
    MONEY: "Take money",
    RECRUIT: "Recruit a subject",
    BUY: "Buy a building",
}

RANKS = "ABCDEF"

YELLOW = "yellow"
RED = "red"
BLUE = "blue"
GREEN = "green"
COLOURS = (YELLOW, RED, BLUE, GREEN)

BUILDING = "building"
SUBJECT = "subject"


@attrs.frozen
class Character:
    """A member of the court. `steals` is the rank it takes an action from ("" for none).
    `figure` marks the card of an equal-rank pair that goes first when markers are level."""

    id: int
    name: str
    rank: str
    actions: tuple[str, ...]
    steals: str
    figure: bool

    @property
    def label(self) -> str:
        return f"{self.name} ({self.rank})"

    @property
    def text(self) -> str:
        acts = " + ".join(ACTION_NAMES[a] for a in self.actions)
        steal = f"Takes one action from rank {self.steals}." if self.steals else "Takes from nobody."
        fig = " Carries the figure symbol." if self.figure else ""
        return f"Rank {self.rank}. {acts}. {steal}{fig}"


def _ch(i: int, name: str, rank: str, actions: tuple[str, ...], steals: str, figure: bool) -> Character:
    return Character(i, name, rank, actions, steals, figure)


CHARACTERS: tuple[Character, ...] = (
    _ch(0, "Lord Protector", "A", (BUY,), "D", False),
    _ch(1, "Queen", "A", (RECRUIT,), "D", True),
    _ch(2, "Duke", "B", (SETTLE, RECRUIT), "C", True),
    _ch(3, "Count", "B", (SETTLE, BUY), "C", False),
    _ch(4, "Courtier", "C", (PASS, MONEY), "F", True),
    _ch(5, "Priest", "C", (PASS, MONEY), "F", False),
    _ch(6, "Bursar", "D", (MONEY, BUY), "E", False),
    _ch(7, "Knight", "D", (MONEY, RECRUIT), "E", True),
    _ch(8, "Countess", "E", (SETTLE, MONEY, RECRUIT), "F", True),
    _ch(9, "Diplomat", "E", (SETTLE, MONEY, BUY), "F", False),
    _ch(10, "Trader", "F", (SETTLE, MONEY, RECRUIT, BUY), "", True),
    _ch(11, "Trader", "F", (SETTLE, MONEY, RECRUIT, BUY), "", False),
)

# Subject abilities (the active subject's, once per cycle).
GARDENER = "gardener"
WATCHMAN = "watchman"
JAILER = "jailer"
COURT_LADY = "court_lady"
BISHOP = "bishop"
SCHOLAR = "scholar"
TROUBADOUR = "troubadour"
SAILOR = "sailor"
BLACKSMITH = "blacksmith"
HERBALIST = "herbalist"
VINTNER = "vintner"
MINER = "miner"
INNKEEPER = "innkeeper"
MILLER = "miller"
MERCHANT = "merchant"
SHEPHERD = "shepherd"

# Abilities used only in the window after the characters are revealed.
START_ABILITIES = (GARDENER, WATCHMAN)

ABILITY_TEXT: dict[str, str] = {
    GARDENER: "Right after the characters are turned over, trade your character card for another "
    "player's, before any conflict is settled.",
    WATCHMAN: "Use at the start of the cycle: this cycle, when a higher rank is in conflict with you, "
    "that character's owner takes the Conflict marker instead of you. Markers handed out by a "
    "Herbalist still reach you.",
    JAILER: "Collect 1 coin from the supply per Conflict marker in front of you, while the supply lasts.",
    COURT_LADY: "Trade one of your buildings for any building of another player. A building that "
    "completes a perfect pair can be neither taken nor given.",
    BISHOP: "Trade one of your subjects for any subject of another player; both newcomers go to "
    "the bottom of their rows and become active. Subjects in perfect pairs stay put.",
    SCHOLAR: "Collect 1 coin from the supply per building you own, while the supply lasts.",
    TROUBADOUR: "Trade one of your cards for the top card of any pile in the middle; a building may "
    "go for a subject and the other way round.",
    SAILOR: "When you and a rival played characters of the same rank, carry out your one chosen "
    "action a second time.",
    BLACKSMITH: "Buying a building costs you 1 coin less.",
    HERBALIST: "Hand a Conflict marker from the supply to a rival of your choice. A Watchman does "
    "not protect against it.",
    VINTNER: "Put one of your Conflict markers back into the supply.",
    MINER: "Collect 2 coins from the supply, while the supply lasts.",
    INNKEEPER: "Carry out one extra Take money action.",
    MILLER: "Recruiting a subject costs you 1 coin less.",
    MERCHANT: "Carry out one extra Buy a building action, paying the full price.",
    SHEPHERD: "Collect 1 coin from the supply per green card (building or subject) you own, while "
    "the supply lasts.",
}


@attrs.frozen
class Profession:
    """A perfect pair: one building and one subject sharing a symbol."""

    symbol: str
    colour: str
    building: str
    building_value: int
    subject: str
    subject_value: int
    ability: str


PROFESSIONS: tuple[Profession, ...] = (
    # Yellow: the court. Worth and cost 3 to 5.
    Profession("flower", YELLOW, "Garden", 4, "Gardener", 3, GARDENER),
    Profession("tower", YELLOW, "Castle wall", 4, "Watchman", 3, WATCHMAN),
    Profession("key", YELLOW, "Prison", 3, "Jailer", 4, JAILER),
    Profession("fan", YELLOW, "Pavilion", 5, "Court Lady", 4, COURT_LADY),
    # Red: the town. Worth and cost 3 to 5.
    Profession("cross", RED, "Cathedral", 5, "Bishop", 4, BISHOP),
    Profession("book", RED, "University", 4, "Scholar", 4, SCHOLAR),
    Profession("lute", RED, "Tavern", 3, "Troubadour", 3, TROUBADOUR),
    Profession("anchor", RED, "Harbor", 4, "Sailor", 3, SAILOR),
    # Blue: the village. Worth and cost 1 to 3.
    Profession("anvil", BLUE, "Forge", 3, "Blacksmith", 2, BLACKSMITH),
    Profession("bed", BLUE, "Inn", 2, "Innkeeper", 2, INNKEEPER),
    Profession("wheel", BLUE, "Mill", 2, "Miller", 1, MILLER),
    Profession("scales", BLUE, "Market", 3, "Merchant", 2, MERCHANT),
    # Green: the countryside. Worth and cost 1 to 3.
    Profession("grapes", GREEN, "Vineyard", 3, "Vintner", 1, VINTNER),
    Profession("pick", GREEN, "Mine", 3, "Miner", 2, MINER),
    Profession("leaf", GREEN, "Herb garden", 2, "Herbalist", 2, HERBALIST),
    Profession("crook", GREEN, "Sheepfold", 2, "Shepherd", 1, SHEPHERD),
)


@attrs.frozen
class Card:
    """A Building or Subject card. `value` is its cost and its score in a perfect pair;
    `back` is what the card is worth as money (1 or 2 coins) when it is not used as a card."""

    id: int
    kind: str
    name: str
    colour: str
    value: int
    symbol: str
    back: int
    ability: str
    copy: int

    @property
    def text(self) -> str:
        head = f"{self.name} — {self.colour} {self.kind}, value {self.value}, symbol {self.symbol}."
        if self.kind == SUBJECT:
            return f"{head} {ABILITY_TEXT[self.ability]} (Back: {self.back} coin{'s' * (self.back > 1)}.)"
        return (
            f"{head} Scores with a {self.colour} subject or its own subject. "
            f"(Back: {self.back} coin{'s' * (self.back > 1)}.)"
        )


# Coin backs. Every building's first copy, and the second copy of each blue and green building,
# shows 2 coins (24 of 32 buildings); the second copy of four subjects shows 2 (4 of 32). Whatever
# the shuffle, the 32 cards left over then hold at least 8 two-coin and 12 one-coin cards: exactly
# what a four-player set-up needs (see RULES_NOTES.md).
_TWO_BACK_SUBJECTS = {"Blacksmith", "Innkeeper", "Miller", "Merchant"}


def _build_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    for copy in (1, 2):
        for p in PROFESSIONS:
            back = 2 if copy == 1 or p.colour in (BLUE, GREEN) else 1
            cards.append(
                Card(len(cards), BUILDING, p.building, p.colour, p.building_value, p.symbol, back, "", copy)
            )
    for copy in (1, 2):
        for p in PROFESSIONS:
            back = 2 if copy == 2 and p.subject in _TWO_BACK_SUBJECTS else 1
            cards.append(
                Card(
                    len(cards), SUBJECT, p.subject, p.colour, p.subject_value, p.symbol, back, p.ability, copy
                )
            )
    return tuple(cards)


CARDS: tuple[Card, ...] = _build_cards()
BUILDING_IDS: tuple[int, ...] = tuple(c.id for c in CARDS if c.kind == BUILDING)
SUBJECT_IDS: tuple[int, ...] = tuple(c.id for c in CARDS if c.kind == SUBJECT)

# Piles in the middle: 0 and 1 hold buildings, 2 and 3 hold subjects.
PILE_KIND: tuple[str, ...] = (BUILDING, BUILDING, SUBJECT, SUBJECT)
PILE_NAMES: tuple[str, ...] = ("building pile 1", "building pile 2", "subject pile 1", "subject pile 2")

TOTAL_MARKERS = 30
CRESTS_PER_PLAYER = 2
START_MARKERS = 1
PILE_SIZE = 8
HAND_SIZE = 3
CYCLES_PER_ROUND = 2


def card_by_name(name: str, kind: str | None = None) -> Card:
    """The first copy of the card with this name (for tests and examples)."""
    for c in CARDS:
        if c.name == name and (kind is None or c.kind == kind):
            return c
    raise KeyError(name)
