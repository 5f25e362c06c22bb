"""Rival Realms: summon regions into your realm and explore them before your rival (1-2 players,
or solo against the Mischievous Raven). Exposes `GAME`."""

# The package itself stays light so the game list loads without the rules (engine.registry);
# the rules load on first use of one of these names.
from typing import Any

_LAZY = {
    "GAME": "engine.rival_realms.game",
    "RivalRealms": "engine.rival_realms.game",
    "RealmsOptions": "engine.rival_realms.options",
    "RealmsState": "engine.rival_realms.state",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
