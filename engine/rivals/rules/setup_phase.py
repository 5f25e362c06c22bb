"""The set-up decisions: choosing Ashaks, keeping a guild, placing the Ashak tokens."""

from __future__ import annotations

from engine.core import Event
from engine.rivals.actions import CHOOSE_ASHAK, PLACE_ASHAK, ChooseAshak, KeepGuild, PlaceAshak
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.board import STARTING_TILES, TILE_HEXES, TILE_OF
from engine.rivals.queries import clockwise, name, who
from engine.rivals.setup import equip, first_player_rolls
from engine.rivals.state import RivalsState, Task

Option = tuple[object, str | None]


def ashak_options(s: RivalsState, seat: int) -> list[Option]:
    taken = {b.kind for b in s.ashaks}
    return [
        (CHOOSE_ASHAK[a], None if a not in taken else f"{ASHAKS[a].name} is already taken.")
        for a in range(len(ASHAKS))
    ]


def ashak_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, ChooseAshak)
    equip(s, seat, a.ashak)
    ev = [Event(f"{who(s, seat)} chooses {ASHAKS[a.ashak].name}.", seat=seat)]
    left = [o for o in s.pick_order if s.ashaks[o].kind < 0]
    if left:
        s.actor = left[0]
        return ev
    if s.setup_mode != "competition":
        first_player_rolls(s)
    rolls = ", ".join(f"{who(s, o)} {s.rolls[o]}" for o in range(s.seats))
    ev.append(Event(f"First player rolls: {rolls}. {who(s, s.first)} starts.", kind="dice", reveal=True))
    s.pick_order = list(clockwise(s, s.first))
    s.phase, s.actor = "guild", s.pick_order[0]
    return ev


def guild_options(s: RivalsState, seat: int) -> list[Option]:
    return [(KeepGuild(c), None) for c in s.guild_offer[seat]]


def guild_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, KeepGuild)
    s.guild[seat] = a.card
    s.box.extend(c for c in s.guild_offer[seat] if c != a.card)
    s.guild_offer[seat] = []
    ev = [Event(f"{who(s, seat)} keeps the guild {name(a.card)}.", seat=seat)]
    left = [o for o in s.pick_order if s.guild[o] < 0]
    if left:
        s.actor = left[0]
    else:
        s.phase, s.actor = "place", s.pick_order[0]
    return ev


def place_options(s: RivalsState, seat: int) -> list[Option]:
    used = {TILE_OF[s.ashaks[o].pos] for o in range(s.seats) if s.ashaks[o].pos >= 0}
    return [
        (PLACE_ASHAK[h], None)
        for t in STARTING_TILES
        if s.revealed[t] and t not in used
        for h in TILE_HEXES[t]
    ]


def place_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, PlaceAshak)
    s.ashaks[seat].pos = a.hex
    ev = [Event(f"{who(s, seat)} enters the Wildtech on hex {a.hex}.", seat=seat, kind="move")]
    if s.drone_mode:  # its drone follows, on the same tile
        s.phase = "dplace"
        return ev
    return ev + after_placing(s)


def after_placing(s: RivalsState) -> list[Event]:
    """The next seat places, or the first round begins."""
    left = [o for o in s.pick_order if s.ashaks[o].pos < 0]
    s.phase = "place"
    if left:
        s.actor = left[0]
        return []
    s.phase, s.actor = "idle", -1
    s.tasks.append(Task("round_start"))
    return []
