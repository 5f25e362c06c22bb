"""The engine's clock: `advance` runs queued tasks until a decision is owed, and the tasks of
the round itself — the draw, the turns (start-of-turn poison and tokens, the first-player token
flip), and phases 3 to 10 after the second turn."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event
from engine.rivals import drone
from engine.rivals.data.board import (
    AP_PER_TURN,
    FALL_LOSS,
    HAND_SIZE,
    SCHEMAS_ON_ERA,
    STARTING_TILES,
    TILE_HEXES,
    TILE_OF,
    ZONE_CARDS,
)
from engine.rivals.data.catalog import CARD
from engine.rivals.data.events import EVENT_KEYS, EVENTS
from engine.rivals.effects import do_step, step_options, stepping
from engine.rivals.queries import (
    CLOCKWISE,
    FLASHER_SET,
    alive_seats,
    clockwise,
    event_on,
    in_play,
    stored_cards,
    who,
)
from engine.rivals.rules import (
    drone_cards,
    drone_hack,
    drone_turn,
    reactions,
    resolve,
    specials,
)
from engine.rivals.rules.choices import uninstalling
from engine.rivals.rules.collect import collect_step, fill_row
from engine.rivals.rules.combat import salvo
from engine.rivals.rules.common import (
    check_end,
    clear_victim,
    draw,
    eliminate,
    lootable,
    lose_hp,
    return_flasher,
    roll,
)
from engine.rivals.rules.events import instant_event
from engine.rivals.scoring import WILDTECH_SPENT
from engine.rivals.state import RivalsState, Task

Handler = Callable[[RivalsState, Task], list[Event]]
# Tasks are frozen: the ones without arguments are made once.
NEXT_TURN = Task("next_turn")
TURN_START = tuple(Task("turn_start", seat) for seat in range(6))
# The start of round phase n (1 the draw, 2 the turns, 3 to 10 the round's end): a window for
# anticipation tokens (`phase_window`).
PHASE_START = tuple(Task("phase_start", n=n) for n in range(11))
# Phases 3 to 10, each preceded by its window, then the next round's phase 1 (the draw).
ROUND_END = tuple(task for n in range(3, 11) for task in (PHASE_START[n], Task(f"p{n}"))) + (
    PHASE_START[1],
    Task("round_start"),
)


def advance(s: RivalsState, ev: list[Event] | None = None) -> list[Event]:
    """Run automatic work until someone owes a decision (or the game is over). Its events are
    added to `ev` when given (the decision's own, a list just made) and returned."""
    if ev is None:
        ev = []
    while s.phase == "idle" and not s.winners:
        if not s.tasks:
            if s.i_due:  # an action of the turn is over: the others may interrupt it now
                s.i_due = False
                turn_seat = s.active if s.active >= 0 else s.d_active
                if turn_seat >= 0 and reactions.open_interrupt(s, turn_seat):
                    break
            if s.active >= 0 and s.ashaks[s.active].alive:
                s.phase, s.actor = "turn", s.active
                break
            if s.d_active >= 0:  # a drone's turn goes on after what its action started
                s.phase, s.actor = "drone", s.d_active
                break
            s.tasks.append(NEXT_TURN)
        t = s.tasks.pop(0)
        ev += HANDLERS[t.kind](s, t)
    if s.winners:
        s.phase, s.actor = "over", -1
    return ev


# --- the round ----------------------------------------------------------------------------


def round_start(s: RivalsState, t: Task) -> list[Event]:
    s.round += 1
    s.turn_no = 1
    s.token_side = 1
    s.d_turn = -1
    ev = [Event(f"Round {s.round} (era {drone.era_of(s, s.round)}) begins.", kind="round")]
    n = HAND_SIZE + (1 if event_on(s, "frenzy") else 0)
    for o in alive_seats(s):
        ev += draw(s, o, n)
    s.turn_order = [o for o in clockwise(s, s.first) if s.ashaks[o].alive]
    s.active = s.turn_seat = -1
    s.tasks.append(PHASE_START[2])
    s.tasks.append(TURN_START[s.turn_order[0]])
    return ev


def turn_start(s: RivalsState, t: Task) -> list[Event]:
    seat = t.seat
    s.active = s.turn_seat = seat
    s.range_bonus[seat] = 0
    s.d_fresh = []
    s.i_quiet = []
    ev = [Event(f"Turn {s.turn_no}: {who(s, seat)} to play.", seat=seat, kind="turn")]
    s.ashaks[seat].active_tokens = 0
    # Poison: oldest token first, 1 HP and a die each; the poisoner charges its ultimate.
    kept: list[int] = []
    for by in list(s.ashaks[seat].poison):
        ev += lose_hp(s, seat, 1, by if s.ashaks[by].alive else -1, "poison")
        if not s.ashaks[seat].alive:
            break  # the poison killed it: no die for a token an eliminated Ashak no longer has
        if roll(s):
            ev.append(Event(f"{who(s, seat)} rolls a success and sheds that poison token.", reveal=True))
        else:
            kept.append(by)
            ev.append(Event(f"{who(s, seat)} rolls no success: the poison token stays.", reveal=True))
    if s.ashaks[seat].alive:
        s.ashaks[seat].poison = kept
    s.ap = AP_PER_TURN + (1 if s.turn_no == 1 and event_on(s, "adrenaline") else 0)
    if not s.ashaks[seat].alive:
        s.active = -1
        return ev
    if s.tasks:  # a kill by poison left a loot decision: play on after it
        s.tasks.append(Task("resume", seat))
        s.active = -1
        return ev
    s.phase, s.actor = "turn", seat
    return ev


def resume(s: RivalsState, t: Task) -> list[Event]:
    if s.ashaks[t.seat].alive:
        s.active = t.seat
        s.phase, s.actor = "turn", t.seat
    return []


def next_turn(s: RivalsState, t: Task) -> list[Event]:
    """The next seat's turn; the token flips after turn 1; after turn 2 the round ends."""
    s.active = -1
    done = s.turn_order.index(s.turn_seat) if s.turn_seat in s.turn_order else -1
    for o in s.turn_order[done + 1 :]:
        if s.ashaks[o].alive:  # the next living seat in this turn's order
            s.tasks.append(TURN_START[o])
            return []
    if s.drone_mode:  # the drones play after both Ashaks, in the same order
        d = drone_turn.next_drone(s)
        if d >= 0:
            s.tasks.append(Task("drone_turn", d))
            return []
        s.d_turn = -1
    if s.turn_no == 1:
        order = [o for o in s.turn_order if s.ashaks[o].alive]
        s.turn_no = 2
        s.token_side = 2
        ev = [Event("The first player token flips: second turn.", kind="turn")]
        ev += expire(s, 1)
        s.turn_order = order
        s.tasks.append(TURN_START[order[0]])
        return ev
    s.tasks.extend(ROUND_END)
    return []


def expire(s: RivalsState, turn: int) -> list[Event]:
    """Temporary effects that last until the end of `turn` leave their slots."""
    ev: list[Event] = []
    for o in range(s.seats):
        keep, until = [], []
        for c, u in zip(s.temps[o], s.temp_until[o], strict=True):
            if u <= turn and c not in FLASHER_SET:
                s.discard[o].append(c)
                ev.append(Event(f"{CARD[c].name} of {who(s, o)} wears off."))
            else:
                keep.append(c)
                until.append(u)
        s.temps[o], s.temp_until[o] = keep, until
    return ev


def phase_window(s: RivalsState, t: Task) -> list[Event]:
    """At the start of phase `t.n` anyone may activate an anticipation token (the rulebook allows
    it in any phase), in the interrupt window (rules/reactions.py) without utilities. The seat
    whose turn comes next is not asked: its tokens would be removed before anyone could attack
    it. Phase 10 takes place only when the era changes."""
    if t.n == 10 and not era_changes(s):
        return []
    start = next_first(s) if t.n == 3 else s.first  # phase 3 passes the first player token on
    for o in CLOCKWISE[s.seats][start]:
        if s.ashaks[o].alive:
            reactions.open_interrupt(s, o, t.n)
            break
    return []


def next_first(s: RivalsState) -> int:
    """Who takes the first player token in phase 3: with two Ashaks left, the one with fewer HP
    (equal HP: it stays); otherwise the next living seat clockwise."""
    living = alive_seats(s)
    if len(living) == 2:
        low = min(living, key=lambda o: s.ashaks[o].hp)
        return low if s.ashaks[living[0]].hp != s.ashaks[living[1]].hp else s.first
    nxt = [o for o in clockwise(s, s.first)[1:] if s.ashaks[o].alive]
    return nxt[0] if nxt else s.first


def phase3(s: RivalsState, t: Task) -> list[Event]:
    for o in range(s.seats):
        s.discard[o].extend(s.hand[o])
        s.hand[o] = []
    s.first = next_first(s)
    # The hands go to the discard piles face up: what they held is public from here on.
    text = f"Hands are discarded; {who(s, s.first)} takes the first player token."
    return [Event(text, reveal=True)]


def phase4(s: RivalsState, t: Task) -> list[Event]:
    """The Wildtech shrinks: this round's zone cards drop their tiles."""
    ev: list[Event] = []
    reveals = drone.schedule(s)[0]
    k = reveals[s.round - 1] if s.round <= len(reveals) else 0
    s.last_zone = -1
    fallers: list[int] = []
    s.stamp += 1
    dropped: list[int] = []
    if s.drone_mode and s.round == 1:  # drone mode: the starting tiles go instead of a zone card
        ev.append(Event("No zone card this round: the starting tiles fall.", kind="zone", reveal=True))
        for tile in STARTING_TILES:
            ev += drop_tile(s, tile, fallers)
        dropped += STARTING_TILES
    for _ in range(k):
        if not s.zone_deck:
            break
        z = ZONE_CARDS[s.zone_deck.pop()]
        s.zones_shown.append(z.id)
        s.last_zone = z.id
        tiles = ("tile " if len(z.drops) == 1 else "tiles ") + ", ".join(map(str, z.drops))
        ev.append(
            Event(
                f"Zone card {z.id + 1} (era {z.era}) drops {tiles}.",
                kind="zone",
                reveal=True,
            )
        )
        for tile in z.drops:
            ev += drop_tile(s, tile, fallers)
        dropped += z.drops
    # Every fall hurts at the same moment: Ashaks who die together are eliminated together.
    dead = []
    for o in fallers:
        a = s.ashaks[o]
        before = a.hp
        a.hp = max(0, before - FALL_LOSS)
        ev.append(
            Event(f"{who(s, o)} falls with its tile and loses {before - a.hp} HP ({a.hp} HP).", kind="fall")
        )
        if a.hp == 0:
            dead.append(o)
    for o in dead:
        ev += eliminate(s, o, -1, check=False)
    if dead:
        check_end(s)
    for o in clockwise(s, s.first):
        if o in fallers and s.ashaks[o].alive:
            s.ashaks[o].pos = -1
            s.tasks.insert(0, Task("reentry", o))
    if s.drone_mode:
        ev += drone_turn.falls(s, dropped)
    return ev


def drop_tile(s: RivalsState, tile: int, fallers: list[int]) -> list[Event]:
    """Tile `tile` leaves the Wildtech with its shields and sponsors; the Ashaks on it join
    `fallers`."""
    ev: list[Event] = []
    s.fallen[tile] = True
    s.drought[tile] = 0
    for h in TILE_HEXES[tile]:
        s.shield[h] = -1
        if s.sponsor[h]:
            s.sponsor[h] = 0
            s.sponsors_left += 1
            ev.append(Event(f"The sponsor on hex {h} is lost."))
    for o in range(s.seats):
        if s.ashaks[o].alive and s.ashaks[o].pos in TILE_HEXES[tile]:
            fallers.append(o)
    return ev


def reentry(s: RivalsState, t: Task) -> list[Event]:
    """A body that fell climbs back ("reentry": an Ashak, "dreentry": a drone, queued after the
    Ashaks): its player chooses the border hex, in the phase of the task's name."""
    if not s.ashaks[t.seat].alive:
        return []
    s.tasks.insert(0, t)
    s.phase, s.actor = t.kind, t.seat
    return []


def phase5(s: RivalsState, t: Task) -> list[Event]:
    ev: list[Event] = []
    # The inactive sponsors (1) become active (2): few hexes hold one, so they are found in C.
    sponsor = s.sponsor
    for _ in range(sponsor.count(1)):
        sponsor[sponsor.index(1)] = 2
    if s.last_zone < 0 or (s.seats >= 3 and len(alive_seats(s)) <= 2):
        return ev
    z = ZONE_CARDS[s.last_zone]
    for _ in range(2):
        d = s.rng.randint(1, 6)
        h = z.sponsors[d - 1]
        if s.fallen[TILE_OF[h]] or s.sponsor[h] or s.sponsors_left <= 0:
            ev.append(Event(f"Sponsor roll {d}: hex {h} gets no sponsor.", reveal=True))
            continue
        s.sponsor[h] = 1
        s.sponsors_left -= 1
        ev.append(Event(f"Sponsor roll {d}: a sponsor lands on hex {h}.", kind="sponsor", reveal=True))
    return ev


# A tile's drought marker at phase 6, by the marker before: yellow (1) turns green (2), green
# (2) is removed.
DROUGHT_AFTER = (0, 2, 0)


def phase6(s: RivalsState, t: Task) -> list[Event]:
    s.drought[:] = map(DROUGHT_AFTER.__getitem__, s.drought)
    return []


def phase7(s: RivalsState, t: Task) -> list[Event]:
    s.event = -1
    if not s.event_deck:
        return []
    e = s.event_deck.pop()
    s.events_shown.append(e)
    card = EVENTS[e]
    ev = [Event(f"Event: {card.name}. {card.text}", kind="event", reveal=True)]
    if card.lasting:
        s.event = e
    else:
        ev += instant_event(s, EVENT_KEYS[e])
    return ev


def phase8(s: RivalsState, t: Task) -> list[Event]:
    s.iface_discard.extend(s.iface_row)
    s.iface_row = []
    fill_row(s)
    return [Event("The interface row is renewed.", reveal=True)]


def phase9(s: RivalsState, t: Task) -> list[Event]:
    for o in range(s.seats):
        s.exhausted[o] = []
        s.guild_used[o] = False
        for c in s.temps[o]:
            if c in FLASHER_SET:
                return_flasher(s, c)
            else:
                s.discard[o].append(c)
        s.temps[o], s.temp_until[o] = [], []
    return []


def era_changes(s: RivalsState) -> bool:
    """Whether the next round belongs to another era (phase 10 takes place)."""
    eras = drone.schedule(s)[1]
    return s.round < len(eras) and eras[s.round] != eras[s.round - 1]


def phase10(s: RivalsState, t: Task) -> list[Event]:
    ev: list[Event] = []
    reveals, eras = drone.schedule(s)
    if era_changes(s):
        era = eras[s.round]
        s.schema_discard.extend(s.schema_row)
        s.schema_row = []
        for _ in range(SCHEMAS_ON_ERA[era]):
            if s.schema_deck:
                s.schema_row.append(s.schema_deck.pop())
        ev.append(
            Event(f"Era {era} begins: {len(s.schema_row)} new schemas are shown.", kind="era", reveal=True)
        )
    if s.round >= len(reveals):
        end_by_exhaustion(s)
    return ev


def end_by_exhaustion(s: RivalsState) -> None:
    """Past the last zone card the Wildtech cannot shrink further: the Ashaks standing are
    ranked by Rival Points, then HP (see RULES_NOTES.md)."""
    living = alive_seats(s)
    best = max((s.ashaks[o].rp, s.ashaks[o].hp) for o in living)
    s.winners = [o for o in living if (s.ashaks[o].rp, s.ashaks[o].hp) == best]
    s.reason = WILDTECH_SPENT
    s.phase, s.actor, s.tasks = "over", -1, []


# --- small decisions queued by effects --------------------------------------------------------


def step(s: RivalsState, t: Task) -> list[Event]:
    """A step effect: `t.k` move/teleport (up to t.n, the mover chooses), or pull/push/approach
    (forced, one hex at a time, the card's player chooses among equal hexes)."""
    mover = t.seat
    if not in_play(stepping(s, t)) or (t.a >= 0 and not s.ashaks[t.a].alive and t.k != "move"):
        return []
    opts = step_options(s, t)
    if not opts:
        return []
    if len(opts) == 1 and t.k in ("push", "pull", "approach"):
        return do_step(s, t, opts[0])  # a forced step with one way to go
    s.tasks.insert(0, t)
    s.phase = "step"
    s.actor = mover if t.k in ("move", "teleport") else s.p_seat if s.p_seat >= 0 else mover
    return []


def uninstall(s: RivalsState, t: Task) -> list[Event]:
    """Up to `t.n` cards to uninstall, one decision each, from the seat's hand and discard or
    from the drone `t.b` (a sponsor's reward)."""
    if not stored_cards(s, uninstalling(s, t)) or t.n <= 0:
        return []
    s.tasks.insert(0, t)
    s.phase, s.actor = ("duninstall" if t.b >= 0 else "uninstall"), t.seat
    return []


def dropshield(s: RivalsState, t: Task) -> list[Event]:
    s.tasks.insert(0, t)
    s.phase, s.actor = "dropshield", t.seat
    return []


def freephys(s: RivalsState, t: Task) -> list[Event]:
    # Offered whenever the hand is not empty (public), not only when it holds a physical card.
    if not s.hand[t.seat]:
        return []
    s.phase, s.actor = "freephys", t.seat
    return []


def loot(s: RivalsState, t: Task) -> list[Event]:
    killer, victim = t.seat, t.a
    if killer < 0 or not s.ashaks[killer].alive or not lootable(s, victim):
        return clear_victim(s, victim)
    s.tasks.insert(0, t)
    s.phase, s.actor = "loot", killer
    return []


def resources(s: RivalsState, t: Task) -> list[Event]:
    s.tasks.insert(0, t)
    s.phase, s.actor = "resource", t.seat
    return []


def skip(s: RivalsState, t: Task) -> list[Event]:
    return []


HANDLERS: dict[str, Handler] = {
    "round_start": round_start,
    "phase_start": phase_window,
    "turn_start": turn_start,
    "resume": resume,
    "next_turn": next_turn,
    "p3": phase3,
    "p4": phase4,
    "reentry": reentry,
    "p5": phase5,
    "p6": phase6,
    "p7": phase7,
    "p8": phase8,
    "p9": phase9,
    "p10": phase10,
    "step": step,
    "uninstall": uninstall,
    "dropshield": dropshield,
    "freephys": freephys,
    "loot": loot,
    "resource": resources,
    "consult": collect_step,
    "tokens": collect_step,
    "dry": collect_step,
    "eff": resolve.run_eff,
    "dronehit": drone_cards.task_hit,
    "droneeff": drone_cards.task_effect,
    "hit": resolve.task_hit,
    "cond": resolve.task_cond,
    "selfeff": resolve.task_selfeff,
    "shieldhit": resolve.task_shieldhit,
    "blast": resolve.task_blast,
    "nextvictim": resolve.task_nextvictim,
    "window": reactions.task_window,
    "stack": reactions.task_stack,
    "istack": reactions.task_istack,
    "keyed": specials.task_keyed,
    "finish": resolve.task_finish,
    "salvo": lambda s, t: salvo_task(s, t),
    "drone_turn": drone_turn.turn_start,
    "dreentry": reentry,
    "dshot": drone_turn.task_shot,
    "hack": drone_hack.task_hack,
}


def salvo_task(s: RivalsState, t: Task) -> list[Event]:
    return salvo(s, t.seat, t.a, t.b, t.n)
