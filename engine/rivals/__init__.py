"""Rivals: the deckbuilding battle royale on a shrinking hex map (2-6 players). Exposes `GAME`.

The package is split by role: `data/` (the box), `hexes` (geometry and sight), `state`,
`actions`, `setup`, `rules/` (phases and legality), `effects` (what cards do), `views`,
`scoring`, `texts`, `ai` and `game` (the contract object). Interpretations and every designed
component are recorded in RULES_NOTES.md. The package itself stays light: the rules load on
first use of `GAME`.
"""

from typing import Any

_LAZY = {
    "GAME": "engine.rivals.game",
    "RivalsOptions": "engine.rivals.options",
    "RivalsState": "engine.rivals.state",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
