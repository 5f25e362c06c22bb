"""What a card may be aimed at now: its range for the player (bonuses, mods, Fog), line of
sight, and the Ashaks, shields, hexes and drones within reach. A menu lists these many times
per decision, so the facts it shares (distances, sight, bonuses) are worked out once per listing
(`Reach`) and a card's aiming needs once per design (`Aim`)."""

from __future__ import annotations

from engine.rivals.data.board import TILE_OF
from engine.rivals.data.cards import ENEMY, EXPLOSIVE, HEX, PHYSICAL, Card
from engine.rivals.data.catalog import CARD
from engine.rivals.geometry import DIST, sight_paths
from engine.rivals.queries import clear_path, drone_blockers, event_on, has_sight, skill_total, temp_total
from engine.rivals.state import RivalsState


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
    d = DIST[s.ashaks[seat].pos][h]
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
        self.here = s.ashaks[seat].pos
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
        self._opp = [(a.seat, row[a.pos]) for a in s.ashaks if a.alive and a.pos >= 0 and a.seat != seat]
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
            seen = self.sight[o] = self.sees_hex(self.s.ashaks[o].pos)
        return seen

    def sees_hex(self, h: int) -> bool:
        """Line of sight to hex `h`: the hexes strictly between hold no rival and no shield
        but this seat's (one clear path of two is enough). Every rival may block: none stands
        strictly between itself and this seat."""
        paths = sight_paths(self.here, h)
        if not paths[0]:
            return True
        if self._rivals_at is None:
            self._rivals_at = [self.s.ashaks[o].pos for o, _ in self.opp]
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
        # (`d >= lo and d <= hi` rather than `lo <= d <= hi`: Python 3.11 specializes only
        # a comparison that is followed by its jump)
        if not aim.sight:
            for _, d in self._opp:  # type: ignore[union-attr]
                if d >= lo and d <= hi:
                    return True
        else:
            sight = self.sight
            for o, d in self._opp:  # type: ignore[union-attr]
                if d >= lo and d <= hi:
                    seen = sight.get(o)
                    if seen is None:
                        seen = sight[o] = self.sees_hex(self.s.ashaks[o].pos)
                    if seen:
                        return True
        if aim.at_shields:
            for h, d in self.shields:
                if d >= lo and d <= hi and (not aim.sight or self.sees_hex(h)):
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
    row = DIST[s.ashaks[seat].pos]
    lo, hi = c.rmin, max_range(s, seat, c)
    fallen = s.fallen
    out = []
    for h, d in enumerate(row):
        if d >= lo and (hi < 0 or d <= hi) and not fallen[TILE_OF[h]]:
            out.append(h)
            if first:
                break
    return out


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
        return s.drone_mode and bool(drone_targets(s, seat, c, extra))
    return True


_AIMS: dict[int, tuple[Card, Aim]] = {}


def aim_of(c: Card) -> Aim:
    """The card's `Aim`, made once per design (designs are constants; the entry keeps its card,
    so an id is never taken for another's)."""
    known = _AIMS.get(id(c))
    if known is None or known[0] is not c:
        known = _AIMS[id(c)] = (c, Aim(c))
    return known[1]


# --- drones (drone mode) ----------------------------------------------------------------------

# Cards whose whole effect is about the other player's deck or body: nothing to do to a drone.
KEYED = frozenset({"swarm", "accel", "flashers", "spores"})


def can_aim_at_drones(c: Card) -> bool:
    return c.target == ENEMY and c.type != EXPLOSIVE and c.key not in KEYED


def drone_targets(s: RivalsState, seat: int, c: Card, extra: int = 0) -> list[int]:
    """The drones (by owner) `seat` may aim card `c` at now."""
    if not s.drone_mode or not can_aim_at_drones(c) or s.ashaks[seat].pos < 0:
        return []
    here = s.ashaks[seat].pos
    hi = max_range(s, seat, c, extra)
    sight = needs_sight(c)
    out = []
    for o in range(s.seats):
        h = s.drones[o].pos
        if h < 0:
            continue
        d = DIST[here][h]
        if d < c.rmin or (hi >= 0 and d > hi):
            continue
        if sight and not has_sight(s, seat, here, h, -1, target_drone=o):
            continue
        out.append(o)
    return out
