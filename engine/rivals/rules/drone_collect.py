"""Collecting and negotiating for a drone (drone mode), and the decisions they open: consulting
the interface and storing cards, buying its tokens, the sponsor's reward (a schema, tokens, or
uninstalling stored cards). The drone's own turn (drone_turn.py) and a hack (drone_hack.py) both
start them. The drone is `s.d_body`; the seat deciding is `s.actor` (its owner, or the hacker)."""

from __future__ import annotations

from engine.core import Event, count
from engine.rivals.actions import (
    BuyToken,
    Consult,
    Install,
    PickSchema,
    Reward,
    StopBuying,
    StopInstalling,
    StopUninstalling,
    Uninstall,
)
from engine.rivals.data.board import TILE_HEXES, TILE_OF
from engine.rivals.drone import CARD_SLOTS, TOKEN_SLOTS, drone_name
from engine.rivals.rules.collect import consult, stop_installing, tile_yield
from engine.rivals.rules.common import name, resources
from engine.rivals.state import RivalsState, Task

Option = tuple[object, str | None]


# --- what a drone may do on its hex ---------------------------------------------------------------


def collect_reason(s: RivalsState, seat: int, need_ap: bool = True) -> str | None:
    t = TILE_OF[s.drones[seat].pos]
    if need_ap and s.ap < 1:
        return "Collecting costs 1 AP."
    if len(TILE_HEXES[t]) == 1:
        return "The Volcano has nothing to collect."
    if s.drought[t]:
        return "This tile is dried up."
    return None


def negotiate_reason(s: RivalsState, seat: int, need_ap: bool) -> str | None:
    if s.sponsor[s.drones[seat].pos] != 2:
        return "There is no active sponsor on the drone's hex."
    if need_ap and s.ap < 1:
        return "Negotiating costs 1 AP."
    if not s.drones[seat].tokens:
        return "Negotiating spends one of the drone's anticipation tokens."
    return None


def schema_reason(s: RivalsState, seat: int) -> str | None:
    if len(s.drones[seat].cards) >= CARD_SLOTS:
        return "The drone holds three cards: uninstall one first."
    if not (s.schema_row or s.schema_deck):
        return "No schema is left."
    return None


# --- collecting for a drone -------------------------------------------------------------------


def collect(s: RivalsState, body: int, decider: int) -> list[Event]:
    """The drone collects on its tile (the decisions by `decider`): resources to its board,
    interface cards into its free slots, anticipation tokens bought with its resources."""
    here = s.drones[body].pos
    t = TILE_OF[here]
    ev = [Event(f"{drone_name(s, body)} collects on tile {t}.", seat=decider, kind="collect")]
    cry, res, iface, anti, free = tile_yield(s, here)
    s.drones[body].crystals += cry
    s.drones[body].resins += res
    if cry or res:
        ev.append(Event(f"{drone_name(s, body)} gains {resources(cry, res)}."))
    tasks = []
    if iface:
        tasks.append(Task("dconsult", decider, iface, body))
    if anti:
        tasks.append(Task("dtokens", decider, free, body))
    tasks.append(Task("dry", decider, t))
    s.tasks[0:0] = tasks
    s.phase = "idle"
    return ev


def free_slots(s: RivalsState, body: int) -> int:
    return CARD_SLOTS - len(s.drones[body].cards)


def task_consult(s: RivalsState, t: Task) -> list[Event]:
    if free_slots(s, t.b) <= 0:
        return [Event(f"{drone_name(s, t.b)} has no free card slot: it skips the interface.")]
    s.d_body, s.c_installs = t.b, t.a
    s.phase, s.actor = "dconsult", t.seat
    return []


def consult_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, Consult)
    ev = consult(s, seat, a)
    s.phase = "dinstall"
    s.c_installs = min(s.c_installs, free_slots(s, s.d_body))
    return ev


def install_options(s: RivalsState, seat: int) -> list[Option]:
    return [(Install(c), None) for c in s.consult] + [(StopInstalling(), None)]


def install_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    body = s.d_body
    if isinstance(a, StopInstalling):
        s.d_body = -1
        return stop_installing(s, seat)
    assert isinstance(a, Install)
    s.consult.remove(a.card)
    s.drones[body].cards.append(a.card)
    s.c_installs -= 1
    ev = [
        Event(
            f"{drone_name(s, body)} stores {name(a.card)}, face up.", seat=seat, kind="install", reveal=True
        )
    ]
    if s.c_installs <= 0 or not s.consult:
        s.d_body = -1
        ev += stop_installing(s, seat)
    return ev


def task_tokens(s: RivalsState, t: Task) -> list[Event]:
    s.d_body, s.c_free = t.b, t.a
    if not token_options(s, t.seat):
        s.d_body = -1
        return []
    s.phase, s.actor = "dtokens", t.seat
    return []


def token_options(s: RivalsState, seat: int) -> list[Option]:
    body = s.d_body
    if s.drones[body].tokens >= TOKEN_SLOTS:
        return []
    cry, res = s.drones[body].crystals, s.drones[body].resins
    opts: list[Option] = []
    if s.c_free:
        opts.append((BuyToken("free"), None))
    for pay, ok in (("cc", cry >= 2), ("cr", cry >= 1 and res >= 1), ("rr", res >= 2)):
        if ok:
            opts.append((BuyToken(pay), None))
    return opts + [(StopBuying(), None)] if opts else []


def token_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    body = s.d_body
    if isinstance(a, StopBuying):
        s.c_free, s.d_body, s.phase = 0, -1, "idle"
        return []
    assert isinstance(a, BuyToken)
    if a.pay == "free":
        s.c_free = 0
    else:
        s.drones[body].crystals -= a.pay.count("c")
        s.drones[body].resins -= a.pay.count("r")
    s.drones[body].tokens += 1
    ev = [Event(f"{drone_name(s, body)} gains an anticipation token ({s.drones[body].tokens}).")]
    if not token_options(s, seat):
        s.c_free, s.d_body, s.phase = 0, -1, "idle"
    return ev


# --- negotiating for a drone ------------------------------------------------------------------


def negotiate(s: RivalsState, body: int, decider: int) -> list[Event]:
    """The drone spends a token (never activated) for the sponsor: the point is the drone's."""
    s.drones[body].tokens -= 1
    h = s.drones[body].pos
    s.sponsor[h] = 0
    s.sponsors_left += 1
    s.drones[body].rp += 1
    s.d_body = body
    s.phase, s.actor = "dreward", decider
    return [
        Event(
            f"{drone_name(s, body)} negotiates with the sponsor: "
            f"it holds {count(s.drones[body].rp, 'Rival Point')}.",
            kind="rp",
        )
    ]


def reward_options(s: RivalsState, seat: int) -> list[Option]:
    body = s.d_body
    return [
        (Reward("schema"), schema_reason(s, body)),
        (Reward("tokens"), None),
        (Reward("uninstall"), None if s.drones[body].cards else "The drone stores no card."),
    ]


def reward_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, Reward)
    body = s.d_body
    if a.kind == "schema":
        s.phase = "dschema"
        return []
    if a.kind == "tokens":
        s.d_body, s.phase = -1, "idle"
        k = min(2, TOKEN_SLOTS - s.drones[body].tokens)
        s.drones[body].tokens += k
        return [Event(f"{drone_name(s, body)} gains {count(k, 'anticipation token')}.")]
    s.phase = "duninstall"
    s.c_installs = 2  # cards still to uninstall
    return []


def schema_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, PickSchema)
    body = s.d_body
    s.d_body, s.phase = -1, "idle"
    if a.card >= 0:
        s.schema_row.remove(a.card)
        c = a.card
        ev = [Event(f"{drone_name(s, body)} stores the schema {name(c)}, face up.", kind="install")]
        if s.schema_deck:
            s.schema_row.append(s.schema_deck.pop())
            ev.append(Event("A new schema is shown.", reveal=True))
    else:
        c = s.schema_deck.pop()
        ev = [Event(f"{drone_name(s, body)} stores the top schema, {name(c)}, face up.", reveal=True)]
    s.drones[body].cards.append(c)
    return ev


def uninstall_options(s: RivalsState, seat: int) -> list[Option]:
    return [(Uninstall(c), None) for c in sorted(s.drones[s.d_body].cards)] + [(StopUninstalling(), None)]


def uninstall_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    body = s.d_body
    if isinstance(a, StopUninstalling):
        s.d_body, s.phase, s.c_installs = -1, "idle", 0
        return []
    assert isinstance(a, Uninstall)
    s.drones[body].cards.remove(a.card)
    s.box.append(a.card)
    s.c_installs -= 1
    if s.c_installs <= 0 or not s.drones[body].cards:
        s.d_body, s.phase, s.c_installs = -1, "idle", 0
    return [Event(f"{drone_name(s, body)} uninstalls {name(a.card)}.", reveal=True)]
