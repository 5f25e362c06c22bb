"""Rivalist in words: prompts, how far the game is, what each decision would do, what a build
pays. Event sentences are written where the events happen (rules/ and effects.py) with the
helpers here, so every text names seats and coins the same way."""

from __future__ import annotations

from engine.core import Prompt, seat_label
from engine.core.words import count
from engine.rivalist.actions import (
    Action,
    BuildWonder,
    ChooseStarter,
    Construct,
    DestroyCard,
    Discard,
    PickToken,
    PickWonder,
    StealCard,
    Take,
)
from engine.rivalist.data import (
    CARDS,
    COLOURS,
    NEEDS,
    RESOURCES,
    TOKEN_NAMES,
    TOKEN_TEXTS,
    WONDER_NEEDS,
    WONDERS,
    YELLOW,
)
from engine.rivalist.rules.costs import bought_units, card_discount, card_price, chained, wonder_discount
from engine.rivalist.state import RivalistState

AGE_NAMES = ("the draft", "Age I", "Age II", "Age III")
VICTORY_WORDS = {"military": "military supremacy", "science": "scientific supremacy"}


PLAYERS = (seat_label(0), seat_label(1))


def player(seat: int) -> str:
    """How engine texts name a seat ("Player 1"); the app swaps in the seat's name."""
    return PLAYERS[seat]


def coins(n: int) -> str:
    return count(n, "coin")


def cards(n: int) -> str:
    return count(n, "card")


def spaces(n: int) -> str:
    return count(n, "space")


def progress(s: RivalistState) -> str:
    """How far the game is, in the words the status line and the load list show."""
    if s.over:
        how = VICTORY_WORDS.get(s.victory)
        return f"finished in {AGE_NAMES[s.age]} by {how}" if how else "finished after Age III"
    if s.age == 0:
        return "wonder draft"
    left = sum(1 for c in s.pyramid if c != -1)
    return f"{AGE_NAMES[s.age]}, {cards(left)} left"


def round_and_turn(s: RivalistState) -> tuple[int, tuple[int, int] | int | None]:
    """The Ages are the rounds, the wonder draft round 0 (each pick a turn). A turn begins with
    the card taken from the pyramid, and what that card brings (a progress token, a card
    destroyed or stolen) stays in it; naming who begins the next Age is no seat's turn."""
    if s.age == 0:
        return 0, (s.draft_round, s.draft_picks)
    if s.phase == "starter":
        return s.age, None
    gone = s.pyramid.count(-1)
    return s.age, gone if s.phase == "take" else gone - 1


def waiting_prompt(s: RivalistState, seat: int) -> Prompt:
    """What a seat owing no decision reads: whom it waits for, or the end."""
    if s.over:
        return Prompt("The game is over.", "final-scoring")
    return Prompt(f"Waiting for {player(s.current)}.", "your-turn")


# The prompts that name something (rules/phases.py holds the fixed ones).
def take_prompt(s: RivalistState, seat: int) -> str:
    extra = " (extra turn)" if s.extra else ""
    return f"{AGE_NAMES[s.age]}: take an accessible card from the pyramid{extra}."


def use_prompt(s: RivalistState, seat: int) -> str:
    return f"You took {CARDS[s.taken].name}: construct it, discard it for coins, or build a Wonder with it."


def destroy_prompt(s: RivalistState, seat: int) -> str:
    return f"Choose which {COLOURS[s.destroy_colour]} card of your rival to destroy."


def starter_prompt(s: RivalistState, seat: int) -> str:
    return f"Choose who begins {AGE_NAMES[s.age]}."


def payment_lines(s: RivalistState, seat: int, card: int = -1, wonder: int = -1) -> list[str]:
    """Exactly what building `card` (or `wonder`) costs `seat` now, one piece per line, without
    a closing full stop (callers join the pieces into their own sentences)."""
    if card >= 0:
        if chained(s, seat, card):
            return ["nothing (free through the chain)"]
        printed = CARDS[card].coins
        needs, disc = NEEDS[card], card_discount(s, seat, card)
        lines = [f"{coins(printed)} printed on the card"] if printed else []
    else:
        needs, disc = WONDER_NEEDS[wonder], wonder_discount(s, seat)
        lines = []
    per: dict[tuple[int, int], int] = {}
    for u in bought_units(s, seat, needs, disc):
        per[u] = per.get(u, 0) + 1
    for (r, p), n in sorted(per.items()):
        lines.append(f"{RESOURCES[r]} x{n} from the bank: {coins(n * p)}")
    return lines or ["nothing"]


def describe(s: RivalistState, a: Action) -> str:
    """What a decision would do, in one or two sentences, for the action picker."""
    seat = s.current
    if isinstance(a, PickWonder):
        return f"Draft {WONDERS[a.wonder].name}: {WONDERS[a.wonder].text}"
    if isinstance(a, Take):
        c = s.pyramid[a.slot] if 0 <= a.slot < len(s.pyramid) else -1
        if c < 0:
            return "Take this card."
        price, _t = card_price(s, seat, c)
        return f"Take {CARDS[c].name} (would cost you {coins(price)}): {CARDS[c].text}"
    if isinstance(a, Construct):
        if s.taken < 0:
            return "Construct the taken card."
        pay = "; ".join(payment_lines(s, seat, card=s.taken))
        return f"Construct {CARDS[s.taken].name}. You pay {pay}."
    if isinstance(a, Discard):
        gain = 2 + s.colours[seat][YELLOW]
        return f"Discard {CARDS[s.taken].name if s.taken >= 0 else 'the card'} for {coins(gain)}."
    if isinstance(a, BuildWonder):
        pay = "; ".join(payment_lines(s, seat, wonder=a.wonder))
        w = WONDERS[a.wonder]
        return f"Build the Wonder {w.name} with this card. You pay {pay}. {w.text}"
    if isinstance(a, PickToken):
        return f"Take {TOKEN_NAMES[a.token]}: {TOKEN_TEXTS[a.token]}"
    if isinstance(a, DestroyCard):
        return f"Destroy {player(1 - seat)}'s {CARDS[a.card].name}."
    if isinstance(a, StealCard):
        return f"Take {player(1 - seat)}'s {CARDS[a.card].name} and build it for free."
    assert isinstance(a, ChooseStarter)
    return f"{player(a.seat)} begins {AGE_NAMES[s.age]}."
