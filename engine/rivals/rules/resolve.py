"""Playing a card, from the choice of card to its last effect: mods, target(s), the optional
discard, the attack window (rules/reactions.py), automatic effects, salvos, conditional effects, and
where the card goes afterwards. Explosives hit every Ashak on the tile in the order the player
chooses. The steps are tasks (state.Task) run by rules.flow.advance."""

from __future__ import annotations

from engine.core import Event, count
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.board import TILE_HEXES, TILE_OF
from engine.rivals.data.cards import BLOCKABLE, ENEMY, EXPLOSIVE, HEX, PHYSICAL, Card, Eff, card_said
from engine.rivals.data.catalog import CARD
from engine.rivals.effects import apply_effect, front, install_top
from engine.rivals.hexes import DIST, NEIGHBOURS, sight_paths
from engine.rivals.rules import drone_cards
from engine.rivals.rules.board import clear_path, drone_blockers
from engine.rivals.rules.combat import design, event_on, hp_before, mod_total, pierces, shielded
from engine.rivals.rules.common import (
    has_skill,
    skill_total,
    temp_total,
    who,
)
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


def offensive(c: Card) -> bool:
    return c.is_attack or c.target == ENEMY or c.key == "spores"


def max_range(s: RivalsState, seat: int, c: Card, extra: int = 0) -> int:
    """The card's maximum range for `seat` now (-1: no limit)."""
    if c.rmax < 0:
        return -1
    r = c.rmax + extra + s.range_bonus[seat]
    if s.temps[seat]:
        r += temp_total(s, seat, "t_range")
    if c.type == PHYSICAL and s.skills[seat]:
        r += skill_total(s, seat, "p_range")
    if s.event >= 0 and event_on(s, "fog"):
        r -= 1
    return max(r, c.rmin)


def in_range(s: RivalsState, seat: int, c: Card, h: int, extra: int = 0) -> bool:
    d = DIST[s.pos[seat]][h]
    if d < c.rmin:
        return False
    hi = max_range(s, seat, c, extra)
    return hi < 0 or d <= hi


def needs_sight(c: Card) -> bool:
    return c.type == PHYSICAL and c.key not in ("rail", "blink")


def shield_hexes(shield: list[int], seat: int) -> list[int]:
    """The hexes holding a shield not raised by `seat`, in order. Most hexes hold none, so the
    shields are counted, their owners found and their hexes looked up by `list.index` (all of
    it runs in C)."""
    unshielded = shield.count(-1) + (shield.count(seat) if seat >= 0 else 0)
    if unshielded == len(shield):
        return []
    owners = set(shield)
    owners.discard(-1)
    owners.discard(seat)
    out: list[int] = []
    for o in owners:
        h = -1
        for _ in range(shield.count(o)):
            h = shield.index(o, h + 1)
            out.append(h)
    out.sort()
    return out


# What a card adds to a range, per card instance (the sums `skill_total`/`temp_total` and the
# mods in hand would work out), so a menu adds up a few integers instead of scanning effects.
RANGE_MOD: tuple[int, ...] = tuple(sum(e.n for e in c.auto if e.kind == "m_range") for c in CARD)
SKILL_RANGE: tuple[int, ...] = tuple(sum(e.n for e in c.auto if e.kind == "p_range") for c in CARD)
TEMP_RANGE: tuple[int, ...] = tuple(sum(e.n for e in c.auto if e.kind == "t_range") for c in CARD)


class Aim:
    """How a card designed to hit an enemy is aimed, read once per design: its minimum and
    printed maximum range, whether physical bonuses apply, whether it needs line of sight and
    whether it may be aimed at a shield."""

    __slots__ = ("lo", "rmax", "physical", "sight", "at_shields")

    def __init__(self, c: Card) -> None:
        self.lo, self.rmax = c.rmin, c.rmax
        self.physical = c.type == PHYSICAL
        self.sight = needs_sight(c)
        self.at_shields = c.type in (PHYSICAL, "psychic")


class Reach:
    """What a menu needs about the rivals, worked out once and only when a card asks (a menu
    with no AP left asks nothing): distances, range bonuses, the range mods in hand, line of
    sight to each rival and the opposing shields."""

    __slots__ = (
        "_rivals_at",
        "_bonus",
        "_hand_mods",
        "_opp",
        "_pbonus",
        "_shields",
        "here",
        "s",
        "seat",
        "sight",
    )

    def __init__(self, s: RivalsState, seat: int) -> None:
        self.s, self.seat = s, seat
        self.here = s.pos[seat]
        self.sight: dict[int, bool] = {}
        self._opp: list[tuple[int, int]] | None = None
        self._shields: list[tuple[int, int]] | None = None
        self._rivals_at: list[int] | None = None
        self._hand_mods = -1

    @property
    def opp(self) -> list[tuple[int, int]]:
        """The living rivals on the Wildtech, each with its distance."""
        if self._opp is None:
            self._prepare()
        return self._opp  # type: ignore[return-value]

    def _prepare(self) -> None:
        s, seat = self.s, self.seat
        row = DIST[self.here]
        pos, alive = s.pos, s.alive
        self._opp = [(o, row[pos[o]]) for o in range(s.seats) if o != seat and alive[o] and pos[o] >= 0]
        bonus = s.range_bonus[seat]
        if s.temps[seat]:
            bonus += sum(map(TEMP_RANGE.__getitem__, s.temps[seat]))
        if s.event >= 0 and event_on(s, "fog"):
            bonus -= 1
        self._bonus = bonus
        self._pbonus = sum(map(SKILL_RANGE.__getitem__, s.skills[seat])) if s.skills[seat] else 0

    @property
    def shields(self) -> list[tuple[int, int]]:
        """Shields not raised by this seat, with their distance."""
        if self._shields is None:
            row = DIST[self.here]
            self._shields = [(h, row[h]) for h in shield_hexes(self.s.shield, self.seat)]
        return self._shields

    @property
    def hand_mods(self) -> int:
        """The range the mods in hand could add to a physical card."""
        if self._hand_mods < 0:
            self._hand_mods = sum(map(RANGE_MOD.__getitem__, self.s.hand[self.seat]))
        return self._hand_mods

    def max_range(self, c: Card, extra: int) -> int:
        if c.rmax < 0:
            return -1
        if self._opp is None:
            self._prepare()
        r = c.rmax + extra + self._bonus + (self._pbonus if c.type == PHYSICAL else 0)
        return max(r, c.rmin)

    def sees(self, o: int) -> bool:
        """Line of sight to rival `o` (as `board.has_sight`)."""
        seen = self.sight.get(o)
        if seen is None:
            seen = self.sight[o] = self.sees_hex(self.s.pos[o])
        return seen

    def sees_hex(self, h: int) -> bool:
        """Line of sight to hex `h`: the hexes strictly between hold no rival and no shield
        but this seat's (one clear path of two is enough). Every rival may block: none stands
        strictly between itself and this seat."""
        paths = sight_paths(self.here, h)
        if not paths[0]:
            return True
        if self._rivals_at is None:
            self._rivals_at = [self.s.pos[o] for o, _ in self.opp]
            if self.s.drone_mode:  # opposing drones block sight too
                self._rivals_at += drone_blockers(self.s, self.seat)
        return clear_path(self.s.shield, self.seat, paths, self._rivals_at)

    def can_aim(self, aim: Aim, extra: int) -> bool:
        """Whether an attack on an enemy has an Ashak or a shield to aim at."""
        if self._opp is None:
            self._prepare()
        lo = aim.lo
        if aim.rmax < 0:
            hi = 99  # no limit: farther than any two hexes lie apart
        else:
            hi = aim.rmax + extra + self._bonus + (self._pbonus if aim.physical else 0)
            if hi < lo:
                hi = lo
        if not aim.sight:
            for _, d in self._opp:  # type: ignore[union-attr]
                if lo <= d <= hi:
                    return True
        else:
            sight = self.sight
            for o, d in self._opp:  # type: ignore[union-attr]
                if lo <= d <= hi:
                    seen = sight.get(o)
                    if seen is None:
                        seen = sight[o] = self.sees_hex(self.s.pos[o])
                    if seen:
                        return True
        if aim.at_shields:
            for h, d in self.shields:
                if lo <= d <= hi and (not aim.sight or self.sees_hex(h)):
                    return True
        return False


def ashak_targets(
    s: RivalsState, seat: int, c: Card, extra: int = 0, reach: Reach | None = None
) -> list[int]:
    """Opposing Ashaks `c` may aim at (`reach`: facts shared by one menu listing)."""
    if reach is None:
        reach = Reach(s, seat)
    lo, hi = c.rmin, reach.max_range(c, extra)
    sight = needs_sight(c)
    return [o for o, d in reach.opp if d >= lo and (hi < 0 or d <= hi) and (not sight or reach.sees(o))]


def shield_targets(
    s: RivalsState, seat: int, c: Card, extra: int = 0, reach: Reach | None = None
) -> list[int]:
    """Hexes holding a shield not raised by `seat` that an attack may aim at."""
    if c.type not in (PHYSICAL, "psychic"):
        return []
    if reach is None:
        reach = Reach(s, seat)
    lo, hi = c.rmin, reach.max_range(c, extra)
    sight = needs_sight(c)
    return [
        h for h, d in reach.shields if d >= lo and (hi < 0 or d <= hi) and (not sight or reach.sees_hex(h))
    ]


def hex_targets(s: RivalsState, seat: int, c: Card, first: bool = False) -> list[int]:
    """Hexes still on the Wildtech within the card's range (`first`: stop at the first one)."""
    row = DIST[s.pos[seat]]
    lo, hi = c.rmin, max_range(s, seat, c)
    fallen = s.fallen
    out = []
    for h, d in enumerate(row):
        if d >= lo and (hi < 0 or d <= hi) and not fallen[TILE_OF[h]]:
            out.append(h)
            if first:
                break
    return out


def range_mods_in_hand(s: RivalsState, seat: int) -> int:
    return sum(map(RANGE_MOD.__getitem__, s.hand[seat]))


def has_target(s: RivalsState, seat: int, c: Card, extra: int, reach: Reach | None = None) -> bool:
    if c.target == HEX:
        return bool(hex_targets(s, seat, c, first=True))
    if c.target == ENEMY:
        if c.key in ("swarm",) and not s.extra:
            return False
        if reach is None:
            reach = Reach(s, seat)
        if reach.can_aim(aim_of(c), extra):
            return True
        return s.drone_mode and bool(drone_cards.drone_targets(s, seat, c, extra))
    return True


_AIMS: dict[int, tuple[Card, Aim]] = {}


def aim_of(c: Card) -> Aim:
    """The card's `Aim`, made once per design (designs are constants; the entry keeps its card,
    so an id is never taken for another's)."""
    known = _AIMS.get(id(c))
    if known is None or known[0] is not c:
        known = _AIMS[id(c)] = (c, Aim(c))
    return known[1]


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
        s.ult[seat] = 0
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
        s.ult[seat] = ASHAKS[s.ashak[seat]].gauge
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
    s.p_hp = list(s.hp)  # "before the attack": what the ultimate bonus of its wounds reads
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
        and s.alive[target]
        and shielded(s, t.seat, target)
    ):
        return [Event(f"The shield on hex {s.pos[target]} stops the effect on {who(s, target)}.")]
    return apply_effect(s, t.seat, target, t.k, t.n, t.b, hp_then=hp_before(s, target))


def task_hit(s: RivalsState, t: Task) -> list[Event]:
    """Automatic effects, the optional effect, then the salvos, against one Ashak."""
    seat, v = t.seat, t.a
    if not s.alive[v] or s.p_cancel:
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
    if not c.cond or s.p_wounds < c.cond_min or not s.alive[t.seat] or s.p_cancel:
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
            if s.alive[o] and TILE_OF[s.pos[o]] == tile and o not in victims:
                if s.p_ult and o == t.seat:
                    continue
                victims.append(o)
    s.p_victims = victims
    return ev


def victim_extra(s: RivalsState, v: int) -> int:
    c = design(s)
    if c.key == "stellar" and s.pos[v] == s.p_hex:
        return 3
    if c.key == "radiation" and TILE_OF[s.pos[v]] != TILE_OF[s.p_hex]:
        return -1
    return 0


def task_nextvictim(s: RivalsState, t: Task) -> list[Event]:
    s.p_victims = [v for v in s.p_victims if s.alive[v]]
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
                if s.alive[seat]:
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
    if free and s.alive[seat]:
        s.tasks.insert(0, Task("freephys", seat))
    return ev
