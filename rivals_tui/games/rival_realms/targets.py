"""Which legal Rival Realms decisions a place on the board stands for, and what a step costs.

`actions_at(view, seat, legal, key, chosen)` answers "what does Enter do here?". Some decisions
take two presses: a hand card first, then the slot it goes to (`chosen` = ("hand", card)); the
Flying Carpet or the Magic Mirror first, then the region or land card. `step_words` says in
words what stepping into a region will cost and collect, from the engine's own helpers
(`step_preview`). No Textual import.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.rival_realms.actions import (
    Carpet,
    Decline,
    Draw,
    EndTurn,
    Espresso,
    GemRaven,
    GemSteal,
    GiveCard,
    Go,
    MakeValley,
    Mirror,
    Pass,
    PerchRaven,
    PlaceAdventurer,
    Revive,
    StarStep,
    Summon,
    SwapLands,
    Trade,
)
from engine.rival_realms.data import COLS, TOKEN_NAMES, space_name
from engine.rival_realms.queries import card_name, step_preview
from engine.rival_realms.state import RivalRealmsState

Key = tuple[Any, ...]
# Decisions that are one step of an adventure: the board plans them before they are played.
PLAN_TYPES = (Go, Carpet)


def _space_acts(v: RivalRealmsState, seat: int, a: Any, p: int, chosen: Key | None) -> bool:
    """Whether `a` is played on space p of the seat's own realm."""
    if isinstance(a, Summon):
        return a.space == p and (chosen is None or chosen == ("hand", a.card))
    if chosen is not None and chosen[0] == "hand":
        return False
    if isinstance(a, Carpet):
        return a.space == p and chosen is not None and chosen[0] == "token" and chosen[2] == "carpet"
    if isinstance(a, Mirror):
        return (
            a.kind in ("region", "token")
            and p in (a.a, a.b)
            and chosen is not None
            and chosen[0] == "token"
            and chosen[2] == "mirror"
        )
    if chosen is not None:
        return False
    if isinstance(a, Go):
        return a.space == p
    if isinstance(a, (PlaceAdventurer, StarStep)):
        return a.space == p
    return False


def _land_acts(v: RivalRealmsState, seat: int, a: Any, owner: int, m: int, chosen: Key | None) -> bool:
    if isinstance(a, Mirror):
        return (
            a.kind == "land"
            and owner == seat
            and m in (a.a, a.b)
            and chosen is not None
            and chosen[0] == "token"
            and chosen[2] == "mirror"
        )
    if chosen is not None:
        return False
    if isinstance(a, MakeValley):
        return owner == seat and a.land == m
    if isinstance(a, PerchRaven):
        return a.owner == owner and a.land == m
    if isinstance(a, GemRaven):
        return owner == seat and a.land == m
    if isinstance(a, SwapLands):
        return owner == seat and m in (a.a, a.b)
    return False


def actions_at(
    v: RivalRealmsState, seat: int | None, legal: Sequence[Any], key: Key, chosen: Key | None = None
) -> list[Any]:
    """The legal actions Enter on `key` stands for (several: the player picks one)."""
    if seat is None or not legal:
        return []
    kind = key[0]
    out: list[Any] = []
    for a in legal:
        if kind == "space" and key[1] == seat:
            hit = _space_acts(v, seat, a, key[2], chosen)
        elif kind == "land":
            hit = _land_acts(v, seat, a, key[1], key[2], chosen)
        elif chosen is not None:
            hit = False
        elif kind == "hand":
            hit = isinstance(a, (GiveCard, Trade)) and a.card == key[1]
        elif kind == "nest":
            own = key[1] == seat
            hit = isinstance(a, Draw) and a.card == key[2] and a.source == ("own" if own else "other")
        elif kind == "deck":
            hit = isinstance(a, Draw) and a.source == "deck"
        elif kind == "token" and key[1] == seat:
            t = key[2]
            hit = (
                t == "gem"
                and isinstance(a, (GemSteal, GemRaven))
                or t == "espresso"
                and isinstance(a, Espresso)
            )
        elif kind == "used" and key[1] == seat:
            hit = isinstance(a, Revive) and a.creature == key[2]
        elif kind == "end":
            hit = isinstance(a, EndTurn)
        elif kind == "pass":
            hit = isinstance(a, Pass)
        elif kind == "decline":
            hit = isinstance(a, Decline)
        else:
            hit = False
        if hit:
            out.append(a)
    return out


def starts(legal: Sequence[Any], key: Key) -> bool:
    """Whether Enter on `key` chooses it as the first half of a two-press decision."""
    if key[0] == "hand":
        return any(isinstance(a, Summon) and a.card == key[1] for a in legal)
    if key[0] == "token":
        t = key[2]
        return (t == "carpet" and any(isinstance(a, Carpet) for a in legal)) or (
            t == "mirror" and any(isinstance(a, Mirror) for a in legal)
        )
    return False


def slots_for(legal: Sequence[Any], card: int) -> frozenset[int]:
    """The spaces where the legal list lets `card` be summoned."""
    return frozenset(a.space for a in legal if isinstance(a, Summon) and a.card == card)


def short_space(p: int) -> str:
    """'M3': the sub-realm's initial and the column."""
    return f"{'UML'[p // COLS]}{p % COLS + 1}"


def step_short(v: RivalRealmsState, seat: int, a: Any) -> str:
    """A planned step in a few characters, from the view before it: 'M3 (43Fo) +G' is a step into
    middle 3 paid with card 43 that collects a gem; '(walk)' costs nothing."""
    from rivals_tui.games.rival_realms.layout import TOKEN_CODES, card_code

    where = short_space(a.space)
    if isinstance(a, Carpet):
        pay = "carpet"
        tokens = [v.board_tokens[seat][a.space]] if v.board_tokens[seat][a.space] else []
    else:
        preview = step_preview(v, seat, a.space, a.via)
        tokens = list(preview.tokens) if preview is not None else []
        if a.card:
            pay = card_code(a.card)
        elif a.creature:
            pay = TOKEN_NAMES[a.creature].split()[-1]
        else:
            pay = "walk" if v.explored[seat][a.space] else "free"
    return f"{where} ({pay})" + "".join(f" +{TOKEN_CODES[t]}" for t in tokens)


def step_words(v: RivalRealmsState, seat: int, a: Any) -> str:
    """What a step does, in words (from the engine's `step_preview`): the regions walked through
    and the tokens picked up there, the payment, the token collected where the step ends."""
    target = card_name(v.regions[seat][a.space])
    if isinstance(a, Carpet):
        out = f"Fly to {target} in {space_name(a.space)} and explore it"
        laid = v.board_tokens[seat][a.space]
        tokens: tuple[str, ...] = (laid,) if laid else ()
    else:
        preview = step_preview(v, seat, a.space, a.via)
        path = preview.path if preview is not None else (a.space,)
        # A token lying on a region walked through is picked up there, before the step is paid.
        lying = v.board_tokens[seat]
        walk = [
            space_name(p) + (f" (pick up the {TOKEN_NAMES[lying[p]]})" if lying[p] else "") for p in path[:-1]
        ]
        tokens = (lying[a.space],) if lying[a.space] else ()
        out = f"Step into {target} in {space_name(a.space)}"
        if walk:
            out += " walking through " + ", ".join(walk)
        if a.card:
            out += f"; pay {card_name(a.card)} (it goes to the other nest)"
        elif a.creature:
            out += f"; the {TOKEN_NAMES[a.creature]} guides you"
        elif v.explored[seat][a.space]:
            out += "; explored already: free"
        else:
            out += "; free along a kindred trail"
    if tokens:
        out += "; collect " + ", ".join(f"the {TOKEN_NAMES[t]}" for t in tokens)
    return out + "."
