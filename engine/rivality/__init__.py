"""Rivality: tiles, golems and magicians on a growing battlefield (1-4 players). Exposes `GAME`."""

# The package itself stays light so the game list loads without the rules (engine.registry);
# the rules load on first use of one of these names.
from typing import Any

_LAZY = {
    "GAME": "engine.rivality.game",
    "RVOptions": "engine.rivality.state",
    "RVState": "engine.rivality.state",
    "Rivality": "engine.rivality.game",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
