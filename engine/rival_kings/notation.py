"""Rival Kings' move notation (engine.core.notation): characters and cards by id (data.py), seats
"p1".."p4", the four piles "b1" "b2" (buildings) and "s1" "s2" (subjects), the actions of a
character card by their one-word kinds (settle, pass, money, recruit, buy).

    character 3        gardener p2        watchman           decline
    steal money p2     choose buy         money b1           recruit s1 | recruit s1 miller
    buy b2 | buy b2 blacksmith            settle             pass p3            skip
    end turn           ability            herbalist p2       court-lady 5 p2 7
    bishop 40 p2 45    troubadour 40 s1
"""

from __future__ import annotations

from engine.core.notation import SEAT, Form, Named, Notation
from engine.rival_kings.actions import (
    ACTION_TYPES,
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
from engine.rival_kings.data import ACTION_NAMES

# Piles in data.PILE_NAMES order: building pile 1 and 2, subject pile 1 and 2.
ACTION = Named("action", {k: k for k in ACTION_NAMES})
PILE = Named("pile", {0: "b1", 1: "b2", 2: "s1", 3: "s2"})

NOTATION = Notation(
    "Rival Kings",
    ACTION_TYPES,
    [
        Form(ChooseCharacter, "character {card}"),
        Form(Gardener, "gardener {target}", target=SEAT),
        Form(Watchman, "watchman"),
        Form(Decline, "decline"),
        Form(Steal, "steal {action} {target}", action=ACTION, target=SEAT),
        Form(ChooseAction, "choose {action}", action=ACTION),
        Form(TakeMoney, "money {pile}", pile=PILE),
        Form(Recruit, "recruit {pile}", pile=PILE, discount=False),
        Form(Recruit, "recruit {pile} miller", pile=PILE, discount=True),
        Form(Buy, "buy {pile}", pile=PILE, discount=False),
        Form(Buy, "buy {pile} blacksmith", pile=PILE, discount=True),
        Form(Settle, "settle"),
        Form(PassConflict, "pass {to}", to=SEAT),
        Form(Skip, "skip"),
        Form(EndTurn, "end turn"),
        Form(UseAbility, "ability"),
        Form(GiveMarker, "herbalist {to}", to=SEAT),
        Form(SwapBuilding, "court-lady {mine} {other} {theirs}", other=SEAT),
        Form(SwapSubject, "bishop {mine} {other} {theirs}", other=SEAT),
        Form(SwapDisplay, "troubadour {mine} {pile}", pile=PILE),
    ],
)
