"""Cards aimed at a drone (drone mode): any card aimed at an opponent may be aimed at a drone,
allied or opposing, within its range (and sight, for a physical card). A drone takes no damage
and charges no ultimate, but what the card does besides damage still happens to it: the first
salvo breaks a shield on its hex (not the player's own), pushes and pulls move it, token thefts
take its tokens; the player's own gains (draws, resources...) come as usual."""

from __future__ import annotations

from engine.core import Event, count
from engine.rivals.actions import TargetDrone
from engine.rivals.data.board import LAKE
from engine.rivals.drone import drone_name
from engine.rivals.effects import apply_effect
from engine.rivals.rules.board import enemy_shield, forced_steps, hex_type, step_cost
from engine.rivals.rules.combat import design, mod_total, pierces
from engine.rivals.rules.common import gain_tokens, token_room, who
from engine.rivals.rules.targeting import drone_targets
from engine.rivals.state import RivalsState, Task

# Effects that act on the target itself; a drone answers to these few, the rest pass it by.
ON_TARGET = frozenset(
    {"wound", "hploss", "poison", "m_poison", "pull", "push", "approach", "leap", "breakshield"}
    | {"strip", "steal", "discard", "counter"}
)


def target_options(s: RivalsState, seat: int, extra: int) -> list[tuple[object, str | None]]:
    return [(TARGET_DRONE[o], None) for o in drone_targets(s, seat, design(s), extra)]


def aim(s: RivalsState, drone: int) -> list[Event]:
    """The card is aimed at `drone`: its resolution is one step (see task_hit)."""
    s.p_drone = drone
    s.p_hex = s.drones[drone].pos
    return [Event(f"{design(s).name} is aimed at {drone_name(s, drone)}.", kind="target")]


def task_hit(s: RivalsState, t: Task) -> list[Event]:
    """A card on a drone: the shield on its hex takes the first salvo, then every effect runs,
    those on the target applied to the drone."""
    seat, drone = t.seat, t.a
    c = design(s)
    h = s.drones[drone].pos
    ev: list[Event] = [Event(f"{c.name} hits {drone_name(s, drone)}: a drone takes no damage.")]
    salvos = c.salvos + mod_total(s, "m_salvo")
    if h >= 0 and salvos > 0 and enemy_shield(s, h, seat) and s.ashaks[seat].pos != h and not pierces(s):
        s.shield[h] = -1
        ev.append(Event(f"The shield on hex {h} absorbs a salvo of {c.name} and breaks.", kind="shield"))
    effs = c.auto + (c.optional if s.p_opt >= 0 else ())
    for e in effs:
        if e.kind in ON_TARGET:
            ev += on_drone(s, seat, drone, e.kind, e.n)
        else:
            ev += apply_effect(s, seat, -1, e.kind, e.n, s.p_card)
    return ev


def on_drone(s: RivalsState, seat: int, drone: int, kind: str, n: int) -> list[Event]:
    h = s.drones[drone].pos
    if h < 0:
        return []
    if kind in ("push", "pull"):
        return shove(s, seat, drone, kind, n)
    if kind == "breakshield" and s.shield[h] >= 0:
        s.shield[h] = -1
        return [Event(f"The shield on hex {h} breaks.")]
    if kind in ("strip", "steal"):
        k = min(n, s.drones[drone].tokens)
        if not k:
            return []
        s.drones[drone].tokens -= k
        ev = [Event(f"{drone_name(s, drone)} loses {count(k, 'anticipation token')}.")]
        if kind == "steal":
            if drone == seat:  # from one's own drone: the tokens simply come home
                s.drones[drone].tokens += k - min(k, token_room(s, seat))
            ev += gain_tokens(s, seat, k)
        return ev
    return []  # wounds, HP loss, poison, discards: a drone has none of these


def shove(s: RivalsState, seat: int, drone: int, kind: str, n: int) -> list[Event]:
    """Push (away from the card's player) or pull (toward) the drone hex by hex, under the
    movement rules as an Ashak's forced step; where several hexes are as good, the
    lowest-numbered one (a drone's step is the only case)."""
    ev: list[Event] = []
    src = s.ashaks[seat].pos
    left = n
    while left > 0:
        h = s.drones[drone].pos
        ok = forced_steps(s, drone, h, src, kind, left)
        if not ok:
            break
        to = min(ok)
        cost = step_cost(s, drone, to)
        if s.shield[h] >= 0 and s.shield[h] != drone:
            s.shield[h] = -1  # dragged out through an opposing shield: it breaks
            ev.append(Event(f"The shield on hex {h} breaks."))
        s.drones[drone].pos = to
        ev.append(Event(f"{drone_name(s, drone)} is moved to hex {to} by {who(s, seat)}.", kind="move"))
        if cost == 2:  # forced into an opposing shield, which takes the rest of the push
            s.shield[to] = -1
            ev.append(Event(f"The shield on hex {to} breaks as {drone_name(s, drone)} is forced into it."))
        if hex_type(s, to) == LAKE:
            break  # a lake ends the movement (a drone loses nothing there)
        left -= cost
    return ev


TARGET_DRONE: tuple[TargetDrone, ...] = tuple(TargetDrone(o) for o in range(2))
