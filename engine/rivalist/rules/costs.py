"""What building costs: bank prices for missing resources, and the price of a card or a Wonder.

A player pays the bank for every unit of a cost their brown and grey cards do not make: 2 coins
plus the rival's own production of that resource, or 1 where a yellow card fixes the price.
Choice producers (yellow cards, some Wonders) and the Construction / Blacksmith tokens then
cover the dearest units still missing (RULES_NOTES.md: choice production, progress tokens).
"""

from __future__ import annotations

from operator import itemgetter

from engine.rivalist.data import (
    BLACKSMITH,
    BLUE,
    CARDS,
    CHAIN_FROM_BIT,
    COLOUR,
    CONSTRUCTION,
    NEEDS,
    WONDER_NEEDS,
)
from engine.rivalist.state import RivalistState

_price = itemgetter(1)
Needs = tuple[tuple[int, int], ...]  # (resource, units) pairs, only the resources needed


def trade_prices(s: RivalistState, seat: int) -> list[int]:
    """What `seat` pays the bank for one unit of each resource now."""
    o = s.prod[1 - seat]
    f = s.fixed[seat]
    return [1 if f[r] else 2 + o[r] for r in range(5)]


def trade_cost(s: RivalistState, seat: int, needs: Needs, discount: int) -> int:
    """Coins `seat` pays the bank for the units of `needs` its own production does not cover:
    the sum of `bought_units`' prices, computed on bare prices (a search prices every card it
    considers, and ints need no lists in the common case and sort fastest in the other)."""
    prod = s.prod[seat]
    fixed = s.fixed[seat]
    oprod = s.prod[1 - seat]
    cr = s.choice_raw[seat]
    cg = s.choice_goods[seat]
    if not cr and not cg and not discount:
        total = 0
        for r, n in needs:
            m = n - prod[r]
            if m > 0:
                total += m * (1 if fixed[r] else 2 + oprod[r])
        return total
    raw: list[int] = []
    goods: list[int] = []
    for r, n in needs:
        m = n - prod[r]
        if m > 0:
            (raw if r < 3 else goods).extend([1 if fixed[r] else 2 + oprod[r]] * m)
    # Drop the dearest units the choice producers make, then the dearest the discount removes.
    if cr:
        raw.sort(reverse=True)
        del raw[:cr]
    if cg:
        goods.sort(reverse=True)
        del goods[:cg]
    rest = raw + goods
    if discount:
        rest.sort(reverse=True)
        del rest[:discount]
    return sum(rest)


def bought_units(s: RivalistState, seat: int, needs: Needs, discount: int) -> list[tuple[int, int]]:
    """(resource, price) of every unit bought from the bank. Choice producers cover the dearest
    units they can make; then the token discount drops the dearest units left."""
    prod = s.prod[seat]
    fixed = s.fixed[seat]
    oprod = s.prod[1 - seat]
    raw: list[tuple[int, int]] = []
    goods: list[tuple[int, int]] = []
    for r, n in needs:
        m = n - prod[r]
        if m > 0:
            p = 1 if fixed[r] else 2 + oprod[r]
            (raw if r < 3 else goods).extend([(r, p)] * m)
    # Dearest first; a reversed sort keeps equal prices in their order, like a stable one.
    raw.sort(key=_price, reverse=True)
    goods.sort(key=_price, reverse=True)
    rest = raw[s.choice_raw[seat] :] + goods[s.choice_goods[seat] :]
    if discount:
        rest.sort(key=_price, reverse=True)
        rest = rest[discount:]
    return rest


def chained(s: RivalistState, seat: int, card: int) -> bool:
    """`seat` owns the chain symbol that makes `card` free."""
    return bool(s.chains[seat] & CHAIN_FROM_BIT[card])


def card_discount(s: RivalistState, seat: int, card: int) -> int:
    """Units the Blacksmith token removes from `card`'s cost (blue cards only)."""
    return 2 if COLOUR[card] == BLUE and BLACKSMITH in s.tokens[seat] else 0


def wonder_discount(s: RivalistState, seat: int) -> int:
    """Units the Construction token removes from a Wonder's cost."""
    return 2 if CONSTRUCTION in s.tokens[seat] else 0


def card_price(s: RivalistState, seat: int, card: int) -> tuple[int, int]:
    """(total coins, of which paid for trading) to construct `card`; (0, 0) through a chain."""
    if s.chains[seat] & CHAIN_FROM_BIT[card]:
        return 0, 0
    t = trade_cost(s, seat, NEEDS[card], card_discount(s, seat, card))
    return CARDS[card].coins + t, t


def wonder_price(s: RivalistState, seat: int, wonder: int) -> int:
    """Coins `seat` pays (all of it to the bank for resources) to build `wonder`."""
    return trade_cost(s, seat, WONDER_NEEDS[wonder], wonder_discount(s, seat))
