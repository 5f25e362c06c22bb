"""The 138 interface cards: 12 commons x4, 14 uncommons x3, 24 rares x2 (48 + 42 + 48).

Cards the rulebook's booklet names (Double Blaster, Bone Cracker, Psychic Spike, Plasma
Speeder, Cheetah Leap, Nautiblitz, Parasite Grenade, Stellar Cannon, Premium Card, Explore the
Abyss, Steel Skin, Arduino Bomberman) follow the booklet; the rest are this project's design.
"""

from __future__ import annotations

import attrs

from engine.rivals.data.cards import (
    COMMON,
    ENEMY,
    EXPLOSIVE,
    HEX,
    MOD,
    PHYSICAL,
    PROTECTION,
    PSYCHIC,
    RARE,
    SKILL,
    UNCOMMON,
    UTILITY,
    Card,
    Eff,
)

E = Eff

_COMMONS = (
    Card("Double Blaster", PHYSICAL, 1, 1, 3, 2, 2, target=ENEMY, cond=(E("freephys"),), cond_min=4),
    Card("Bone Cracker", PHYSICAL, 1, 0, 2, 1, 3, target=ENEMY, auto=(E("approach"),)),
    Card("Psychic Spike", PSYCHIC, 1, 0, 4, target=ENEMY, auto=(E("hploss"),), optional=(E("heal", 2),)),
    Card("Hollow Point", MOD, 0, auto=(E("m_dmg"),)),
    Card("Long Barrel", MOD, 0, auto=(E("m_range", 2),)),
    Card("Guard Up", PROTECTION, 1, auto=(E("anticip"), E("draw"))),
    Card("Resin Wall", PROTECTION, 0, auto=(E("shield"),)),
    Card("Quick Step", UTILITY, 0, auto=(E("move"),)),
    Card("Field Medic", PROTECTION, 1, auto=(E("heal", 3),)),
    Card("Scrap Harvest", PROTECTION, 1, auto=(E("crystal", 2),)),
    Card("Toxic Dart", PHYSICAL, 1, 1, 4, 1, 1, target=ENEMY, auto=(E("poison"),)),
    Card("Brace", UTILITY, 0, temp=1, auto=(E("t_def", 2),)),
)
_UNCOMMONS = (
    Card("Plasma Speeder", PHYSICAL, 1, 1, 4, 1, 3, target=ENEMY, cond=(E("move", 2),)),
    Card("Cheetah Leap", PHYSICAL, 1, 1, 2, 1, 2, target=ENEMY, auto=(E("leap"),)),
    Card("Nautiblitz", PHYSICAL, 1, 2, 4, 1, 2, target=ENEMY, auto=(E("approach"), E("pull"))),
    Card("Parasite Grenade", EXPLOSIVE, 1, 1, 3, 1, 2, target=HEX, grenade=True, auto=(E("strip"),)),
    Card("Burst Fire", MOD, 1, auto=(E("m_salvo"),)),
    Card("Piercing Round", MOD, 0, auto=(E("m_pierce"),)),
    Card("Mind Lash", PSYCHIC, 1, 0, 5, 1, 2, target=ENEMY, optional=(E("discard"),)),
    Card("Venom Cloud", PSYCHIC, 1, 0, 3, target=ENEMY, auto=(E("poison", 2),)),
    Card("Deflector", UTILITY, 0, temp=1, reaction=True, auto=(E("t_armor"),)),
    Card("Adrenaline", UTILITY, 0, auto=(E("ap"),), note="Only in your own turn"),
    Card(
        "Explore the Abyss",
        PROTECTION,
        1,
        auto=(E("teleport", 3),),
        key="abyss",
        note="Landing on a lake this way costs no HP",
    ),
    Card(
        "Steel Skin",
        SKILL,
        0,
        key="steelskin",
        note="Each time you gain an anticipation token, draw a card (not when your gauge is full)",
    ),
    Card("Overclock", UTILITY, 0, temp=2, auto=(E("t_dmg"),)),
    Card("Siphon", PSYCHIC, 1, 0, 3, 1, 1, target=ENEMY, auto=(E("steal"),)),
)
_RARES = (
    Card(
        "Stellar Cannon",
        EXPLOSIVE,
        2,
        2,
        5,
        1,
        3,
        target=HEX,
        key="stellar",
        note="The targeted hex takes 3 more damage in the same salvo",
    ),
    Card(
        "Premium Card",
        SKILL,
        0,
        key="premium",
        note="On install take 4 resources of your choice. While installed, any mix of 10 "
        "resources buys a Rival Point",
    ),
    Card(
        "Arduino Bomberman",
        SKILL,
        0,
        key="bomberman",
        note="Your grenades go to your discard after use instead of being uninstalled",
    ),
    Card("Frag Grenade", EXPLOSIVE, 1, 1, 3, 1, 3, target=HEX, grenade=True),
    Card("Spore Grenade", EXPLOSIVE, 1, 0, 3, 1, 1, target=HEX, grenade=True, auto=(E("poison"),)),
    Card("Railgun", PHYSICAL, 2, 3, 7, 1, 5, target=ENEMY),
    Card("Triple Shot", PHYSICAL, 2, 1, 3, 3, 2, target=ENEMY),
    Card("Overload Wave", PSYCHIC, 2, 0, 4, 2, 2, target=ENEMY, optional=(E("hploss", 2),)),
    Card("Counterstrike", UTILITY, 0, reaction=True, auto=(E("counter", 2),)),
    Card("Firewall", UTILITY, 0, reaction=True, auto=(E("cancel"),)),
    Card("Second Wind", UTILITY, 0, auto=(E("heal", 2), E("anticip"))),
    Card("Tracker Mod", MOD, 0, auto=(E("m_dice", 2),)),
    Card("Venom Tip", MOD, 0, auto=(E("m_poison"),)),
    Card("Gravity Well", PSYCHIC, 1, 0, 4, 1, 1, target=ENEMY, auto=(E("pull", 2),)),
    Card("Shockwave", PSYCHIC, 1, 0, 2, 1, 2, target=ENEMY, auto=(E("push", 2),)),
    Card("Ambush Kit", SKILL, 0, once=True, auto=(E("ap"),)),
    Card("Marksman", SKILL, 0, auto=(E("p_range"),)),
    Card("Thick Hide", SKILL, 0, auto=(E("p_def"),)),
    Card("Scavenger", SKILL, 0, once=True, auto=(E("crystal"), E("resin"))),
    Card("Recycler", SKILL, 0, once=True, auto=(E("uninstall"), E("draw"))),
    Card("Oracle Lens", PROTECTION, 1, auto=(E("draw", 2),)),
    Card("Bulwark Dome", PROTECTION, 1, auto=(E("shield"), E("anticip"))),
    Card("Lightning Rod", PSYCHIC, 2, 0, -1, 1, 3, target=ENEMY),
    Card("Regen Gel", PROTECTION, 1, auto=(E("heal", 5),)),
)


def _with(cards: tuple[Card, ...], rarity: str) -> tuple[Card, ...]:
    return tuple(attrs.evolve(c, rarity=rarity) for c in cards)


COMMONS = _with(_COMMONS, COMMON)
UNCOMMONS = _with(_UNCOMMONS, UNCOMMON)
RARES = _with(_RARES, RARE)
INTERFACE_DESIGNS: tuple[Card, ...] = COMMONS + UNCOMMONS + RARES
