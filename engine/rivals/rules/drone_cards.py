"""Cards aimed at a drone (drone mode): any card aimed at an opponent may be aimed at a drone,
allied or opposing, within its range (and sight, for a physical card). A drone takes no damage
and charges no ultimate, but what the card does besides damage still happens to it: the first
salvo breaks a shield on its hex (not the player's own), pushes and pulls move it as they move
an Ashak, token thefts take its tokens; the player's own gains (draws, resources...) come as
usual. Each effect is a queued step, as against an Ashak."""

from __future__ import annotations

from engine.core import Event
from engine.rivals.actions import TargetDrone
from engine.rivals.effects import ON_ANY_BODY, front, on_body
from engine.rivals.queries import drone_name, enemy_shield
from engine.rivals.rules.combat import design, mod_total, pierces
from engine.rivals.state import RivalsState, Task

# Effects that act on the target itself: a drone answers to those of ON_ANY_BODY, and the rest
# (wounds, HP loss, poison, discards, a step toward it, a leap to it) pass it by.
ON_TARGET = frozenset(
    {"wound", "hploss", "poison", "m_poison", "pull", "push", "approach", "leap", "breakshield"}
    | {"strip", "steal", "discard", "counter"}
)


def aim(s: RivalsState, drone: int) -> list[Event]:
    """The card is aimed at `drone`: its resolution is one step (see task_hit)."""
    s.p_drone = drone
    s.p_hex = s.drones[drone].pos
    return [Event(f"{design(s).name} is aimed at {drone_name(s, drone)}.", kind="target")]


def task_hit(s: RivalsState, t: Task) -> list[Event]:
    """A card on a drone: the shield on its hex takes the first salvo, then every effect is
    queued in order, those on the target for the drone."""
    seat, drone = t.seat, t.a
    c = design(s)
    h = s.drones[drone].pos
    ev: list[Event] = [Event(f"{c.name} hits {drone_name(s, drone)}: a drone takes no damage.")]
    salvos = c.salvos + mod_total(s, "m_salvo")
    if h >= 0 and salvos > 0 and enemy_shield(s, h, seat) and s.ashaks[seat].pos != h and not pierces(s):
        s.shield[h] = -1
        ev.append(Event(f"The shield on hex {h} absorbs a salvo of {c.name} and breaks.", kind="shield"))
    tasks = []
    for e in c.auto + (c.optional if s.p_opt >= 0 else ()):
        if e.kind not in ON_TARGET:
            tasks.append(Task("eff", seat, -1, s.p_card, k=e.kind, n=e.n))
        elif e.kind in ON_ANY_BODY:
            tasks.append(Task("droneeff", seat, drone, s.p_card, k=e.kind, n=e.n))
    front(s, *tasks)
    return ev


def task_effect(s: RivalsState, t: Task) -> list[Event]:
    """One effect of the card on the drone `t.a` (while it stands on the Wildtech)."""
    b = s.drones[t.a]
    return on_body(s, t.seat, b, t.k, t.n, t.b) if b.pos >= 0 else []


TARGET_DRONE: tuple[TargetDrone, ...] = tuple(TargetDrone(o) for o in range(2))
