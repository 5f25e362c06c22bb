"""Card records, the effect vocabulary their texts are written from, and the starting cards.

A card's behaviour is data: a type, an AP cost, a range, salvos and damage, and lists of small
effects (`Eff`) applied automatically, optionally (by discarding another card) or on a condition
(after the attack, when it wounded enough). A few cards also carry a `key` naming behaviour that
does not fit the vocabulary (Stellar Cannon, Premium Card, Renko's Flashers...); `engine.rivals.
effects` implements both. Card texts are generated from the same data unless a card spells its
own, so a text never disagrees with what the card does.
"""

from __future__ import annotations

import re

import attrs

from engine.core.words import count

# Card types.
PHYSICAL = "physical"
PSYCHIC = "psychic"
EXPLOSIVE = "explosive"
SKILL = "skill"
UTILITY = "utility"
MOD = "mod"
PROTECTION = "protection"
ATTACK_TYPES = (PHYSICAL, PSYCHIC, EXPLOSIVE)

# Where a card comes from.
STARTER = "starter"
SIGNATURE = "signature"
COMMON = "common"
UNCOMMON = "uncommon"
RARE = "rare"
SCHEMA = "schema"
GUILD = "guild"
FLASHER = "flasher"
ULTIMATE = "ultimate"
COPIES = {COMMON: 4, UNCOMMON: 3, RARE: 2, SCHEMA: 1}

# What a card is aimed at.
ENEMY = "enemy"  # an opposing Ashak (attacks may also aim at a shield not your own)
HEX = "hex"  # any hex in range (explosives)
SELF = "self"  # no target


@attrs.frozen
class Eff:
    """One effect: `kind` from the vocabulary in `EFFECT_TEXT`, with its number."""

    kind: str
    n: int = 1


@attrs.frozen
class Card:
    """A card design. `rmax` -1 means no range (any distance). `cond` applies after the attack
    when it inflicted at least `cond_min` wounds in all. `temp` is the number of round turns a
    utility's temporary effect lasts. `once` marks skills and guilds used once per round."""

    name: str
    type: str
    ap: int = 0
    rmin: int = 0
    rmax: int = -1
    salvos: int = 0
    damage: int = 0
    auto: tuple[Eff, ...] = ()
    optional: tuple[Eff, ...] = ()
    cond: tuple[Eff, ...] = ()
    cond_min: int = 1
    temp: int = 0
    target: str = SELF
    once: bool = False
    grenade: bool = False
    reaction: bool = False
    rarity: str = ""
    key: str = ""
    note: str = ""

    @property
    def is_attack(self) -> bool:
        return self.type in ATTACK_TYPES

    @property
    def range_text(self) -> str:
        return "any range" if self.rmax < 0 else f"range {self.rmin}-{self.rmax}"


# The vocabulary: how each effect reads on a card ("{n}" is its number; "{n card}" is the number
# with the words after it in the right number, "{n hex/hexes}" with an irregular plural).
EFFECT_TEXT: dict[str, str] = {
    # on yourself
    "draw": "draw {n}",
    "heal": "heal {n} HP",
    "anticip": "gain {n} anticipation",
    "crystal": "gain {n crystal}",
    "resin": "gain {n resin}",
    "shield": "raise a shield on your hex",
    "move": "move up to {n hex/hexes}",
    "teleport": "teleport up to {n hex/hexes}",
    "ap": "gain {n} AP this turn",
    "selfloss": "lose {n} HP",
    "install_top": "install the top interface card",
    "uninstall": "uninstall {n card} from your hand or discard",
    "freephys": "play a physical card from your hand for 0 AP",
    # on the target
    "wound": "the target takes {n wound}",
    "hploss": "the target loses {n} HP",
    "poison": "poison the target ({n token})",
    "pull": "pull the target {n hex/hexes} toward you",
    "push": "push the target {n hex/hexes} away",
    "approach": "step {n hex/hexes} toward the target",
    "leap": "teleport onto the target's hex",
    "breakshield": "destroy the shield on the target's hex",
    "strip": "the target removes {n} anticipation",
    "steal": "take {n} anticipation from the target",
    "discard": "the target discards {n card} at random",
    "dice": "the target rolls {n fewer defence die/fewer defence dice}",
    # mods (on the physical card they join)
    "m_dmg": "+{n} damage per salvo",
    "m_salvo": "+{n salvo}",
    "m_range": "+{n} maximum range",
    "m_pierce": "shields do not stop it",
    "m_poison": "poison the target ({n token})",
    "m_dice": "the target rolls {n fewer defence die/fewer defence dice}",
    # temporary (on you while the card lies in your temporary slot)
    "t_def": "+{n defence die/defence dice}",
    "t_armor": "each salvo against you deals {n} less damage",
    "t_range": "+{n} maximum range to your attacks",
    "t_dmg": "+{n} damage per salvo of your attacks",
    # reactions (only while you are attacked)
    "counter": "the attacker takes {n wound}",
    "cancel": "cancel the attack",
    # permanent skills
    "p_range": "your physical cards have +{n} maximum range",
    "p_def": "you roll {n more defence die/more defence dice}",
    "p_dmg": "your physical salvos deal +{n} damage",
    "p_toxic": "an attacker who wounds you is poisoned",
}
SELF_EFFECTS = frozenset(
    [
        "draw",
        "heal",
        "anticip",
        "crystal",
        "resin",
        "shield",
        "move",
        "teleport",
        "ap",
        "selfloss",
        "install_top",
        "uninstall",
        "freephys",
    ]
)
TARGET_EFFECTS = frozenset(
    [
        "wound",
        "hploss",
        "poison",
        "pull",
        "push",
        "approach",
        "leap",
        "breakshield",
        "strip",
        "steal",
        "discard",
        "dice",
    ]
)
# Target effects a protecting shield blocks (moving the target out destroys the shield instead).
BLOCKABLE = frozenset(["wound", "hploss", "poison", "strip", "steal", "discard", "dice"])


def effects_text(effs: tuple[Eff, ...]) -> str:
    return ", ".join(effect_words(e.kind, e.n) for e in effs)


_COUNTED = re.compile(r"\{n ([a-z ]+)(?:/([a-z ]+))?\}")


def effect_words(kind: str, n: int) -> str:
    """One effect in words: "move up to 1 hex", "move up to 2 hexes"."""
    text = _COUNTED.sub(lambda m: count(n, m.group(1), m.group(2) or ""), EFFECT_TEXT[kind])
    return text.format(n=n)


def card_text(c: Card, when: bool = True) -> str:
    """The card's rules text, built from its data (plus its own note for keyed behaviour).
    Without `when`, what it does only: not when it may be played (once per round, only while
    attacked), for a log line saying what a card just played does."""
    parts: list[str] = []
    if c.salvos:
        sv = count(c.salvos, "salvo")
        parts.append(f"{sv} of {c.damage} damage")
    if c.auto:
        text = effects_text(c.auto)
        parts.append(text[:1].upper() + text[1:])
    if c.optional:
        parts.append("Discard a card to " + effects_text(c.optional))
    if c.cond:
        parts.append(f"If it wounds {c.cond_min}+ times: " + effects_text(c.cond))
    if c.temp:
        parts.append(f"Lasts {count(c.temp, 'turn')}")
    if c.once and when:
        parts.append("Once per round")
    if c.reaction and when:
        parts.append("Play only while you are attacked")
    if c.note:
        parts.append(c.note)
    return ". ".join(parts) + ("." if parts else "")


def card_summary(c: Card) -> str:
    """The card in one line: its name, cost, type and range, then its text."""
    cost = f"{c.ap} AP, " if c.ap else ""
    return f"{c.name} ({cost}{c.type}, {c.range_text}): {card_text(c)}"


def card_said(c: Card, when: bool = False) -> str:
    """A card just played, for the log: its name and, quoted, what it does (`when`: and when it
    may be used, for a skill that stays)."""
    return f'{c.name}: "{card_text(c, when)}"'


BLASTER = Card("Blaster", PHYSICAL, ap=1, rmin=1, rmax=3, salvos=1, damage=2, target=ENEMY, rarity=STARTER)
PSYWAVE = Card(
    "Psywave",
    PSYCHIC,
    ap=1,
    rmin=0,
    rmax=4,
    salvos=1,
    damage=1,
    optional=(Eff("poison"),),
    target=ENEMY,
    rarity=STARTER,
)
FLASHER_CARD = Card(
    "Flasher",
    UTILITY,
    rarity=FLASHER,
    key="flasher",
    note="Cannot be played. Drawn, it goes to your temporary slot and you draw again; "
    "each one adds 1 damage to Renko's attacks on you. It returns to Renko at round end",
)
STARTING_DECK: tuple[tuple[Card, int], ...] = ((BLASTER, 3), (PSYWAVE, 2))
BLASTERS_IN_BOX = 18
PSYWAVES_IN_BOX = 12
