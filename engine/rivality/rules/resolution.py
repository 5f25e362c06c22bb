"""The part of a turn that runs by itself: spells are cast from the queue, an over-full tile is
cut back to five golems, then (expert) delayed spells fire and sieges are settled, then the turn
ends. `resume` runs until the turn is over or the rules give someone a decision (whose golem
goes at the limit, or the order of several delayed spells of one side).

`s.stage` says where the turn stands; each stage has a handler in `_STAGES` that returns True
to keep resolving or False to stop (a decision is pending or the turn is over)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event
from engine.rivality.data import EDGE_NAMES, SPELLS
from engine.rivality.effects import cast, cut
from engine.rivality.geometry import QUEUE_ORDER
from engine.rivality.queries import seat_for
from engine.rivality.rules.flow import end_turn, exhausted, solo_end_turn
from engine.rivality.rules.sieges import settle_sieges
from engine.rivality.state import RivalityState
from engine.rivality.texts import tile_name, where


def resume(s: RivalityState, ev: list[Event]) -> None:
    """Resolve until a decision is needed or the turn (or the game) is over."""
    s.phase = "resolve"
    while True:
        if s.cut_cell >= 0:
            if not cut(s, ev):
                s.phase = "remove"
                s.actor = seat_for(s, s.caster) if s.mode == "duel" else 0
                return
            if exhausted(s, s.caster, ev):
                return
            continue
        if s.queue:
            cast(s, s.queue.pop(), s.caster, s.stage == "delayed", ev)
            if s.cut_cell < 0 and exhausted(s, s.caster, ev):
                return
            continue
        handler = _STAGES.get(s.stage)
        if handler is None or not handler(s, ev):
            return


def _after_own_spells(s: RivalityState, ev: list[Event]) -> bool:
    s.stage = "delayed"
    if s.expert:
        _gather_delayed(s, ev)
    return True


def _delayed_spells(s: RivalityState, ev: list[Event]) -> bool:
    """Fire the next side's delayed spells (asking that side for the order when it has several);
    when none are left, settle sieges and end the turn."""
    if s.delayed:
        side = s.ctrl[s.delayed[0] >> 2]
        group = [r for r in s.delayed if s.ctrl[r >> 2] == side]
        s.caster = side
        if len(group) > 1:
            s.phase = "delayed"
            s.actor = seat_for(s, side)
            return False
        s.delayed.remove(group[0])
        s.queue = [group[0]]
        return True
    if s.expert and settle_sieges(s, ev):
        return False
    end_turn(s, ev)
    return False


def _after_souramoun(s: RivalityState, ev: list[Event]) -> bool:
    """Solo: your spells follow Souramoun's only if you still hold your magician's tile."""
    s.stage = "mine"
    m = s.mage[0]
    if s.ctrl[m] == 0:
        s.caster = 0
        s.queue = [m * 4 + e for e in QUEUE_ORDER[s.tile[m]][s.rot[m]]]
    else:
        ev.append(Event("You no longer control your magician's tile: your spells are not cast."))
    return True


def _after_mine(s: RivalityState, ev: list[Event]) -> bool:
    solo_end_turn(s, ev)
    return False


_STAGES: dict[str, Callable[[RivalityState, list[Event]], bool]] = {
    "own": _after_own_spells,
    "delayed": _delayed_spells,
    "souramoun": _after_souramoun,
    "mine": _after_mine,
}


def _gather_delayed(s: RivalityState, ev: list[Event]) -> None:
    """Expert: every spell of the battlefield aimed at the square just laid, in the order they
    fire: sides in turn order after the player who laid it, that player last. Spells of
    contested tiles never fire."""
    p = s.pos[s.placed]
    found: list[tuple[int, int, int]] = []  # (turn-order rank, cell, ref)
    active = s.side_of[s.turn]
    for c in range(len(s.pos)):
        if c == s.placed:
            continue
        for e, off, *_ in SPELLS[s.tile[c]][s.rot[c]]:
            if s.pos[c] + off != p:
                continue
            k = s.ctrl[c]
            if k < 0:
                name = f"{EDGE_NAMES[e]} spell of the contested {tile_name(s.tile[c])}"
                ev.append(Event(f"The delayed {name} at {where(s, s.pos[c])} never fires."))
                continue
            rank = (k - active - 1) % s.sides
            found.append((rank, c, c * 4 + e))
    found.sort()
    s.delayed = [r for _, _, r in found]
