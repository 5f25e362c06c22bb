"""What an Ashak does with drones in its own turn (drone mode): exchange with its own drone
(0 AP, range 0-1) and hack the opposing one (1 AP, range 0-2, line of sight, three dice, each
success spent on one of seven actions chosen by the hacker)."""

from __future__ import annotations

from engine.core import Event, count
from engine.rivals.actions import Exchange, Hack, HackPick
from engine.rivals.drone import (
    CARD_SLOTS,
    EXCHANGE_RANGE,
    HACK_DICE,
    HACK_RANGE,
    drone_name,
)
from engine.rivals.geometry import DIST
from engine.rivals.rules import common, drone_collect, drone_turn
from engine.rivals.rules.board import has_sight, reachable
from engine.rivals.rules.common import check_end, gain_tokens, name, token_room, who
from engine.rivals.rules.limits import FIRST_TURN, first_turn, move_budget
from engine.rivals.state import RivalsState, Task

Option = tuple[object, str | None]


# --- the Ashak's menu additions -----------------------------------------------------------------


def ashak_options(s: RivalsState, seat: int) -> list[Option]:
    return exchange_options(s, seat) + [(HACK, hack_reason(s, seat))]


def exchange_options(s: RivalsState, seat: int) -> list[Option]:
    d = s.d_pos[seat]
    if d < 0 or DIST[s.pos[seat]][d] > EXCHANGE_RANGE:
        return []
    opts: list[Option] = []
    full = len(s.d_cards[seat]) >= CARD_SLOTS
    for c in s.hand[seat]:
        why = None
        if full:
            why = "Your drone already stores three cards."
        elif c in s.d_fresh:
            why = "You took that card from your drone this turn."
        opts.append((Exchange("store", c), why))
    for c in s.d_cards[seat]:
        why = "You stored that card this turn." if c in s.d_fresh else None
        opts.append((Exchange("take", c), why))
    if s.d_crystals[seat]:
        opts.append((Exchange("crystal"), None))
    if s.d_resins[seat]:
        opts.append((Exchange("resin"), None))
    if s.d_tokens[seat]:
        opts.append((Exchange("token"), None if token_room(s, seat) > 0 else "You hold three tokens."))
    if s.d_rp[seat]:
        opts.append((Exchange("rp"), None))
    return opts


def exchange_reason(s: RivalsState, seat: int, a: Exchange) -> str | None:
    if not s.drone_mode:
        return "That is not possible now."
    for b, why in exchange_options(s, seat):
        if b == a:
            return why
    return "Your drone must be on your hex or next to it, holding that."


def hack_reason(s: RivalsState, seat: int) -> str | None:
    v = 1 - seat
    d = s.d_pos[v]
    if first_turn(s):
        return FIRST_TURN
    if s.ap < 1:
        return "Hacking costs 1 AP."
    if d < 0 or DIST[s.pos[seat]][d] > HACK_RANGE:
        return "The opposing drone must be 0 to 2 hexes away."
    if not has_sight(s, seat, s.pos[seat], d, -1, target_drone=v):
        return "You have no line of sight to the opposing drone."
    return None


def ashak_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    if isinstance(a, Hack):
        return hack(s, seat)
    assert isinstance(a, Exchange)
    return exchange(s, seat, a)


def exchange(s: RivalsState, seat: int, a: Exchange) -> list[Event]:
    me, dr = who(s, seat), drone_name(s, seat)
    if a.what == "store":
        s.hand[seat].remove(a.card)
        s.d_cards[seat].append(a.card)
        s.d_fresh.append(a.card)
        return [Event(f"{me} stores {name(a.card)} on its drone, face up.", seat=seat, reveal=True)]
    if a.what == "take":
        s.d_cards[seat].remove(a.card)
        s.hand[seat].append(a.card)
        s.d_fresh.append(a.card)
        return [Event(f"{me} takes {name(a.card)} back from its drone.", seat=seat)]
    if a.what == "crystal":
        s.d_crystals[seat] -= 1
        s.crystals[seat] += 1
        return [Event(f"{me} takes a crystal from {dr}.", seat=seat)]
    if a.what == "resin":
        s.d_resins[seat] -= 1
        s.resins[seat] += 1
        return [Event(f"{me} takes a resin from {dr}.", seat=seat)]
    if a.what == "token":
        s.d_tokens[seat] -= 1
        return gain_tokens(s, seat, 1, "takes", dr)
    k, s.d_rp[seat] = s.d_rp[seat], 0
    s.rp[seat] += k
    ev = [Event(f"{me} takes {count(k, 'Rival Point')} from {dr} ({s.rp[seat]}).", seat=seat, kind="rp")]
    check_end(s)
    return ev


# --- hacking ---------------------------------------------------------------------------------------


def hack(s: RivalsState, seat: int) -> list[Event]:
    s.ap -= 1
    rolls = [common.roll(s) for _ in range(HACK_DICE)]
    wins = sum(rolls)
    faces = ", ".join("success" if r else "blank" for r in rolls)
    ev = [
        Event(
            f"{who(s, seat)} hacks {drone_name(s, 1 - seat)}: {faces} — "
            f"{wins} success{'' if wins == 1 else 'es'}.",
            seat=seat,
            kind="dice",
            reveal=True,
        )
    ]
    if wins:
        s.hack_left = wins
        s.phase, s.actor = "hack", seat
    return ev


def hack_options(s: RivalsState, seat: int) -> list[Option]:
    """What one success can do; the same action may be chosen again with the next success."""
    v = 1 - seat
    opts: list[Option] = [(HackPick("card", c), None) for c in s.d_cards[v]]
    if s.d_crystals[v] or s.d_resins[v]:
        opts.append((HackPick("resources"), None))
    if s.d_tokens[v]:
        opts.append((HackPick("tokens"), None if token_room(s, seat) > 0 else "You hold three tokens."))
    if s.d_rp[v]:
        opts.append((HackPick("rp"), None))
    for h in sorted(reachable(s, v, s.d_pos[v], move_budget(s))):
        opts.append((HackPick("move", h), None))
    opts.append((HackPick("collect"), drone_collect.collect_reason(s, v, need_ap=False)))
    opts.append((HackPick("negotiate"), drone_collect.negotiate_reason(s, v, need_ap=False)))
    opts.append((HackPick("stop"), None))
    return opts


def hack_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, HackPick)
    v = 1 - seat
    if a.kind == "stop":
        s.hack_left = 0
        s.phase = "idle"
        return [Event(f"{who(s, seat)} lets the rest of its hack go.", seat=seat)]
    s.hack_left -= 1
    s.phase = "idle"
    if s.hack_left > 0:
        s.tasks.append(Task("hack", seat))
    return steal_or_drive(s, seat, v, a)


def steal_or_drive(s: RivalsState, seat: int, v: int, a: HackPick) -> list[Event]:
    me, dr = who(s, seat), drone_name(s, v)
    if a.kind == "card":
        s.d_cards[v].remove(a.arg)
        s.hand[seat].append(a.arg)
        return [Event(f"{me} steals {name(a.arg)} from {dr}.", seat=seat)]
    if a.kind == "resources":
        cry, res = s.d_crystals[v], s.d_resins[v]
        s.crystals[seat] += cry
        s.resins[seat] += res
        s.d_crystals[v] = s.d_resins[v] = 0
        return [Event(f"{me} steals {count(cry, 'crystal')} and {count(res, 'resin')} from {dr}.", seat=seat)]
    if a.kind == "tokens":
        k = min(s.d_tokens[v], token_room(s, seat))  # the rest stay on the drone
        s.d_tokens[v] -= k
        return gain_tokens(s, seat, k, "steals", dr)
    if a.kind == "rp":
        k, s.d_rp[v] = s.d_rp[v], 0
        s.rp[seat] += k
        ev = [Event(f"{me} steals {count(k, 'Rival Point')} from {dr} ({s.rp[seat]}).", seat=seat, kind="rp")]
        check_end(s)
        return ev
    if a.kind == "move":
        return drone_turn.move_drone(s, v, a.arg)
    if a.kind == "collect":
        return drone_collect.collect(s, v, seat)
    assert a.kind == "negotiate"
    return drone_collect.negotiate(s, v, seat)


def task_hack(s: RivalsState, t: Task) -> list[Event]:
    if s.hack_left > 0 and not s.winners:
        s.phase, s.actor = "hack", t.seat
    return []


HACK = Hack()
