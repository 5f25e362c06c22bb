"""Rival Realms' move notation (engine.core.notation): spaces 0-17 and land cards 0-11 of a realm
and region cards 1-50 by number (state.py), seats "p1" "p2", tokens and creatures by their one-word
names (data.py), Raven's Nests "own" and "other".

    valley 3           perch p2 3         place 5            summon 12 at 5
    go 5 via 3 | go 5 via 3 card 12 | go 5 via 3 bear     end turn           pass
    gem raven 3        gem steal          espresso           carpet 5           mirror region 3 7
    draw deck | draw own 12 | draw other 12               give 12            swap 3 7
    revive bear        star 5             trade 12 for 30    decline
"""

from __future__ import annotations

from engine.core.notation import SEAT, Form, Named, Notation
from engine.rival_realms.actions import (
    ACTION_TYPES,
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
from engine.rival_realms.data import CREATURES

CREATURE = Named("creature", {c: c for c in CREATURES})
SOURCE = Named("source", {w: w for w in ("deck", "own", "other")})
KIND = Named("kind", {w: w for w in ("region", "token", "land")})

NOTATION = Notation(
    "Rival Realms",
    ACTION_TYPES,
    [
        Form(MakeValley, "valley {land}"),
        Form(PerchRaven, "perch {owner} {land}", owner=SEAT),
        Form(PlaceAdventurer, "place {space}"),
        Form(Summon, "summon {card} at {space}"),
        # A step paid with nothing (a walk, or Kindred Trails), with a region card, or with a creature.
        Form(Go, "go {space} via {via}", card=0, creature=""),
        Form(Go, "go {space} via {via} card {card}", creature=""),
        Form(Go, "go {space} via {via} {creature}", card=0, creature=CREATURE),
        Form(EndTurn, "end turn"),
        Form(Pass, "pass"),
        Form(GemRaven, "gem raven {land}"),
        Form(GemSteal, "gem steal"),
        Form(Espresso, "espresso"),
        Form(Carpet, "carpet {space}"),
        Form(Mirror, "mirror {kind} {a} {b}", kind=KIND),
        Form(Draw, "draw {source}", source=SOURCE, card=0),
        Form(Draw, "draw {source} {card}", source=SOURCE),
        Form(GiveCard, "give {card}"),
        Form(SwapLands, "swap {a} {b}"),
        Form(Revive, "revive {creature}", creature=CREATURE),
        Form(StarStep, "star {space}"),
        Form(Trade, "trade {card} for {nest_card}"),
        Form(Decline, "decline"),
    ],
)
