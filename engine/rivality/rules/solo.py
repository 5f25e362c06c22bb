"""Solo: your magician moves (bringing a golem), Souramoun answers on the mirror tile (bringing
its own and casting its spells first), then your tile's spells follow if you still hold it."""

from __future__ import annotations

from engine.core import Event
from engine.rivality.data import LIMIT
from engine.rivality.effects import reveal, settle_control
from engine.rivality.geometry import QUEUE_ORDER, SOLO_MIRROR
from engine.rivality.rules.flow import exhausted
from engine.rivality.rules.resolution import resume
from engine.rivality.state import RivalityState
from engine.rivality.texts import tile_name, where


def move_magician(s: RivalityState, p: int, ev: list[Event]) -> None:
    c = s.at[p]
    entering = s.mage[0] < 0
    s.reach = []
    reveal(s, c, ev)
    s.mage[0] = c
    s.placed = c
    s.golems[c * 3] += 1
    s.supply[0] -= 1
    s.ctrl[c] = 0
    how = "enters the battlefield" if entering else "moves"
    ev.append(
        Event(
            f"Your magician {how} to the {tile_name(s.tile[c])} at {where(s, p)} with a golem.", 0, kind="lay"
        )
    )
    if exhausted(s, 0, ev):
        return
    _souramoun_follows(s, SOLO_MIRROR[c], ev)


def _souramoun_follows(s: RivalityState, m: int, ev: list[Event]) -> None:
    reveal(s, m, ev)
    s.mage[1] = m
    s.golems[m * 3 + 1] += 1
    s.supply[1] -= 1
    ev.append(
        Event(
            f"Souramoun mirrors you to the {tile_name(s.tile[m])} at {where(s, s.pos[m])} with a golem.",
            kind="lay",
        )
    )
    s.caster = 1
    s.stage = "souramoun"
    s.queue = [m * 4 + e for e in QUEUE_ORDER[s.tile[m]][s.rot[m]]]
    b = m * 3
    total = s.golems[b] + s.golems[b + 1] + s.golems[b + 2]
    if total > LIMIT:
        # Its arrival golem took the tile over five: the limit runs first, with Souramoun active.
        s.cut_cell = m
        s.cut_left = total - LIMIT
    else:
        settle_control(s, m, ev)
        if exhausted(s, 1, ev):
            return
    resume(s, ev)
