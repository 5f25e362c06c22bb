"""Rival Kings in words: what a seat is deciding (`prompt`), what a decision does (`describe`)
and how far a game has come (`progress`). Event texts are written where the events happen."""

from __future__ import annotations

from typing import Any

from engine.core import Prompt
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
    BUY,
    CARDS,
    CHARACTERS,
    INNKEEPER,
    JAILER,
    MERCHANT,
    MINER,
    MONEY,
    PASS,
    PILE_NAMES,
    RECRUIT,
    SAILOR,
    SCHOLAR,
    SETTLE,
    SHEPHERD,
    VINTNER,
)
from engine.rival_kings.queries import active_ability, char_label, coins, pending, player, price
from engine.rival_kings.state import RivalKingsState

SOURCE_WORDS = {"stolen": " (stolen)", "ability": " (subject ability)", "sailor": " (Sailor: again)"}
SECTIONS = {
    SETTLE: "conflict-markers",
    PASS: "conflict-markers",
    MONEY: "taking-money",
    RECRUIT: "recruiting-and-buying",
    BUY: "recruiting-and-buying",
}
ABILITY_LINES = {
    JAILER: "Jailer: 1 coin from the supply per Conflict marker you have",
    SCHOLAR: "Scholar: 1 coin from the supply per building you own",
    SHEPHERD: "Shepherd: 1 coin from the supply per green card you own",
    MINER: "Miner: 2 coins from the supply",
    VINTNER: "Vintner: return one of your Conflict markers to the supply",
    INNKEEPER: "Innkeeper: carry out an extra Take money action",
    MERCHANT: "Merchant: carry out an extra Buy a building action",
    SAILOR: "Sailor: carry out your chosen action a second time",
}


def progress(s: RivalKingsState) -> str:
    if s.over:
        return f"finished after round {s.round}"
    return f"round {s.round}, cycle {s.cycle}"


def round_and_turn(s: RivalKingsState) -> tuple[int, tuple[int, int] | None]:
    """A round is two cycles; in each, every seat takes its turn after the secret choice of
    characters (no seat's turn); a start window answered before a turn belongs to none."""
    return s.round, ((s.cycle, s.turn) if s.turn >= 0 else None)


def waiting_prompt(s: RivalKingsState, seat: int) -> Prompt:
    """What a seat owing no decision reads."""
    if s.over:
        return Prompt("The game is over.", "scoring")
    if s.phase == "choose":
        return Prompt("Waiting for the others to choose their characters.", "choosing-a-character")
    return Prompt("Waiting for another player.", "course-of-a-cycle")


def turn_prompt(s: RivalKingsState, seat: int, legal: list[Action]) -> Prompt:
    """The prompt of the seat whose turn it is, given its legal decisions."""
    now = pending(s)
    if now is not None:
        src, kind = now
        head = f"{ACTION_NAMES[kind]}{SOURCE_WORDS.get(src, '')}"
        if kind in (RECRUIT, BUY) and not any(isinstance(a, (Recruit, Buy)) for a in legal):
            # Said outright (to this seat only), so nobody hunts for a card they cannot pay for.
            return Prompt(f"{head}: you cannot afford any card here; skip it.", SECTIONS[kind])
        return Prompt(f"{head}: choose, or skip.", SECTIONS[kind])
    if s.steal_from:
        names = ", ".join(player(t) for t in s.steal_from)
        return Prompt(f"Choose an action to take from {names}.", "conflicts-and-stealing")
    if s.tie[seat] and not s.single[seat]:
        return Prompt("Equal ranks: choose the one action you will carry out.", "equal-ranks")
    return Prompt("Use your subject's ability, or end your turn.", "subject-abilities")


def _acquire_line(s: RivalKingsState, a: Recruit | Buy) -> str:
    recruit = isinstance(a, Recruit)
    if not s.piles[a.pile] or s.piles[a.pile][-1] < 0:
        return f"{'Recruit from' if recruit else 'Buy from'} {PILE_NAMES[a.pile]}"
    card = CARDS[s.piles[a.pile][-1]]
    extra = ""
    if a.discount:
        extra = " (Miller: 1 less)" if recruit else " (Blacksmith: 1 less)"
    verb = "Recruit the" if recruit else "Buy the"
    cost = coins(price(s, a.pile, a.discount))
    return f"{verb} {card.name} ({card.colour}, value {card.value}) for {cost}{extra}"


def describe(s: RivalKingsState, a: Any) -> str:
    if isinstance(a, ChooseCharacter):
        return f"Play the {char_label(a.card)}: {CHARACTERS[a.card].text}"
    if isinstance(a, Gardener):
        c = s.played[a.target]
        what = char_label(c) if c is not None and c >= 0 else "character"
        return f"Gardener: trade your character for {player(a.target)}'s {what}"
    if isinstance(a, (Recruit, Buy)):
        return _acquire_line(s, a)
    if isinstance(a, UseAbility):
        ab = active_ability(s, s.turn) if s.turn >= 0 else ""
        return ABILITY_LINES.get(ab, "Use your active subject's ability")
    if isinstance(a, SwapDisplay):
        top = s.piles[a.pile][-1] if s.piles[a.pile] else -1
        got = CARDS[top].name if top >= 0 else "top card"
        return f"Troubadour: your {CARDS[a.mine].name} for the {got} on {PILE_NAMES[a.pile]}"
    if isinstance(a, (SwapBuilding, SwapSubject)):
        who = "Court Lady" if isinstance(a, SwapBuilding) else "Bishop"
        return f"{who}: your {CARDS[a.mine].name} for {player(a.other)}'s {CARDS[a.theirs].name}"
    return _plain_line(a)


def _plain_line(a: Any) -> str:
    if isinstance(a, Watchman):
        return "Watchman: higher ranks in conflict with you take the Conflict marker this cycle"
    if isinstance(a, Decline):
        return "Do not use the ability now"
    if isinstance(a, Steal):
        return f"Cover {player(a.target)}'s {ACTION_NAMES[a.action]} with a crest and carry it out yourself"
    if isinstance(a, ChooseAction):
        return f"Carry out {ACTION_NAMES[a.action]} as your one action"
    if isinstance(a, TakeMoney):
        return f"Take the money under {PILE_NAMES[a.pile]} (amount unseen)"
    if isinstance(a, Settle):
        return "Settle conflict: return one of your Conflict markers to the supply"
    if isinstance(a, PassConflict):
        return f"Pass one of your Conflict markers on to {player(a.to)}"
    if isinstance(a, Skip):
        return "Skip this action"
    if isinstance(a, EndTurn):
        return "End your turn"
    if isinstance(a, GiveMarker):
        return f"Herbalist: give {player(a.to)} a Conflict marker from the supply"
    return str(a)
