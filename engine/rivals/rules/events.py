"""Instant events (phase 7). Lasting events are read where they apply (combat, moves,
collects, draws) through `combat.event_on`."""

from __future__ import annotations

from engine.core import Event
from engine.rivals.data.board import FOREST, LAKE, TILE_OF
from engine.rivals.geometry import NEIGHBOURS
from engine.rivals.queries import alive_seats, hex_type
from engine.rivals.rules.board import reveal
from engine.rivals.rules.common import gain_tokens, heal, lose_hp
from engine.rivals.state import RivalsState


def instant_event(s: RivalsState, key: str) -> list[Event]:
    ev: list[Event] = []
    living = alive_seats(s)
    if key == "supply":
        for o in living:
            s.ashaks[o].crystals += 1
            s.ashaks[o].resins += 1
    elif key == "tremor":
        for o in living:
            if hex_type(s, s.ashaks[o].pos) == LAKE:
                ev += lose_hp(s, o, 2, -1, "the tremor")
    elif key == "ionstorm":
        s.shield = [-1] * len(s.shield)
    elif key == "underdog":
        low = min(s.ashaks[o].rp for o in living)
        for o in living:
            if s.ashaks[o].rp == low:
                ev += gain_tokens(s, s.ashaks[o], 1)
    elif key == "rain":
        s.drought = [0] * len(s.drought)
    elif key == "patron":
        if not s.sponsor[0] and s.sponsors_left > 0:
            s.sponsor[0] = 2
            s.sponsors_left -= 1
            ev.append(Event("An active sponsor lands on the Volcano."))
    elif key == "spring":
        for o in living:
            ev += heal(s, o, 2)
    elif key == "survey":
        for o in living:
            for n in NEIGHBOURS[s.ashaks[o].pos]:
                t = TILE_OF[n]
                if not s.fallen[t]:
                    ev += reveal(s, t)
    elif key == "tax":
        for o in living:
            if s.ashaks[o].crystals:
                s.ashaks[o].crystals -= 1
            if s.ashaks[o].resins:
                s.ashaks[o].resins -= 1
        ev.append(Event("Every Ashak pays its tax."))
    elif key == "spores":
        for o in living:
            if s.ashaks[o].alive and hex_type(s, s.ashaks[o].pos) == FOREST:
                ev += lose_hp(s, o, 1, -1, "toxic spores")
    return ev
