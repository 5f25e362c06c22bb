"""What an Ashak does with drones in its own turn (drone mode): exchange with its own drone
(0 AP, range 0-1) and hack the opposing one (1 AP, range 0-2, line of sight, three dice, each
success spent on one of seven actions chosen by the hacker)."""

from __future__ import annotations

from engine.core import Event, count
from engine.rivals.actions import Exchange, Hack, HackPick
from engine.rivals.drone import CARD_SLOTS, EXCHANGE_RANGE, HACK_DICE, HACK_RANGE
from engine.rivals.geometry import DIST
from engine.rivals.queries import drone_name, has_sight, name, token_room, who
from engine.rivals.rules import common
from engine.rivals.rules.board import move_targets
from engine.rivals.rules.bodies import move
from engine.rivals.rules.collect import collect, collect_reason, negotiate, negotiate_reason
from engine.rivals.rules.common import check_end, gain_tokens
from engine.rivals.rules.limits import FIRST_TURN, first_turn, move_budget
from engine.rivals.state import DroneBody, RivalsState, Task

Option = tuple[object, str | None]
FULL = "You hold three tokens."


# --- the Ashak's menu additions -----------------------------------------------------------------


def ashak_options(s: RivalsState, seat: int) -> list[Option]:
    return exchange_options(s, seat) + [(HACK, hack_reason(s, seat))]


def exchange_options(s: RivalsState, seat: int) -> list[Option]:
    d = s.drones[seat].pos
    if d < 0 or DIST[s.ashaks[seat].pos][d] > EXCHANGE_RANGE:
        return []
    opts: list[Option] = []
    full = len(s.drones[seat].cards) >= CARD_SLOTS
    for c in s.hand[seat]:
        why = None
        if full:
            why = "Your drone already stores three cards."
        elif c in s.d_fresh:
            why = "You took that card from your drone this turn."
        opts.append((Exchange("store", c), why))
    for c in s.drones[seat].cards:
        why = "You stored that card this turn." if c in s.d_fresh else None
        opts.append((Exchange("take", c), why))
    if s.drones[seat].crystals:
        opts.append((Exchange("crystal"), None))
    if s.drones[seat].resins:
        opts.append((Exchange("resin"), None))
    if s.drones[seat].tokens:
        opts.append((Exchange("token"), None if token_room(s.ashaks[seat]) > 0 else FULL))
    if s.drones[seat].rp:
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
    d = s.drones[v].pos
    if first_turn(s):
        return FIRST_TURN
    if s.ap < 1:
        return "Hacking costs 1 AP."
    if d < 0 or DIST[s.ashaks[seat].pos][d] > HACK_RANGE:
        return "The opposing drone must be 0 to 2 hexes away."
    if not has_sight(s, seat, s.ashaks[seat].pos, d, -1, target_drone=v):
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
        s.drones[seat].cards.append(a.card)
        s.d_fresh.append(a.card)
        return [Event(f"{me} stores {name(a.card)} on its drone, face up.", seat=seat, reveal=True)]
    if a.what == "take":
        s.drones[seat].cards.remove(a.card)
        s.hand[seat].append(a.card)
        s.d_fresh.append(a.card)
        return [Event(f"{me} takes {name(a.card)} back from its drone.", seat=seat)]
    if a.what == "crystal":
        s.drones[seat].crystals -= 1
        s.ashaks[seat].crystals += 1
        return [Event(f"{me} takes a crystal from {dr}.", seat=seat)]
    if a.what == "resin":
        s.drones[seat].resins -= 1
        s.ashaks[seat].resins += 1
        return [Event(f"{me} takes a resin from {dr}.", seat=seat)]
    if a.what == "token":
        return carry_tokens(s, seat, s.drones[seat], 1, "takes")
    return carry_points(s, seat, s.drones[seat], "takes")


def carry_tokens(s: RivalsState, seat: int, d: DroneBody, n: int, how: str) -> list[Event]:
    """Up to `n` of drone `d`'s tokens go to `seat`'s Ashak, as many as it can hold (the rest
    stay on the drone): taken home, or stolen by a hacker."""
    k = min(n, d.tokens, token_room(s.ashaks[seat]))
    d.tokens -= k
    return gain_tokens(s, s.ashaks[seat], k, how, drone_name(s, d.seat))


def carry_points(s: RivalsState, seat: int, d: DroneBody, how: str) -> list[Event]:
    """All of drone `d`'s Rival Points go to `seat`'s Ashak, where they count (victory is
    checked at once)."""
    a = s.ashaks[seat]
    k, d.rp = d.rp, 0
    a.rp += k
    ev = [
        Event(
            f"{who(s, seat)} {how} {count(k, 'Rival Point')} from {drone_name(s, d.seat)} ({a.rp}).",
            seat=seat,
            kind="rp",
        )
    ]
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
    d = s.drones[1 - seat]
    opts: list[Option] = [(HackPick("card", c), None) for c in d.cards]
    if d.crystals or d.resins:
        opts.append((HackPick("resources"), None))
    if d.tokens:
        opts.append((HackPick("tokens"), None if token_room(s.ashaks[seat]) > 0 else FULL))
    if d.rp:
        opts.append((HackPick("rp"), None))
    for h in move_targets(s, d.seat, d.pos, move_budget(s)):
        opts.append((HackPick("move", h), None))
    opts.append((HackPick("collect"), collect_reason(s, d, need_ap=False)))
    opts.append((HackPick("negotiate"), negotiate_reason(s, d, need_ap=False)))
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
        s.drones[v].cards.remove(a.arg)
        s.hand[seat].append(a.arg)
        return [Event(f"{me} steals {name(a.arg)} from {dr}.", seat=seat)]
    if a.kind == "resources":
        cry, res = s.drones[v].crystals, s.drones[v].resins
        s.ashaks[seat].crystals += cry
        s.ashaks[seat].resins += res
        s.drones[v].crystals = s.drones[v].resins = 0
        return [Event(f"{me} steals {count(cry, 'crystal')} and {count(res, 'resin')} from {dr}.", seat=seat)]
    if a.kind == "tokens":
        return carry_tokens(s, seat, s.drones[v], s.drones[v].tokens, "steals")
    if a.kind == "rp":
        return carry_points(s, seat, s.drones[v], "steals")
    if a.kind == "move":
        return move(s, s.drones[v], a.arg)
    if a.kind == "collect":
        return collect(s, s.drones[v], seat)
    assert a.kind == "negotiate"
    return negotiate(s, s.drones[v], seat)


def task_hack(s: RivalsState, t: Task) -> list[Event]:
    if s.hack_left > 0 and not s.winners:
        s.phase, s.actor = "hack", t.seat
    return []


HACK = Hack()
