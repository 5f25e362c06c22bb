"""Rival Kings: court characters, conflicts, subjects and buildings. Exposes `GAME`."""

# The package itself stays light so the game list loads without the rules (engine.registry);
# the rules load on first use of one of these names.
from typing import Any

_LAZY = {
    "GAME": "engine.rival_kings.game",
    "RKOptions": "engine.rival_kings.state",
    "RKState": "engine.rival_kings.state",
    "RivalKings": "engine.rival_kings.game",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
