"""A drone's own actions (drone mode): its placement, its turn (scout, move, collect, negotiate,
spend resources, attack) and its fall and return. What collecting and negotiating open, which a
hack can start too, is in drone_collect.py. The drone acting is `s.d_body`; the seat deciding is
`s.actor` (its owner, or the hacker making it act)."""

from __future__ import annotations

from engine.core import Event, count
from engine.rivals.actions import (
    COLLECT,
    END,
    MOVE,
    NEGOTIATE,
    PASS,
    SCOUT,
    SHIELD,
    TOKEN,
    UNINSTALL,
    ActivateToken,
    BuyPoint,
    BuySchema,
    Collect,
    DroneAttack,
    EndTurn,
    MakeShield,
    Move,
    Negotiate,
    PlaceDrone,
    Scout,
    StepTo,
    Uninstall,
)
from engine.rivals.data.board import AP_PER_TURN, FOREST, SHIELD_LIMIT, TILE_HEXES, TILE_OF
from engine.rivals.drone import ATTACK_DAMAGE, ATTACK_RANGE, drone_name
from engine.rivals.effects import front, place_shield
from engine.rivals.geometry import DIST, NEIGHBOURS
from engine.rivals.rules import common, drone_collect
from engine.rivals.rules.board import border_hexes, hex_type, reachable, reveal, shields_of
from engine.rivals.rules.combat import event_on
from engine.rivals.rules.common import activate, can_activate, name, skill_total, temp_total, who, wound
from engine.rivals.rules.drone_collect import collect_reason, negotiate_reason, schema_reason
from engine.rivals.rules.limits import FIRST_TURN, first_turn, move_budget
from engine.rivals.rules.setup_phase import after_placing
from engine.rivals.state import RivalsState, Task

Option = tuple[object, str | None]
RESOURCE_NAMES = {"crystal": "crystals", "resin": "resins"}


# --- placement and the turn's frame -----------------------------------------------------------


def place_options(s: RivalsState, seat: int) -> list[Option]:
    return [(PlaceDrone(h), None) for h in TILE_HEXES[TILE_OF[s.ashaks[seat].pos]]]


def place_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, PlaceDrone)
    s.drones[seat].pos = a.hex
    ev = [Event(f"{drone_name(s, seat)} enters the Wildtech on hex {a.hex}.", seat=seat, kind="move")]
    return ev + after_placing(s)


def next_drone(s: RivalsState) -> int:
    """The drone to play next in this turn (owners in turn order), or -1 when both have."""
    order = s.turn_order
    if s.d_turn < 0:
        return order[0] if order else -1
    k = order.index(s.d_turn) + 1 if s.d_turn in order else len(order)
    return order[k] if k < len(order) else -1


def turn_start(s: RivalsState, t: Task) -> list[Event]:
    seat = t.seat
    s.d_turn = s.d_active = seat
    s.ap = AP_PER_TURN
    s.d_fresh = []
    s.i_quiet = []
    if s.drones[seat].pos < 0:  # never happens after a fall (it returns in phase 4), kept safe
        s.d_active = -1
        s.tasks.append(Task("next_turn"))
        return []
    s.phase, s.actor = "drone", seat
    return [Event(f"Turn {s.turn_no}: {drone_name(s, seat)} to play.", seat=seat, kind="turn")]


# --- the drone's menu -------------------------------------------------------------------------


def options(s: RivalsState, seat: int) -> list[Option]:
    opts: list[Option] = []
    h = s.drones[seat].pos
    for t in scoutable(s, h):
        opts.append((SCOUT[t], None))
    if s.ap >= 1:
        for n in sorted(reachable(s, seat, h, move_budget(s))):
            opts.append((MOVE[n], None))
    opts.append((COLLECT, collect_reason(s, seat)))
    opts.append((NEGOTIATE, negotiate_reason(s, seat, need_ap=True)))
    first = first_turn(s)
    for o in range(s.seats):
        if o != seat and s.ashaks[o].alive:
            opts.append((ATTACK[o], attack_reason(s, seat, o, first, FIRST_TURN)))
    if s.drones[seat].crystals >= 2:
        for c in sorted(s.drones[seat].cards):
            opts.append((UNINSTALL[c], None))
    opts.append((SHIELD, None if s.drones[seat].resins >= 2 else "A shield costs 2 resins."))
    for res in ("crystal", "resin"):
        have = s.drones[seat].crystals if res == "crystal" else s.drones[seat].resins
        if have >= 5:
            opts.append((BuySchema(res), schema_reason(s, seat)))
        if have >= 10:
            opts.append((BuyPoint(res), None))
    opts.append((END, None))
    return opts


ATTACK: tuple[DroneAttack, ...] = (DroneAttack(0), DroneAttack(1))


def scoutable(s: RivalsState, h: int) -> list[int]:
    out: list[int] = []
    for n in NEIGHBOURS[h]:
        t = TILE_OF[n]
        if not s.revealed[t] and not s.fallen[t] and t not in out:
            out.append(t)
    return sorted(out)


def attack_reason(s: RivalsState, seat: int, victim: int, first: bool, first_text: str) -> str | None:
    if first:
        return first_text
    if s.ap < 1:
        return "A drone attack costs 1 AP."
    if DIST[s.drones[seat].pos][s.ashaks[victim].pos] > ATTACK_RANGE:
        return "The drone attacks at range 0-1 only."
    return None


def perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    if isinstance(a, Scout):
        return reveal(s, a.tile)
    if isinstance(a, Move):
        s.ap -= 1
        return move_drone(s, seat, a.hex)
    if isinstance(a, Collect):
        s.ap -= 1
        return drone_collect.collect(s, seat, seat)
    if isinstance(a, Negotiate):
        s.ap -= 1
        return drone_collect.negotiate(s, seat, seat)
    if isinstance(a, DroneAttack):
        s.ap -= 1
        return aim_shot(s, seat, a.seat)
    if isinstance(a, Uninstall):
        s.drones[seat].crystals -= 2
        s.drones[seat].cards.remove(a.card)
        s.box.append(a.card)
        return [Event(f"{drone_name(s, seat)} uninstalls {name(a.card)} (no card is drawn).", seat=seat)]
    if isinstance(a, MakeShield):
        s.drones[seat].resins -= 2
        return drone_shield(s, seat)
    if isinstance(a, BuySchema):
        if a.resource == "crystal":
            s.drones[seat].crystals -= 5
        else:
            s.drones[seat].resins -= 5
        s.d_body = seat
        s.phase, s.actor = "dschema", seat
        return [Event(f"{drone_name(s, seat)} spends 5 {RESOURCE_NAMES[a.resource]} on a schema.")]
    if isinstance(a, BuyPoint):
        if a.resource == "crystal":
            s.drones[seat].crystals -= 10
        else:
            s.drones[seat].resins -= 10
        s.drones[seat].rp += 1
        return [Event(f"{drone_name(s, seat)} buys a Rival Point (it holds {s.drones[seat].rp}).", kind="rp")]
    if isinstance(a, EndTurn):
        s.phase = "idle"
        s.d_active = -1
        s.tasks.append(Task("next_turn"))
        return [Event(f"{drone_name(s, seat)} ends its turn.", seat=seat)]
    raise AssertionError(a)


def move_drone(s: RivalsState, seat: int, h: int) -> list[Event]:
    """A drone moves like an Ashak; a lake stops it but it has no HP to lose."""
    s.drones[seat].pos = h
    return [Event(f"{drone_name(s, seat)} moves to hex {h}.", seat=seat, kind="move")]


def drone_shield(s: RivalsState, seat: int) -> list[Event]:
    """A shield under the drone, its owner's (the two-shield limit counts both)."""
    h = s.drones[seat].pos
    if s.shield[h] == seat:
        return [Event(f"{drone_name(s, seat)} renews the shield on its hex.")]
    if len(shields_of(s, seat)) >= SHIELD_LIMIT:
        front(s, Task("dropshield", seat, h))
        s.phase = "idle"
        return []
    return place_shield(s, seat, h)


# --- the attack ---------------------------------------------------------------------------------


def aim_shot(s: RivalsState, seat: int, victim: int) -> list[Event]:
    """The shot is announced; a target that could activate an anticipation token is asked
    first (tokens are public, so the question tells nobody anything)."""
    ev = [Event(f"{drone_name(s, seat)} fires at {who(s, victim)}.", seat=seat, kind="attack")]
    s.tasks.insert(0, Task("dshot", seat, victim))
    s.phase = "idle"
    return ev


def task_shot(s: RivalsState, t: Task) -> list[Event]:
    """Before the shot: the target may activate tokens (as many as the rules let it)."""
    if s.ashaks[t.a].alive and can_activate(s, t.a) and not shielded_shot(s, t.seat, t.a):
        s.tasks.insert(0, t)
        s.phase, s.actor = "dshot", t.a
        return []
    return attack(s, t.seat, t.a)


def shot_options(s: RivalsState, seat: int) -> list[Option]:
    return [(TOKEN, None), (PASS, None)]


def shot_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    t = s.tasks.pop(0)
    s.phase = "idle"
    if isinstance(a, ActivateToken):
        ev = activate(s, seat)
        s.tasks.insert(0, t)  # asked again while another token could go active
        return ev
    return attack(s, t.seat, t.a)


def attack(s: RivalsState, seat: int, victim: int) -> list[Event]:
    """One salvo of 1 damage: an opposing shield on the victim's hex absorbs it (unless the
    drone is inside); otherwise the victim rolls its defence dice."""
    h = s.ashaks[victim].pos
    ev: list[Event] = []
    if not s.ashaks[victim].alive:
        return ev
    if shielded_shot(s, seat, victim):
        s.shield[h] = -1
        return [Event(f"The shield on hex {h} absorbs the drone's shot and breaks.", kind="shield")]
    dice = defence_dice(s, victim)
    hits = sum(1 for _ in range(dice) if common.roll(s))
    got = max(0, ATTACK_DAMAGE - hits)
    ev.append(
        Event(
            f"Drone shot on {who(s, victim)}: {ATTACK_DAMAGE} damage, "
            f"{count(dice, 'defence die', 'defence dice')}, {count(hits, 'success', 'successes')}.",
            kind="dice",
            reveal=True,
        )
    )
    return ev + wound(s, victim, got, seat, "a drone's shot")


def shielded_shot(s: RivalsState, seat: int, victim: int) -> bool:
    """An opposing shield on the target's hex, with the drone outside it."""
    h = s.ashaks[victim].pos
    o = s.shield[h]
    return o >= 0 and o != seat and s.drones[seat].pos != h


def defence_dice(s: RivalsState, victim: int) -> int:
    n = 2 + 2 * s.ashaks[victim].active_tokens
    if hex_type(s, s.ashaks[victim].pos) == FOREST and not event_on(s, "heatwave"):
        n += 1
    n += temp_total(s, victim, "t_def") + skill_total(s, victim, "p_def")
    if event_on(s, "ironskin"):
        n += 1
    return max(0, n)


# --- falling and returning ----------------------------------------------------------------------


def falls(s: RivalsState, dropped: list[int]) -> list[Event]:
    """Drones on dropped tiles fall (they lose nothing) and return at the border after the
    Ashaks who fell."""
    ev: list[Event] = []
    gone = {h for t in dropped for h in TILE_HEXES[t]}
    for o in range(s.seats):
        if s.drones[o].pos in gone:
            s.drones[o].pos = -1
            ev.append(Event(f"{drone_name(s, o)} falls with its tile.", kind="fall"))
    if s.winners:
        return ev
    later = [Task("dreentry", o) for o in _clockwise(s) if s.drones[o].pos < 0 and s.ashaks[o].alive]
    k = sum(1 for t in s.tasks if t.kind == "reentry")
    s.tasks[k:k] = later
    return ev


def _clockwise(s: RivalsState) -> list[int]:
    return [(s.first + k) % s.seats for k in range(s.seats)]


def task_reentry(s: RivalsState, t: Task) -> list[Event]:
    if not s.ashaks[t.seat].alive or s.winners:
        return []
    s.tasks.insert(0, t)
    s.phase, s.actor = "dreentry", t.seat
    return []


def reentry_options(s: RivalsState, seat: int) -> list[Option]:
    return [(StepTo(h), None) for h in border_hexes(s)]


def reentry_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, StepTo)
    s.tasks.pop(0)
    s.phase = "idle"
    ev = reveal(s, TILE_OF[a.hex])
    s.drones[seat].pos = a.hex
    ev.append(Event(f"{drone_name(s, seat)} climbs back onto hex {a.hex}.", kind="move"))
    return ev
