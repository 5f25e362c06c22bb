"""What card effects do. `apply_effect` runs one effect of the vocabulary (data.cards) for
`owner`, aimed at `target` when it has one. Effects that need a choice (a destination, cards to
uninstall, a shield to drop, a free physical card) queue a decision task at the front of the
queue; rules.flow turns it into a prompt."""

from __future__ import annotations

from engine.core import Event
from engine.core.words import count
from engine.rivals.data.board import LAKE, LAKE_LOSS, SHIELD_LIMIT, TILE_OF
from engine.rivals.data.catalog import CARD, INTERFACE_IDS
from engine.rivals.data.events import EVENT_KEYS
from engine.rivals.rules.board import (
    forced_steps,
    hex_type,
    move_targets,
    shields_of,
    step_cost,
    teleport_targets,
)
from engine.rivals.rules.common import (
    charge,
    draw,
    gain_tokens,
    heal,
    lose_hp,
    name,
    remove_token,
    who,
    wound,
)
from engine.rivals.state import RivalsState, Task

IFACE_SET = frozenset(INTERFACE_IDS)


def front(s: RivalsState, *tasks: Task) -> None:
    s.tasks[0:0] = list(tasks)


def raise_shield(s: RivalsState, seat: int) -> list[Event]:
    """A shield under the seat's Ashak; a third one waits for the seat to drop one of two."""
    h = s.ashaks[seat].pos
    mine = shields_of(s, seat)
    if s.shield[h] == seat:
        return [Event(f"{who(s, seat)} renews the shield on its hex.")]
    if len(mine) >= SHIELD_LIMIT:
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
        return gain_tokens(s, owner, n)
    if kind == "crystal":
        s.ashaks[owner].crystals += n
        return [Event(f"{who(s, owner)} gains {count(n, 'crystal')}.")]
    if kind == "resin":
        s.ashaks[owner].resins += n
        return [Event(f"{who(s, owner)} gains {count(n, 'resin')}.")]
    if kind == "shield":
        return raise_shield(s, owner)
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
    if kind in ("pull", "push", "approach"):
        mover = owner if kind == "approach" else target
        ref = target if kind == "approach" else owner
        front(s, Task("step", mover, ref, card, k=kind, n=n))
        return []
    if kind == "leap":
        return teleport_to(s, owner, s.ashaks[target].pos, no_lake=False)
    if kind == "breakshield":
        h = s.ashaks[target].pos
        if s.shield[h] >= 0:
            s.shield[h] = -1
            return [Event(f"The shield on hex {h} breaks.")]
        return []
    if kind in ("strip", "steal"):
        ev = []
        for _ in range(n):
            if not remove_token(s, target):
                break
            ev.append(Event(f"{who(s, target)} loses an anticipation token."))
            if kind == "steal":
                ev += gain_tokens(s, owner, 1)
        return ev
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


def teleport_to(s: RivalsState, seat: int, h: int, no_lake: bool) -> list[Event]:
    s.ashaks[seat].pos = h
    ev = [Event(f"{who(s, seat)} teleports to hex {h}.", kind="move")]
    if hex_type(s, h) == LAKE and not no_lake and not calm(s):
        ev += lose_hp(s, seat, LAKE_LOSS, -1, "a lake")
    return ev


def calm(s: RivalsState) -> bool:
    return s.event >= 0 and EVENT_KEYS[s.event] == "calm"


def step_options(s: RivalsState, kind: str, mover: int, ref: int, left: int) -> list[int]:
    """Where `mover` may go next for a step effect (ref: the other Ashak or -1)."""
    here = s.ashaks[mover].pos
    if kind == "move":
        return move_targets(s, mover, here, left)
    if kind == "teleport":
        return teleport_targets(s, here, left)
    there = s.ashaks[ref].pos if ref >= 0 else -1
    if there < 0:
        return []
    return forced_steps(s, mover, here, there, kind, left)


def tile_of(h: int) -> int:
    return TILE_OF[h]


def charge_for(s: RivalsState, seat: int, n: int) -> None:
    charge(s, seat, n)


def do_step(s: RivalsState, t: Task, h: int) -> list[Event]:
    """Carry out one step decision `t` to hex `h` (see rules.flow.step)."""
    mover = t.seat
    if t.k == "teleport":
        abyss = t.b >= 0 and CARD[t.b].key == "abyss"
        return teleport_to(s, mover, h, no_lake=abyss)
    frm = s.ashaks[mover].pos
    shoved = t.k in ("push", "pull")
    cost = step_cost(s, mover, h)
    ev: list[Event] = []
    if shoved and s.shield[frm] >= 0:
        whose = "its shield" if s.shield[frm] == mover else f"the shield on hex {frm}"
        s.shield[frm] = -1
        ev.append(Event(f"{who(s, mover)} is dragged out of {whose}, which breaks."))
    s.ashaks[mover].pos = h
    ev.append(Event(f"{who(s, mover)} is moved to hex {h}.", kind="move"))
    if shoved and cost == 2:  # forced through an opposing shield (Storm Waver, Nautiblitz)
        s.shield[h] = -1
        ev.append(Event(f"The shield on hex {h} breaks as {who(s, mover)} is forced into it."))
    if hex_type(s, h) == LAKE:
        if not calm(s):
            cause = s.p_seat if shoved else -1
            ev += lose_hp(s, mover, LAKE_LOSS, cause, "a lake")
        return ev  # a lake ends the movement
    if t.k != "move" and t.n > cost:
        s.tasks.insert(0, Task("step", t.seat, t.a, t.b, k=t.k, n=t.n - cost))
    return ev
