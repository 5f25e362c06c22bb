"""Rivalist's phase table: for each decision, what may be chosen and why not, what it does,
and what the player is asked. `draft` picks the Wonders; a turn is `take` then `use`; `token`,
`library`, `destroy`, `steal` and `starter` are the extra decisions an effect or the end of an
Age asks for. "over" owes none. A phase that never greys a choice gives its candidates as its
legal list."""

from __future__ import annotations

from engine.core.phases import Phase
from engine.rivalist import texts
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
from engine.rivalist.rules import draft, picks, turn
from engine.rivalist.state import RivalistState

PHASES: dict[str, Phase[RivalistState]] = {
    "draft": Phase.judged(
        (PickWonder,),
        draft.candidates,
        draft.reason,
        draft.perform,
        prompt="Wonder draft: pick one of the revealed Wonders.",
        section="the-wonder-draft",
        legal=draft.candidates,
    ),
    "take": Phase.judged(
        (Take,),
        turn.take_candidates,
        turn.take_reason,
        turn.take,
        prompt=texts.take_prompt,
        section="the-pyramid",
        legal=turn.take_legal,
    ),
    "use": Phase.judged(
        (Construct, Discard, BuildWonder),
        turn.use_candidates,
        turn.use_reason,
        turn.use,
        prompt=texts.use_prompt,
        section="your-turn",
        legal=turn.use_legal,
    ),
    "token": Phase.judged(
        (PickToken,),
        picks.token_candidates,
        picks.token_reason,
        picks.pick_token,
        prompt="Science pair: choose a progress token from the board.",
        section="science-and-progress-tokens",
        legal=picks.token_candidates,
    ),
    "library": Phase.judged(
        (PickToken,),
        picks.library_candidates,
        picks.library_reason,
        picks.pick_token,
        prompt="Library of Alexandria: keep one of the progress tokens left out of the game.",
        section="wonders",
        secret=True,
        legal=picks.library_candidates,
    ),
    "destroy": Phase.judged(
        (DestroyCard,),
        picks.destroy_candidates,
        picks.destroy_reason,
        picks.destroy,
        prompt=texts.destroy_prompt,
        section="wonders",
        legal=picks.destroy_candidates,
    ),
    "steal": Phase.judged(
        (StealCard,),
        picks.steal_candidates,  # green cards listed greyed, so a player sees why
        picks.steal_reason,
        picks.steal,
        prompt="Alcantara Bridge: choose a non-green card of your rival to take and build.",
        section="wonders",
    ),
    "starter": Phase.judged(
        (ChooseStarter,),
        picks.starter_candidates,
        picks.starter_reason,
        picks.choose_starter,
        prompt=texts.starter_prompt,
        section="end-of-an-age",
        legal=picks.starter_candidates,
    ),
}


def misplaced(s: RivalistState, a: Action) -> str:
    """Why an action of a type the current phase does not decide is refused."""
    if isinstance(a, Take):
        return (
            "You have already taken a card this turn." if s.phase == "use" else "You cannot take a card now."
        )
    if isinstance(a, (Construct, Discard, BuildWonder)):
        return "Take a card from the pyramid first."
    if isinstance(a, PickWonder):
        return "The draft is over."
    if isinstance(a, PickToken):
        return "You have no progress token to choose now."
    if isinstance(a, DestroyCard):
        return "You have nothing to destroy now."
    if isinstance(a, StealCard):
        return "You have nothing to steal now."
    assert isinstance(a, ChooseStarter)
    return "Who begins the next Age is not being chosen now."
