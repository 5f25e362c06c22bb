"""A drone's own actions (drone mode): its placement, its turn (scout, move, collect, negotiate,
spend resources, attack), the collect and negotiation decisions it shares with a hack, and its
fall and return. The drone acting is `s.d_body`; the seat deciding is `s.actor` (its owner, or
the hacker making it act)."""

from __future__ import annotations

from engine.core import Event, count
from engine.rivals.actions import (
    ActivateToken,
    BuyPoint,
    BuySchema,
    BuyToken,
    Collect,
    Consult,
    DroneAttack,
    EndTurn,
    Install,
    MakeShield,
    Move,
    Negotiate,
    Pass,
    PickSchema,
    PlaceDrone,
    Reward,
    Scout,
    StepTo,
    StopBuying,
    StopInstalling,
    StopUninstalling,
    Uninstall,
)
from engine.rivals.data.board import (
    AP_PER_TURN,
    FOREST,
    SHIELD_LIMIT,
    TILE_HEXES,
    TILE_OF,
)
from engine.rivals.drone import (
    ATTACK_DAMAGE,
    ATTACK_RANGE,
    CARD_SLOTS,
    TOKEN_SLOTS,
    drone_name,
)
from engine.rivals.effects import front, place_shield
from engine.rivals.hexes import DIST, NEIGHBOURS
from engine.rivals.rules import common
from engine.rivals.rules.board import border_hexes, hex_type, reachable, reveal, shields_of
from engine.rivals.rules.combat import event_on
from engine.rivals.rules.common import can_activate, name, resources, skill_total, temp_total, who, wound
from engine.rivals.state import RivalsState, Task

Option = tuple[object, str | None]
RESOURCE_NAMES = {"crystal": "crystals", "resin": "resins"}


# --- placement and the turn's frame -----------------------------------------------------------


def place_options(s: RivalsState, seat: int) -> list[Option]:
    return [(PlaceDrone(h), None) for h in TILE_HEXES[TILE_OF[s.pos[seat]]]]


def place_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    from engine.rivals.rules.setup_phase import after_placing

    assert isinstance(a, PlaceDrone)
    s.d_pos[seat] = a.hex
    ev = [Event(f"{drone_name(s, seat)} enters the Wildtech on hex {a.hex}.", seat=seat, kind="move")]
    return ev + after_placing(s)


def next_drone(s: RivalsState) -> int:
    """The drone to play next in this turn (owners in turn order), or -1 when both have."""
    order = s.turn_order
    if s.d_turn < 0:
        return order[0] if order else -1
    k = order.index(s.d_turn) + 1 if s.d_turn in order else len(order)
    return order[k] if k < len(order) else -1


def turn_start(s: RivalsState, t: Task) -> list[Event]:
    seat = t.seat
    s.d_turn = s.d_active = seat
    s.ap = AP_PER_TURN
    s.d_fresh = []
    s.i_quiet = []
    if s.d_pos[seat] < 0:  # never happens after a fall (it returns in phase 4), kept safe
        s.d_active = -1
        s.tasks.append(Task("next_turn"))
        return []
    s.phase, s.actor = "drone", seat
    return [Event(f"Turn {s.turn_no}: {drone_name(s, seat)} to play.", seat=seat, kind="turn")]


# --- the drone's menu -------------------------------------------------------------------------


def options(s: RivalsState, seat: int) -> list[Option]:
    from engine.rivals.rules.turn import (
        COLLECT,
        END,
        FIRST_TURN,
        MOVE,
        NEGOTIATE,
        SCOUT,
        SHIELD,
        UNINSTALL,
        first_turn,
        move_budget,
    )

    opts: list[Option] = []
    h = s.d_pos[seat]
    for t in scoutable(s, h):
        opts.append((SCOUT[t], None))
    if s.ap >= 1:
        for n in sorted(reachable(s, seat, h, move_budget(s))):
            opts.append((MOVE[n], None))
    opts.append((COLLECT, collect_reason(s, seat)))
    opts.append((NEGOTIATE, negotiate_reason(s, seat, need_ap=True)))
    first = first_turn(s)
    for o in range(s.seats):
        if o != seat and s.alive[o]:
            opts.append((ATTACK[o], attack_reason(s, seat, o, first, FIRST_TURN)))
    if s.d_crystals[seat] >= 2:
        for c in sorted(s.d_cards[seat]):
            opts.append((UNINSTALL[c], None))
    opts.append((SHIELD, None if s.d_resins[seat] >= 2 else "A shield costs 2 resins."))
    for res in ("crystal", "resin"):
        have = s.d_crystals[seat] if res == "crystal" else s.d_resins[seat]
        if have >= 5:
            opts.append((BuySchema(res), schema_reason(s, seat)))
        if have >= 10:
            opts.append((BuyPoint(res), None))
    opts.append((END, None))
    return opts


ATTACK: tuple[DroneAttack, ...] = (DroneAttack(0), DroneAttack(1))
ACTIVATE, PASS = ActivateToken(), Pass()


def scoutable(s: RivalsState, h: int) -> list[int]:
    out: list[int] = []
    for n in NEIGHBOURS[h]:
        t = TILE_OF[n]
        if not s.revealed[t] and not s.fallen[t] and t not in out:
            out.append(t)
    return sorted(out)


def collect_reason(s: RivalsState, seat: int, need_ap: bool = True) -> str | None:
    t = TILE_OF[s.d_pos[seat]]
    if need_ap and s.ap < 1:
        return "Collecting costs 1 AP."
    if len(TILE_HEXES[t]) == 1:
        return "The Volcano has nothing to collect."
    if s.drought[t]:
        return "This tile is dried up."
    return None


def negotiate_reason(s: RivalsState, seat: int, need_ap: bool) -> str | None:
    if s.sponsor[s.d_pos[seat]] != 2:
        return "There is no active sponsor on the drone's hex."
    if need_ap and s.ap < 1:
        return "Negotiating costs 1 AP."
    if not s.d_tokens[seat]:
        return "Negotiating spends one of the drone's anticipation tokens."
    return None


def attack_reason(s: RivalsState, seat: int, victim: int, first: bool, first_text: str) -> str | None:
    if first:
        return first_text
    if s.ap < 1:
        return "A drone attack costs 1 AP."
    if DIST[s.d_pos[seat]][s.pos[victim]] > ATTACK_RANGE:
        return "The drone attacks at range 0-1 only."
    return None


def schema_reason(s: RivalsState, seat: int) -> str | None:
    if len(s.d_cards[seat]) >= CARD_SLOTS:
        return "The drone holds three cards: uninstall one first."
    if not (s.schema_row or s.schema_deck):
        return "No schema is left."
    return None


def perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    if isinstance(a, Scout):
        return reveal(s, a.tile)
    if isinstance(a, Move):
        s.ap -= 1
        return move_drone(s, seat, a.hex)
    if isinstance(a, Collect):
        s.ap -= 1
        return collect(s, seat, seat)
    if isinstance(a, Negotiate):
        s.ap -= 1
        return negotiate(s, seat, seat)
    if isinstance(a, DroneAttack):
        s.ap -= 1
        return aim_shot(s, seat, a.seat)
    if isinstance(a, Uninstall):
        s.d_crystals[seat] -= 2
        s.d_cards[seat].remove(a.card)
        s.box.append(a.card)
        return [Event(f"{drone_name(s, seat)} uninstalls {name(a.card)} (no card is drawn).", seat=seat)]
    if isinstance(a, MakeShield):
        s.d_resins[seat] -= 2
        return drone_shield(s, seat)
    if isinstance(a, BuySchema):
        if a.resource == "crystal":
            s.d_crystals[seat] -= 5
        else:
            s.d_resins[seat] -= 5
        s.d_body = seat
        s.phase, s.actor = "dschema", seat
        return [Event(f"{drone_name(s, seat)} spends 5 {RESOURCE_NAMES[a.resource]} on a schema.")]
    if isinstance(a, BuyPoint):
        if a.resource == "crystal":
            s.d_crystals[seat] -= 10
        else:
            s.d_resins[seat] -= 10
        s.d_rp[seat] += 1
        return [Event(f"{drone_name(s, seat)} buys a Rival Point (it holds {s.d_rp[seat]}).", kind="rp")]
    if isinstance(a, EndTurn):
        s.phase = "idle"
        s.d_active = -1
        s.tasks.append(Task("next_turn"))
        return [Event(f"{drone_name(s, seat)} ends its turn.", seat=seat)]
    raise AssertionError(a)


def move_drone(s: RivalsState, seat: int, h: int) -> list[Event]:
    """A drone moves like an Ashak; a lake stops it but it has no HP to lose."""
    s.d_pos[seat] = h
    return [Event(f"{drone_name(s, seat)} moves to hex {h}.", seat=seat, kind="move")]


def drone_shield(s: RivalsState, seat: int) -> list[Event]:
    """A shield under the drone, its owner's (the two-shield limit counts both)."""
    h = s.d_pos[seat]
    if s.shield[h] == seat:
        return [Event(f"{drone_name(s, seat)} renews the shield on its hex.")]
    if len(shields_of(s, seat)) >= SHIELD_LIMIT:
        front(s, Task("dropshield", seat, h))
        s.phase = "idle"
        return []
    return place_shield(s, seat, h)


# --- the attack ---------------------------------------------------------------------------------


def aim_shot(s: RivalsState, seat: int, victim: int) -> list[Event]:
    """The shot is announced; a target that could activate an anticipation token is asked
    first (tokens are public, so the question tells nobody anything)."""
    ev = [Event(f"{drone_name(s, seat)} fires at {who(s, victim)}.", seat=seat, kind="attack")]
    s.tasks.insert(0, Task("dshot", seat, victim))
    s.phase = "idle"
    return ev


def task_shot(s: RivalsState, t: Task) -> list[Event]:
    """Before the shot: the target may activate tokens (as many as the rules let it)."""
    if s.alive[t.a] and can_activate(s, t.a) and not shielded_shot(s, t.seat, t.a):
        s.tasks.insert(0, t)
        s.phase, s.actor = "dshot", t.a
        return []
    return attack(s, t.seat, t.a)


def shot_options(s: RivalsState, seat: int) -> list[Option]:
    return [(ACTIVATE, None), (PASS, None)]


def shot_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    from engine.rivals.rules.turn import activate

    t = s.tasks.pop(0)
    s.phase = "idle"
    if isinstance(a, ActivateToken):
        ev = activate(s, seat)
        s.tasks.insert(0, t)  # asked again while another token could go active
        return ev
    return attack(s, t.seat, t.a)


def attack(s: RivalsState, seat: int, victim: int) -> list[Event]:
    """One salvo of 1 damage: an opposing shield on the victim's hex absorbs it (unless the
    drone is inside); otherwise the victim rolls its defence dice."""
    h = s.pos[victim]
    ev: list[Event] = []
    if not s.alive[victim]:
        return ev
    if shielded_shot(s, seat, victim):
        s.shield[h] = -1
        return [Event(f"The shield on hex {h} absorbs the drone's shot and breaks.", kind="shield")]
    dice = defence_dice(s, victim)
    hits = sum(1 for _ in range(dice) if common.roll(s))
    got = max(0, ATTACK_DAMAGE - hits)
    ev.append(
        Event(
            f"Drone shot on {who(s, victim)}: {ATTACK_DAMAGE} damage, "
            f"{count(dice, 'defence die', 'defence dice')}, {count(hits, 'success', 'successes')}.",
            kind="dice",
            reveal=True,
        )
    )
    return ev + wound(s, victim, got, seat, "a drone's shot")


def shielded_shot(s: RivalsState, seat: int, victim: int) -> bool:
    """An opposing shield on the target's hex, with the drone outside it."""
    h = s.pos[victim]
    o = s.shield[h]
    return o >= 0 and o != seat and s.d_pos[seat] != h


def defence_dice(s: RivalsState, victim: int) -> int:
    n = 2 + 2 * s.active_tokens[victim]
    if hex_type(s, s.pos[victim]) == FOREST and not event_on(s, "heatwave"):
        n += 1
    n += temp_total(s, victim, "t_def") + skill_total(s, victim, "p_def")
    if event_on(s, "ironskin"):
        n += 1
    return max(0, n)


# --- collecting for a drone -------------------------------------------------------------------


def collect(s: RivalsState, body: int, decider: int) -> list[Event]:
    """The drone collects on its tile (the decisions by `decider`): resources to its board,
    interface cards into its free slots, anticipation tokens bought with its resources."""
    from engine.rivals.rules.collect import tile_yield

    here = s.d_pos[body]
    t = TILE_OF[here]
    ev = [Event(f"{drone_name(s, body)} collects on tile {t}.", seat=decider, kind="collect")]
    cry, res, iface, anti, free = tile_yield(s, here)
    s.d_crystals[body] += cry
    s.d_resins[body] += res
    if cry or res:
        ev.append(Event(f"{drone_name(s, body)} gains {resources(cry, res)}."))
    tasks = []
    if iface:
        tasks.append(Task("dconsult", decider, iface, body))
    if anti:
        tasks.append(Task("dtokens", decider, free, body))
    tasks.append(Task("dry", decider, t))
    s.tasks[0:0] = tasks
    s.phase = "idle"
    return ev


def free_slots(s: RivalsState, body: int) -> int:
    return CARD_SLOTS - len(s.d_cards[body])


def task_consult(s: RivalsState, t: Task) -> list[Event]:
    if free_slots(s, t.b) <= 0:
        return [Event(f"{drone_name(s, t.b)} has no free card slot: it skips the interface.")]
    s.d_body, s.c_installs = t.b, t.a
    s.phase, s.actor = "dconsult", t.seat
    return []


def consult_options(s: RivalsState, seat: int) -> list[Option]:
    from engine.rivals.rules.collect import consult_options as shared

    return shared(s, seat)


def consult_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    from engine.rivals.rules.collect import consult

    assert isinstance(a, Consult)
    ev = consult(s, seat, a)
    s.phase = "dinstall"
    s.c_installs = min(s.c_installs, free_slots(s, s.d_body))
    return ev


def install_options(s: RivalsState, seat: int) -> list[Option]:
    return [(Install(c), None) for c in s.consult] + [(StopInstalling(), None)]


def install_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    from engine.rivals.rules.collect import stop_installing

    body = s.d_body
    if isinstance(a, StopInstalling):
        s.d_body = -1
        return stop_installing(s, seat)
    assert isinstance(a, Install)
    s.consult.remove(a.card)
    s.d_cards[body].append(a.card)
    s.c_installs -= 1
    ev = [
        Event(
            f"{drone_name(s, body)} stores {name(a.card)}, face up.", seat=seat, kind="install", reveal=True
        )
    ]
    if s.c_installs <= 0 or not s.consult:
        s.d_body = -1
        ev += stop_installing(s, seat)
    return ev


def task_tokens(s: RivalsState, t: Task) -> list[Event]:
    s.d_body, s.c_free = t.b, t.a
    if not token_options(s, t.seat):
        s.d_body = -1
        return []
    s.phase, s.actor = "dtokens", t.seat
    return []


def token_options(s: RivalsState, seat: int) -> list[Option]:
    body = s.d_body
    if s.d_tokens[body] >= TOKEN_SLOTS:
        return []
    cry, res = s.d_crystals[body], s.d_resins[body]
    opts: list[Option] = []
    if s.c_free:
        opts.append((BuyToken("free"), None))
    for pay, ok in (("cc", cry >= 2), ("cr", cry >= 1 and res >= 1), ("rr", res >= 2)):
        if ok:
            opts.append((BuyToken(pay), None))
    return opts + [(StopBuying(), None)] if opts else []


def token_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    body = s.d_body
    if isinstance(a, StopBuying):
        s.c_free, s.d_body, s.phase = 0, -1, "idle"
        return []
    assert isinstance(a, BuyToken)
    if a.pay == "free":
        s.c_free = 0
    else:
        s.d_crystals[body] -= a.pay.count("c")
        s.d_resins[body] -= a.pay.count("r")
    s.d_tokens[body] += 1
    ev = [Event(f"{drone_name(s, body)} gains an anticipation token ({s.d_tokens[body]}).")]
    if not token_options(s, seat):
        s.c_free, s.d_body, s.phase = 0, -1, "idle"
    return ev


# --- negotiating for a drone ------------------------------------------------------------------


def negotiate(s: RivalsState, body: int, decider: int) -> list[Event]:
    """The drone spends a token (never activated) for the sponsor: the point is the drone's."""
    s.d_tokens[body] -= 1
    h = s.d_pos[body]
    s.sponsor[h] = 0
    s.sponsors_left += 1
    s.d_rp[body] += 1
    s.d_body = body
    s.phase, s.actor = "dreward", decider
    return [
        Event(
            f"{drone_name(s, body)} negotiates with the sponsor: "
            f"it holds {count(s.d_rp[body], 'Rival Point')}.",
            kind="rp",
        )
    ]


def reward_options(s: RivalsState, seat: int) -> list[Option]:
    body = s.d_body
    return [
        (Reward("schema"), schema_reason(s, body)),
        (Reward("tokens"), None),
        (Reward("uninstall"), None if s.d_cards[body] else "The drone stores no card."),
    ]


def reward_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, Reward)
    body = s.d_body
    if a.kind == "schema":
        s.phase = "dschema"
        return []
    if a.kind == "tokens":
        s.d_body, s.phase = -1, "idle"
        k = min(2, TOKEN_SLOTS - s.d_tokens[body])
        s.d_tokens[body] += k
        return [Event(f"{drone_name(s, body)} gains {count(k, 'anticipation token')}.")]
    s.phase = "duninstall"
    s.c_installs = 2  # cards still to uninstall
    return []


def schema_options(s: RivalsState, seat: int) -> list[Option]:
    from engine.rivals.rules.choices import schema_options as shared

    return shared(s, seat)


def schema_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, PickSchema)
    body = s.d_body
    s.d_body, s.phase = -1, "idle"
    if a.card >= 0:
        s.schema_row.remove(a.card)
        c = a.card
        ev = [Event(f"{drone_name(s, body)} stores the schema {name(c)}, face up.", kind="install")]
        if s.schema_deck:
            s.schema_row.append(s.schema_deck.pop())
            ev.append(Event("A new schema is shown.", reveal=True))
    else:
        c = s.schema_deck.pop()
        ev = [Event(f"{drone_name(s, body)} stores the top schema, {name(c)}, face up.", reveal=True)]
    s.d_cards[body].append(c)
    return ev


def uninstall_options(s: RivalsState, seat: int) -> list[Option]:
    return [(Uninstall(c), None) for c in sorted(s.d_cards[s.d_body])] + [(StopUninstalling(), None)]


def uninstall_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    body = s.d_body
    if isinstance(a, StopUninstalling):
        s.d_body, s.phase, s.c_installs = -1, "idle", 0
        return []
    assert isinstance(a, Uninstall)
    s.d_cards[body].remove(a.card)
    s.box.append(a.card)
    s.c_installs -= 1
    if s.c_installs <= 0 or not s.d_cards[body]:
        s.d_body, s.phase, s.c_installs = -1, "idle", 0
    return [Event(f"{drone_name(s, body)} uninstalls {name(a.card)}.", reveal=True)]


# --- falling and returning ----------------------------------------------------------------------


def falls(s: RivalsState, dropped: list[int]) -> list[Event]:
    """Drones on dropped tiles fall (they lose nothing) and return at the border after the
    Ashaks who fell."""
    ev: list[Event] = []
    gone = {h for t in dropped for h in TILE_HEXES[t]}
    for o in range(s.seats):
        if s.d_pos[o] in gone:
            s.d_pos[o] = -1
            ev.append(Event(f"{drone_name(s, o)} falls with its tile.", kind="fall"))
    if s.winners:
        return ev
    later = [Task("dreentry", o) for o in _clockwise(s) if s.d_pos[o] < 0 and s.alive[o]]
    k = sum(1 for t in s.tasks if t.kind == "reentry")
    s.tasks[k:k] = later
    return ev


def _clockwise(s: RivalsState) -> list[int]:
    return [(s.first + k) % s.seats for k in range(s.seats)]


def task_reentry(s: RivalsState, t: Task) -> list[Event]:
    if not s.alive[t.seat] or s.winners:
        return []
    s.tasks.insert(0, t)
    s.phase, s.actor = "dreentry", t.seat
    return []


def reentry_options(s: RivalsState, seat: int) -> list[Option]:
    return [(StepTo(h), None) for h in border_hexes(s)]


def reentry_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, StepTo)
    s.tasks.pop(0)
    s.phase = "idle"
    ev = reveal(s, TILE_OF[a.hex])
    s.d_pos[seat] = a.hex
    ev.append(Event(f"{drone_name(s, seat)} climbs back onto hex {a.hex}.", kind="move"))
    return ev
