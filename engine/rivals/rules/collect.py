"""Collecting (1 AP): every hex of the Ashak's tile gives, the hex it stands on enhanced —
resources first, then the interface consultation and installs, then anticipation tokens bought
with resources (the first one free on an enhanced anticipation hex); then the tile dries."""

from __future__ import annotations

from engine.core import Event
from engine.rivals.actions import (
    BuyToken,
    Consult,
    Install,
    StopBuying,
    StopInstalling,
)
from engine.rivals.data.board import (
    ANTICIPATION,
    CRYSTAL,
    FOREST,
    INTERFACE,
    TILE_HEXES,
    TILE_OF,
)
from engine.rivals.effects import refill_interface
from engine.rivals.rules.board import hex_type
from engine.rivals.rules.combat import event_on
from engine.rivals.rules.common import gain_tokens, name, resources, token_room, who
from engine.rivals.state import RivalsState, Task

Option = tuple[object, str | None]


def collect_reason(s: RivalsState, seat: int) -> str | None:
    t = TILE_OF[s.ashaks[seat].pos]
    if s.ap < 1:
        return "Collecting costs 1 AP."
    if len(TILE_HEXES[t]) == 1:
        return "The Volcano has nothing to collect."
    if s.drought[t]:
        return "This tile is dried up."
    return None


def enhanced_amount(s: RivalsState) -> int:
    return 3 + (1 if event_on(s, "abundance") else 0) - (1 if event_on(s, "drought") else 0)


def tile_yield(s: RivalsState, here: int) -> tuple[int, int, int, bool, int]:
    """What collecting from hex `here` yields from its whole tile, the same for an Ashak and a
    drone: crystals, resins, interface installs (2 from the enhanced hex), whether anticipation
    tokens may be placed, and how many of them free (1 from the enhanced hex)."""
    cry = res = iface = free = 0
    anti = False
    for h in TILE_HEXES[TILE_OF[here]]:
        kind = hex_type(s, h)
        amount = enhanced_amount(s) if h == here else 1
        if kind == FOREST:
            res += amount
        elif kind == CRYSTAL:
            cry += amount
        elif kind == INTERFACE:
            iface = max(iface, 2 if h == here else 1)
        elif kind == ANTICIPATION:
            anti = True
            if h == here:
                free = 1
    return cry, res, iface, anti, free


def do_collect(s: RivalsState, seat: int) -> list[Event]:
    s.ap -= 1
    here = s.ashaks[seat].pos
    t = TILE_OF[here]
    ev = [Event(f"{who(s, seat)} collects on tile {t}.", seat=seat, kind="collect")]
    cry, res, iface, anti, free = tile_yield(s, here)
    s.ashaks[seat].crystals += cry
    s.ashaks[seat].resins += res
    if cry or res:
        ev.append(Event(f"{who(s, seat)} gains {resources(cry, res)}."))
    tasks = []
    if iface:
        tasks.append(Task("consult", seat, iface))
    if anti:
        tasks.append(Task("tokens", seat, free))
    tasks.append(Task("dry", seat, t))
    s.tasks[0:0] = tasks
    s.phase = "idle"
    return ev


def collect_step(s: RivalsState, t: Task) -> list[Event]:
    if t.kind == "dry":
        s.drought[t.a] = 1
        return [Event(f"Tile {t.a} dries up.")]
    if t.kind == "consult":
        s.c_installs = t.a
        s.phase, s.actor = "consult", t.seat
        return []
    # tokens
    s.c_free = t.a
    if not token_options(s, t.seat):
        return []
    s.phase, s.actor = "tokens", t.seat
    return []


def consult_options(s: RivalsState, seat: int) -> list[Option]:
    row: Option = (Consult(False), None if s.iface_row else "The interface row is empty.")
    deck_ok = bool(s.iface_deck or s.iface_discard)
    return [row, (Consult(True), None if deck_ok else "The interface deck is empty.")]


def consult(s: RivalsState, seat: int, a: Consult) -> list[Event]:
    """Look at the row (and, enhanced, two more from the deck) or only at the deck."""
    s.consult, s.consult_row = [], []
    ev: list[Event] = []
    if a.deck:
        look = 2 * s.c_installs
    else:
        s.consult = list(s.iface_row)
        s.consult_row = list(s.iface_row)
        s.iface_row = []
        look = 2 if s.c_installs == 2 else 0
    for _ in range(look):
        refill_interface(s)
        if not s.iface_deck:
            break
        s.consult.append(s.iface_deck.pop())
    names = ", ".join(name(c) for c in s.consult)
    ev.append(Event(f"You look at {names}.", seat=seat, to=(seat,), reveal=True))
    ev.append(
        Event(
            f"{who(s, seat)} consults {'the deck' if a.deck else 'the row'}.",
            to=tuple(o for o in range(s.seats) if o != seat),
        )
    )
    s.phase = "install"
    return ev


def install_options(s: RivalsState, seat: int) -> list[Option]:
    opts: list[Option] = [(Install(c), None) for c in s.consult]
    opts.append((StopInstalling(), None))
    return opts


def install(s: RivalsState, seat: int, a: Install) -> list[Event]:
    s.consult.remove(a.card)
    s.hand[seat].append(a.card)
    s.c_installs -= 1
    if a.card in s.consult_row:
        ev = [Event(f"{who(s, seat)} installs {name(a.card)}.", seat=seat, kind="install")]
    else:
        others = tuple(o for o in range(s.seats) if o != seat)
        ev = [
            Event(f"You install {name(a.card)}.", seat=seat, to=(seat,)),
            Event(f"{who(s, seat)} installs a card from the deck.", seat=seat, to=others),
        ]
    if s.c_installs <= 0 or not s.consult:
        ev += stop_installing(s, seat)
    return ev


def stop_installing(s: RivalsState, seat: int) -> list[Event]:
    """Unchosen row cards stay in the row; unchosen deck cards go to the interface discard; the
    row is refilled to two."""
    row_cards = [c for c in s.consult if c in s.consult_row]
    dropped = [c for c in s.consult if c not in row_cards]
    s.iface_row.extend(row_cards)
    s.iface_discard.extend(dropped)
    s.consult, s.consult_row = [], []
    s.c_installs = 0
    before = len(s.iface_row)
    fill_row(s)
    s.phase = "idle"
    ev: list[Event] = []
    if dropped:
        names = ", ".join(name(c) for c in dropped)
        ev.append(Event(f"{who(s, seat)} discards the cards it did not take: {names}.", reveal=True))
    if len(s.iface_row) > before:
        ev.append(Event("The interface row is refilled.", reveal=True))
    return ev


def fill_row(s: RivalsState) -> None:
    """The interface row is refilled to two cards (the discard reshuffled when the deck runs out)."""
    while len(s.iface_row) < 2:
        refill_interface(s)
        if not s.iface_deck:
            return
        s.iface_row.append(s.iface_deck.pop())


def token_options(s: RivalsState, seat: int) -> list[Option]:
    if token_room(s, seat) <= 0:
        return []
    opts: list[Option] = []
    if s.c_free:
        opts.append((BuyToken("free"), None))
    if s.ashaks[seat].crystals >= 2:
        opts.append((BuyToken("cc"), None))
    if s.ashaks[seat].crystals >= 1 and s.ashaks[seat].resins >= 1:
        opts.append((BuyToken("cr"), None))
    if s.ashaks[seat].resins >= 2:
        opts.append((BuyToken("rr"), None))
    if not opts:
        return []
    opts.append((StopBuying(), None))
    return opts


def buy_token(s: RivalsState, seat: int, a: BuyToken) -> list[Event]:
    if a.pay == "free":
        s.c_free = 0
    else:
        s.ashaks[seat].crystals -= a.pay.count("c")
        s.ashaks[seat].resins -= a.pay.count("r")
    ev = gain_tokens(s, seat, 1)
    if not token_options(s, seat):
        s.phase = "idle"
    return ev


def stop_buying(s: RivalsState, seat: int) -> list[Event]:
    s.c_free = 0
    s.phase = "idle"
    return []
