"""What card effects do. `apply_effect` runs one effect of the vocabulary (data.cards) for
`owner`, aimed at `target` when it has one. Effects that need a choice (a destination, cards to
uninstall, a shield to drop, a free physical card) queue a decision task at the front of the
queue; rules.flow turns it into a prompt."""

from __future__ import annotations

import attrs

from engine.core import Event
from engine.core.words import count
from engine.rivals.data.board import LAKE, LAKE_LOSS, SHIELD_LIMIT
from engine.rivals.data.catalog import CARD, INTERFACE_IDS
from engine.rivals.data.events import EVENT_KEYS
from engine.rivals.queries import body_name, hex_type, name, shields_of, who
from engine.rivals.rules.board import forced_steps, move_targets, step_cost, teleport_targets
from engine.rivals.rules.common import draw, gain_tokens, heal, lose_hp, take_tokens, wound
from engine.rivals.state import AshakBody, Body, DroneBody, RivalsState, Task

IFACE_SET = frozenset(INTERFACE_IDS)


def front(s: RivalsState, *tasks: Task) -> None:
    s.tasks[0:0] = list(tasks)


def raise_shield(s: RivalsState, b: Body) -> list[Event]:
    """A shield under a body, its player's (a drone's counts in its owner's two); a third one
    waits for the player to drop one of the two."""
    seat, h = b.seat, b.pos
    if s.shield[h] == seat:
        return [Event(f"{body_name(s, b)} renews the shield on its hex.")]
    if len(shields_of(s, seat)) >= SHIELD_LIMIT:
        front(s, Task("dropshield", seat, h))
        return []
    return place_shield(s, seat, h)


def place_shield(s: RivalsState, seat: int, h: int) -> list[Event]:
    ev = []
    if s.shield[h] >= 0:
        ev.append(Event(f"The shield already on hex {h} breaks."))
    s.shield[h] = seat
    ev.append(Event(f"{who(s, seat)} raises a shield on hex {h}.", kind="shield"))
    return ev


def install_top(s: RivalsState, seat: int) -> list[Event]:
    """Install the top card of the interface deck into the seat's hand."""
    if not s.iface_deck:
        refill_interface(s)
    if not s.iface_deck:
        return []
    c = s.iface_deck.pop()
    s.hand[seat].append(c)
    return [
        Event(
            f"You install {name(c)} from the top of the interface deck.", seat=seat, to=(seat,), reveal=True
        ),
        Event(
            f"{who(s, seat)} installs the top interface card.",
            seat=seat,
            to=tuple(o for o in range(s.seats) if o != seat),
        ),
    ]


def refill_interface(s: RivalsState) -> None:
    if not s.iface_deck and s.iface_discard:
        s.iface_deck = s.iface_discard
        s.iface_discard = []
        s.rng.shuffle(s.iface_deck)


def apply_effect(
    s: RivalsState, owner: int, target: int, kind: str, n: int, card: int, hp_then: int = -1
) -> list[Event]:
    """One effect. `target` is the aimed-at seat (-1 when none); `card` the card (or -1);
    `hp_then` the target's HP before the attack, for the wounds of the card being played."""
    if not s.ashaks[owner].alive:
        return []
    if kind == "draw":
        return draw(s, owner, n)
    if kind == "heal":
        return heal(s, owner, n)
    if kind == "anticip":
        return gain_tokens(s, s.ashaks[owner], n)
    if kind == "crystal":
        s.ashaks[owner].crystals += n
        return [Event(f"{who(s, owner)} gains {count(n, 'crystal')}.")]
    if kind == "resin":
        s.ashaks[owner].resins += n
        return [Event(f"{who(s, owner)} gains {count(n, 'resin')}.")]
    if kind == "shield":
        return raise_shield(s, s.ashaks[owner])
    if kind in ("move", "teleport"):
        front(s, Task("step", owner, -1, card, k=kind, n=n))
        return []
    if kind == "ap":
        s.ap += n
        return [Event(f"{who(s, owner)} gains {n} AP.")]
    if kind == "selfloss":
        return lose_hp(s, owner, n, -1, "its own card")
    if kind == "install_top":
        return install_top(s, owner)
    if kind == "uninstall":
        front(s, Task("uninstall", owner, n=n))
        return []
    if kind == "freephys":
        s.free_ap += 1  # offered once the card that granted it has left play
        return []
    if target < 0 or not s.ashaks[target].alive:
        return []
    why = CARD[card].name if card >= 0 else "an effect"
    if kind == "wound":
        return wound(s, target, n, owner, why, hp_then)
    if kind == "hploss":
        return lose_hp(s, target, n, owner, why)
    if kind in ("poison", "m_poison"):
        if target == owner:
            return []
        s.ashaks[target].poison.extend([owner] * n)
        return [Event(f"{who(s, target)} is poisoned by {who(s, owner)} ({n}).")]
    if kind == "approach":
        front(s, Task("step", owner, target, card, k=kind, n=n))
        return []
    if kind == "leap":
        return teleport_to(s, owner, s.ashaks[target].pos, no_lake=False)
    if kind in ON_ANY_BODY:
        return on_body(s, owner, s.ashaks[target], kind, n, card)
    if kind == "discard":
        ev = []
        for _ in range(n):
            hand = s.hand[target]
            if not hand:
                break
            c = hand.pop(s.rng.below(len(hand)))
            s.discard[target].append(c)
            ev.append(Event(f"{who(s, target)} discards {CARD[c].name} at random.", reveal=True))
        return ev
    if kind == "counter":
        return wound(s, target, n, owner, "a counter-attack")
    return []


# Effects on the target that act on a drone as on an Ashak: moving it, breaking the shield it
# stands on, taking its tokens.
ON_ANY_BODY = frozenset({"push", "pull", "breakshield", "strip", "steal"})


def on_body(s: RivalsState, owner: int, b: Body, kind: str, n: int, card: int) -> list[Event]:
    """An effect of `owner`'s card on the body it is aimed at, one of ON_ANY_BODY."""
    if kind in ("push", "pull"):  # forced away from the card's player, or toward it
        front(s, Task("step", b.seat, owner, card, k=kind, n=n, drone=isinstance(b, DroneBody)))
        return []
    if kind == "breakshield":
        h = b.pos
        if s.shield[h] >= 0:
            s.shield[h] = -1
            return [Event(f"The shield on hex {h} breaks.")]
        return []
    return take_tokens(s, owner, b, n, steal=kind == "steal")


def teleport_to(s: RivalsState, seat: int, h: int, no_lake: bool) -> list[Event]:
    s.ashaks[seat].pos = h
    ev = [Event(f"{who(s, seat)} teleports to hex {h}.", kind="move")]
    if hex_type(s, h) == LAKE and not no_lake and not calm(s):
        ev += lose_hp(s, seat, LAKE_LOSS, -1, "a lake")
    return ev


def calm(s: RivalsState) -> bool:
    return s.event >= 0 and EVENT_KEYS[s.event] == "calm"


def stepping(s: RivalsState, t: Task) -> Body:
    """The body a step task moves: the seat's Ashak, or its drone."""
    return s.drones[t.seat] if t.drone else s.ashaks[t.seat]


def step_options(s: RivalsState, t: Task) -> list[int]:
    """Where the body of step task `t` may go next: a move or teleport of up to `t.n` hexes, or
    one forced step of a push, pull or approach (`t.a` the other Ashak)."""
    here = stepping(s, t).pos
    if t.k == "move":
        return move_targets(s, t.seat, here, t.n)
    if t.k == "teleport":
        return teleport_targets(s, here, t.n)
    there = s.ashaks[t.a].pos if t.a >= 0 else -1
    if there < 0:
        return []
    return forced_steps(s, t.seat, here, there, t.k, t.n)


def do_step(s: RivalsState, t: Task, h: int) -> list[Event]:
    """Carry out one step decision `t` to hex `h` (see rules.flow.step), for an Ashak or a drone
    alike: a lake ends the movement (only an Ashak loses HP there)."""
    mover = t.seat
    if t.k == "teleport":
        abyss = t.b >= 0 and CARD[t.b].key == "abyss"
        return teleport_to(s, mover, h, no_lake=abyss)
    b = stepping(s, t)
    called = body_name(s, b)
    frm = b.pos
    shoved = t.k in ("push", "pull")
    cost = step_cost(s, mover, h)
    ev: list[Event] = []
    if shoved and s.shield[frm] >= 0:
        whose = "its shield" if s.shield[frm] == mover else f"the shield on hex {frm}"
        s.shield[frm] = -1
        ev.append(Event(f"{called} is dragged out of {whose}, which breaks."))
    b.pos = h
    ev.append(Event(f"{called} is moved to hex {h}.", kind="move"))
    if shoved and cost == 2:  # forced through an opposing shield (Storm Waver, Nautiblitz)
        s.shield[h] = -1
        ev.append(Event(f"The shield on hex {h} breaks as {called} is forced into it."))
    if hex_type(s, h) == LAKE:
        if isinstance(b, AshakBody) and not calm(s):
            cause = s.p_seat if shoved else -1
            ev += lose_hp(s, mover, LAKE_LOSS, cause, "a lake")
        return ev  # a lake ends the movement
    if t.k != "move" and t.n > cost:
        s.tasks.insert(0, attrs.evolve(t, n=t.n - cost))
    return ev
