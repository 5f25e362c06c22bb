"""Collecting and negotiating, for an Ashak or a drone alike (a body: state.Body), and the
decisions they open: consulting the interface and installing (an Ashak into its player's hand, a
drone into its three face-up slots), buying anticipation tokens with the body's resources, the
sponsor's reward (a schema, two tokens, or uninstalling cards).

Collecting (1 AP): every hex of the body's tile gives, the hex it stands on enhanced —
resources first, then the interface consultation and installs, then tokens bought with
resources (the first one free on an enhanced anticipation hex); then the tile dries.
Negotiating (1 AP) spends one of the body's inactive tokens with an active sponsor on its hex:
the Rival Point goes on the body's board, then its reward.

The body is the drone `s.d_body`, or else the deciding seat's Ashak (`queries.subject`); the seat
deciding is `s.actor`: the body's player, or a hacker making the opposing drone act. The phases
of a drone's collect carry their own names ("dconsult"...) for their prompts; the rules are these."""

from __future__ import annotations

from engine.core import Event, count
from engine.rivals.actions import (
    BUY_TOKEN,
    CONSULT_DECK,
    CONSULT_ROW,
    INSTALL,
    STOP_BUYING,
    STOP_INSTALLING,
    BuyToken,
    Consult,
    Install,
    PickSchema,
    Reward,
    StopBuying,
    StopInstalling,
)
from engine.rivals.data.board import ANTICIPATION, CRYSTAL, FOREST, INTERFACE, TILE_HEXES, TILE_OF
from engine.rivals.effects import refill_interface
from engine.rivals.queries import (
    OTHERS,
    body_name,
    card_room,
    event_on,
    hex_type,
    name,
    stored_cards,
    subject,
    token_room,
    who,
)
from engine.rivals.rules.common import check_end, gain_tokens, resources
from engine.rivals.state import AshakBody, Body, DroneBody, RivalsState, Task

Option = tuple[object, str | None]


# --- collecting ------------------------------------------------------------------------------------


def collect_reason(s: RivalsState, b: Body, need_ap: bool = True) -> str | None:
    """Why body `b` cannot collect now (None: it can). A hacker's collect needs no AP."""
    t = TILE_OF[b.pos]
    if need_ap and s.ap < 1:
        return "Collecting costs 1 AP."
    if len(TILE_HEXES[t]) == 1:
        return "The Volcano has nothing to collect."
    if s.drought[t]:
        return "This tile is dried up."
    return None


def enhanced_amount(s: RivalsState) -> int:
    return 3 + (1 if event_on(s, "abundance") else 0) - (1 if event_on(s, "drought") else 0)


def tile_yield(s: RivalsState, here: int) -> tuple[int, int, int, bool, int]:
    """What collecting from hex `here` yields from its whole tile: crystals, resins, interface
    installs (2 from the enhanced hex), whether anticipation tokens may be placed, and how many
    of them free (1 from the enhanced hex)."""
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


def collect(s: RivalsState, b: Body, decider: int) -> list[Event]:
    """Body `b` collects on its tile, `decider` making the choices: the resources go on its
    board, then the consultation and the tokens are queued, then the tile dries."""
    here = b.pos
    t = TILE_OF[here]
    ev = [Event(f"{body_name(s, b)} collects on tile {t}.", seat=decider, kind="collect")]
    cry, res, iface, anti, free = tile_yield(s, here)
    b.crystals += cry
    b.resins += res
    if cry or res:
        ev.append(Event(f"{body_name(s, b)} gains {resources(cry, res)}."))
    drone = b.seat if isinstance(b, DroneBody) else -1
    tasks = []
    if iface:
        tasks.append(Task("consult", decider, iface, drone))
    if anti:
        tasks.append(Task("tokens", decider, free, drone))
    tasks.append(Task("dry", decider, t))
    s.tasks[0:0] = tasks
    s.phase = "idle"
    return ev


def collect_step(s: RivalsState, t: Task) -> list[Event]:
    """A queued part of a collect: the tile drying, the consultation, the tokens (`t.b`: the
    drone collecting, -1 for the deciding seat's Ashak)."""
    if t.kind == "dry":
        s.drought[t.a] = 1
        return [Event(f"Tile {t.a} dries up.")]
    s.d_body = t.b
    b = subject_of(s, t)
    if t.kind == "consult":
        if card_room(b) <= 0:
            s.d_body = -1
            return [Event(f"{body_name(s, b)} has no free card slot: it skips the interface.")]
        s.c_installs = t.a
        s.phase, s.actor = ("dconsult" if t.b >= 0 else "consult"), t.seat
        return []
    s.c_free = t.a  # tokens
    if not token_options(s, t.seat):
        s.c_free, s.d_body = 0, -1
        return []
    s.phase, s.actor = ("dtokens" if t.b >= 0 else "tokens"), t.seat
    return []


def subject_of(s: RivalsState, t: Task) -> Body:
    return s.drones[t.b] if t.b >= 0 else s.ashaks[t.seat]


def consult_options(s: RivalsState, seat: int) -> list[Option]:
    row: Option = (CONSULT_ROW, None if s.iface_row else "The interface row is empty.")
    deck_ok = bool(s.iface_deck or s.iface_discard)
    return [row, (CONSULT_DECK, None if deck_ok else "The interface deck is empty.")]


def consult(s: RivalsState, seat: int, a: Consult) -> list[Event]:
    """Look at the row (and, enhanced, two more from the deck) or only at the deck; a drone
    installs no more cards than it has free slots."""
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
        Event(f"{who(s, seat)} consults {'the deck' if a.deck else 'the row'}.", to=OTHERS[s.seats][seat])
    )
    s.phase = "dinstall" if s.d_body >= 0 else "install"
    s.c_installs = min(s.c_installs, card_room(subject(s)))
    return ev


def install_options(s: RivalsState, seat: int) -> list[Option]:
    opts: list[Option] = [(INSTALL[c], None) for c in s.consult]
    opts.append((STOP_INSTALLING, None))
    return opts


def install_perform(s: RivalsState, seat: int, a: Install | StopInstalling) -> list[Event]:
    """An Ashak's player installs the card into its hand (a card from the deck in secret); a
    drone stores it face up."""
    if isinstance(a, StopInstalling):
        return stop_installing(s, seat)
    b = subject(s)
    s.consult.remove(a.card)
    s.c_installs -= 1
    if isinstance(b, DroneBody):
        b.cards.append(a.card)
        said = f"{body_name(s, b)} stores {name(a.card)}, face up."
        ev = [Event(said, seat=seat, kind="install", reveal=True)]
    else:
        s.hand[seat].append(a.card)
        if a.card in s.consult_row:
            ev = [Event(f"{who(s, seat)} installs {name(a.card)}.", seat=seat, kind="install")]
        else:
            ev = [
                Event(f"You install {name(a.card)}.", seat=seat, to=(seat,)),
                Event(f"{who(s, seat)} installs a card from the deck.", seat=seat, to=OTHERS[s.seats][seat]),
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
    s.d_body = -1
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
    b = subject(s)
    if token_room(b) <= 0:
        return []
    cry, res = b.crystals, b.resins
    opts: list[Option] = []
    if s.c_free:
        opts.append((BUY_TOKEN["free"], None))
    for pay, ok in (("cc", cry >= 2), ("cr", cry >= 1 and res >= 1), ("rr", res >= 2)):
        if ok:
            opts.append((BUY_TOKEN[pay], None))
    return opts + [(STOP_BUYING, None)] if opts else []


def buy_token(s: RivalsState, seat: int, a: BuyToken | StopBuying) -> list[Event]:
    ev: list[Event] = []
    if isinstance(a, BuyToken):
        b = subject(s)
        if a.pay == "free":
            s.c_free = 0
        else:
            b.crystals -= a.pay.count("c")
            b.resins -= a.pay.count("r")
        ev = gain_tokens(s, b, 1)
        if token_options(s, seat):
            return ev
    s.c_free, s.d_body, s.phase = 0, -1, "idle"
    return ev


# --- negotiating -----------------------------------------------------------------------------------

# What a refusal says about the Ashak's own board and about a drone's.
_NO_SPONSOR = ("There is no active sponsor on your hex.", "There is no active sponsor on the drone's hex.")
_NO_TOKEN = (
    "Negotiating spends an inactive anticipation token.",
    "Negotiating spends one of the drone's anticipation tokens.",
)


def negotiate_reason(s: RivalsState, b: Body, need_ap: bool = True) -> str | None:
    """Why body `b` cannot negotiate now (None: it can). A hacker's needs no AP."""
    drone = isinstance(b, DroneBody)
    if s.sponsor[b.pos] != 2:
        return _NO_SPONSOR[drone]
    if need_ap and s.ap < 1:
        return "Negotiating costs 1 AP."
    if not b.tokens:
        return _NO_TOKEN[drone]
    return None


def negotiate(s: RivalsState, b: Body, decider: int) -> list[Event]:
    """The body spends a token (never an active one) for the sponsor on its hex: the point is
    the body's (a drone's counts once its Ashak takes it home), then `decider` chooses the
    reward."""
    b.tokens -= 1
    s.sponsor[b.pos] = 0
    s.sponsors_left += 1
    b.rp += 1
    held = count(b.rp, "Rival Point")
    said = f"1 Rival Point ({b.rp})" if isinstance(b, AshakBody) else f"it holds {held}"
    ev = [Event(f"{body_name(s, b)} negotiates with the sponsor: {said}.", kind="rp")]
    if not check_end(s):
        s.d_body = -1 if isinstance(b, AshakBody) else b.seat
        s.phase, s.actor = ("reward" if s.d_body < 0 else "dreward"), decider
    return ev


def schema_reason(s: RivalsState, b: Body) -> str | None:
    if card_room(b) <= 0:
        return "The drone holds three cards: uninstall one first."
    if not (s.schema_row or s.schema_deck):
        return "No schema is left."
    return None


def reward_options(s: RivalsState, seat: int) -> list[Option]:
    b = subject(s)
    none = "The drone stores no card." if isinstance(b, DroneBody) else "You have no card in hand or discard."
    return [
        (Reward("schema"), schema_reason(s, b)),
        (Reward("tokens"), None),
        (Reward("uninstall"), None if stored_cards(s, b) else none),
    ]


def reward_perform(s: RivalsState, seat: int, a: Reward) -> list[Event]:
    """A schema (chosen next), two tokens, or up to two cards to uninstall (one at a time: the
    "uninstall" task of rules/flow.py)."""
    if a.kind == "schema":
        s.phase = "dschema" if s.d_body >= 0 else "schema"
        return []
    b = subject(s)
    s.phase, s.d_body = "idle", -1
    if a.kind == "tokens":
        return gain_tokens(s, b, 2)
    s.tasks.insert(0, Task("uninstall", seat, b=b.seat if isinstance(b, DroneBody) else -1, n=2))
    return []


def schema_options(s: RivalsState, seat: int) -> list[Option]:
    opts: list[Option] = [(PickSchema(c), None) for c in s.schema_row]
    if s.schema_deck:
        opts.append((PickSchema(-1), None))
    return opts


def schema_perform(s: RivalsState, seat: int, a: PickSchema) -> list[Event]:
    """A schema from the row (shown) or the top of the deck: into the Ashak's hand (the deck's
    one in secret), or stored face up on the drone."""
    b = subject(s)
    s.phase, s.d_body = "idle", -1
    stored = isinstance(b, DroneBody)
    takes = f"{body_name(s, b)} {'stores' if stored else 'installs'} the"
    if a.card >= 0:
        c = a.card
        s.schema_row.remove(c)
        ev = [Event(f"{takes} schema {name(c)}{', face up' if stored else ''}.", kind="install")]
        if s.schema_deck:
            s.schema_row.append(s.schema_deck.pop())
            ev.append(Event("A new schema is shown.", reveal=True))
    else:
        c = s.schema_deck.pop()
        if stored:
            ev = [Event(f"{takes} top schema, {name(c)}, face up.", reveal=True)]
        else:
            ev = [
                Event(f"You install the schema {name(c)}.", seat=seat, to=(seat,), reveal=True),
                Event(f"{takes} top schema.", to=OTHERS[s.seats][seat]),
            ]
    (b.cards if isinstance(b, DroneBody) else s.hand[b.seat]).append(c)
    return ev
