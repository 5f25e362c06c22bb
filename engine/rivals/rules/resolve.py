"""Playing a card, from the choice of card to its last effect: mods, target(s), the optional
discard, the attack window (rules/reactions.py), automatic effects, salvos, conditional effects, and
where the card goes afterwards. Explosives hit every Ashak on the tile in the order the player
chooses. The steps are tasks (state.Task) run by rules.flow.advance."""

from __future__ import annotations

from engine.core import Event, count
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.board import TILE_HEXES, TILE_OF
from engine.rivals.data.cards import BLOCKABLE, ENEMY, EXPLOSIVE, HEX, PHYSICAL, Eff, card_said
from engine.rivals.data.catalog import CARD
from engine.rivals.effects import apply_effect, front, install_top
from engine.rivals.geometry import NEIGHBOURS
from engine.rivals.queries import has_skill, who
from engine.rivals.rules.combat import design, hp_before, mod_total, pierces, shielded
from engine.rivals.rules.targeting import ashak_targets
from engine.rivals.state import RivalsState, Task

# Effects read where they apply (dice, damage, range, defence) rather than run as steps.
PASSIVE = frozenset(
    {
        "dice",
        "m_dmg",
        "m_salvo",
        "m_range",
        "m_pierce",
        "m_dice",
        "t_def",
        "t_armor",
        "t_range",
        "t_dmg",
        "p_range",
        "p_def",
        "p_dmg",
        "p_toxic",
        "cancel",
        "counter",
    }
)
OWN_TURN_ONLY = frozenset({"ap"})


def reset_play(s: RivalsState) -> None:
    s.p_card, s.p_ult, s.p_source, s.p_seat = -1, False, "", -1
    s.p_mods = []
    s.p_target = s.p_target2 = s.p_hex = s.p_opt = -1
    s.p_drone = -1
    s.p_wounds = 0
    s.p_cancel = False
    s.p_victims, s.p_hp = [], []
    s.p_victim = -1
    s.p_free = False


def start_play(s: RivalsState, seat: int, card: int, source: str) -> list[Event]:
    """Begin playing `card` (-1: the ultimate) from `source` (hand, guild, skill, ult)."""
    free = s.p_free
    reset_play(s)
    s.p_free = free
    s.p_card, s.p_seat, s.p_source, s.p_ult = card, seat, source, source == "ult"
    c = design(s)
    if not free:
        s.ap -= c.ap
    if source == "hand":
        s.hand[seat].remove(card)
        s.in_play.append(card)
    elif source == "guild":
        s.guild_used[seat] = True
    elif source == "skill":
        s.exhausted[seat].append(card)
    elif source == "ult":
        s.ashaks[seat].ult = 0
    what = "its ultimate, " if source == "ult" else ("its guild, " if source == "guild" else "")
    # A lasting card's effect shows nowhere else in the log: its text says it.
    said = card_said(c) if c.temp else f"{c.name}."
    ev = [Event(f"{who(s, seat)} plays {what}{said}", seat=seat, kind="play", reveal=True)]
    # Whether mods are asked for depends only on the hand's size (public), never on whether it
    # holds a mod, so the pause tells the table nothing.
    if c.type == PHYSICAL and s.hand[seat]:
        s.phase, s.actor = "mods", seat
    else:
        after_mods(s)
    return ev


def take_back(s: RivalsState) -> list[Event]:
    """Undo a half-made play: the card and its mods go back, the AP and uses are refunded."""
    seat = s.p_seat
    c = design(s)
    for m in s.p_mods:
        s.in_play.remove(m)
        s.hand[seat].append(m)
        s.ap += CARD[m].ap
    if not s.p_free:
        s.ap += c.ap
    if s.p_source == "hand":
        s.in_play.remove(s.p_card)
        s.hand[seat].append(s.p_card)
    elif s.p_source == "guild":
        s.guild_used[seat] = False
    elif s.p_source == "skill":
        s.exhausted[seat].remove(s.p_card)
    elif s.p_source == "ult":
        s.ashaks[seat].ult = ASHAKS[s.ashaks[seat].kind].gauge
    reset_play(s)
    s.phase = "idle"
    return [Event(f"{who(s, seat)} takes back {c.name}.", seat=seat)]


def after_mods(s: RivalsState) -> None:
    c = design(s)
    if c.target in (ENEMY, HEX):
        s.phase, s.actor = "target", s.p_seat
    else:
        after_target(s)


def after_target(s: RivalsState) -> None:
    c = design(s)
    seat = s.p_seat
    if c.key == "swarm" and len(s.extra) >= 2 and len(ashak_targets(s, seat, c)) >= 2:
        s.phase, s.actor = "target2", seat
        return
    after_second(s)


def after_second(s: RivalsState) -> None:
    c = design(s)
    if c.optional and s.hand[s.p_seat]:
        s.phase, s.actor = "optional", s.p_seat
        return
    begin(s)


def begin(s: RivalsState) -> None:
    """Queue the resolution of the chosen card."""
    c = design(s)
    seat = s.p_seat
    s.phase = "idle"
    s.p_hp = [a.hp for a in s.ashaks]  # "before the attack": what the ultimate bonus of its wounds reads
    tasks: list[Task]
    if c.type == EXPLOSIVE:
        tasks = [Task("blast", seat), Task("nextvictim", seat), Task("finish", seat)]
    elif c.key in ("swarm", "accel", "flashers", "spores"):
        tasks = [Task("keyed", seat, s.p_target), Task("finish", seat)]
    elif c.target == ENEMY and s.p_drone >= 0:
        tasks = [Task("dronehit", seat, s.p_drone), Task("finish", seat)]
    elif c.target == ENEMY and s.p_target >= 0:
        v = s.p_target
        tasks = [
            Task("window", seat, v),
            Task("stack", seat, v),
            Task("hit", seat, v),
            Task("cond", seat, v),
            Task("finish", seat),
        ]
    elif c.target == ENEMY:
        tasks = [Task("shieldhit", seat, s.p_hex), Task("finish", seat)]
    else:
        tasks = [Task("selfeff", seat), Task("finish", seat)]
    front(s, *tasks)


def _effect_tasks(s: RivalsState, seat: int, target: int, effs: tuple[Eff, ...], card: int) -> list[Task]:
    return [Task("eff", seat, target, card, k=e.kind, n=e.n) for e in effs if e.kind not in PASSIVE]


def run_eff(s: RivalsState, t: Task) -> list[Event]:
    c = design(s) if s.p_seat >= 0 else None
    target = t.a
    if (
        c is not None
        and target >= 0
        and t.k in BLOCKABLE | {"m_poison"}
        and c.type != EXPLOSIVE
        and not pierces(s)
        and s.ashaks[target].alive
        and shielded(s, t.seat, target)
    ):
        return [Event(f"The shield on hex {s.ashaks[target].pos} stops the effect on {who(s, target)}.")]
    return apply_effect(s, t.seat, target, t.k, t.n, t.b, hp_then=hp_before(s, target))


def task_hit(s: RivalsState, t: Task) -> list[Event]:
    """Automatic effects, the optional effect, then the salvos, against one Ashak."""
    seat, v = t.seat, t.a
    if not s.ashaks[v].alive or s.p_cancel:
        return []
    c = design(s)
    mods = tuple(e for m in s.p_mods for e in CARD[m].auto)
    effs = c.auto + tuple(e for e in mods if e.kind == "m_poison")
    tasks = _effect_tasks(s, seat, v, effs, s.p_card)
    if s.p_opt >= 0:
        tasks += _effect_tasks(s, seat, v, c.optional, s.p_card)
    salvos = c.salvos + mod_total(s, "m_salvo")
    for i in range(salvos):
        if i:  # the defender may react at any moment of the attack: between salvos too
            tasks += [Task("window", seat, v), Task("stack", seat, v)]
        tasks.append(Task("salvo", seat, v, i, n=t.n))  # n: extra damage on this victim
    front(s, *tasks)
    return []


def task_cond(s: RivalsState, t: Task) -> list[Event]:
    c = design(s)
    if not c.cond or s.p_wounds < c.cond_min or not s.ashaks[t.seat].alive or s.p_cancel:
        return []
    front(s, *_effect_tasks(s, t.seat, t.a, c.cond, s.p_card))
    return [Event(f"{c.name}: its condition is met ({count(s.p_wounds, 'wound')}).")]


def task_selfeff(s: RivalsState, t: Task) -> list[Event]:
    c = design(s)
    tasks = _effect_tasks(s, t.seat, -1, c.auto, s.p_card)
    if s.p_opt >= 0:
        tasks += _effect_tasks(s, t.seat, -1, c.optional, s.p_card)
    front(s, *tasks)
    return []


def task_shieldhit(s: RivalsState, t: Task) -> list[Event]:
    h = t.a
    if s.shield[h] >= 0 and s.shield[h] != t.seat:
        s.shield[h] = -1
        return [Event(f"{design(s).name} breaks the shield on hex {h}.", kind="shield")]
    return []


def blast_area(s: RivalsState) -> tuple[list[int], list[int]]:
    """Tiles hit by the explosive being played: the target tile, and (Natural Radiation) the
    tiles next to it."""
    t0 = TILE_OF[s.p_hex]
    near: list[int] = []
    if design(s).key == "radiation":
        for h in TILE_HEXES[t0]:
            for n in NEIGHBOURS[h]:
                t = TILE_OF[n]
                if t != t0 and not s.fallen[t] and t not in near:
                    near.append(t)
    return [t0], near


def task_blast(s: RivalsState, t: Task) -> list[Event]:
    c = design(s)
    main, near = blast_area(s)
    ev = [Event(f"{c.name} explodes on tile {main[0]}.", kind="blast")]
    victims: list[int] = []
    for tile in main + near:
        for h in TILE_HEXES[tile]:
            if s.shield[h] >= 0:
                s.shield[h] = -1
                ev.append(Event(f"The blast breaks the shield on hex {h}."))
        for o in range(s.seats):
            if s.ashaks[o].alive and TILE_OF[s.ashaks[o].pos] == tile and o not in victims:
                if s.p_ult and o == t.seat:
                    continue
                victims.append(o)
    s.p_victims = victims
    return ev


def victim_extra(s: RivalsState, v: int) -> int:
    c = design(s)
    if c.key == "stellar" and s.ashaks[v].pos == s.p_hex:
        return 3
    if c.key == "radiation" and TILE_OF[s.ashaks[v].pos] != TILE_OF[s.p_hex]:
        return -1
    return 0


def task_nextvictim(s: RivalsState, t: Task) -> list[Event]:
    s.p_victims = [v for v in s.p_victims if s.ashaks[v].alive]
    if not s.p_victims:
        return []
    if len(s.p_victims) == 1:
        return choose_victim(s, s.p_victims[0])
    s.tasks.insert(0, t)
    s.phase, s.actor = "victim", t.seat
    return []


def choose_victim(s: RivalsState, v: int) -> list[Event]:
    s.p_victims.remove(v)
    s.p_victim = v
    s.p_cancel = False
    seat = s.p_seat
    front(
        s,
        Task("window", seat, v),
        Task("stack", seat, v),
        Task("hit", seat, v, n=victim_extra(s, v)),
        Task("nextvictim", seat),
    )
    return []


def task_finish(s: RivalsState, t: Task) -> list[Event]:
    """The played card leaves play: discarded, uninstalled (explosives: then the top interface
    card is installed), or into the temporary slot; mods are discarded."""
    ev: list[Event] = []
    seat = t.seat
    c = design(s)
    card = s.p_card
    if s.p_source == "hand" and card in s.in_play:
        s.in_play.remove(card)
        if c.type == EXPLOSIVE:
            if c.grenade and has_skill(s, seat, "bomberman"):
                s.discard[seat].append(card)
            else:
                s.box.append(card)
                ev.append(Event(f"{c.name} is uninstalled after use."))
                if s.ashaks[seat].alive:
                    ev += install_top(s, seat)
        elif c.temp:
            s.temps[seat].append(card)
            s.temp_until[seat].append(min(2, s.turn_no + c.temp - 1))
        else:
            s.discard[seat].append(card)
    for m in s.p_mods:
        s.in_play.remove(m)
        s.discard[seat].append(m)
    free = s.free_ap
    s.free_ap = 0
    reset_play(s)
    if free and s.ashaks[seat].alive:
        s.tasks.insert(0, Task("freephys", seat))
    return ev
