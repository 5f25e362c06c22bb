"""What cards, Wonders and progress tokens do when they enter play.

Each function mutates the state and appends the events that explain it. An instant victory
(a capital reached, six science symbols) sets `s.over` at once; callers stop carrying out
further effects when they see it (RULES_NOTES.md: instant victories).
"""

from __future__ import annotations

from engine.core import Event
from engine.rivalist.data import (
    BROWN,
    CAPITAL,
    CARDS,
    CHAIN_BIT,
    COLOUR,
    COLOURS,
    GREEN,
    GREY,
    HARVEST,
    LOOT_BIG,
    LOOT_BIG_AT,
    LOOT_SMALL,
    LOOT_SMALL_AT,
    MAX_WONDERS_BUILT,
    PER_BROWN,
    PER_GREY,
    PER_RED,
    PER_WONDER,
    PER_YELLOW,
    PURPLE,
    RED,
    RELIGION,
    SCALES,
    SCIENCE_WIN,
    SOCIOLOGY,
    SYMBOLS,
    THEORY,
    TRADE,
    U_COINS,
    U_WONDERS,
    W_DESTROY,
    W_LIBRARY,
    W_STEAL,
    WAR,
    WONDERS,
    YELLOW,
    wonder_effects,
)
from engine.rivalist.state import (
    SIGN,
    RivalistState,
    built_count,
    distinct_symbols,
    union_count,
    wonders_built,
)
from engine.rivalist.texts import coins, player, spaces

# Coins the Harvest and Sociology tokens pay when taken, and Sociology per chained build.
TOKEN_COINS = 6
SOCIOLOGY_CHAIN_COINS = 4


# -- a city's cards and the counts derived from them -------------------------------------------
def add_card(s: RivalistState, seat: int, card: int) -> None:
    """Put `card` in `seat`'s city and update the derived counts (no effects, no payment)."""
    _count_card(s, seat, card, 1)
    s.city[seat].append(card)
    s.chains[seat] |= CHAIN_BIT[card]


def remove_card(s: RivalistState, seat: int, card: int) -> None:
    """Take `card` out of `seat`'s city (destroyed or stolen) and update the derived counts."""
    _count_card(s, seat, card, -1)
    s.city[seat].remove(card)
    s.chains[seat] &= ~CHAIN_BIT[card]


def _count_card(s: RivalistState, seat: int, card: int, k: int) -> None:
    c = CARDS[card]
    s.colours[seat][c.colour] += k
    if c.colour <= GREY:
        p = s.prod[seat]
        for r in range(5):
            p[r] += k * c.produce[r]
    if c.choice == 1:
        s.choice_raw[seat] += k
    elif c.choice == 2:
        s.choice_goods[seat] += k
    for r in c.fixes:
        s.fixed[seat][r] = k > 0


def pay(s: RivalistState, seat: int, price: int, trade: int, ev: list[Event]) -> None:
    """`seat` pays `price`; with the Trade token the rival receives the `trade` part of it."""
    s.coins[seat] -= price
    if trade and TRADE in s.tokens[1 - seat]:
        s.coins[1 - seat] += trade
        ev.append(
            Event(
                f"Trade: {player(1 - seat)} receives the {coins(trade)} paid for resources.",
                1 - seat,
                kind="token",
            )
        )


# -- a card enters a city ----------------------------------------------------------------------
def build(s: RivalistState, seat: int, card: int, ev: list[Event]) -> None:
    """A card enters `seat`'s city and its once-only effects happen (shields, symbols, coins).
    A science pair moves the turn to the "token" phase."""
    add_card(s, seat, card)
    c = CARDS[card]
    if c.colour == RED:
        push(s, seat, c.shields + (1 if WAR in s.tokens[seat] else 0), ev)
    elif c.colour == GREEN:
        _add_symbol(s, seat, c.symbol, ev)
    else:
        gain = c.gain + _per_coins(s, seat, card)
        if gain:
            s.coins[seat] += gain
            ev.append(Event(f"{player(seat)} takes {coins(gain)} from {c.name}.", seat, kind="coins"))


def _per_coins(s: RivalistState, seat: int, card: int) -> int:
    """Coins a yellow or union card pays when built, counted from the cities."""
    c = CARDS[card]
    gain = 0
    if c.per:
        cols = s.colours[seat]
        per = c.per
        if per == PER_WONDER:
            n = wonders_built(s, seat)
        elif per == PER_YELLOW:
            n = cols[YELLOW]
        elif per == PER_GREY:
            n = cols[GREY]
        elif per == PER_BROWN:
            n = cols[BROWN]
        else:
            assert per == PER_RED
            n = cols[RED]
        gain += n * c.per_coins
    if c.colour == PURPLE and c.union not in (U_WONDERS, U_COINS):
        gain += max(union_count(s, 0, c.union), union_count(s, 1, c.union))
    return gain


def _add_symbol(s: RivalistState, seat: int, sym: int, ev: list[Event]) -> None:
    s.symbols[seat][sym] += 1
    if science_check(s, seat, ev):
        return
    if s.symbols[seat][sym] == 2 and s.board_tokens:
        s.phase = "token"
        ev.append(
            Event(
                f"{player(seat)} pairs the {SYMBOLS[sym]} symbol and chooses a progress token.",
                seat,
                kind="science",
            )
        )


def science_check(s: RivalistState, seat: int, ev: list[Event]) -> bool:
    """Six different symbols end the game at once; True when they did."""
    if distinct_symbols(s, seat) < SCIENCE_WIN:
        return False
    _win(s, seat, "science")
    ev.append(
        Event(
            f"{player(seat)} holds six different science symbols: scientific supremacy!", seat, kind="victory"
        )
    )
    return True


def _win(s: RivalistState, seat: int, victory: str) -> None:
    s.over = True
    s.phase = "over"
    s.winner = seat
    s.victory = victory


# -- military ------------------------------------------------------------------------------------
def push(s: RivalistState, seat: int, n: int, ev: list[Event]) -> None:
    """Move the Conflict pawn `n` spaces toward `seat`'s rival: loot, then perhaps the capital."""
    if n <= 0:
        return
    opp = 1 - seat
    d = SIGN[seat]
    dist = min(CAPITAL, s.pawn * d + n)
    s.pawn = dist * d
    ev.append(Event(f"The Conflict pawn moves {spaces(n)} toward {player(opp)}.", seat, kind="military"))
    if dist >= LOOT_SMALL_AT and s.loot_small[opp]:
        s.loot_small[opp] = False
        _loot(s, opp, LOOT_SMALL, ev)
    if dist >= LOOT_BIG_AT and s.loot_big[opp]:
        s.loot_big[opp] = False
        _loot(s, opp, LOOT_BIG, ev)
    if dist >= CAPITAL:
        _win(s, seat, "military")
        ev.append(
            Event(
                f"The pawn reaches {player(opp)}'s capital: military supremacy for {player(seat)}!",
                seat,
                kind="victory",
            )
        )


def _loot(s: RivalistState, seat: int, amount: int, ev: list[Event]) -> None:
    lost = min(amount, s.coins[seat])
    s.coins[seat] -= lost
    ev.append(Event(f"Loot: {player(seat)} loses {coins(lost)}.", seat, kind="military"))


# -- Wonders ---------------------------------------------------------------------------------------
def build_wonder(s: RivalistState, seat: int, w: int, price: int, ev: list[Event]) -> None:
    """`seat` tucks the taken card under its Wonder `w`, pays, and the Wonder's effects happen.
    A Wonder that asks for a choice (destroy, Library, steal) moves the turn to that phase."""
    wd = WONDERS[w]
    card = s.taken
    s.taken = -1
    s.wonder_cards[seat][s.wonders[seat].index(w)] = card
    paid = coins(price) if price else "no coins"
    ev.append(
        Event(
            # Its effects in quotes: most of them (production, points) never show in the log.
            f"{player(seat)} builds the Wonder {wd.name} with {CARDS[card].name} ({paid}): "
            f'"{wonder_effects(wd)}"',
            seat,
            kind="wonder",
        )
    )
    pay(s, seat, price, price, ev)
    opp = 1 - seat
    s.coins[seat] += wd.coins
    if wd.drain:
        got = min(wd.drain, s.coins[opp])
        s.coins[opp] -= got
        s.coins[seat] += got
        ev.append(Event(f"{player(opp)} hands over {coins(got)}.", opp, kind="coins"))
    if wd.choice == 1:
        s.choice_raw[seat] += 1
    elif wd.choice == 2:
        s.choice_goods[seat] += 1
    if wd.replay or RELIGION in s.tokens[seat]:
        s.extra = True
    if built_count(s) == MAX_WONDERS_BUILT:
        _retire_unbuilt_wonders(s, ev)
    push(s, seat, wd.shields, ev)
    if not s.over:
        _wonder_choice(s, seat, w, ev)


def _retire_unbuilt_wonders(s: RivalistState, ev: list[Event]) -> None:
    """Seven Wonders stand: every unbuilt one leaves the game."""
    for i in (0, 1):
        for j in range(len(s.wonders[i]) - 1, -1, -1):
            if s.wonder_cards[i][j] < 0:
                gone = s.wonders[i].pop(j)
                s.wonder_cards[i].pop(j)
                s.wonders_out.append(gone)
                ev.append(
                    Event(
                        f"Seven Wonders stand: {player(i)}'s {WONDERS[gone].name} leaves the game.",
                        i,
                        kind="wonder",
                    )
                )


def _wonder_choice(s: RivalistState, seat: int, w: int, ev: list[Event]) -> None:
    """Open the decision a Wonder asks for, or say why there is nothing to choose."""
    wd = WONDERS[w]
    opp = 1 - seat
    if wd.decision == W_DESTROY:
        if any(COLOUR[c] == wd.destroy for c in s.city[opp]):
            s.phase = "destroy"
            s.destroy_colour = wd.destroy
        else:
            ev.append(Event(f"{player(opp)} has no {COLOURS[wd.destroy]} card to destroy.", seat))
    elif wd.decision == W_LIBRARY:
        if s.unused_tokens:
            s.phase = "library"
        else:
            ev.append(Event("No progress token is left to choose.", seat))
    elif wd.decision == W_STEAL:
        if any(COLOUR[c] != GREEN for c in s.city[opp]):
            s.phase = "steal"
        else:
            ev.append(Event(f"{player(opp)} has no card that can be taken.", seat))


# -- progress tokens -----------------------------------------------------------------------------
def gain_token(s: RivalistState, seat: int, t: int, ev: list[Event]) -> None:
    """`seat` owns token `t` from now on; its immediate part happens (coins, the Scales)."""
    s.tokens[seat].append(t)
    if t in (HARVEST, SOCIOLOGY):
        s.coins[seat] += TOKEN_COINS
    elif t == THEORY:
        s.symbols[seat][SCALES] += 1
        science_check(s, seat, ev)


def chain_bonus(s: RivalistState, seat: int, ev: list[Event]) -> None:
    """Sociology pays its owner for each card built through a chain."""
    if SOCIOLOGY in s.tokens[seat]:
        s.coins[seat] += SOCIOLOGY_CHAIN_COINS
        paid = coins(SOCIOLOGY_CHAIN_COINS)
        ev.append(Event(f"Sociology: {player(seat)} takes {paid} for building through a chain.", seat))
