"""Words: one line per decision (`describe`), the prompt for each moment, and progress."""

from __future__ import annotations

from typing import Any

from engine.core.game import Prompt, seat_label
from engine.core.words import count
from engine.rival_realms.actions import (
    Carpet,
    Decline,
    Draw,
    EndTurn,
    Espresso,
    GemRaven,
    GemSteal,
    GiveCard,
    Go,
    MakeValley,
    Mirror,
    Pass,
    PerchRaven,
    PlaceAdventurer,
    Revive,
    StarStep,
    Summon,
    SwapLands,
    Trade,
)
from engine.rival_realms.data import EVENT_BY_ID, EVENTS, TOKEN_NAMES, land_name, space_name
from engine.rival_realms.queries import card_name, walk_tokens
from engine.rival_realms.rules.flow import hand_target
from engine.rival_realms.state import RivalRealmsState


def describe(s: RivalRealmsState, a: Any) -> str:
    seat = s.actor if s.actor >= 0 else s.turn
    if isinstance(a, MakeValley):
        return f"Turn {land_name(a.land)} to a Valley"
    if isinstance(a, PerchRaven):
        if s.phase == "event":
            return f"Call the Raven onto your Mountain {land_name(a.land)}"
        return f"Perch the Raven on {seat_label(a.owner)}'s Mountain {land_name(a.land)}"
    if isinstance(a, PlaceAdventurer):
        t = s.board_tokens[seat][a.space] if seat >= 0 and s.board_tokens else ""
        extra = f" (claim the {TOKEN_NAMES[t]})" if t else ""
        return f"Place your adventurer in {space_name(a.space)}{extra}"
    if isinstance(a, Summon):
        return f"Summon {card_name(a.card)} into {space_name(a.space)}"
    if isinstance(a, Go):
        return _describe_go(s, seat, a)
    if isinstance(a, EndTurn):
        return "End your turn"
    if isinstance(a, Pass):
        return "Pass for the rest of the game (show your hand)"
    if isinstance(a, GemRaven):
        return f"Spend a gem: fly the Raven to your Mountain {land_name(a.land)}"
    if isinstance(a, GemSteal):
        return "Spend a gem: take two cards (deck or either nest)"
    if isinstance(a, Espresso):
        return "Play the Double Espresso (another turn after this one)"
    if isinstance(a, Carpet):
        here = card_name(s.regions[seat][a.space]) if seat >= 0 else ""
        return f"Fly the Flying Carpet to {here} in {space_name(a.space)}"
    if isinstance(a, Mirror):
        if a.kind == "land":
            return f"Magic Mirror: exchange land cards {land_name(a.a)} and {land_name(a.b)}"
        if a.kind == "token":
            laid = s.board_tokens[seat]
            return (
                f"Magic Mirror: exchange the {TOKEN_NAMES.get(laid[a.a], '?')} in {space_name(a.a)} "
                f"and the {TOKEN_NAMES.get(laid[a.b], '?')} in {space_name(a.b)}"
            )
        r = s.regions[seat]
        first, second = f"{card_name(r[a.a])} ({space_name(a.a)})", f"{card_name(r[a.b])} ({space_name(a.b)})"
        return f"Magic Mirror: exchange {first} and {second}"
    if isinstance(a, Draw):
        if a.source == "deck":
            return "Draw the top card of the deck"
        whose = (
            "your nest" if a.source == "own" else ("the Raven's nest" if s.solo else "your opponent's nest")
        )
        return f"Take {card_name(a.card)} from {whose}"
    if isinstance(a, GiveCard):
        where = "your own nest" if s.event_now == "packing_up" else "your opponent's nest"
        return f"Put {card_name(a.card)} into {where}"
    if isinstance(a, SwapLands):
        return f"Swap land cards {land_name(a.a)} and {land_name(a.b)}"
    if isinstance(a, Revive):
        return f"Take back the {TOKEN_NAMES[a.creature]}"
    if isinstance(a, StarStep):
        return f"Step into {card_name(s.regions[seat][a.space])} in {space_name(a.space)} and explore it"
    if isinstance(a, Trade):
        return f"Trade {card_name(a.card)} for {card_name(a.nest_card)} from your nest"
    if isinstance(a, Decline):
        return "Decline"
    return str(a)


def _describe_go(s: RivalRealmsState, seat: int, a: Go) -> str:
    r = s.regions[seat]
    target = f"{card_name(r[a.space])} in {space_name(a.space)}"
    if a.via != s.adventurer[seat]:
        target += f" (by way of {space_name(a.via)})"
    if a.card:
        text = f"Explore {target}, paying {card_name(a.card)}"
    elif a.creature:
        text = f"Explore {target} with the {TOKEN_NAMES[a.creature]}"
    elif s.explored[seat][a.space]:
        text = f"Walk to {target}"
    else:
        text = f"Explore {target} along a kindred trail (free)"
    # Tokens lying on explored regions are claimed by walking over them: say so, as they are
    # why such a walk is offered, and a creature among them may be the one paying.
    on_way = walk_tokens(s, seat, a.space, a.via)
    if on_way:
        text += f", picking up {_token_list(on_way)} on the way"
    laid = s.board_tokens[seat][a.space]
    if laid and s.explored[seat][a.space]:
        text += f", collecting the {TOKEN_NAMES[laid]} there"
    return text


def _token_list(tokens: tuple[str, ...]) -> str:
    return " and ".join(f"the {TOKEN_NAMES[t]}" for t in tokens)


def waiting_prompt(s: RivalRealmsState, seat: int) -> Prompt:
    """What a seat owing no decision reads: whom it waits for, or the end."""
    if s.phase == "over":
        return Prompt("The game is over.", "end-of-the-game")
    return Prompt(f"Waiting for {seat_label(s.actor)}.", "the-turn")


# The prompts that name something or change with the turn (rules/phases.py holds the fixed ones).
def valleys_prompt(s: RivalRealmsState, seat: int) -> str:
    n = sum(s.valleys[s.start])
    return f"Turn three cards of each land row to Valley ({n} of 6 done)."


def turn_prompt(s: RivalRealmsState, seat: int) -> Prompt:
    if s.action == "summon":
        return Prompt("You summoned: play tokens if you like, then end your turn.", "the-turn", secret=True)
    if s.action == "adventure" or s.explored_now:
        return Prompt("Keep adventuring, play tokens, or end your turn.", "go-adventuring", secret=True)
    return Prompt("Summon a region or go adventuring (tokens any time).", "the-turn", secret=True)


def steal_prompt(s: RivalRealmsState, seat: int) -> str:
    return f"The Raven helps you: take {count(s.steal_left, 'more card')}."


def redraw_prompt(s: RivalRealmsState, seat: int) -> str:
    need = hand_target(s) - len(s.hands[seat])
    return f"Redraw: {count(need, 'more card')}, from the deck or your nest."


def event_prompt(s: RivalRealmsState, seat: int) -> str:
    e = EVENTS[EVENT_BY_ID[s.event_now]]
    if s.event_now == "packing_up":
        return f"{e.name}: put {count(s.stash_left, 'more card')} into your nest."
    return f"{e.name}: {e.text}"


def progress(s: RivalRealmsState) -> str:
    if s.phase in ("valleys", "raven", "place"):
        return "setting up"
    rounds = max(s.turns) if s.turns else 0
    if s.phase == "over":
        return f"finished after turn {rounds}"
    return f"turn {rounds}, {count(len(s.deck), 'card')} in the deck"
