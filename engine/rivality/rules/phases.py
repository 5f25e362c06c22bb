"""Rivality's phase table: for each decision, what may be chosen (rules/legality.py), what it
does (rules/perform.py), and what the player is asked. A duel turn is `tile`, `place`, `orient`
(the first player may `mulligan` first); a solo turn is `move`; `remove` and `delayed` are the
choices a turn's resolution stops for. "resolve" (between decisions) and "over" owe none."""

from __future__ import annotations

from engine.core.phases import Phase
from engine.rivality import texts
from engine.rivality.actions import (
    CastDelayed,
    ChooseTile,
    MoveMagician,
    Mulligan,
    Orient,
    PlaceAt,
    RemoveGolem,
)
from engine.rivality.rules import legality as rule
from engine.rivality.rules import perform as do
from engine.rivality.state import RivalityState

PHASES: dict[str, Phase[RivalityState]] = {
    "mulligan": Phase.judged(
        (Mulligan,),
        rule.mulligan_candidates,
        rule.mulligan_reason,
        do.mulligan,
        prompt="Neither tile can reach the Mana Well: redraw both, or keep them?",
        section="setting-up",
        secret=True,
    ),
    # The three decisions of every duel turn list only allowed actions: their legal list is the
    # candidates themselves (the search asks for it millions of times).
    "tile": Phase.judged(
        (ChooseTile,),
        rule.tile_candidates,
        rule.tile_reason,
        do.choose_tile,
        prompt="Choose which of your tiles to lay.",
        section="a-turn",
        secret=True,
        legal=rule.tile_candidates,
    ),
    "place": Phase.judged(
        (PlaceAt,),
        rule.place_candidates,
        rule.place_reason,
        do.place,
        prompt=texts.place_prompt,
        section="laying-a-tile",
        secret=True,
        legal=rule.place_candidates,
    ),
    "orient": Phase.judged(
        (Orient,),
        rule.orient_candidates,
        rule.orient_reason,
        do.orient,
        prompt=texts.orient_prompt,
        section="spells",
        secret=True,
        legal=rule.orient_candidates,
    ),
    "remove": Phase.judged(
        (RemoveGolem,),
        rule.remove_candidates,
        rule.remove_reason,
        do.remove_golem,
        prompt="The tile is over five golems and two opponents are tied: whose golem goes?",
        section="the-five-golem-limit",
        legal=rule.remove_candidates,
    ),
    "delayed": Phase.judged(
        (CastDelayed,),
        rule.delayed_candidates,
        rule.delayed_reason,
        do.cast_delayed,
        prompt="Several of your delayed spells fire: which first?",
        section="delayed-spells",
        legal=rule.delayed_candidates,
    ),
    "move": Phase.judged(
        (MoveMagician,),
        rule.move_candidates,
        rule.move_reason,
        do.move,
        prompt=texts.move_prompt,
        section="solo-a-turn",
        legal=rule.move_legal,
    ),
}
