"""Words the Rivals board draws: short button labels, one-line summaries of an Ashak, and the
full texts of a hex, a card and a player for the detail panel. Everything is read from the
seat's view; nothing here decides a rule. No Textual import."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import name_seats, seat_label
from engine.core.words import count
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.board import (
    TILE_ERA,
    TILE_HEXES,
    TILE_OF,
    VOLCANO_TILE,
    ZONE_CARDS,
)
from engine.rivals.data.cards import card_text
from engine.rivals.data.catalog import CARD, ULTIMATES
from engine.rivals.data.events import EVENTS
from engine.rivals.drone import schedule
from engine.rivals.geometry import DIST
from engine.rivals.queries import hex_type
from engine.rivals.rules.targeting import Reach, ashak_targets, hex_targets, max_range, needs_sight
from engine.rivals.state import RivalsState
from engine.rivals.texts import card_line, label

DROUGHT = ("", "yellow drought token", "green drought token")
SPONSOR = ("", "an inactive sponsor", "an active sponsor")


def ashak_name(v: RivalsState, seat: int) -> str:
    a = v.ashaks[seat].kind if seat < len(v.ashaks) else -1
    return ASHAKS[a].name if a >= 0 else "no Ashak yet"


def gauge(v: RivalsState, seat: int) -> int:
    a = v.ashaks[seat].kind
    return ASHAKS[a].gauge if a >= 0 else 0


def falling_tiles(v: RivalsState) -> set[int]:
    """Tiles that may fall at the end of this round: those some unseen zone card of this round's
    era drops (public: which zone cards are already shown). Empty when no zone card comes."""
    r = v.round
    reveals, eras = schedule(v)
    if v.drone_mode and r == 1:  # drone mode: the starting tiles go after the first round
        return {t for t in range(6) if not v.fallen[t]}
    if r < 1 or r > len(reveals) or not reveals[r - 1]:
        return set()
    era = eras[r - 1]
    shown = set(v.zones_shown)
    out: set[int] = set()
    for z in ZONE_CARDS:
        if z.era == era and z.id not in shown:
            out.update(t for t in z.drops if not v.fallen[t])
    return out


def zone_draw(v: RivalsState) -> str:
    """What falls at the end of this round, as a clause: how many zone cards are drawn out of the
    era's unseen ones. The ▾ marks every tile any of those cards drops, many more than go, and a
    newcomer took the marks for certain falls."""
    r = v.round
    reveals, eras = schedule(v)
    if v.drone_mode and r == 1:
        return "no zone card is drawn, but the six starting tiles all go"
    if r < 1 or r > len(reveals) or not reveals[r - 1]:
        return "no zone card is drawn"
    n, era = reveals[r - 1], eras[r - 1]
    shown = set(v.zones_shown)
    unseen = sum(1 for z in ZONE_CARDS if z.era == era and z.id not in shown)
    one = n == 1
    return (
        f"{n} of the {count(unseen, 'zone card')} of era {era} still unseen "
        f"{'is' if one else 'are'} drawn, and only the tiles {'it names' if one else 'they name'} go"
    )


def short_label(v: RivalsState, a: object, names: Sequence[str]) -> str:
    """A button's label: the action's name, the same words that start its line in the action
    picker (`engine.rivals.texts.label`); the detail panel gives the whole line."""
    return name_seats(label(v, a), names)


def resources(v: RivalsState, seat: int) -> str:
    return f"{v.ashaks[seat].crystals}C {v.ashaks[seat].resins}R"


def seat_line(v: RivalsState, seat: int, name: str, wide: bool) -> str:
    """One Ashak in a line: HP, RP, the ultimate gauge, tokens (active), resources, hand size."""
    if v.ashaks[seat].kind < 0:
        return f"{name}: no Ashak yet"
    if not v.ashaks[seat].alive and v.round > 0:
        return f"{name} ({ashak_name(v, seat)}) out"
    sp = " " if wide else ""
    tok = f"tok{sp}{v.ashaks[seat].tokens}" + (
        f"+{v.ashaks[seat].active_tokens}a" if v.ashaks[seat].active_tokens else ""
    )
    res = resources(v, seat) if wide else resources(v, seat).replace(" ", "")
    parts = [
        f"{v.ashaks[seat].hp}HP",
        f"{v.ashaks[seat].rp}RP",
        f"ult{sp}{v.ashaks[seat].ult}/{gauge(v, seat)}",
        tok,
        res,
    ]
    if wide:
        parts.append(f"hand {len(v.hand[seat])}")
        if v.ashaks[seat].poison:
            parts.append(f"poison {len(v.ashaks[seat].poison)}")
    who = f"{name} ({ashak_name(v, seat)})" if wide else f"{name} {ashak_name(v, seat)}"
    return f"{who} " + " ".join(parts)


def player_detail(v: RivalsState, seat: int, names: list[str], me: int | None) -> tuple[str, str]:
    """The full public state of one Ashak (and, for the seat at the keyboard, its own cards)."""
    name = names[seat]
    lines = [seat_line(v, seat, name, True)]
    if v.ashaks[seat].pos >= 0:
        h = v.ashaks[seat].pos
        lines.append(f"Stands on hex {h} ({hex_type(v, h) or 'unrevealed'}, tile {TILE_OF[h]}).")
    if v.guild[seat] >= 0:
        used = " (used this round)" if v.guild_used[seat] else ""
        lines.append(f"Guild: {card_line(v.guild[seat])}{used}")
    if v.ashaks[seat].kind >= 0:
        u = ULTIMATES[v.ashaks[seat].kind]
        lines.append(f"Ultimate {u.name} at {gauge(v, seat)}: {card_text(u)}")
    for c in v.skills[seat]:
        tired = " (used this round)" if c in v.exhausted[seat] else ""
        lines.append(f"Skill: {card_line(c)}{tired}")
    for c, until in zip(v.temps[seat], v.temp_until[seat], strict=False):
        lines.append(f"Lasting: {card_line(c)} (wears off after turn {until})")
    if v.ashaks[seat].poison:
        by = ", ".join(names[p] for p in v.ashaks[seat].poison if 0 <= p < len(names))
        lines.append(f"Poison tokens: {len(v.ashaks[seat].poison)} (from {by}).")
    lines.append(f"Deck {len(v.deck[seat])}, discard {len(v.discard[seat])}, hand {len(v.hand[seat])}.")
    if v.drone_mode:
        lines.append(drone_line(v, seat, name))
    if seat == me:
        lines.append("Your hand: " + (", ".join(CARD[c].name for c in v.hand[seat] if c >= 0) or "empty"))
    title = f"{name}: {ashak_name(v, seat)}"
    return title, "\n".join(lines)


def who_stands(v: RivalsState, h: int) -> list[int]:
    return [o for o in range(v.seats) if v.ashaks[o].alive and v.ashaks[o].pos == h]


def hex_detail(v: RivalsState, h: int, names: list[str], me: int | None) -> tuple[str, str]:
    """What a player knows about hex `h`: type, tile, tokens, who stands there, and its distance
    and line of sight from the seat at the keyboard."""
    t = TILE_OF[h]
    kind = hex_type(v, h)
    if v.fallen[t]:
        return f"Hex {h}", f"Tile {t} has fallen: this hex is gone, with everything that stood on it."
    lines = []
    if kind:
        article = "An" if kind[0] in "aeiou" else "A"  # an anticipation, an interface hex
        lines.append(f"{article} {kind} hex of tile {t}.")
    else:
        lines.append(f"A hex of tile {t}, not yet revealed: scout it from a neighbouring hex.")
    if v.drought[t]:
        lines.append(f"The tile carries a {DROUGHT[v.drought[t]]}.")
    if v.shield[h] >= 0:
        lines.append(f"A shield of {names[v.shield[h]]}.")
    if v.sponsor[h]:
        lines.append(f"{SPONSOR[v.sponsor[h]].capitalize()} stands here.")
    for o in who_stands(v, h):
        lines.append(seat_line(v, o, names[o], True))
    if v.drone_mode:
        lines += [drone_line(v, o, names[o]) for o in range(v.seats) if v.drones[o].pos == h]
    if v.last_zone >= 0 and h in ZONE_CARDS[v.last_zone].sponsors:
        n = ZONE_CARDS[v.last_zone].sponsors.index(h) + 1
        lines.append(f"Numbered {n} on the last zone card: a sponsor roll of {n} lands one here.")
    if t in falling_tiles(v):
        lines.append(f"This tile may fall at the end of the round: then {zone_draw(v)}.")
    elif t != VOLCANO_TILE and TILE_ERA[t]:
        lines.append(f"It falls in era {TILE_ERA[t]}.")
    if me is not None and 0 <= me < v.seats and v.ashaks[me].pos >= 0 and v.ashaks[me].pos != h:
        d = DIST[v.ashaks[me].pos][h]
        lines.append(f"{d} hex{'es' if d != 1 else ''} from you.")
    title = f"Hex {h}: {kind or 'unrevealed'}"
    return title, "\n".join(lines)


def card_reach(v: RivalsState, seat: int, c: int, names: list[str]) -> str:
    """The card's range from the seat's hex now, and who it could aim at (with sight)."""
    d = CARD[c]
    if v.ashaks[seat].pos < 0:
        return ""
    if d.target == "enemy":
        hi = max_range(v, seat, d)
        span = "any range" if hi < 0 else f"range {d.rmin}-{hi}"
        sight = "line of sight needed" if needs_sight(d) else "no line of sight needed"
        aims = ashak_targets(v, seat, d, 0, Reach(v, seat))
        who = ", ".join(names[o] for o in aims) or "nobody"
        return f"From your hex: {span}, {sight}. In reach now: {who}."
    if d.target == "hex":
        n = len(hex_targets(v, seat, d))
        return f"From your hex: {d.range_text}; {count(n, 'hex', 'hexes')} it may aim at (marked on the map)."
    return ""


def card_detail(v: RivalsState, seat: int | None, c: int, names: list[str], where: str) -> tuple[str, str]:
    d = CARD[c]
    lines = [card_line(c)]
    if seat is not None and 0 <= seat < v.seats and where == "hand":
        reach = card_reach(v, seat, c, names)
        if reach:
            lines.append(reach)
    return f"{d.name} ({where})", "\n".join(lines)


def in_play_line(v: RivalsState, names: list[str], me: int | None) -> str:
    """The card being played, by whom and at whom (public: its play was announced)."""
    if v.p_seat < 0 or (v.p_card < 0 and not v.p_ult):
        return ""

    def who(o: int) -> str:
        return "you" if o == me else seat_name(names, o)

    name = ULTIMATES[v.ashaks[v.p_seat].kind].name if v.p_ult else CARD[v.p_card].name
    text = f"{who(v.p_seat)} play{'' if v.p_seat == me else 's'} {name}"
    text = text[:1].upper() + text[1:]
    if 0 <= v.p_target < v.seats:
        text += f" at {who(v.p_target)}"
    elif v.p_hex >= 0:
        text += f" at hex {v.p_hex}"
    return text


# What a seat decides in someone else's turn, by phase ("decides" for the rest).
ASIDE = {
    "interrupt": "may interrupt",
    "react": "answers the attack",
    "loot": "picks a card of the eliminated Ashak",
    "reentry": "climbs back at the border",
    "dshot": "answers the drone's shot",
}


def waiting_lines(v: RivalsState, names: Sequence[str]) -> list[str]:
    """While another seat decides: whose turn it is and how far the round has come; then who
    decides now, when that is someone else (an interrupt, the attacked Ashak)."""
    deciding = seat_name(list(names), v.actor)
    if v.round == 0:
        return [f"{deciding} is setting up"]
    if v.drone_mode and v.d_active >= 0:
        player, line = v.d_active, f"{seat_name(list(names), v.d_active)}'s drone plays"
    elif v.active >= 0:
        player = v.active
        order = v.turn_order
        place = (
            f", {order.index(player) + 1} of {len(order)} in turn {v.turn_no} of 2" if player in order else ""
        )
        line = f"{seat_name(list(names), player)} ({ashak_name(v, player)}) plays{place}"
    else:
        player, line = -1, f"The end of round {v.round}"
    if v.actor == player:
        return [line]
    return [line, f"{deciding} {ASIDE.get(v.phase, 'decides')}"]


def table_lines(v: RivalsState) -> list[str]:
    """Round, era, what falls next, the current event."""
    out = []
    if v.round:
        reveals, eras = schedule(v)
        era = eras[min(v.round, len(eras)) - 1]
        k = reveals[v.round - 1] if v.round <= len(reveals) else 0
        if v.drone_mode and v.round == 1:
            out.append("Round 1: the starting tiles fall at its end (drone mode).")
        else:
            out.append(f"Round {v.round}, era {era}: {k} zone card{'s' if k != 1 else ''} at its end.")
    if v.event >= 0:
        e = EVENTS[v.event]
        out.append(f"Event {e.name}: {e.text}")
    return out


def tile_hexes(t: int) -> tuple[int, ...]:
    return TILE_HEXES[t]


def seat_name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else seat_label(seat)


# --- drone mode ---------------------------------------------------------------------------------


def drone_line(v: RivalsState, seat: int, name: str) -> str:
    """A drone's public board in a line: where it is, its cards, resources, tokens and RP."""
    where = f"hex {v.drones[seat].pos}" if v.drones[seat].pos >= 0 else "off the Wildtech"
    cards = ", ".join(CARD[c].name for c in v.drones[seat].cards) or "no card"
    return (
        f"{name}'s drone on {where}: {cards}; {v.drones[seat].crystals}C {v.drones[seat].resins}R "
        f"tok {v.drones[seat].tokens} {v.drones[seat].rp}RP"
    )
