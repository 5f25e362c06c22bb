"""A drone's own turn (drone mode): its placement, its turn's frame and menu, its shot, and its
fall. Everything else it does is an Ashak's rule taking a body: moving and spending in
bodies.py, collecting and negotiating in collect.py, pushes and pulls in effects.py, climbing
back in choices.py."""

from __future__ import annotations

from engine.core import Event, count
from engine.rivals.actions import (
    COLLECT,
    NEGOTIATE,
    PASS,
    TOKEN,
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
    Uninstall,
)
from engine.rivals.data.board import AP_PER_TURN, TILE_HEXES, TILE_OF
from engine.rivals.drone import ATTACK_DAMAGE, ATTACK_RANGE
from engine.rivals.geometry import DIST
from engine.rivals.queries import can_activate, clockwise, drone_name, who
from engine.rivals.rules import common
from engine.rivals.rules.board import reveal
from engine.rivals.rules.bodies import END_OPTION, move, move_options, scout_options, spend, spend_options
from engine.rivals.rules.collect import collect, collect_reason, negotiate, negotiate_reason
from engine.rivals.rules.combat import defence_dice
from engine.rivals.rules.common import activate, wound
from engine.rivals.rules.limits import FIRST_TURN, first_turn
from engine.rivals.rules.setup_phase import after_placing
from engine.rivals.state import RivalsState, Task

Option = tuple[object, str | None]


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
    """The drone's menu: an Ashak's own actions for its body (rules/bodies.py, collect.py), its
    shot, and the end of its turn."""
    d = s.drones[seat]
    opts: list[Option] = []
    scout_options(s, d, opts)
    move_options(s, d, opts)
    opts.append((COLLECT, collect_reason(s, d)))
    opts.append((NEGOTIATE, negotiate_reason(s, d)))
    first = first_turn(s)
    for a in s.ashaks:
        if a.seat != seat and a.alive:
            opts.append((ATTACK[a.seat], attack_reason(s, seat, a.seat, first, FIRST_TURN)))
    spend_options(s, d, opts)
    opts.append(END_OPTION)
    return opts


ATTACK: tuple[DroneAttack, ...] = (DroneAttack(0), DroneAttack(1))


def attack_reason(s: RivalsState, seat: int, victim: int, first: bool, first_text: str) -> str | None:
    if first:
        return first_text
    if s.ap < 1:
        return "A drone attack costs 1 AP."
    if DIST[s.drones[seat].pos][s.ashaks[victim].pos] > ATTACK_RANGE:
        return "The drone attacks at range 0-1 only."
    return None


def perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    d = s.drones[seat]
    if isinstance(a, Scout):
        return reveal(s, a.tile)
    if isinstance(a, (Uninstall, MakeShield, BuySchema, BuyPoint)):
        return spend(s, d, a)
    if isinstance(a, EndTurn):
        s.phase = "idle"
        s.d_active = -1
        s.tasks.append(Task("next_turn"))
        return [Event(f"{drone_name(s, seat)} ends its turn.", seat=seat)]
    s.ap -= 1  # the rest cost 1 AP
    if isinstance(a, Move):
        return move(s, d, a.hex)
    if isinstance(a, Collect):
        return collect(s, d, seat)
    if isinstance(a, Negotiate):
        return negotiate(s, d, seat)
    assert isinstance(a, DroneAttack)
    return aim_shot(s, seat, a.seat)


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
    dice = defence_dice(s, victim, by_card=False)
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
    later = [Task("dreentry", o) for o in clockwise(s, s.first) if s.drones[o].pos < 0 and s.ashaks[o].alive]
    k = sum(1 for t in s.tasks if t.kind == "reentry")
    s.tasks[k:k] = later
    return ev
