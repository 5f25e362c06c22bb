"""Keyed card behaviour that does not fit the effect vocabulary: Renko's Flashers (Swarm of
Flashers, Acceleration Drone, the Flashers ultimate) and Sylva's Spore Bloom."""

from __future__ import annotations

from engine.core import Event
from engine.core.words import count
from engine.rivals.data.catalog import CARD
from engine.rivals.geometry import DIST
from engine.rivals.queries import FLASHER_SET, who
from engine.rivals.rules.combat import design
from engine.rivals.rules.common import draw, wound
from engine.rivals.state import RivalsState, Task


def keyed_flashers(s: RivalsState, renko: int, target: int) -> list[Event]:
    """Renko's ultimate: +1 range this turn, a Flasher to the target's slot, all Flashers of its
    deck pulled there, then its discard shuffled into its deck."""
    s.range_bonus[renko] += 1
    ev = [Event(f"{who(s, renko)} unleashes Flashers on {who(s, target)}.")]
    if not s.ashaks[target].alive:
        return ev
    if s.extra:
        s.temps[target].append(s.extra.pop())
        s.temp_until[target].append(2)
    found = [c for c in s.deck[target] if c in FLASHER_SET]
    for c in found:
        s.deck[target].remove(c)
        s.temps[target].append(c)
        s.temp_until[target].append(2)
    s.deck[target].extend(s.discard[target])
    s.discard[target] = []
    s.rng.shuffle(s.deck[target])
    active = sum(1 for c in s.temps[target] if c in FLASHER_SET)
    ev.append(Event(f"{who(s, target)} has {count(active, 'Flasher')} active."))
    return ev


def task_keyed(s: RivalsState, t: Task) -> list[Event]:
    c = design(s)
    seat = t.seat
    ev: list[Event] = []
    if c.key == "swarm":
        for target in (s.p_target, s.p_target2):
            if target >= 0 and s.extra and s.ashaks[target].alive:
                s.deck[target].append(s.extra.pop())
                s.rng.shuffle(s.deck[target])
                ev.append(Event(f"A Flasher is shuffled into the deck of {who(s, target)}."))
    elif c.key == "accel":
        ev += accelerate(s, seat, s.p_target)
    elif c.key == "flashers":
        ev += keyed_flashers(s, seat, s.p_target)
    elif c.key == "spores":
        for o in range(s.seats):
            if o != seat and s.ashaks[o].alive and DIST[s.ashaks[seat].pos][s.ashaks[o].pos] <= 3:
                s.ashaks[o].poison.extend([seat, seat])
                ev.append(Event(f"{who(s, o)} is poisoned twice by the spores."))
    return ev


def accelerate(s: RivalsState, renko: int, target: int) -> list[Event]:
    shown: list[int] = []
    deck = s.deck[target]
    while len(shown) < 3:
        if not deck:
            if not s.discard[target]:
                break
            deck.extend(s.discard[target])
            s.discard[target] = []
            s.rng.shuffle(deck)
        shown.append(deck.pop())
    names = ", ".join(CARD[c].name for c in shown) or "nothing"
    ev = [Event(f"{who(s, target)} reveals {names}.", reveal=True)]
    flash = [c for c in shown if c in FLASHER_SET]
    rest = [c for c in shown if c not in FLASHER_SET]
    for c in reversed(rest):
        deck.append(c)
    for c in flash:
        s.temps[target].append(c)
        s.temp_until[target].append(2)
    if flash:
        ev += wound(s, target, 1, renko, "the Acceleration Drone")
    else:
        ev += draw(s, renko, 1)
    return ev
