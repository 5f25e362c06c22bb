"""Rivalist's move notation (engine.core.notation): pyramid slots, wonders, progress tokens and
cards by id (data.py), seats "p1" "p2".

    pick wonder 3      take 5             construct          discard
    build wonder 3     token 2            destroy 23         steal 23           starter p2
"""

from __future__ import annotations

from engine.core.notation import SEAT, Form, Notation
from engine.rivalist.actions import (
    ACTION_TYPES,
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

NOTATION = Notation(
    "Rivalist",
    ACTION_TYPES,
    [
        Form(PickWonder, "pick wonder {wonder}"),
        Form(Take, "take {slot}"),
        Form(Construct, "construct"),
        Form(Discard, "discard"),
        Form(BuildWonder, "build wonder {wonder}"),
        Form(PickToken, "token {token}"),
        Form(DestroyCard, "destroy {card}"),
        Form(StealCard, "steal {card}"),
        Form(ChooseStarter, "starter {seat}", seat=SEAT),
    ],
)
