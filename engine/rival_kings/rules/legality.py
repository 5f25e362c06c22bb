"""What a Rival Kings seat may do in each phase: the candidates worth listing (allowed or
greyed), and the one verdict per rule (None, or the sentence a player reads). The phase table
(rules/phases.py) builds each phase's options from them. A turn's decisions are judged per
action type (`TURN_REASONS`), each check short; `turn_legal` lists the allowed ones faster.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rival_kings.actions import (
    Action,
    Buy,
    ChooseAction,
    ChooseCharacter,
    Decline,
    EndTurn,
    Gardener,
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
    Watchman,
)
from engine.rival_kings.data import (
    ACTION_NAMES,
    BISHOP,
    BLACKSMITH,
    BUILDING,
    BUY,
    CARDS,
    CHARACTERS,
    COURT_LADY,
    HERBALIST,
    INNKEEPER,
    JAILER,
    MERCHANT,
    MILLER,
    MINER,
    MONEY,
    PASS,
    PILE_KIND,
    RECRUIT,
    SAILOR,
    SCHOLAR,
    SETTLE,
    SHEPHERD,
    START_ABILITIES,
    SUBJECT,
    TROUBADOUR,
    VINTNER,
)
from engine.rival_kings.queries import (
    active_ability,
    coins,
    covered_actions,
    crest_owner,
    distinct,
    free_cards,
    greens,
    pending_kind,
    player,
    price,
    purse,
    supply_value,
    swaps,
    uncovered_actions,
)
from engine.rival_kings.state import RivalKingsState

WINDOW_ONLY = "The Gardener and the Watchman act only right after the characters are revealed."
# Abilities used without a further choice (or that open an extra action), through UseAbility.
PLAIN_ABILITIES = (JAILER, SCHOLAR, SHEPHERD, MINER, VINTNER, INNKEEPER, MERCHANT, SAILOR)

# -- the secret choice and the start windows ----------------------------------------------------


def choose_candidates(s: RivalKingsState, seat: int) -> list[Action]:
    return [ChooseCharacter(c) for c in s.hands[seat]]


def choose_reason(s: RivalKingsState, seat: int, a: ChooseCharacter) -> str | None:
    return None if a.card in s.hands[seat] else "That character is not in your hand."


def choosing(s: RivalKingsState) -> tuple[int, ...]:
    """The seats still to choose their character: they choose at once, in secret."""
    return tuple(i for i, c in enumerate(s.played) if c is None)


def gardener_candidates(s: RivalKingsState, seat: int) -> list[Action]:
    out: list[Action] = [Gardener(t) for t in range(s.seats) if t != seat]
    out.append(Decline())
    return out


def gardener_reason(s: RivalKingsState, seat: int, a: Gardener | Decline) -> str | None:
    if isinstance(a, Gardener) and (a.target == seat or not 0 <= a.target < s.seats):
        return "Trade with another player."
    return None


def watchman_candidates(s: RivalKingsState, seat: int) -> list[Action]:
    return [Watchman(), Decline()]


def watchman_reason(s: RivalKingsState, seat: int, a: Watchman | Decline) -> str | None:
    return None


def misplaced(a: Action) -> str:
    """Why an action of a type the current phase does not decide is refused."""
    if isinstance(a, ChooseCharacter):
        return "Characters are chosen at the start of a cycle."
    if isinstance(a, (Gardener, Watchman, Decline)):
        return WINDOW_ONLY
    return "Everyone must first choose a character."


# -- a turn -------------------------------------------------------------------------------------


def turn_candidates(s: RivalKingsState, seat: int) -> list[Action]:
    out: list[Action] = []
    if s.stack:
        out.extend(_pending_options(s, seat, pending_kind(s)))
        out.append(Skip())
    elif s.steal_from:
        out.extend(Steal(t, a) for t in s.steal_from for a in uncovered_actions(s, t))
    elif s.tie[seat] and not s.single[seat]:
        c = s.played[seat]
        assert c is not None
        out.extend(ChooseAction(a) for a in CHARACTERS[c].actions)
        out.append(EndTurn())
    else:
        out.append(EndTurn())
    out.extend(ability_candidates(s, seat))
    return out


def _pending_options(s: RivalKingsState, seat: int, kind: str) -> list[Action]:
    if kind == SETTLE:
        return [Settle()]
    if kind == PASS:
        return [PassConflict(t) for t in range(s.seats) if t != seat]
    if kind == MONEY:
        return [TakeMoney(p) for p in range(4)]
    recruit = kind == RECRUIT
    helper = MILLER if recruit else BLACKSMITH
    discount = not s.ability_used[seat] and active_ability(s, seat) == helper
    out: list[Action] = []
    for p in (2, 3) if recruit else (0, 1):
        out.append(Recruit(p) if recruit else Buy(p))
        if discount and s.piles[p]:
            out.append(Recruit(p, True) if recruit else Buy(p, True))
    return out


def ability_candidates(s: RivalKingsState, seat: int) -> list[Action]:
    """The decisions the active subject offers now (those that can never apply are left out)."""
    if s.ability_used[seat]:
        return []
    ab = active_ability(s, seat)
    if ab in PLAIN_ABILITIES:
        return [UseAbility()]
    if ab == HERBALIST:
        return [GiveMarker(t) for t in range(s.seats) if t != seat]
    if ab == COURT_LADY:
        return [SwapBuilding(m, o, t) for m, o, t in swaps(s, seat, BUILDING)]
    if ab == BISHOP:
        return [SwapSubject(m, o, t) for m, o, t in swaps(s, seat, SUBJECT)]
    if ab == TROUBADOUR:
        return [
            SwapDisplay(m, p)
            for m in distinct(s.buildings[seat] + s.subjects[seat])
            for p in range(4)
            if s.piles[p] and s.piles[p][-1] >= 0 and CARDS[s.piles[p][-1]].name != CARDS[m].name
        ]
    return []  # Gardener and Watchman: the start windows; Blacksmith and Miller: Buy / Recruit


# -- a turn's reasons, per action type ---------------------------------------------------------


def _r_steal(s: RivalKingsState, seat: int, a: Steal) -> str | None:
    if s.stack:
        return "Finish or skip the pending choice first."
    if a.target not in s.steal_from:
        return "You cannot take an action from that player now."
    if a.action in covered_actions(s, a.target):
        return "That action is already covered by a crest."
    if a.action not in uncovered_actions(s, a.target):
        return "That character has no such action."
    return None


def _r_choose_action(s: RivalKingsState, seat: int, a: ChooseAction) -> str | None:
    if not s.tie[seat]:
        return "Only a character in an equal-rank conflict picks a single action."
    owner = crest_owner(s, seat, a.action)
    if owner is not None:
        return f"{player(owner)}'s crest covers that action."
    if s.stack or s.steal_from or s.single[seat] or a.action not in uncovered_actions(s, seat):
        return "You cannot choose that action now."
    return None


def _r_take_money(s: RivalKingsState, seat: int, a: TakeMoney) -> str | None:
    if pending_kind(s) != MONEY:
        return "You are not carrying out a Take money action now."
    return None if 0 <= a.pile < 4 else "No such pile."


def _r_acquire(s: RivalKingsState, seat: int, a: Recruit | Buy) -> str | None:
    want = RECRUIT if isinstance(a, Recruit) else BUY
    if pending_kind(s) != want:
        return f"You are not carrying out a {ACTION_NAMES[want]} action now."
    if not 0 <= a.pile < 4 or PILE_KIND[a.pile] != (SUBJECT if want == RECRUIT else BUILDING):
        return "That pile holds the other kind of card."
    if not s.piles[a.pile]:
        return "The pile is empty."
    if a.discount:
        helper = "Miller" if want == RECRUIT else "Blacksmith"
        if s.ability_used[seat]:
            return "You have already used a subject ability this cycle."
        if active_ability(s, seat) != (MILLER if want == RECRUIT else BLACKSMITH):
            return f"Your active subject is not a {helper}."
    cost = price(s, a.pile, a.discount)
    if cost > purse(s, seat):
        return f"You need {coins(cost)}; you have {purse(s, seat)}."
    return None


def _r_settle(s: RivalKingsState, seat: int, a: Settle) -> str | None:
    if pending_kind(s) != SETTLE:
        return "That action is not pending now."
    return "You have no Conflict marker." if s.markers[seat] == 0 else None


def _r_pass(s: RivalKingsState, seat: int, a: PassConflict) -> str | None:
    if pending_kind(s) != PASS:
        return "That action is not pending now."
    if s.markers[seat] == 0:
        return "You have no Conflict marker."
    if a.to == seat:
        return "Pass the marker to a rival, not to yourself."
    return None if 0 <= a.to < s.seats else "There is no such player."


def _r_skip(s: RivalKingsState, seat: int, a: Skip) -> str | None:
    return None if s.stack else "There is no pending action to skip."


def _r_end_turn(s: RivalKingsState, seat: int, a: EndTurn) -> str | None:
    if s.stack:
        return "Finish or skip the pending choice first."
    if s.steal_from:
        return "First take an action from " + " and ".join(player(t) for t in s.steal_from) + "."
    return None


# The decision each ability takes (UseAbility for the others).
ABILITY_ACTION = {
    HERBALIST: GiveMarker,
    COURT_LADY: SwapBuilding,
    BISHOP: SwapSubject,
    TROUBADOUR: SwapDisplay,
}


def _r_ability(s: RivalKingsState, seat: int, a: Any) -> str | None:
    """Every subject ability: one per cycle, the active subject's, at the right moment."""
    if s.ability_used[seat]:
        return "You have already used a subject ability this cycle."
    if not s.subjects[seat]:
        return "You have no subject yet."
    ab = active_ability(s, seat)
    if ab in START_ABILITIES:
        return WINDOW_ONLY
    if type(a) is not ABILITY_ACTION.get(ab, UseAbility) or ab in (BLACKSMITH, MILLER):
        return "Your active subject cannot do that now."
    return ABILITY_CHECKS[ab](s, seat, a)


def _can_jail(s: RivalKingsState, seat: int, a: Any) -> str | None:
    if s.markers[seat] == 0:
        return "The Jailer pays for Conflict markers, and you have none."
    return None if supply_value(s) else "The supply has no coins left."


def _can_study(s: RivalKingsState, seat: int, a: Any) -> str | None:
    if not s.buildings[seat]:
        return "The Scholar pays for buildings, and you have none."
    return None if supply_value(s) else "The supply has no coins left."


def _can_herd(s: RivalKingsState, seat: int, a: Any) -> str | None:
    if not greens(s, seat):
        return "The Shepherd pays for green cards, and you have none."
    return None if supply_value(s) else "The supply has no coins left."


def _can_mine(s: RivalKingsState, seat: int, a: Any) -> str | None:
    return None if supply_value(s) else "The supply has no coins left."


def _can_soothe(s: RivalKingsState, seat: int, a: Any) -> str | None:
    return None if s.markers[seat] else "You have no Conflict marker to return."


def _can_host(s: RivalKingsState, seat: int, a: Any) -> str | None:
    return None


def _can_trade(s: RivalKingsState, seat: int, a: Any) -> str | None:
    # Whether the player can afford a building does not matter here: the extra Buy is then a
    # decision with only Skip allowed. Deciding it by the purse would tell the table the amount.
    return None if s.piles[0] or s.piles[1] else "Both building piles are empty."


def _can_sail(s: RivalKingsState, seat: int, a: Any) -> str | None:
    if not (s.tie[seat] and s.single[seat] and not s.stack):
        return "The Sailor repeats your one action in an equal-rank conflict, after you carried it out."
    return None


def _can_herbalist(s: RivalKingsState, seat: int, a: GiveMarker) -> str | None:
    if a.to == seat or not 0 <= a.to < s.seats:
        return "Give the marker to a rival."
    return None if s.marker_supply > 0 else "The marker supply is empty."


def _can_swap_rows(s: RivalKingsState, seat: int, a: SwapBuilding | SwapSubject) -> str | None:
    kind = BUILDING if isinstance(a, SwapBuilding) else SUBJECT
    if a.other == seat or not 0 <= a.other < s.seats:
        return "Trade with another player."
    if a.mine not in free_cards(s, seat, kind) or a.theirs not in free_cards(s, a.other, kind):
        return "That exchange is not allowed: a card of a perfect pair, or not your active subject's."
    if CARDS[a.mine].name == CARDS[a.theirs].name:
        return "Those two cards are alike: the exchange would change nothing."
    return None


def _can_swap_display(s: RivalKingsState, seat: int, a: SwapDisplay) -> str | None:
    if a.mine not in s.buildings[seat] + s.subjects[seat]:
        return "That card is not yours."
    if not 0 <= a.pile < 4 or not s.piles[a.pile]:
        return "There is no card on display there."
    if CARDS[s.piles[a.pile][-1]].name == CARDS[a.mine].name:
        return "That would give you the same card back."
    return None


ABILITY_CHECKS: dict[str, Callable[[RivalKingsState, int, Any], str | None]] = {
    JAILER: _can_jail,
    SCHOLAR: _can_study,
    SHEPHERD: _can_herd,
    MINER: _can_mine,
    VINTNER: _can_soothe,
    INNKEEPER: _can_host,
    MERCHANT: _can_trade,
    SAILOR: _can_sail,
    HERBALIST: _can_herbalist,
    COURT_LADY: _can_swap_rows,
    BISHOP: _can_swap_rows,
    TROUBADOUR: _can_swap_display,
}

# A turn's decisions, by type: the one check of each.
TURN_REASONS: dict[type, Callable[[RivalKingsState, int, Any], str | None]] = {
    Steal: _r_steal,
    ChooseAction: _r_choose_action,
    TakeMoney: _r_take_money,
    Recruit: _r_acquire,
    Buy: _r_acquire,
    Settle: _r_settle,
    PassConflict: _r_pass,
    Skip: _r_skip,
    EndTurn: _r_end_turn,
    UseAbility: _r_ability,
    GiveMarker: _r_ability,
    SwapBuilding: _r_ability,
    SwapSubject: _r_ability,
    SwapDisplay: _r_ability,
}
TURN_ACTIONS = tuple(TURN_REASONS)


def turn_reason(s: RivalKingsState, seat: int, a: Action) -> str | None:
    """None when `a` is allowed for `seat`, whose turn it is, else the sentence saying why not."""
    return TURN_REASONS[type(a)](s, seat, a)


# A turn's candidates are built so that most are allowed as they stand: a Skip, End turn, Take
# money, Steal or exchange. The others depend on the purse, the markers or the supply and go
# through their check.
_CHECKED = frozenset({Recruit, Buy, Settle, PassConflict, ChooseAction, UseAbility, GiveMarker})


def turn_legal(s: RivalKingsState, seat: int) -> list[Action]:
    """The allowed candidates, checking only those that can be refused."""
    return [a for a in turn_candidates(s, seat) if type(a) not in _CHECKED or turn_reason(s, seat, a) is None]


def can_use_ability(s: RivalKingsState, seat: int) -> bool:
    """Whether the active subject offers something the seat may do now (a reason to stop and
    ask instead of moving on automatically). Never depends on the seat's purse."""
    return any(turn_reason(s, seat, a) is None for a in ability_candidates(s, seat))
