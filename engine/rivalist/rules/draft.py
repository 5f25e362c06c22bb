"""The wonder draft: two groups of four revealed Wonders, picked in snake order.

Player 1 picks one of the first group, Player 2 two, and Player 1 receives the last; Player 2
leads the second group the same way. Then Age I is laid out and Player 2 takes its first card
(RULES_NOTES.md: who begins Age I).
"""

from __future__ import annotations

from engine.core import Event
from engine.rivalist.actions import PICK_WONDERS, Action, PickWonder
from engine.rivalist.data import DRAFT_ROUND, WONDERS
from engine.rivalist.setup import deal
from engine.rivalist.state import RivalistState
from engine.rivalist.texts import player

# Player 1 leads the draft, so Player 2 takes the first card of Age I (RULES_NOTES.md: balance).
AGE1_STARTER = 1


def candidates(s: RivalistState, seat: int) -> list[Action]:
    return [PICK_WONDERS[w] for w in s.draft_pool]


def reason(s: RivalistState, seat: int, a: PickWonder) -> str | None:
    if a.wonder not in s.draft_pool:
        return "Pick one of the Wonders revealed for the draft."
    return None


def perform(s: RivalistState, seat: int, a: PickWonder) -> list[Event]:
    first = s.draft_round  # Player 1 leads the first group, Player 2 the second
    s.draft_pool.remove(a.wonder)
    _own(s, seat, a.wonder)
    ev = [Event(f"{player(seat)} drafts {WONDERS[a.wonder].name}.", seat, kind="draft")]
    s.draft_picks += 1
    if s.draft_picks < DRAFT_ROUND - 1:
        s.current = first if s.draft_picks == 0 else 1 - first
        return ev
    # One Wonder left: nothing to decide, the group's first picker receives it.
    last = s.draft_pool.pop()
    _own(s, first, last)
    ev.append(
        Event(
            f"{player(first)} receives the last Wonder of the group, {WONDERS[last].name}.",
            first,
            kind="draft",
        )
    )
    if s.draft_round == 0:
        _second_group(s, ev)
    else:
        deal(s, 1)
        s.phase = "take"
        s.current = s.starter = AGE1_STARTER
        text = f"The draft is over. Age I is laid out; {player(AGE1_STARTER)} begins."
        ev.append(Event(text, reveal=True, kind="age"))  # the pyramid's face-up cards come to light
    return ev


def _second_group(s: RivalistState, ev: list[Event]) -> None:
    s.draft_round = 1
    s.draft_picks = 0
    s.draft_pool = s.draft_deck[:DRAFT_ROUND]
    s.draft_deck = s.draft_deck[DRAFT_ROUND:]
    names = ", ".join(WONDERS[x].name for x in s.draft_pool)
    ev.append(Event(f"Four more Wonders are revealed: {names}.", reveal=True, kind="draft"))
    s.current = 1


def _own(s: RivalistState, seat: int, w: int) -> None:
    s.wonders[seat].append(w)
    s.wonder_cards[seat].append(-1)
