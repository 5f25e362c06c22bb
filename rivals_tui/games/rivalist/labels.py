"""Rivalist's short words for the board: colour and resource codes, cut-down card and wonder
names, a wonder's effect in a few signs, what a purchase costs in a sentence, and the military
track's cells. The board's layout (`layout.py`) builds its lines from these; the detail panel
always spells names out in full."""

from __future__ import annotations

from collections.abc import Sequence

from engine.rivalist.data import (
    CAPITAL,
    CARDS,
    COLOURS,
    LOOT_BIG,
    LOOT_BIG_AT,
    LOOT_SMALL,
    LOOT_SMALL_AT,
    W_DESTROY,
    W_LIBRARY,
    W_STEAL,
    WONDERS,
)
from engine.rivalist.rules.costs import card_price, wonder_price
from engine.rivalist.state import RivalistState
from engine.rivalist.texts import payment_lines
from rivals_tui.glyphs import RIVALIST as RL

COLOUR_CODES = ("b", "g", "R", "G", "B", "Y", "P")
RES_CODES = ("L", "B", "O", "P", "D")


def legend_line() -> str:
    """The line of colour codes under the widest table."""
    return f"b brown g grey R red G green B blue Y yellow P purple {RL.dot.strip()} {RL.back} face down"


SCORE_LABELS = ("military", "blue", "yellow", "green", "unions", "wonders", "tokens", "treasury")


# -- short words ------------------------------------------------------------------------------
def coins(n: int) -> str:
    return f"{n} coin{'s' if n != 1 else ''}"


def abbrev(name: str, n: int) -> str:
    """`name` in at most `n` letters; several words keep the last word's initial."""
    if len(name) <= n:
        return name
    if n <= 0:
        return ""
    words = [w for w in name.replace("'s", "").split() if w.lower() not in ("of", "the")]
    if len(words) > 1 and n >= 3:
        return words[0][: n - 1] + words[-1][0].upper()
    return words[0][:n] if words else name[:n]


def letters(need: Sequence[int]) -> str:
    """A resource cost as letters: "OOLB" (Ore, Ore, Lumber, Brick)."""
    return "".join(RES_CODES[r] * n for r, n in enumerate(need))


def short_cost(card: int) -> str:
    c = CARDS[card]
    out = (f"{c.coins}$" if c.coins else "") + letters(c.need)
    return out or "free"


def wonder_short(w: int) -> str:
    """A wonder's effect in a few signs, for the draft list."""
    wd = WONDERS[w]
    bits: list[str] = []
    if wd.coins:
        bits.append(f"+{wd.coins}$")
    if wd.drain:
        bits.append(f"rival -{wd.drain}$")
    if wd.shields:
        bits.append(f"{wd.shields} shield{'s' if wd.shields > 1 else ''}")
    if wd.decision == W_DESTROY:
        bits.append(f"destroy {COLOURS[wd.destroy]}")
    if wd.choice == 1:
        bits.append("+L/B/O")
    if wd.choice == 2:
        bits.append("+P/D")
    if wd.decision == W_LIBRARY:
        bits.append("token")
    if wd.decision == W_STEAL:
        bits.append("steal")
    if wd.replay:
        bits.append("again")
    if wd.vp:
        bits.append(f"{wd.vp}VP")
    return " ".join(bits)


# Short names for the compact board; the detail panel always gives the full name.
WONDER_SHORT = {
    "Babylon Gardens": "Babylon",
    "Temple of Ares": "Ares",
    "Library of Alexandria": "Library",
    "Palace of King Cyrus": "Cyrus",
    "Pergamon Altar": "Pergamon",
    "Coliseum": "Coliseum",
    "The Red Fort": "Red Fort",
    "Chinese Tower Ships": "Ships",
    "The Alcantara Bridge": "Alcantara",
    "The Legion of Rome": "Legion",
    "Legends of Valhalla": "Valhalla",
}


def wonder_name(w: int, short: bool) -> str:
    name = WONDERS[w].name
    return WONDER_SHORT.get(name, abbrev(name, 9)) if short else name


def pay_sentence(v: RivalistState, seat: int, card: int = -1, wonder: int = -1) -> str:
    """What `seat` would pay now for `card` (or `wonder`), with the breakdown."""
    price = card_price(v, seat, card)[0] if card >= 0 else wonder_price(v, seat, wonder)
    lines = payment_lines(v, seat, card=card, wonder=wonder)
    if price == 0:
        return "nothing (free through the chain)." if "chain" in lines[0] else "nothing."
    return f"{coins(price)} now: {'; '.join(lines)}."


def card_short(card: int, width: int) -> str:
    """The part of a card's label that is its name, cut to fit `width` cells."""
    return abbrev(CARDS[card].name, width - 2 if width >= 8 else width - 1)


def card_label(card: int, width: int) -> str:
    """A card in `width` cells: colour code, then its name cut to fit."""
    code = COLOUR_CODES[CARDS[card].colour]
    return f"{code} {card_short(card, width)}" if width >= 8 else code + card_short(card, width)


def track_cells(v: RivalistState) -> list[tuple[str, int]]:
    """The 19 spaces of the military track, Player 1's capital first: (sign, position)."""
    out: list[tuple[str, int]] = []
    for p in range(-CAPITAL, CAPITAL + 1):
        side = 0 if p < 0 else 1
        d = abs(p)
        if p == v.pawn:
            sign = RL.pawn
        elif d == 0:
            sign = RL.middle
        elif d == CAPITAL:
            sign = RL.capital
        elif d == LOOT_SMALL_AT and v.loot_small[side]:
            sign = str(LOOT_SMALL)
        elif d == LOOT_BIG_AT and v.loot_big[side]:
            sign = str(LOOT_BIG)
        elif d >= LOOT_BIG_AT:
            sign = RL.far
        elif d >= LOOT_SMALL_AT:
            sign = RL.mid
        else:
            sign = RL.near
        out.append((sign, p))
    return out
