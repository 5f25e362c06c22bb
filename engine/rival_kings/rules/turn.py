"""A Rival Kings turn as a chain of small decisions.

On its turn a seat first covers one action of each character it robs (and may carry it out),
then works through its own character's uncovered actions in printed order — or, in an
equal-rank conflict, the one action it chooses. Each action waits on the `stack` ("source:kind",
top last) until the seat carries it out or skips it. `advance` moves on automatically only where
the seat has nothing to decide, and only for reasons every seat can see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event
from engine.rival_kings import effects
from engine.rival_kings.actions import (
    Buy,
    ChooseAction,
    EndTurn,
    GiveMarker,
    PassConflict,
    Recruit,
    Settle,
    Skip,
    Steal,
    SwapBuilding,
    SwapDisplay,
    SwapSubject,
    TakeMoney,
    UseAbility,
)
from engine.rival_kings.data import ACTION_NAMES, BUY, CHARACTERS, MONEY, RECRUIT
from engine.rival_kings.queries import (
    RANK_INDEX,
    char_label,
    covered_actions,
    pending_kind,
    player,
    rank,
)
from engine.rival_kings.rules.cycle import end_cycle
from engine.rival_kings.rules.legality import can_use_ability
from engine.rival_kings.state import Crest, RivalKingsState


def next_seat(s: RivalKingsState, ev: list[Event]) -> int:
    """The next seat to take its turn: the highest rank; between equal ranks, fewer markers, then
    the card with the figure symbol."""
    best = min(rank(s, i) for i in s.to_go)
    group = [i for i in s.to_go if rank(s, i) == best]
    if len(group) == 1:
        return group[0]

    def key(i: int) -> tuple[int, int, int]:
        c = s.played[i]
        return (s.markers[i], 0 if c is not None and CHARACTERS[c].figure else 1, i)

    group.sort(key=key)
    first, second = group[0], group[1]
    if s.markers[first] < s.markers[second]:
        why = f"fewer Conflict markers ({s.markers[first]} against {s.markers[second]})"
    else:
        why = "equal markers; the card with the figure symbol goes first"
    ev.append(
        Event(f"Equal ranks: {player(first)} goes before {player(second)} — {why}.", first, kind="order")
    )
    return first


def start_turn(s: RivalKingsState, seat: int, ev: list[Event]) -> None:
    s.turn = seat
    s.cursor = 0
    s.stack = []
    c = s.played[seat]
    assert c is not None
    ch = CHARACTERS[c]
    if not s.tie[seat] and ch.steals:
        target = RANK_INDEX[ch.steals]
        s.steal_from = [j for j in range(s.seats) if j != seat and rank(s, j) == target]
    else:
        s.steal_from = []
    ev.append(Event(f"{player(seat)}'s turn with the {ch.label}.", seat, kind="turn"))


def end_turn(s: RivalKingsState) -> None:
    s.turn = -1
    s.stack = []
    s.steal_from = []


def needs_decision(s: RivalKingsState, seat: int, kind: str) -> bool:
    """Whether the pending action waits for the seat. Recruit and Buy wait whenever a card is on
    display, even one the seat cannot afford: skipping then looks like any free choice, so the
    table learns nothing about the private purse."""
    if kind == MONEY:
        return True
    if kind == RECRUIT:
        return bool(s.piles[2] or s.piles[3])
    if kind == BUY:
        return bool(s.piles[0] or s.piles[1])
    return s.markers[seat] > 0


def advance(s: RivalKingsState, ev: list[Event]) -> None:
    """Run the automatic steps until some seat has a decision to make (or the cycle ends)."""
    while s.phase == "turn" and not s.over:
        if s.turn < 0:
            if not s.to_go:
                end_cycle(s, ev)
                return
            seat = next_seat(s, ev)
            s.to_go.remove(seat)
            start_turn(s, seat, ev)
            continue
        seat = s.turn
        if s.stack:
            kind = pending_kind(s)
            if needs_decision(s, seat, kind) or can_use_ability(s, seat):
                return
            s.stack.pop()
            why = "both piles are empty" if kind in (RECRUIT, BUY) else "no Conflict marker"
            ev.append(
                Event(
                    f"{player(seat)} cannot carry out {ACTION_NAMES[kind]} ({why}) and skips it.",
                    seat,
                    kind="skip",
                )
            )
            continue
        if s.steal_from or (s.tie[seat] and not s.single[seat]):
            return
        if not s.tie[seat] and _queue_next_own(s, seat, ev):
            continue
        if can_use_ability(s, seat):
            return
        end_turn(s)


def _queue_next_own(s: RivalKingsState, seat: int, ev: list[Event]) -> bool:
    """Put the seat's next uncovered printed action on the stack; False when none is left."""
    c = s.played[seat]
    assert c is not None
    acts = CHARACTERS[c].actions
    cov = covered_actions(s, seat)
    while s.cursor < len(acts) and acts[s.cursor] in cov:
        ev.append(
            Event(
                f"{player(seat)}'s {ACTION_NAMES[acts[s.cursor]]} is covered by a crest.", seat, kind="skip"
            )
        )
        s.cursor += 1
    if s.cursor >= len(acts):
        return False
    s.stack.append("own:" + acts[s.cursor])
    s.cursor += 1
    return True


# -- the turn's decisions ----------------------------------------------------------------------


def steal(s: RivalKingsState, seat: int, a: Steal, ev: list[Event]) -> None:
    s.crests.append(Crest(seat, a.target, a.action))
    s.steal_from.remove(a.target)
    vc, tc = s.played[a.target], s.played[seat]
    assert vc is not None and tc is not None
    ev.append(
        Event(
            f"{char_label(tc)} steals {ACTION_NAMES[a.action]} from the {char_label(vc)} "
            f"({player(a.target)}): higher rank over lower. A crest covers it.",
            seat,
            kind="steal",
        )
    )
    s.stack.append("stolen:" + a.action)


def choose_action(s: RivalKingsState, seat: int, a: ChooseAction, ev: list[Event]) -> None:
    s.single[seat] = a.action
    s.stack.append("own:" + a.action)
    ev.append(Event(f"{player(seat)} chooses {ACTION_NAMES[a.action]} as the one action.", seat))


def skip(s: RivalKingsState, seat: int, a: Skip, ev: list[Event]) -> None:
    kind = s.stack.pop().split(":")[1]
    ev.append(Event(f"{player(seat)} skips {ACTION_NAMES[kind]}.", seat, kind="skip"))


def finish(s: RivalKingsState, seat: int, a: EndTurn, ev: list[Event]) -> None:
    if s.tie[seat] and not s.single[seat]:
        ev.append(Event(f"{player(seat)} carries out no action.", seat, kind="skip"))
    end_turn(s)


def settle(s: RivalKingsState, seat: int, a: Settle, ev: list[Event]) -> None:
    s.stack.pop()
    s.markers[seat] -= 1
    s.marker_supply += 1
    ev.append(Event(f"{player(seat)} settles a conflict: one Conflict marker back to the supply.", seat))


def pass_conflict(s: RivalKingsState, seat: int, a: PassConflict, ev: list[Event]) -> None:
    s.stack.pop()
    s.markers[seat] -= 1
    s.markers[a.to] += 1
    ev.append(Event(f"{player(seat)} passes a Conflict marker on to {player(a.to)}.", seat))


def take_money(s: RivalKingsState, seat: int, a: TakeMoney, ev: list[Event]) -> None:
    s.stack.pop()
    effects.take_money(s, seat, a.pile, ev)


def acquire(s: RivalKingsState, seat: int, a: Recruit | Buy, ev: list[Event]) -> None:
    s.stack.pop()
    effects.acquire(s, seat, a.pile, a.discount, ev)


def use_ability(s: RivalKingsState, seat: int, a: Any, ev: list[Event]) -> None:
    s.ability_used[seat] = True
    if isinstance(a, GiveMarker):
        effects.give_marker(s, seat, a, ev)
    elif isinstance(a, SwapBuilding):
        effects.swap_building(s, seat, a, ev)
    elif isinstance(a, SwapSubject):
        effects.swap_subject(s, seat, a, ev)
    elif isinstance(a, SwapDisplay):
        effects.swap_display(s, seat, a, ev)
    else:
        assert isinstance(a, UseAbility)
        effects.plain_ability(s, seat, ev)


# What each decision of a turn does (its rule was checked before), by type.
TURN_DECISIONS: dict[type, Callable[[RivalKingsState, int, Any, list[Event]], None]] = {
    Steal: steal,
    ChooseAction: choose_action,
    Skip: skip,
    EndTurn: finish,
    Settle: settle,
    PassConflict: pass_conflict,
    TakeMoney: take_money,
    Recruit: acquire,
    Buy: acquire,
    UseAbility: use_ability,
    GiveMarker: use_ability,
    SwapBuilding: use_ability,
    SwapSubject: use_ability,
    SwapDisplay: use_ability,
}
