"""The active player's turn: one action (summon a region, or go adventuring step by step), any
adventure tokens, then End turn — or Pass when no action is possible.

Legality lives in the checks of `TURN_CHECKS`, one per action class (one test per rule, each
returning the sentence a player sees); `turn_legal` builds the same list quickly from the realm
helpers, and the conformance suite checks that the two agree. `turn_candidates` adds what is
worth showing greyed.
"""

from __future__ import annotations

from engine.core.game import Event
from engine.core.phases import Check
from engine.rival_realms.actions import (
    CARPETS,
    END_TURN,
    ESPRESSO,
    GEM_RAVENS,
    GEM_STEAL,
    PASS,
    SUMMONS,
    WALKS,
    Carpet,
    EndTurn,
    Espresso,
    GemRaven,
    GemSteal,
    Go,
    Mirror,
    Pass,
    Summon,
    go,
)
from engine.rival_realms.data import (
    CARPET,
    COLS,
    GEM,
    LANDS,
    MIRROR,
    ROW_NAMES,
    SPACES,
    TOKEN_NAMES,
    land_name,
    space_name,
)
from engine.rival_realms.data import ESPRESSO as ESPRESSO_TOKEN
from engine.rival_realms.effects import collect, explore, mirror, said, spend_card, spend_token, who
from engine.rival_realms.queries import (
    card_name,
    empty_gaps,
    fits_somewhere,
    loose_tokens,
    mirror_moves,
    mirror_problem,
    path_tokens,
    payments,
    pays,
    row_bounds,
    step_path,
    steps,
    summoned,
    walk_tokens,
)
from engine.rival_realms.rules.flow import end_turn, pass_turn, steal_sources
from engine.rival_realms.state import RivalRealmsState

TurnAction = Summon | Go | EndTurn | Pass | GemRaven | GemSteal | Espresso | Carpet | Mirror


def committed(s: RivalRealmsState) -> bool:
    """The player is adventuring: free moves through explored regions are open to them."""
    return s.action == "adventure" or (s.action == "" and s.explored_now > 0)


def can_act(s: RivalRealmsState, seat: int) -> bool:
    """Whether the turn's action is possible now: a summon, a paid step, a walk that claims a
    token lying on an explored region, or an exploring Flying Carpet."""
    if s.action != "":
        return True
    if fits_somewhere(s.regions[seat], s.hands[seat]):
        return True
    explored = s.explored[seat]
    laid = s.board_tokens[seat]
    for k in steps(s, seat):
        q = k >> 5
        if explored[q]:
            if laid[q]:
                return True  # the walk there claims it
        # (A step paid by a creature picked up on its walk needs no look: the walk to that
        # creature is found too, and answers first.)
        elif payments(s, seat, q, (k & 31) - 1, ()):
            return True
    if CARPET in s.supply[seat]:
        return any(s.regions[seat][p] and not explored[p] for p in range(SPACES))
    return False


def walk_collects(
    s: RivalRealmsState, seat: int, space: int, via: int, found: dict[int, int] | None = None
) -> bool:
    """Whether the free walk into explored `space` from `via` claims a token, on the way or in
    `space` itself. `found`: `steps(s, seat)`, or the walk up to this step, when the caller has
    it already."""
    return bool(s.board_tokens[seat][space] or walk_tokens(s, seat, space, via, found))


def turn_legal(s: RivalRealmsState, seat: int) -> list[TurnAction]:
    # End turn comes first once it is allowed: among moves that change nothing worth having
    # (a free walk in a circle), a bot that keeps the first best choice then stops walking.
    action = s.action
    done = action != "" or s.explored_now > 0
    out: list[TurnAction] = [END_TURN] if done else []
    regions = s.regions[seat]
    explored = s.explored[seat]
    if action == "":
        gaps = empty_gaps(regions)
        for c in s.hands[seat]:
            row = SUMMONS[c]  # one Summon per space, in space order: a run is a slice
            for lo, hi, first, after in gaps:
                if lo < c and c < hi:  # (not chained: a chain costs a copy and a swap more)
                    out.extend(row[first:after])
    able = bool(out) and not done  # the turn's action is possible (else Pass is offered)
    if action != "summon":
        found = steps(s, seat)
        # Tokens left on explored regions are claimed by walking over them: they may pay for
        # the step that picks them up, and a walk that claims one is always offered, as the
        # turn's first step too. Other free walks into explored regions are open once
        # adventuring (`committed`, which short of a summon is `done`), and after a walk that
        # found nothing only again after an exploration.
        roam = done and not s.walked
        laid = s.board_tokens[seat]
        # Usually no token lies on the walk, and a step's walk passes only positions found
        # before it (`steps` lists them in the order found): until one is seen holding a
        # token, no step's walk needs a look.
        loose = False
        for k in found:
            q, via = k >> 5, (k & 31) - 1
            if explored[q]:
                if laid[q]:
                    loose = True
                if roam or (loose and walk_collects(s, seat, q, via, found)):
                    out.append(WALKS[k])
                    able = True
                continue
            on_way = walk_tokens(s, seat, q, via, found) if loose else ()
            ways = payments(s, seat, q, via, on_way)
            if ways:  # (marked once, not at each way of paying)
                able = True
                for card, creature in ways:
                    out.append(go(q, via, card, creature))
    supply = s.supply[seat]
    if supply:  # (empty about half the time: then none of the four tokens is looked for)
        if GEM in supply:
            if s.seats == 2:  # (solo: the Raven never leaves the deck)
                valleys = s.valleys[seat]
                perch = s.raven - seat * LANDS  # (the Raven's Mountain here, if it is in this realm)
                out.extend([GEM_RAVENS[m] for m in range(LANDS) if not valleys[m] and m != perch])
            if steal_sources(s, seat):
                out.append(GEM_STEAL)
        if ESPRESSO_TOKEN in supply and not s.espresso:
            out.append(ESPRESSO)
        if CARPET in supply:
            here = s.adventurer[seat]
            carpets = [CARPETS[p] for p in range(SPACES) if regions[p] and p != here]
            out.extend(carpets)
            if not done and not able:  # (only asked when it decides whether Pass is offered)
                able = any(not explored[a.space] for a in carpets)
        if MIRROR in supply:
            out.extend(mirror_moves(s, seat))
    if not done and not able:
        out.append(PASS)
    return out


def turn_candidates(s: RivalRealmsState, seat: int) -> list[TurnAction]:
    """Every action worth showing: the legal ones, the summons that break the left-to-right
    order (greyed with the reason), and End turn / Pass when they are not allowed."""
    out = turn_legal(s, seat)
    if s.action == "":
        regions = s.regions[seat]
        for c in s.hands[seat]:
            out.extend(Summon(c, p) for p in range(SPACES) if not regions[p] and Summon(c, p) not in out)
    for a in (END_TURN, PASS):
        if a not in out:
            out.append(a)
    return out


# The checks of a turn's decisions, one per action class (`TURN_CHECKS`, below `go_reason`).


def end_turn_reason(s: RivalRealmsState, seat: int, a: EndTurn) -> str | None:
    if s.action == "" and s.explored_now == 0:
        return "Summon a region or go adventuring first (or pass if you cannot)."
    return None


def summon_reason(s: RivalRealmsState, seat: int, a: Summon) -> str | None:
    action = s.action
    if action == "summon":
        return "You have already summoned a region this turn."
    if action == "adventure":
        return "You went adventuring this turn: one action only."
    card, space = a.card, a.space
    if card not in s.hands[seat]:
        return "That card is not in your hand."
    if not 0 <= space < SPACES:
        return "There is no such space in your realm."
    regions = s.regions[seat]
    if regions[space]:
        return f"That space already holds {card_name(regions[space])}."
    lo, hi = row_bounds(regions, space)
    if lo < card < hi:
        return None
    row = ROW_NAMES[space // COLS].capitalize()
    if card < lo:
        return (
            f"{card} cannot go there: the {row} Realm must increase left to right and {lo} lies to its left."
        )
    return f"{card} cannot go there: the {row} Realm must increase left to right and {hi} lies to its right."


def pass_reason(s: RivalRealmsState, seat: int, a: Pass) -> str | None:
    if s.action != "" or s.explored_now > 0:
        return "You have already acted this turn: end your turn instead."
    if can_act(s, seat):
        return "You can still summon, explore or walk to a token, so you may not pass."
    return None


def gem_reason(s: RivalRealmsState, seat: int, a: GemRaven | GemSteal) -> str | None:
    if GEM not in s.supply[seat]:
        return "You have no gem to spend."
    if isinstance(a, GemSteal):
        return None if steal_sources(s, seat) else "There is no card left to take."
    if s.solo:
        return "In the solo game the Raven never leaves the deck."
    if not 0 <= a.land < LANDS or s.valleys[seat][a.land]:
        return "The Raven can only fly to one of your own Mountains."
    if s.raven == seat * LANDS + a.land:
        return "The Raven already perches there."
    return None


def espresso_reason(s: RivalRealmsState, seat: int, a: Espresso) -> str | None:
    if ESPRESSO_TOKEN not in s.supply[seat]:
        return "You have no Double Espresso to play."
    return "Your extra turn is already coming." if s.espresso else None


def carpet_reason(s: RivalRealmsState, seat: int, a: Carpet) -> str | None:
    if CARPET not in s.supply[seat]:
        return "You have no Flying Carpet to play."
    if not 0 <= a.space < SPACES or not s.regions[seat][a.space]:
        return "The Flying Carpet lands only on a region card of your realm."
    if a.space == s.adventurer[seat]:
        return "Your adventurer is already there."
    return None


def mirror_reason(s: RivalRealmsState, seat: int, a: Mirror) -> str | None:
    if MIRROR not in s.supply[seat]:
        return "You have no Magic Mirror to play."
    return mirror_problem(s, seat, a.kind, a.a, a.b)


def go_reason(s: RivalRealmsState, seat: int, a: Go) -> str | None:
    if s.action == "summon":
        return "You summoned a region this turn: one action only."
    if not (0 <= a.space < SPACES and -1 <= a.via < SPACES):
        return "There is no such space in your realm."
    regions = s.regions[seat]
    if not regions[a.space]:
        return "You can never move into an empty space."
    path = step_path(s, seat, a.space, a.via)
    if path is None:
        if a.via == s.adventurer[seat] and a.space == s.came_from:
            return "You may not turn around and go straight back the way you came."
        return f"Your adventurer cannot reach {space_name(a.space)} that way."
    # Claimed on the walk, before the step is paid (a step out of where the adventurer stands
    # walks through nothing).
    on_way = path_tokens(s, seat, path) if len(path) > 1 else ()
    if s.explored[seat][a.space]:
        if a.card or a.creature:
            return "That region is already explored: walking there is free."
        if committed(s) and not s.walked:
            return None
        if on_way or s.board_tokens[seat][a.space]:
            return None  # a walk that claims a token is always a step, the turn's first too
        if not committed(s):
            return "A turn of adventuring begins by exploring a region or by walking to a token."
        return "You have just walked for nothing: explore a region before walking on."
    if not pays(s, seat, a.space, a.via, a.card, a.creature, on_way):
        if a.card and a.card not in s.hands[seat]:
            return "That card is not in your hand."
        if a.creature and a.creature not in s.supply[seat]:
            return f"You have no unused {TOKEN_NAMES.get(a.creature, a.creature)}."
        name = card_name(regions[a.space])
        if not a.card and not a.creature:
            return f"Entering {name} costs a matching card or creature."
        return f"That does not match {name}: pay with a card of its type or a fitting creature."
    return None


TURN_CHECKS: dict[type, Check[RivalRealmsState]] = {
    EndTurn: end_turn_reason,
    Summon: summon_reason,
    Go: go_reason,
    Pass: pass_reason,
    GemRaven: gem_reason,
    GemSteal: gem_reason,
    Espresso: espresso_reason,
    Carpet: carpet_reason,
    Mirror: mirror_reason,
}


# Log lines said word for word again and again, built once (events are frozen).
_TURN_ENDS: tuple[Event, ...] = tuple(Event(f"{who(seat)} ends their turn.", seat=seat) for seat in (0, 1))
_SUMMONED: dict[int, Event] = {}  # (seat * 64 + card) * 32 + space
# A summon onto a token lying there, by seat and token: its line.
_UNCLAIMED: tuple[dict[str, Event], ...] = tuple(
    {
        token: Event(f"The {name} there now lies on the new region, unclaimed.", seat=seat)
        for token, name in TOKEN_NAMES.items()
    }
    for seat in (0, 1)
)


def turn_perform(s: RivalRealmsState, seat: int, a: TurnAction) -> list[Event]:
    s.stamp += 1  # (decisions performed: see the state)
    ev: list[Event] = []
    # The usual decisions first: a summon, the turn's end, a step.
    if type(a) is Summon:
        s.hands[seat].remove(a.card)
        s.regions[seat][a.space] = a.card
        summoned(s.regions[seat], a.space)
        s.action = "summon"
        key = (seat * 64 + a.card) * 32 + a.space
        e = _SUMMONED.get(key)
        if e is None:
            text = f"{who(seat)} summons {card_name(a.card)} into {space_name(a.space)}."
            e = _SUMMONED[key] = Event(text, seat=seat, kind="summon")
        ev.append(e)
        token = s.board_tokens[seat][a.space]
        if token:
            ev.append(_UNCLAIMED[seat][token])
        if s.adventurer[seat] == a.space:
            explore(s, seat, a.space, ev)
        return ev
    if type(a) is EndTurn:
        ev.append(_TURN_ENDS[seat])
        end_turn(s, ev)
        return ev
    if isinstance(a, Go):
        _go(s, seat, a, ev)
        return ev
    name = who(seat)
    if isinstance(a, Pass):
        pass_turn(s, ev)
    elif isinstance(a, GemRaven):
        spend_token(s, seat, GEM)
        s.raven = seat * LANDS + a.land
        ev.append(
            said(f"{name} spends a gem: the Raven flies to their Mountain {land_name(a.land)}.", seat=seat)
        )
    elif isinstance(a, GemSteal):
        spend_token(s, seat, GEM)
        moved = " flies beside the deck and" if s.raven >= 0 else ""
        s.raven = -1
        ev.append(said(f"{name} spends a gem: the Raven{moved} helps them take two cards.", seat=seat))
        s.steal_left = 2
        s.phase = "steal"
    elif isinstance(a, Espresso):
        spend_token(s, seat, ESPRESSO_TOKEN)
        s.espresso = True
        ev.append(said(f"{name} drinks the Double Espresso: another turn follows this one.", seat=seat))
    elif isinstance(a, Carpet):
        spend_token(s, seat, CARPET)
        s.adventurer[seat] = a.space
        s.came_from = -1
        ev.append(said(f"{name} flies the Flying Carpet to {space_name(a.space)}.", seat=seat))
        if not s.explored[seat][a.space]:
            s.explored_now += 1
            s.walked = False
        explore(s, seat, a.space, ev)
    elif isinstance(a, Mirror):
        spend_token(s, seat, MIRROR)
        what = {"region": "region cards", "token": "tokens", "land": "land cards"}[a.kind]
        where = land_name if a.kind == "land" else space_name
        ev.append(
            Event(
                f"{name} uses the Magic Mirror: {what} {where(a.a)} and {where(a.b)} change places.",
                seat=seat,
            )
        )
        mirror(s, seat, a.kind, a.a, a.b, ev)
    return ev


def _go(s: RivalRealmsState, seat: int, a: Go, ev: list[Event]) -> None:
    laid = s.board_tokens[seat]
    if loose_tokens(s, seat):
        path = step_path(s, seat, a.space, a.via)
        assert path is not None  # (the step was judged possible)
        finds = any(map(laid.__getitem__, path))
        for p in path[:-1]:
            collect(s, seat, p, ev)  # tokens left on explored regions are claimed when crossed
    else:
        # No token lies on an explored region, so the walk (through explored regions only)
        # claims nothing before the step: its way need not be searched again (the step's check
        # has found it), only the space entered matters.
        finds = bool(laid[a.space])
    card = s.regions[seat][a.space]
    walk = s.explored[seat][a.space]
    if walk:
        if not finds:
            s.walked = True
    else:
        if a.card:
            spend_card(s, seat, a.card)
        elif a.creature:
            spend_token(s, seat, a.creature)
        s.explored_now += 1
        s.walked = False
    # The line said: the same words for the same step, paid the same way (built once).
    # (The words name the seat, the region entered and its space, and the payment, not `via`.)
    key = ((seat * 64 + card) * 32 + a.space, a.card, a.creature, walk, s.seats)
    e = _MOVED.get(key)
    if e is None:
        if len(_MOVED) >= 20_000:  # bounded, like `said`'s table
            _MOVED.clear()
        e = _MOVED[key] = _move_line(seat, card, a, walk, s.seats == 1)
    ev.append(e)
    s.action = "adventure"
    s.adventurer[seat] = a.space
    s.came_from = a.via
    explore(s, seat, a.space, ev)


# ((seat * 64 + card) * 32 + space, card paid, creature, a walk?, seats): the step's line.
_MOVED: dict[tuple[int, int, str, bool, int], Event] = {}


def _move_line(seat: int, card: int, a: Go, walk: bool, solo: bool) -> Event:
    name = who(seat)
    target = card_name(card)
    if walk:
        return Event(f"{name} walks to {target} in {space_name(a.space)}.", seat=seat, kind="move")
    if a.card:
        pay = f"paying {card_name(a.card)} into {'the Raven' if solo else who(1 - seat)}'s nest"
    elif a.creature:
        pay = f"guided by the {TOKEN_NAMES[a.creature]}"
    else:
        pay = "along a kindred trail, for free"
    return Event(f"{name} enters {target} in {space_name(a.space)}, {pay}.", seat=seat, kind="move")
