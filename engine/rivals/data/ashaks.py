"""The eight Ashaks: starting resource, ultimate (with the gauge it needs) and two signature
cards. Atmos, Renko and Phae are named by the rulebook (Renko's and Phae's cards follow its
Special Characters section); Korrin, Sylva, Vex, Oru and Kaida are this project's design."""

from __future__ import annotations

import attrs

from engine.rivals.data.cards import (
    ENEMY,
    HEX,
    MOD,
    PHYSICAL,
    PROTECTION,
    PSYCHIC,
    SIGNATURE,
    ULTIMATE,
    UTILITY,
    Card,
    Eff,
)

E = Eff


@attrs.frozen
class Ashak:
    name: str
    resource: str  # "crystal" | "resin": two of it at the start
    gauge: int  # ultimate points needed
    ultimate: Card
    signatures: tuple[Card, Card]
    blurb: str


def _sig(c: Card) -> Card:
    return attrs.evolve(c, rarity=SIGNATURE)


def _ult(c: Card) -> Card:
    return attrs.evolve(c, rarity=ULTIMATE)


ASHAKS: tuple[Ashak, ...] = (
    Ashak(
        "Atmos",
        "resin",
        12,
        _ult(
            Card(
                "Natural Radiation",
                "explosive",
                0,
                0,
                6,
                1,
                4,
                target=HEX,
                key="radiation",
                note="4 damage on every hex of the tile, 3 on the tiles next to it; you are "
                "spared; nobody may activate anticipation against it",
            )
        ),
        (
            _sig(
                Card(
                    "Storm Waver",
                    PSYCHIC,
                    1,
                    0,
                    3,
                    target=ENEMY,
                    auto=(E("push", 2),),
                    note="A shield the target stands in is destroyed",
                )
            ),
            _sig(Card("Gale Shroud", UTILITY, 0, temp=1, reaction=True, auto=(E("t_def", 3),))),
        ),
        "Weather-caller who scatters and scorches crowds.",
    ),
    Ashak(
        "Renko",
        "crystal",
        8,
        _ult(
            Card(
                "Flashers",
                UTILITY,
                0,
                target=ENEMY,
                key="flashers",
                note="Your attacks gain +1 maximum range this turn. Put a Flasher in the "
                "target's temporary slot; it pulls every Flasher from its deck there, then "
                "shuffles its discard into its deck. May be used in a rival's turn",
            )
        ),
        (
            _sig(
                Card(
                    "Swarm of Flashers",
                    PROTECTION,
                    1,
                    0,
                    5,
                    target=ENEMY,
                    key="swarm",
                    note="Shuffle a Flasher from your extra deck into the deck of the target, "
                    "and of a second target in range if you wish",
                )
            ),
            _sig(
                Card(
                    "Acceleration Drone",
                    PROTECTION,
                    1,
                    0,
                    5,
                    target=ENEMY,
                    key="accel",
                    note="The target reveals its top 3 cards. Flashers among them go to its "
                    "temporary slot and it takes 1 wound; if none, you draw a card. The rest go "
                    "back in order",
                )
            ),
        ),
        "Tinkerer whose Flashers make every later hit count.",
    ),
    Ashak(
        "Phae",
        "resin",
        10,
        _ult(
            Card(
                "Riptide",
                PSYCHIC,
                0,
                0,
                5,
                2,
                2,
                target=ENEMY,
                auto=(E("pull", 3),),
            )
        ),
        (
            _sig(Card("Tidal Lance", PHYSICAL, 1, 1, 3, 1, 2, target=ENEMY, auto=(E("push"),))),
            _sig(Card("Undertow", PSYCHIC, 1, 0, 4, 1, 1, target=ENEMY, auto=(E("strip"),))),
        ),
        "Tide-dancer; her Atlans guild waits in her deck.",
    ),
    Ashak(
        "Korrin",
        "crystal",
        10,
        _ult(Card("Quake Fist", PHYSICAL, 0, 0, 1, 3, 3, target=ENEMY)),
        (
            _sig(Card("Iron Charge", PHYSICAL, 1, 0, 3, 1, 2, target=ENEMY, auto=(E("approach", 2),))),
            _sig(Card("Rampart", PROTECTION, 1, auto=(E("shield"), E("anticip")))),
        ),
        "Brawler who closes in behind a wall.",
    ),
    Ashak(
        "Sylva",
        "resin",
        9,
        _ult(
            Card(
                "Spore Bloom",
                PSYCHIC,
                0,
                0,
                3,
                target="self",
                key="spores",
                note="Every rival within 3 hexes receives 2 poison tokens",
            )
        ),
        (
            _sig(Card("Thorn Dart", PHYSICAL, 1, 1, 4, 1, 1, target=ENEMY, auto=(E("poison"),))),
            _sig(Card("Bark Skin", UTILITY, 0, temp=2, reaction=True, auto=(E("t_armor"),))),
        ),
        "Poisoner who wins slowly.",
    ),
    Ashak(
        "Vex",
        "crystal",
        11,
        _ult(
            Card(
                "Railstorm",
                PHYSICAL,
                0,
                0,
                -1,
                1,
                6,
                target=ENEMY,
                auto=(E("m_pierce"),),
                key="rail",
                note="Needs no line of sight",
            )
        ),
        (
            _sig(Card("Long Scope", MOD, 0, auto=(E("m_range", 2), E("m_dice")))),
            _sig(Card("Hunter's Mark", PSYCHIC, 1, 0, 6, target=ENEMY, auto=(E("wound"),))),
        ),
        "Sniper who hits from across the Wildtech.",
    ),
    Ashak(
        "Oru",
        "resin",
        9,
        _ult(Card("Bulwark", PROTECTION, 0, auto=(E("heal", 6), E("anticip", 2), E("shield")))),
        (
            _sig(Card("Counterweight", UTILITY, 0, reaction=True, auto=(E("counter"),))),
            _sig(Card("Stone Skin", PROTECTION, 1, auto=(E("anticip"), E("heal")))),
        ),
        "Stone giant who outlasts everyone.",
    ),
    Ashak(
        "Kaida",
        "crystal",
        10,
        _ult(
            Card(
                "Blink Storm",
                PHYSICAL,
                0,
                0,
                -1,
                2,
                3,
                target=ENEMY,
                auto=(E("leap"),),
                key="blink",
                note="Needs no line of sight",
            )
        ),
        (
            _sig(Card("Phase Step", UTILITY, 0, auto=(E("teleport", 2),))),
            _sig(Card("Razor Wind", PHYSICAL, 1, 0, 2, 2, 1, target=ENEMY, cond=(E("move"),))),
        ),
        "Blade-dancer who is never where you aimed.",
    ),
)
ASHAK_NAMES: tuple[str, ...] = tuple(a.name for a in ASHAKS)
RENKO = ASHAK_NAMES.index("Renko")
PHAE = ASHAK_NAMES.index("Phae")
FLASHERS_IN_BOX = 6
