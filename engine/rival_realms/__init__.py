"""Rival Realms: summon regions into your realm and explore them before your rival (1-2 players)."""
