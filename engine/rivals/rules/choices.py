"""The small decisions inside a turn or a resolution: mods, targets, the optional discard,
reactions, explosive victims, step destinations, uninstalls (an Ashak's or a drone's), shields to
drop, skills to replace, resources to take, loot and the return of a body that fell. Each phase
has `options` (every action with its reason or None) and a `perform`."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from engine.core import Event
from engine.core.phases import NOT_NOW
from engine.rivals.actions import (
    INSTALL,
    PASS,
    PAY_OPTIONAL,
    SKIP_OPTIONAL,
    STEP_TO,
    STOP_INSTALLING,
    TAKE_BACK,
    TARGET_ASHAK,
    TARGET_HEX,
    AddMod,
    ChooseResource,
    ChooseVictim,
    DoneMods,
    DropShield,
    Install,
    NoSecondTarget,
    PayOptional,
    PlayCard,
    ReplaceSkill,
    StepTo,
    StopMoving,
    StopUninstalling,
    TakeBack,
    TargetAshak,
    TargetDrone,
    TargetHex,
    Uninstall,
)
from engine.rivals.data.board import TILE_OF
from engine.rivals.data.cards import ENEMY, MOD, PHYSICAL, card_said
from engine.rivals.data.catalog import CARD
from engine.rivals.effects import do_step, place_shield, step_options
from engine.rivals.queries import body_name, border_hexes, name, on_border, shields_of, stored_cards, who
from engine.rivals.rules import drone_cards, resolve, targeting
from engine.rivals.rules.board import reveal
from engine.rivals.rules.combat import design
from engine.rivals.rules.common import clear_victim, lootable, seat_skill
from engine.rivals.rules.limits import CHECK, card_reason
from engine.rivals.state import Body, DroneBody, RivalsState, Task

Option = tuple[object, str | None]
Check = Callable[[RivalsState, int, object], str | None]


# --- playing a card ----------------------------------------------------------------------------


def mods_options(s: RivalsState, seat: int) -> list[Option]:
    opts: list[Option] = []
    for m in s.hand[seat]:
        c = CARD[m]
        if c.type == MOD:
            opts.append((AddMod(m), None if c.ap <= s.ap else f"{c.name} costs {c.ap} AP."))
    # The ways of adding none, the plain one last (`Prompt.declines`): with no mod in hand a
    # player is not asked (taking the card back is offered again with the target).
    opts.append((TAKE_BACK, None))
    opts.append((DoneMods(), None))
    return opts


def mods_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    if isinstance(a, TakeBack):
        return resolve.take_back(s)
    if isinstance(a, AddMod):
        s.hand[seat].remove(a.card)
        s.in_play.append(a.card)
        s.p_mods.append(a.card)
        s.ap -= CARD[a.card].ap
        ev = [Event(f"{who(s, seat)} adds the mod {card_said(CARD[a.card])}", reveal=True)]
        if s.hand[seat]:
            return ev  # more mods may follow
    else:
        ev = []
    resolve.after_mods(s)
    return ev


def range_extra(s: RivalsState) -> int:
    return sum(map(targeting.RANGE_MOD.__getitem__, s.p_mods))


# The targets a card may be aimed at, one list per action class, so that the verdict on one
# aim (`TARGET_CHECKS`) builds only the list of its class: an enemy card aims at rival Ashaks,
# at shields (an attack) and at drones (drone mode); any other card at hexes in its range.


def _ashaks(s: RivalsState, seat: int, reach: targeting.Reach) -> list[int]:
    c = design(s)
    if c.target != ENEMY:
        return []
    return targeting.ashak_targets(s, seat, c, range_extra(s), reach)


def _hexes(s: RivalsState, seat: int, reach: targeting.Reach) -> list[int]:
    c = design(s)
    if c.target != ENEMY:
        return targeting.hex_targets(s, seat, c)
    return targeting.shield_targets(s, seat, c, range_extra(s), reach) if c.is_attack else []


def _drones(s: RivalsState, seat: int, reach: targeting.Reach) -> list[int]:
    c = design(s)
    if c.target != ENEMY or not s.drone_mode:
        return []
    return targeting.drone_targets(s, seat, c, range_extra(s))


def target_options(s: RivalsState, seat: int) -> list[Option]:
    reach = targeting.Reach(s, seat)  # shared by the lists
    opts: list[Option] = [(TARGET_ASHAK[o], None) for o in _ashaks(s, seat, reach)]
    opts += [(TARGET_HEX[h], None) for h in _hexes(s, seat, reach)]
    opts += [(drone_cards.TARGET_DRONE[o], None) for o in _drones(s, seat, reach)]
    return opts + [(TAKE_BACK, None)]


def _listed(targets: Callable[[RivalsState, int, targeting.Reach], list[int]], field: str) -> Check:
    """The verdict on one aim of a class: allowed when that class's list holds it."""

    def check(s: RivalsState, seat: int, a: object) -> str | None:
        return None if getattr(a, field) in targets(s, seat, targeting.Reach(s, seat)) else NOT_NOW

    return check


TARGET_CHECKS: dict[type, Check] = {
    TargetAshak: _listed(_ashaks, "seat"),
    TargetHex: _listed(_hexes, "hex"),
    TargetDrone: _listed(_drones, "seat"),
    TakeBack: lambda s, seat, a: None,  # taking the card back is always offered
}


def target_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    if isinstance(a, TakeBack):
        return resolve.take_back(s)
    if isinstance(a, TargetAshak):
        s.p_target = a.seat
        s.p_hex = s.ashaks[a.seat].pos
        ev = [Event(f"{design(s).name} is aimed at {who(s, a.seat)}.", kind="target")]
    elif isinstance(a, TargetDrone):
        ev = drone_cards.aim(s, a.seat)
    else:
        assert isinstance(a, TargetHex)
        s.p_hex = a.hex
        ev = [Event(f"{design(s).name} is aimed at hex {a.hex}.", kind="target")]
    resolve.after_target(s)
    return ev


def target2_options(s: RivalsState, seat: int) -> list[Option]:
    c = design(s)
    opts: list[Option] = [
        (TARGET_ASHAK[o], None) for o in targeting.ashak_targets(s, seat, c) if o != s.p_target
    ]
    return opts + [(NoSecondTarget(), None)]


def target2_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    if isinstance(a, TargetAshak):
        s.p_target2 = a.seat
    resolve.after_second(s)
    return []


def optional_options(s: RivalsState, seat: int) -> list[Option]:
    return [(PAY_OPTIONAL[c], None) for c in s.hand[seat]] + [(SKIP_OPTIONAL, None)]


def optional_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    ev: list[Event] = []
    if isinstance(a, PayOptional):
        s.hand[seat].remove(a.card)
        s.discard[seat].append(a.card)
        s.p_opt = a.card
        ev.append(Event(f"{who(s, seat)} discards {name(a.card)} for the optional effect.", reveal=True))
    resolve.begin(s)
    return ev


def victim_options(s: RivalsState, seat: int) -> list[Option]:
    return [(ChooseVictim(v), None) for v in s.p_victims]


def victim_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, ChooseVictim)
    s.tasks.pop(0)  # the waiting "nextvictim"
    s.phase = "idle"
    return resolve.choose_victim(s, a.seat)


def freephys_options(s: RivalsState, seat: int) -> list[Option]:
    opts: list[Option] = []
    for c in s.hand[seat]:
        if CARD[c].type == PHYSICAL:
            opts.append((PlayCard(c), card_reason(s, seat, CHECK[c], "hand", free=True)))
    return opts + [(PASS, None)]


def freephys_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    if isinstance(a, PlayCard):
        s.p_free = True
        return resolve.start_play(s, seat, a.card, "hand")
    s.phase = "idle"
    return []


# --- steps, uninstalls, shields ----------------------------------------------------------------


def step_options_(s: RivalsState, seat: int) -> list[Option]:
    t = s.tasks[0]
    opts: list[Option] = [(STEP_TO[h], None) for h in step_options(s, t)]
    if t.k in ("move", "teleport"):
        opts.append((StopMoving(), None))
    return opts


def step_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    t = s.tasks.pop(0)
    s.phase = "idle"
    if isinstance(a, StopMoving):
        return []
    assert isinstance(a, StepTo)
    return do_step(s, t, a.hex)


def dropshield_options(s: RivalsState, seat: int) -> list[Option]:
    return [(DropShield(h), None) for h in shields_of(s, seat)]


def dropshield_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, DropShield)
    t = s.tasks.pop(0)
    s.phase = "idle"
    s.shield[a.hex] = -1
    return [Event(f"{who(s, seat)} lets its shield on hex {a.hex} go.")] + place_shield(s, seat, t.a)


# --- rewards, schemas, skills, resources, loot, re-entry ---------------------------------------


def replace_options(s: RivalsState, seat: int) -> list[Option]:
    return [(ReplaceSkill(c), None) for c in s.skills[seat]]


def replace_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, ReplaceSkill)
    s.skills[seat].remove(a.card)
    if a.card in s.exhausted[seat]:
        s.exhausted[seat].remove(a.card)
    s.box.append(a.card)
    new = s.in_play[-1]
    s.phase = "idle"
    ev = [Event(f"{who(s, seat)} uninstalls the skill {name(a.card)} to make room.")]
    return ev + seat_skill(s, seat, new)


def resource_options(s: RivalsState, seat: int) -> list[Option]:
    return [(ChooseResource("crystal"), None), (ChooseResource("resin"), None)]


def resource_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    assert isinstance(a, ChooseResource)
    t = s.tasks.pop(0)
    s.phase = "idle"
    if a.resource == "crystal":
        s.ashaks[seat].crystals += 1
    else:
        s.ashaks[seat].resins += 1
    if t.n > 1:
        s.tasks.insert(0, Task("resource", seat, n=t.n - 1))
    return [Event(f"{who(s, seat)} takes a {a.resource}.")]


def loot_options(s: RivalsState, seat: int) -> list[Option]:
    victim = s.tasks[0].a
    return [(INSTALL[c], None) for c in lootable(s, victim)] + [(STOP_INSTALLING, None)]


def loot_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    t = s.tasks.pop(0)
    s.phase = "idle"
    victim = t.a
    ev: list[Event] = []
    if isinstance(a, Install):
        for pile in (s.deck, s.hand, s.discard, s.skills):
            if a.card in pile[victim]:
                pile[victim].remove(a.card)
        s.hand[seat].append(a.card)
        ev.append(Event(f"{who(s, seat)} installs {name(a.card)} from its victim.", reveal=True))
    return ev + clear_victim(s, victim)


Perform = Callable[[RivalsState, int, object], list[Event]]
OptionsFn = Callable[[RivalsState, int], list[Option]]


def uninstall_options(s: RivalsState, seat: int) -> list[Option]:
    cards = stored_cards(s, uninstalling(s, s.tasks[0]))
    return [(Uninstall(c), None) for c in cards] + [(StopUninstalling(), None)]


def uninstalling(s: RivalsState, t: Task) -> Body:
    """The body an "uninstall" task takes cards from: the drone `t.b`, or the seat's Ashak (its
    player's hand and discard)."""
    return s.drones[t.b] if t.b >= 0 else s.ashaks[t.seat]


def uninstall_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    t = s.tasks.pop(0)
    s.phase = "idle"
    if isinstance(a, StopUninstalling):
        return []
    assert isinstance(a, Uninstall)
    b = uninstalling(s, t)
    if isinstance(b, DroneBody):
        b.cards.remove(a.card)
    else:
        (s.hand[seat] if a.card in s.hand[seat] else s.discard[seat]).remove(a.card)
    s.box.append(a.card)
    if t.n > 1:
        s.tasks.insert(0, attrs.evolve(t, n=t.n - 1))
    return [Event(f"{body_name(s, b)} uninstalls {name(a.card)}.", reveal=True)]


def reentry_options(s: RivalsState, seat: int) -> list[Option]:
    return [(STEP_TO[h], None) for h in border_hexes(s)]


def reentry_reason(s: RivalsState, seat: int, a: object) -> str | None:
    """The verdict on one re-entry hex, as its options give it."""
    assert isinstance(a, StepTo)
    return None if on_border(s, a.hex) else NOT_NOW


def reentry_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    """A body that fell climbs back on a border hex of its player's choice (its tile revealed
    if it was not)."""
    assert isinstance(a, StepTo)
    t = s.tasks.pop(0)
    s.phase = "idle"
    b = s.drones[t.seat] if t.kind == "dreentry" else s.ashaks[t.seat]
    ev = reveal(s, TILE_OF[a.hex])
    b.pos = a.hex
    ev.append(Event(f"{body_name(s, b)} climbs back onto hex {a.hex}.", kind="move"))
    return ev
