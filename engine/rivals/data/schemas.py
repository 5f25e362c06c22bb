"""The 24 schemas (one copy each): stronger than interface cards, bought for five identical
resources, won by negotiating a sponsor or taken from an eliminated Ashak. This project's design."""

from __future__ import annotations

import attrs

from engine.rivals.data.cards import (
    ENEMY,
    EXPLOSIVE,
    HEX,
    PHYSICAL,
    PROTECTION,
    PSYCHIC,
    SCHEMA,
    SKILL,
    UTILITY,
    Card,
    Eff,
)

E = Eff

_SCHEMAS = (
    Card("Annihilator", PHYSICAL, 2, 1, 4, 2, 4, target=ENEMY),
    Card("Void Bomb", EXPLOSIVE, 2, 1, 5, 2, 3, target=HEX),
    Card("Mind Crush", PSYCHIC, 2, 0, 6, 1, 4, target=ENEMY, optional=(E("hploss", 3),)),
    Card("Plague Engine", PSYCHIC, 1, 0, 5, target=ENEMY, auto=(E("poison", 3),)),
    Card("Apex Predator", SKILL, 0, auto=(E("p_dmg"),)),
    Card("Aegis Core", SKILL, 0, auto=(E("p_def", 2),)),
    Card("Chrono Tap", SKILL, 0, once=True, auto=(E("ap", 2),)),
    Card("Nexus Link", SKILL, 0, once=True, auto=(E("draw", 2),)),
    Card("Black Ice", UTILITY, 0, reaction=True, auto=(E("cancel"), E("counter"))),
    Card("Reflector", UTILITY, 0, temp=1, reaction=True, auto=(E("t_armor", 2),)),
    Card("Hunter Drone", PHYSICAL, 1, 0, 6, 1, 3, target=ENEMY, auto=(E("dice"),)),
    Card("Starfall", EXPLOSIVE, 2, 0, 6, 1, 4, target=HEX),
    Card("Leech Beam", PHYSICAL, 1, 1, 3, 1, 3, target=ENEMY, cond=(E("heal", 3),)),
    Card("Warp Gate", PROTECTION, 0, auto=(E("teleport", 5),)),
    Card("Fortress", PROTECTION, 1, auto=(E("shield"), E("anticip", 2))),
    Card("Cluster Grenade", EXPLOSIVE, 1, 1, 4, 2, 2, target=HEX, grenade=True),
    Card("Neural Storm", PSYCHIC, 2, 0, 4, 2, 2, target=ENEMY, auto=(E("strip", 2),)),
    Card("Executioner", PHYSICAL, 2, 0, 2, 1, 6, target=ENEMY),
    Card("Adrenal Surge", UTILITY, 0, auto=(E("ap", 2), E("selfloss", 2)), note="Only in your own turn"),
    Card("War Chest", PROTECTION, 0, auto=(E("crystal", 3), E("resin", 3))),
    Card("Shadow Step", UTILITY, 0, auto=(E("teleport", 3),)),
    Card("Siege Mode", SKILL, 0, auto=(E("p_range", 2),)),
    Card("Toxic Blood", SKILL, 0, auto=(E("p_toxic"),)),
    Card("Dominion", PSYCHIC, 2, 0, -1, 1, 3, target=ENEMY, optional=(E("steal", 2),)),
)
SCHEMA_DESIGNS: tuple[Card, ...] = tuple(attrs.evolve(c, rarity=SCHEMA) for c in _SCHEMAS)
