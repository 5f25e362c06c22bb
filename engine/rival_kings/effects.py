"""What Rival Kings actions and subject abilities do to the table: money moving between the
supply, the piles and the purses; cards changing hands; markers handed out and returned.

Each function carries out one thing the rules already allowed (legality is decided in
`rules.legality`) and appends what happened, in words, to `ev`.
"""

from __future__ import annotations

from engine.core import Event
from engine.core.words import count
from engine.rival_kings.actions import GiveMarker, SwapBuilding, SwapDisplay, SwapSubject
from engine.rival_kings.data import (
    ACTION_NAMES,
    BUILDING,
    BUY,
    CARDS,
    INNKEEPER,
    JAILER,
    MERCHANT,
    MINER,
    MONEY,
    PILE_NAMES,
    SAILOR,
    SCHOLAR,
    SHEPHERD,
    SUBJECT,
    VINTNER,
)
from engine.rival_kings.queries import active_ability, coins, greens, player, price
from engine.rival_kings.state import RivalKingsState

# -- money -------------------------------------------------------------------------------------


def take_money(s: RivalKingsState, seat: int, pile: int, ev: list[Event]) -> None:
    """Take whatever lies under `pile` (first refilling all four piles when none has money)."""
    if all(s.pile_ones[p] == 0 and s.pile_twos[p] == 0 for p in range(4)):
        refill(s, ev)
    o, t = s.pile_ones[pile], s.pile_twos[pile]
    s.pile_ones[pile] = 0
    s.pile_twos[pile] = 0
    s.purse_ones[seat] += o
    s.purse_twos[seat] += t
    ev.append(Event(f"{player(seat)} takes the money under {PILE_NAMES[pile]}.", seat, kind="money"))
    ev.append(
        Event(
            f"You find {coins(o + 2 * t)} ({count(t, 'two-coin card')} and {count(o, 'one-coin card')}).",
            seat,
            to=(seat,),
            kind="money",
            reveal=True,  # hidden until now, even to the taker
        )
    )


def refill(s: RivalKingsState, ev: list[Event]) -> None:
    """No pile has money: each gets a 2-coin card from the supply, in pile order, while they last."""
    filled = 0
    for p in range(4):
        if s.supply_twos > 0:
            s.supply_twos -= 1
            s.pile_twos[p] += 1
            filled += 1
    if filled:
        text = f"All four piles had no money: {filled} of them get a 2-coin card from the supply."
    else:
        text = "All four piles had no money, and the supply has no 2-coin card left."
    ev.append(Event(text, kind="refill"))


def pay(s: RivalKingsState, seat: int, pile: int, amount: int) -> str:
    """Put exactly `amount` under `pile`, 2-coin cards first.

    The one case a purse cannot pay exactly is an odd amount with no 1-coin card in it. Then the
    player changes money first, an exchange of equal value: one 2-coin card into the supply, two
    1-coin cards out of it; the supply's total does not move and the pile gets exactly the price.
    Only when the supply holds fewer than two 1-coin cards is there no change to be had: the player
    then pays one coin too many (the rulebook's "as long as there are enough coins").
    Returns "" for an exact payment, or the sentence saying what was changed or overpaid."""
    t = min(s.purse_twos[seat], amount // 2)
    o = min(s.purse_ones[seat], amount - 2 * t)
    note = ""
    if 2 * t + o < amount:
        if s.supply_ones >= 2:
            s.purse_twos[seat] -= 1
            s.supply_twos += 1
            s.supply_ones -= 2
            s.purse_ones[seat] += 2
            o += 1
            note = (
                f"{player(seat)} changes a 2-coin card for two 1-coin cards from the supply to pay exactly."
            )
        else:
            t += 1
            note = f"{player(seat)} pays 1 coin too many: the supply has no change for a 2-coin card."
    s.purse_twos[seat] -= t
    s.purse_ones[seat] -= o
    s.pile_twos[pile] += t
    s.pile_ones[pile] += o
    return note


def from_supply(s: RivalKingsState, seat: int, amount: int) -> int:
    """Give up to `amount` coins from the supply (never more), 2-coin cards first; returns what
    was given."""
    t = min(s.supply_twos, amount // 2)
    o = min(s.supply_ones, amount - 2 * t)
    s.supply_twos -= t
    s.supply_ones -= o
    s.purse_twos[seat] += t
    s.purse_ones[seat] += o
    return 2 * t + o


# -- cards -------------------------------------------------------------------------------------


def acquire(s: RivalKingsState, seat: int, pile: int, discount: bool, ev: list[Event]) -> None:
    """Recruit or buy the top card of `pile`. The card below it comes into view: that event is a
    reveal (as is a change of money, which shows the purse held no 1-coin card)."""
    card = s.piles[pile][-1]
    cost = price(s, pile, discount)
    note = pay(s, seat, pile, cost)
    s.bought = True
    s.piles[pile].pop()
    c = CARDS[card]
    if c.kind == SUBJECT:
        s.subjects[seat].append(card)
        verb = "recruits"
    else:
        s.buildings[seat].append(card)
        verb = "buys"
    helper = ""
    if discount:
        s.ability_used[seat] = True
        helper = f" ({'Miller' if c.kind == SUBJECT else 'Blacksmith'}: 1 coin less)"
    paid = f"for {coins(cost)}{helper}" if cost else f"for free{helper}"
    ev.append(
        Event(
            f"{player(seat)} {verb} the {c.name} ({c.colour}, {c.value}) from {PILE_NAMES[pile]} {paid}.",
            seat,
            kind="acquire",
        )
    )
    if note:
        ev.append(Event(note, seat, kind="acquire", reveal=True))
    if s.piles[pile]:
        top = CARDS[s.piles[pile][-1]]
        ev.append(
            Event(
                f"{PILE_NAMES[pile].capitalize()} now shows the {top.name} ({top.colour}, {top.value}).",
                kind="acquire",
                reveal=True,
            )
        )
    else:
        ev.append(
            Event(
                f"{PILE_NAMES[pile].capitalize()} is empty: the game ends when this cycle is over.",
                kind="end",
            )
        )


def exchange(mine_row: list[int], mine: int, their_row: list[int], theirs: int) -> None:
    """Two cards change rows; each joins the end of its new row."""
    mine_row.remove(mine)
    their_row.remove(theirs)
    mine_row.append(theirs)
    their_row.append(mine)


# -- subject abilities -------------------------------------------------------------------------


def give_marker(s: RivalKingsState, seat: int, a: GiveMarker, ev: list[Event]) -> None:
    s.marker_supply -= 1
    s.markers[a.to] += 1
    ev.append(
        Event(
            f"{player(seat)}'s Herbalist hands {player(a.to)} a Conflict marker from the supply "
            "(no Watchman can fend it off).",
            seat,
            kind="ability",
        )
    )


def swap_building(s: RivalKingsState, seat: int, a: SwapBuilding, ev: list[Event]) -> None:
    exchange(s.buildings[seat], a.mine, s.buildings[a.other], a.theirs)
    ev.append(
        Event(
            f"{player(seat)}'s Court Lady trades the {CARDS[a.mine].name} for {player(a.other)}'s "
            f"{CARDS[a.theirs].name}.",
            seat,
            kind="ability",
        )
    )


def swap_subject(s: RivalKingsState, seat: int, a: SwapSubject, ev: list[Event]) -> None:
    exchange(s.subjects[seat], a.mine, s.subjects[a.other], a.theirs)
    ev.append(
        Event(
            f"{player(seat)}'s Bishop trades the {CARDS[a.mine].name} for {player(a.other)}'s "
            f"{CARDS[a.theirs].name}; both are now active.",
            seat,
            kind="ability",
        )
    )


def swap_display(s: RivalKingsState, seat: int, a: SwapDisplay, ev: list[Event]) -> None:
    mine = CARDS[a.mine]
    row = s.buildings[seat] if mine.kind == BUILDING else s.subjects[seat]
    row.remove(a.mine)
    got = s.piles[a.pile].pop()
    s.piles[a.pile].append(a.mine)
    (s.buildings[seat] if CARDS[got].kind == BUILDING else s.subjects[seat]).append(got)
    ev.append(
        Event(
            f"{player(seat)}'s Troubadour lays the {mine.name} on {PILE_NAMES[a.pile]} and takes the "
            f"{CARDS[got].name}.",
            seat,
            kind="ability",
        )
    )


def plain_ability(s: RivalKingsState, seat: int, ev: list[Event]) -> None:
    """The abilities used without a further choice (UseAbility), by the active subject."""
    ab = active_ability(s, seat)
    who = player(seat)
    if ab == JAILER:
        got = from_supply(s, seat, s.markers[seat])
        why = count(s.markers[seat], "Conflict marker")
        text = f"{who}'s Jailer collects {coins(got)} from the supply ({why})."
    elif ab == SCHOLAR:
        n = len(s.buildings[seat])
        got = from_supply(s, seat, n)
        text = f"{who}'s Scholar collects {coins(got)} from the supply ({count(n, 'building')})."
    elif ab == SHEPHERD:
        n = greens(s, seat)
        got = from_supply(s, seat, n)
        text = f"{who}'s Shepherd collects {coins(got)} from the supply ({count(n, 'green card')})."
    elif ab == MINER:
        got = from_supply(s, seat, 2)
        text = f"{who}'s Miner collects {coins(got)} from the supply."
    elif ab == VINTNER:
        s.markers[seat] -= 1
        s.marker_supply += 1
        text = f"{who}'s Vintner settles a conflict: one marker back to the supply."
    elif ab == INNKEEPER:
        s.stack.append("ability:" + MONEY)
        text = f"{who}'s Innkeeper grants an extra {ACTION_NAMES[MONEY]} action."
    elif ab == MERCHANT:
        s.stack.append("ability:" + BUY)
        text = f"{who}'s Merchant grants an extra {ACTION_NAMES[BUY]} action."
    else:
        assert ab == SAILOR, ab
        kind = s.single[seat]
        s.stack.append("sailor:" + kind)
        text = f"{who}'s Sailor carries out {ACTION_NAMES[kind]} a second time."
    ev.append(Event(text, seat, kind="ability"))
