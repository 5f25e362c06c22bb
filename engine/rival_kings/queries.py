"""Facts read off a Rival Kings state: purses, ranks, covered actions, prices, exchangeable cards.

Shared by the rules, the texts, the AI and the board. Nothing here changes a state. In a view a
hidden value is -1, so the readers that could meet one say what they return then.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import seat_label
from engine.core.words import count
from engine.rival_kings.data import BUILDING, CARDS, CHARACTERS, GREEN, RANKS
from engine.rival_kings.state import RivalKingsState

RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
CHAR_RANK = tuple(RANK_INDEX[c.rank] for c in CHARACTERS)
SYMBOL = tuple(c.symbol for c in CARDS)  # by card id, for the pair checks in hot loops
NO_RANK = 99  # a seat without a (visible) character sorts after every rank


def player(seat: int) -> str:
    """How engine texts name a seat; the app swaps in the name (engine.core.name_seats)."""
    return seat_label(seat)


def coins(n: int) -> str:
    return count(n, "coin")


def purse(s: RivalKingsState, seat: int) -> int:
    """Coins in a purse (meaningless in a view where the purse is hidden: use purse_value)."""
    return s.purse_ones[seat] + 2 * s.purse_twos[seat]


def purse_value(s: RivalKingsState, seat: int) -> int:
    """Coins in seat's purse, or -1 in a view where that purse is hidden."""
    return purse(s, seat) if s.purse_ones[seat] >= 0 else -1


def supply_value(s: RivalKingsState) -> int:
    return s.supply_ones + 2 * s.supply_twos


def active_subject(s: RivalKingsState, seat: int) -> int | None:
    """The card id of seat's active subject (the last one in the row), or None."""
    return s.subjects[seat][-1] if s.subjects[seat] else None


def active_ability(s: RivalKingsState, seat: int) -> str:
    """The ability of seat's active subject ("" without a subject)."""
    row = s.subjects[seat]
    return CARDS[row[-1]].ability if row and row[-1] >= 0 else ""


def rank(s: RivalKingsState, seat: int) -> int:
    """The rank index (A = 0) of seat's visible character, NO_RANK otherwise."""
    c = s.played[seat]
    return CHAR_RANK[c] if c is not None and c >= 0 else NO_RANK


def char_label(cid: int) -> str:
    return CHARACTERS[cid].label


def covered_actions(s: RivalKingsState, seat: int) -> list[str]:
    """Actions on seat's character covered by a rival's crest this cycle."""
    return [c.action for c in s.crests if c.target == seat]


def crest_owner(s: RivalKingsState, seat: int, action: str) -> int | None:
    return next((c.owner for c in s.crests if c.target == seat and c.action == action), None)


def uncovered_actions(s: RivalKingsState, seat: int) -> list[str]:
    """The printed actions of seat's character that no crest covers, in printed order."""
    c = s.played[seat]
    if c is None or c < 0:
        return []
    cov = covered_actions(s, seat)
    return [a for a in CHARACTERS[c].actions if a not in cov]


def pending(s: RivalKingsState) -> tuple[str, str] | None:
    """The action the seat on turn is carrying out: (source, kind), source being own / stolen /
    ability / sailor; None when no action is pending."""
    if not s.stack:
        return None
    src, kind = s.stack[-1].split(":")
    return src, kind


def pending_kind(s: RivalKingsState) -> str:
    return s.stack[-1].partition(":")[2] if s.stack else ""


def price(s: RivalKingsState, pile: int, discount: bool) -> int:
    """What the top card of `pile` costs (1 less with the Miller's / Blacksmith's discount)."""
    return max(0, CARDS[s.piles[pile][-1]].value - (1 if discount else 0))


def greens(s: RivalKingsState, seat: int) -> int:
    return sum(1 for c in s.buildings[seat] + s.subjects[seat] if CARDS[c].colour == GREEN)


def distinct(cards: Sequence[int]) -> list[int]:
    """One card per name (copies are interchangeable once collected); the latest copy."""
    seen: dict[str, int] = {}
    for c in cards:
        seen[CARDS[c].name] = c
    return sorted(seen.values())


def free_cards(s: RivalKingsState, seat: int, kind: str) -> list[int]:
    """Cards of `kind` that seat may give or lose in an exchange: those not needed for a perfect
    pair (with copies, only as many as can pair are protected)."""
    row = s.buildings[seat] if kind == BUILDING else s.subjects[seat]
    if not row:
        return []
    other = s.subjects[seat] if kind == BUILDING else s.buildings[seat]
    mine = [SYMBOL[x] for x in row]
    partners = [SYMBOL[x] for x in other]
    return distinct([c for c, sym in zip(row, mine, strict=True) if mine.count(sym) > partners.count(sym)])


def swaps(s: RivalKingsState, seat: int, kind: str) -> list[tuple[int, int, int]]:
    """Every (mine, other seat, theirs) exchange of free cards of `kind` with different names."""
    out = []
    for m in free_cards(s, seat, kind):
        for o in range(s.seats):
            if o == seat:
                continue
            for t in free_cards(s, o, kind):
                if CARDS[t].name != CARDS[m].name:
                    out.append((m, o, t))
    return out
