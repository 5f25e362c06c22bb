"""A turn's two decisions: take an accessible pyramid card ("take"), then use it ("use"):
construct it (paying its cost, or free through a chain), discard it for coins, or tuck it under
one of your unbuilt Wonders (paying the Wonder's cost)."""

from __future__ import annotations

from bisect import insort

from engine.core import Event
from engine.rivalist.actions import (
    BUILDS,
    CONSTRUCT,
    DISCARD,
    TAKES,
    Action,
    BuildWonder,
    Construct,
    Discard,
    Take,
)
from engine.rivalist.data import CARDS, COVERED_BY, COVERING, WONDER_NEEDS, WONDERS, YELLOW
from engine.rivalist.effects import build, build_wonder, chain_bonus, pay
from engine.rivalist.rules.costs import card_price, chained, trade_cost, wonder_discount, wonder_price
from engine.rivalist.rules.flow import end_turn
from engine.rivalist.state import RivalistState
from engine.rivalist.texts import coins, player


# -- take ----------------------------------------------------------------------------------------
def take_candidates(s: RivalistState, seat: int) -> list[Action]:
    """The accessible cards, then the face-up cards still covered (greyed, so a player sees why)."""
    out: list[Action] = [TAKES[i] for i in s.access]
    access = s.access
    face_up = s.face_up
    for i, c in enumerate(s.pyramid):
        if c >= 0 and face_up[i] and i not in access:
            out.append(TAKES[i])
    return out


def take_legal(s: RivalistState, seat: int) -> list[Action]:
    """The accessible cards: exactly the candidates `take_reason` allows."""
    return [TAKES[i] for i in s.access]


def take_reason(s: RivalistState, seat: int, a: Take) -> str | None:
    if a.slot in s.access:
        return None
    if not 0 <= a.slot < len(s.pyramid) or s.pyramid[a.slot] == -1:
        return "That place in the pyramid is empty."
    return "That card is covered by another card: take one with nothing on top of it."


def take(s: RivalistState, seat: int, a: Take) -> list[Event]:
    slot = a.slot
    card = s.pyramid[slot]
    s.pyramid[slot] = -1
    s.access.remove(slot)
    s.taken = card
    s.last_taker = seat
    s.phase = "use"
    ev = [Event(f"{player(seat)} takes {CARDS[card].name}.", seat, kind="take")]
    pyr = s.pyramid
    by = COVERED_BY[s.age]
    for j in COVERING[s.age][slot]:
        if pyr[j] == -1:
            continue
        for k in by[j]:
            if pyr[k] != -1:
                break
        else:  # nothing lies on card j any more
            insort(s.access, j)
            if not s.face_up[j]:
                s.face_up[j] = True
                text = f"{CARDS[pyr[j]].name} is uncovered and turned face up."
                ev.append(Event(text, reveal=True, kind="flip"))
    return ev


# -- use -----------------------------------------------------------------------------------------
def use_candidates(s: RivalistState, seat: int) -> list[Action]:
    out: list[Action] = [CONSTRUCT, DISCARD]
    built = s.wonder_cards[seat]
    out.extend(BUILDS[w] for i, w in enumerate(s.wonders[seat]) if built[i] < 0)
    return out


def use_legal(s: RivalistState, seat: int) -> list[Action]:
    """The candidates `use_reason` allows, without writing the refusals: a search asks this at
    every turn. Construct and each unbuilt Wonder when affordable, and always Discard."""
    have = s.coins[seat]
    out: list[Action] = [CONSTRUCT] if card_price(s, seat, s.taken)[0] <= have else []
    out.append(DISCARD)
    built = s.wonder_cards[seat]
    disc = wonder_discount(s, seat)
    for i, w in enumerate(s.wonders[seat]):
        # wonder_price, with the discount looked up once
        if built[i] < 0 and trade_cost(s, seat, WONDER_NEEDS[w], disc) <= have:
            out.append(BUILDS[w])
    return out


def use_reason(s: RivalistState, seat: int, a: Construct | Discard | BuildWonder) -> str | None:
    have = s.coins[seat]
    kind = type(a)
    if kind is Construct:
        price = card_price(s, seat, s.taken)[0]
        if price > have:
            return f"{CARDS[s.taken].name} costs you {coins(price)}; you have {coins(have)}."
        return None
    if kind is Discard:
        return None
    assert isinstance(a, BuildWonder)
    if a.wonder not in s.wonders[seat]:
        if a.wonder in s.wonders_out:
            return "That Wonder has left the game: seven Wonders are already built."
        return "That Wonder is not one of yours."
    if s.wonder_cards[seat][s.wonders[seat].index(a.wonder)] >= 0:
        return "You have already built that Wonder."
    price = wonder_price(s, seat, a.wonder)
    if price > have:
        return f"{WONDERS[a.wonder].name} costs you {coins(price)}; you have {coins(have)}."
    return None


def use(s: RivalistState, seat: int, a: Construct | Discard | BuildWonder) -> list[Event]:
    ev: list[Event] = []
    kind = type(a)
    if kind is Discard:
        _discard(s, seat, ev)
    elif kind is Construct:
        _construct(s, seat, ev)
    else:
        assert isinstance(a, BuildWonder)
        build_wonder(s, seat, a.wonder, wonder_price(s, seat, a.wonder), ev)
    if s.phase == "use":  # no effect asked for another decision
        end_turn(s, ev)
    return ev


def _discard(s: RivalistState, seat: int, ev: list[Event]) -> None:
    gain = 2 + s.colours[seat][YELLOW]
    s.coins[seat] += gain
    s.discard.append(s.taken)
    ev.append(
        Event(f"{player(seat)} discards {CARDS[s.taken].name} for {coins(gain)}.", seat, kind="discard")
    )
    s.taken = -1


def _construct(s: RivalistState, seat: int, ev: list[Event]) -> None:
    card = s.taken
    s.taken = -1
    price, trade = card_price(s, seat, card)
    free_chain = chained(s, seat, card)
    how = " through its chain, for free" if free_chain else (f" for {coins(price)}" if price else " for free")
    ev.append(Event(f"{player(seat)} builds {CARDS[card].name}{how}.", seat, kind="build"))
    pay(s, seat, price, trade, ev)
    if free_chain:
        chain_bonus(s, seat, ev)
    build(s, seat, card, ev)
