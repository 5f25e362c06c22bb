"""Which legal Rivalist decisions a place on the board stands for.

`actions_at(key, ...)` answers "what does Enter do here?": taking an accessible pyramid card,
drafting a revealed wonder, constructing / discarding the taken card or building one of your
wonders with it, keeping a progress token, destroying or taking a rival card, naming who begins
the next Age. No Textual import: plain logic over the legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.rivalist.actions import (
    BuildWonder,
    ChooseStarter,
    Construct,
    DestroyCard,
    Discard,
    PickToken,
    PickWonder,
    StealCard,
    Take,
)

USE_TYPES = (Construct, Discard, BuildWonder)


def actions_at(seat: int | None, legal: Sequence[Any], key: tuple[Any, ...]) -> list[Any]:
    """The legal actions Enter on `key` stands for (several: the player picks one)."""
    if seat is None or not legal:
        return []
    kind = key[0]
    out: list[Any] = []
    for a in legal:
        t = type(a)
        if (
            (kind == "slot" and t is Take and a.slot == key[1])
            or (kind == "draft" and t is PickWonder and a.wonder == key[1])
            or (kind in ("board_tok", "unused_tok") and t is PickToken and a.token == key[1])
            or (kind == "rival_card" and t in (DestroyCard, StealCard) and a.card == key[1])
            or (kind == "starter" and t is ChooseStarter and a.seat == key[1])
            or (kind == "wonder" and key[1] == seat and t is BuildWonder and a.wonder == key[2])
            or (kind == "use" and key[1] == "construct" and t is Construct)
            or (kind == "use" and key[1] == "discard" and t is Discard)
            or (kind == "use" and key[1] == "wonder" and t is BuildWonder)
            or (kind == "taken" and t in USE_TYPES)
        ):
            out.append(a)
    return out


def wonder_builds(legal: Sequence[Any]) -> list[Any]:
    """The wonders the taken card can be tucked under now (the w key)."""
    return [a for a in legal if isinstance(a, BuildWonder)]


def first_of(legal: Sequence[Any], kind: type) -> Any | None:
    return next((a for a in legal if isinstance(a, kind)), None)
