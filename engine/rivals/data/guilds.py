"""The 12 guilds (two dealt to each player, one kept) and Phae's Atlans. A guild sits on the
board from set-up and is used once per round like a card of its type. This project's design."""

from __future__ import annotations

import attrs

from engine.rivals.data.cards import (
    ENEMY,
    GUILD,
    PHYSICAL,
    PROTECTION,
    PSYCHIC,
    UTILITY,
    Card,
    Eff,
)

E = Eff

_GUILDS = (
    Card("Blade Guild", PHYSICAL, 1, 0, 1, 1, 3, target=ENEMY),
    Card("Seers", PROTECTION, 0, auto=(E("draw"),)),
    Card("Smugglers", PROTECTION, 0, auto=(E("crystal"), E("resin"))),
    Card("Wardens", PROTECTION, 1, auto=(E("shield"),)),
    Card("Runners", PROTECTION, 0, auto=(E("move"),)),
    Card("Alchemists", PROTECTION, 1, auto=(E("heal", 2),)),
    Card("Venomancers", PSYCHIC, 1, 0, 3, target=ENEMY, auto=(E("poison"),)),
    Card("Sentinels", UTILITY, 0, reaction=True, auto=(E("counter"),)),
    Card("Snipers", PHYSICAL, 1, 3, 6, 1, 2, target=ENEMY),
    Card("Mystics", PROTECTION, 1, auto=(E("anticip"),)),
    Card("Tinkers", PROTECTION, 1, auto=(E("install_top"),)),
    Card("Raiders", PSYCHIC, 1, 0, 2, 1, 1, target=ENEMY, auto=(E("steal"),)),
)
GUILD_DESIGNS: tuple[Card, ...] = tuple(attrs.evolve(c, once=True, rarity=GUILD) for c in _GUILDS)
ATLANS = Card(
    "Atlans",
    PROTECTION,
    0,
    once=True,
    rarity=GUILD,
    key="atlans",
    auto=(E("teleport", 2), E("heal")),
    note="Phae's guild: starts in her deck; from her hand she may set it on her board in place "
    "of her guild for good",
)
