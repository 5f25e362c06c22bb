"""Rivalist: a two-player duel of three Ages, wonders, science and military. Exposes `GAME`."""

# The package itself stays light so the game list loads without the rules (engine.registry);
# the rules load on first use of one of these names.
from typing import Any

_LAZY = {
    "GAME": "engine.rivalist.game",
    "RVOptions": "engine.rivalist.state",
    "RVState": "engine.rivalist.state",
    "Rivalist": "engine.rivalist.game",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
