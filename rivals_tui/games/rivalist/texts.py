"""The full texts the detail panel shows for the pieces of the Rivalist board: the military
track, and a city's player, production and bank prices, science and cards of one colour. Read
from the seat's view only; `names` are the seats' names as shown. No Textual import."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.words import count
from engine.rivalist.data import (
    CAPITAL,
    CARDS,
    COLOUR_NAMES,
    COLOURS,
    LOOT_BIG,
    LOOT_BIG_AT,
    LOOT_SMALL,
    LOOT_SMALL_AT,
    RESOURCES,
    SYMBOLS,
    TOKEN_NAMES,
    WONDERS,
    military_vp,
)
from engine.rivalist.rules.costs import trade_prices
from engine.rivalist.scoring import breakdown
from engine.rivalist.state import RivalistState, distinct_symbols
from rivals_tui.games.rivalist.labels import SCORE_LABELS, coins
from rivals_tui.glyphs import RIVALIST as RL


def who(names: Sequence[str], i: int) -> str:
    """Seat `i`'s name as shown ("Player 2" when the table has no name for it)."""
    return names[i] if i < len(names) else f"Player {i + 1}"


def track_text(v: RivalistState, names: Sequence[str]) -> str:
    """The military track: where the pawn stands, the loot left, what each distance scores."""
    if v.pawn == 0:
        where = "The Conflict pawn stands in the middle: nobody scores military VP now."
    else:
        lead = 0 if v.pawn > 0 else 1
        d = abs(v.pawn)
        where = (
            f"The Conflict pawn stands {d} space{'s' if d > 1 else ''} toward {who(names, 1 - lead)}'s "
            f"capital: {who(names, lead)} would score {military_vp(d)} VP for it now."
        )
    loot: list[str] = []
    for side in (0, 1):
        left = [str(LOOT_SMALL)] * v.loot_small[side] + [str(LOOT_BIG)] * v.loot_big[side]
        if left:
            loot.append(f"on {who(names, side)}'s side {' and '.join(left)} coins")
        else:
            loot.append(f"nothing left on {who(names, side)}'s side")
    return (
        f"{where}\nLoot still to take: {'; '.join(loot)}. Pushing the pawn onto a loot space "
        f"({LOOT_SMALL_AT} or {LOOT_BIG_AT} spaces out) makes that player lose the coins once; "
        f"reaching a capital ({CAPITAL} out, {RL.capital}) wins at once.\n"
        f"Final VP by distance: 1-{LOOT_SMALL_AT - 1} spaces 2, {LOOT_SMALL_AT}-{LOOT_BIG_AT - 1} "
        f"spaces 5, {LOOT_BIG_AT}-{CAPITAL - 1} spaces 10.\n"
        f"{who(names, 0)}'s capital is on the left, {who(names, 1)}'s on the right; {RL.pawn} is the pawn."
    )


def prod_text(v: RivalistState, i: int, names: Sequence[str]) -> str:
    """What a city makes every turn, and what a missing unit costs it at the bank."""
    made = ", ".join(f"{RESOURCES[r]} {n}" for r, n in enumerate(v.prod[i]) if n) or "nothing"
    lines = [f"Brown and grey cards make, every turn: {made}."]
    if v.choice_raw[i]:
        lines.append(f"Plus {count(v.choice_raw[i], 'unit')} of Lumber, Brick or Ore, whichever is needed.")
    if v.choice_goods[i]:
        units = count(v.choice_goods[i], "unit")
        lines.append(f"Plus {units} of Paper or Diamond, whichever is needed.")
    prices = trade_prices(v, i)
    buy = ", ".join(f"{RESOURCES[r]} {p}{' (fixed)' if v.fixed[i][r] else ''}" for r, p in enumerate(prices))
    lines.append(
        f"A missing unit bought from the bank costs {who(names, i)}: {buy} coins "
        f"(2 plus the rival's brown and grey production of it, or 1 where a yellow card fixes it)."
    )
    return "\n".join(lines)


def science_text(v: RivalistState, i: int, names: Sequence[str]) -> str:
    """The science symbols a city holds."""
    owned = [f"{SYMBOLS[s]}{' x2' if n >= 2 else ''}" for s, n in enumerate(v.symbols[i]) if n]
    n = distinct_symbols(v, i)
    have = ", ".join(owned) if owned else "none"
    return (
        f"{who(names, i)} holds {n} different science symbol{'s' if n != 1 else ''}: {have}. "
        "Six different symbols win at once; a second copy of a symbol earns a progress token."
    )


def colour_text(v: RivalistState, i: int, col: int, names: Sequence[str]) -> str:
    """A city's cards of one colour, each with its text."""
    cards = [c for c in v.city[i] if CARDS[c].colour == col]
    head = f"{COLOURS[col].capitalize()} cards ({COLOUR_NAMES[col]}) in {who(names, i)}'s city: {len(cards)}."
    if not cards:
        return head
    return head + "\n" + "\n".join(f"- {CARDS[c].name}: {CARDS[c].text}" for c in cards)


def player_text(v: RivalistState, i: int, names: Sequence[str]) -> str:
    """A player at a glance: coins, cards, the VP if the game ended now, tokens."""
    bd = breakdown(v, i)
    parts = ", ".join(f"{lab} {n}" for lab, n in zip(SCORE_LABELS, bd, strict=True) if n)
    lines = [
        f"{who(names, i)} (Player {i + 1} in the log): {coins(v.coins[i])}, "
        f"{len(v.city[i])} card{'s' if len(v.city[i]) != 1 else ''} in the city.",
        f"VP if the game ended now: {sum(bd)}" + (f" ({parts})." if parts else "."),
    ]
    if v.tokens[i]:
        lines.append("Progress tokens: " + ", ".join(TOKEN_NAMES[t] for t in v.tokens[i]) + ".")
    gone = [w for w in v.wonders_out if w not in v.wonders[i]]
    if gone:
        lines.append("Wonders out of the game: " + ", ".join(WONDERS[w].name for w in gone) + ".")
    return "\n".join(lines)
