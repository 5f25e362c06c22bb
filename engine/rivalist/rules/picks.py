"""The extra decisions effects and the end of an Age ask for: a progress token after a science
pair ("token") or from those left out of the game (the Library of Alexandria, "library"), a
rival card to destroy ("destroy") or to take and build (the Alcantara Bridge, "steal"), and who
begins the next Age ("starter")."""

from __future__ import annotations

from engine.core import Event
from engine.rivalist.actions import (
    PICK_TOKENS,
    STARTERS,
    Action,
    ChooseStarter,
    DestroyCard,
    PickToken,
    StealCard,
)
from engine.rivalist.data import CARDS, COLOUR, COLOURS, GREEN, TOKEN_NAMES, TOKEN_TEXTS
from engine.rivalist.effects import build, gain_token, remove_card
from engine.rivalist.rules.flow import end_turn
from engine.rivalist.state import RivalistState
from engine.rivalist.texts import AGE_NAMES, player


# -- progress tokens -----------------------------------------------------------------------------
def token_candidates(s: RivalistState, seat: int) -> list[Action]:
    return [PICK_TOKENS[t] for t in s.board_tokens]


def token_reason(s: RivalistState, seat: int, a: PickToken) -> str | None:
    return None if a.token in s.board_tokens else "Choose one of the progress tokens on the board."


def library_candidates(s: RivalistState, seat: int) -> list[Action]:
    return [PICK_TOKENS[t] for t in s.unused_tokens if t >= 0]


def library_reason(s: RivalistState, seat: int, a: PickToken) -> str | None:
    if a.token >= 0 and a.token in s.unused_tokens:
        return None
    return "Choose one of the progress tokens left out of the game."


def pick_token(s: RivalistState, seat: int, a: PickToken) -> list[Event]:
    library = s.phase == "library"
    (s.unused_tokens if library else s.board_tokens).remove(a.token)
    where = "from the tokens left out of the game" if library else "from the board"
    # A token from the Library was hidden from the rival until now.
    ev = [
        Event(
            f"{player(seat)} takes the {TOKEN_NAMES[a.token]} progress token {where}: "
            f'"{TOKEN_TEXTS[a.token]}"',
            seat,
            reveal=library,
            kind="token",
        )
    ]
    gain_token(s, seat, a.token, ev)
    end_turn(s, ev)
    return ev


# -- rival cards ---------------------------------------------------------------------------------
def destroy_candidates(s: RivalistState, seat: int) -> list[Action]:
    col = s.destroy_colour
    return [DestroyCard(c) for c in s.city[1 - seat] if COLOUR[c] == col]


def destroy_reason(s: RivalistState, seat: int, a: DestroyCard) -> str | None:
    if a.card in s.city[1 - seat] and COLOUR[a.card] == s.destroy_colour:
        return None
    return f"Choose one of your rival's {COLOURS[s.destroy_colour]} cards."


def destroy(s: RivalistState, seat: int, a: DestroyCard) -> list[Event]:
    opp = 1 - seat
    remove_card(s, opp, a.card)
    s.discard.append(a.card)
    s.destroy_colour = -1
    ev = [Event(f"{player(seat)} destroys {player(opp)}'s {CARDS[a.card].name}.", seat, kind="destroy")]
    end_turn(s, ev)
    return ev


def steal_candidates(s: RivalistState, seat: int) -> list[Action]:
    """Every card of the rival's city: the green ones are listed greyed, so a player sees why."""
    return [StealCard(c) for c in s.city[1 - seat]]


def steal_reason(s: RivalistState, seat: int, a: StealCard) -> str | None:
    if a.card not in s.city[1 - seat]:
        return "Choose a card in your rival's city that is not green."
    if COLOUR[a.card] == GREEN:
        return "Green cards cannot be taken with the Alcantara Bridge."
    return None


def steal(s: RivalistState, seat: int, a: StealCard) -> list[Event]:
    opp = 1 - seat
    remove_card(s, opp, a.card)
    text = f"{player(seat)} takes {player(opp)}'s {CARDS[a.card].name} and builds it for free."
    ev = [Event(text, seat, kind="steal")]
    # Built anew: its once-only effects happen for the new owner (RULES_NOTES.md: stealing).
    build(s, seat, a.card, ev)
    end_turn(s, ev)
    return ev


# -- who begins the next Age ---------------------------------------------------------------------
def starter_candidates(s: RivalistState, seat: int) -> list[Action]:
    return list(STARTERS)


def starter_reason(s: RivalistState, seat: int, a: ChooseStarter) -> str | None:
    return None if a.seat in (0, 1) else "Choose Player 1 or Player 2."


def choose_starter(s: RivalistState, seat: int, a: ChooseStarter) -> list[Event]:
    s.current = s.starter = a.seat
    s.phase = "take"
    return [Event(f"{player(seat)} chooses {player(a.seat)} to begin {AGE_NAMES[s.age]}.", seat, kind="age")]
