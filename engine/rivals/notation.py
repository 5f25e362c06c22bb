"""Rivals' move notation (engine.core.notation): cards by instance id (data.catalog.CARD), hexes
by number 0-126 (data.board.HEXES, the numbers the board shows), tiles by number, seats "p1".."p6",
resources, payments and the kinds of rewards, exchanges and hack picks by the one-word names the
rules use.

    ashak 3            keep guild 12      place 5            scout 3            move 5
    collect            consult deck | consult row            install 12         stop installing
    token free | token cc                 stop buying        negotiate          reward schema
    schema 12 | schema top                uninstall 12       stop uninstalling  shield
    drop shield 5      buy schema crystal                    buy point resin
    buy point 3c (three crystals and seven resins)
    play 12            guild              skill 12           ultimate           mod 12
    done mods          target p2          target hex 5       target drone p2    no second target
    discard 12         skip optional      activate token     react 12 | react ultimate | react guild
    pass               wait               pass turn          step 5             stay
    victim p2          resource crystal   replace 12         take back          end turn
    drone 5            drone attack p2    exchange store 12 | exchange rp       hack
    hack card 12 | hack move 5 | hack stop
"""

from __future__ import annotations

from engine.core.notation import SEAT, Form, Notation, Number
from engine.rivals.actions import (
    ACTION_TYPES,
    ActivateToken,
    AddMod,
    BuyMixedPoint,
    BuyPoint,
    BuySchema,
    BuyToken,
    ChooseAshak,
    ChooseResource,
    ChooseVictim,
    Collect,
    Consult,
    DoneMods,
    DroneAttack,
    DropShield,
    EndTurn,
    Exchange,
    Hack,
    HackPick,
    Install,
    KeepGuild,
    MakeShield,
    Move,
    Negotiate,
    NoSecondTarget,
    Pass,
    PassTurn,
    PayOptional,
    PickSchema,
    PlaceAshak,
    PlaceDrone,
    PlayCard,
    React,
    ReplaceSkill,
    Reward,
    Scout,
    SkipOptional,
    StepTo,
    StopBuying,
    StopInstalling,
    StopMoving,
    StopUninstalling,
    TakeBack,
    TargetAshak,
    TargetDrone,
    TargetHex,
    Uninstall,
    UseGuild,
    UseSkill,
    UseUltimate,
    Wait,
)

NOTATION = Notation(
    "Rivals",
    ACTION_TYPES,
    [
        Form(ChooseAshak, "ashak {ashak}"),
        Form(KeepGuild, "keep guild {card}"),
        Form(PlaceAshak, "place {hex}"),
        Form(Scout, "scout {tile}"),
        Form(Move, "move {hex}"),
        Form(Collect, "collect"),
        Form(Consult, "consult deck", deck=True),
        Form(Consult, "consult row", deck=False),
        Form(Install, "install {card}"),
        Form(StopInstalling, "stop installing"),
        Form(BuyToken, "token {pay}"),
        Form(StopBuying, "stop buying"),
        Form(Negotiate, "negotiate"),
        Form(Reward, "reward {kind}"),
        Form(PickSchema, "schema top", card=-1),
        Form(PickSchema, "schema {card}"),
        Form(Uninstall, "uninstall {card}"),
        Form(StopUninstalling, "stop uninstalling"),
        Form(MakeShield, "shield"),
        Form(DropShield, "drop shield {hex}"),
        Form(BuySchema, "buy schema {resource}"),
        Form(BuyPoint, "buy point {resource}"),
        Form(BuyMixedPoint, "buy point {crystals}", crystals=Number("crystals", suffix="c")),
        Form(PlayCard, "play {card}"),
        Form(UseGuild, "guild"),
        Form(UseSkill, "skill {card}"),
        Form(UseUltimate, "ultimate"),
        Form(AddMod, "mod {card}"),
        Form(DoneMods, "done mods"),
        Form(TargetAshak, "target {seat}", seat=SEAT),
        Form(TargetHex, "target hex {hex}"),
        Form(TargetDrone, "target drone {seat}", seat=SEAT),
        Form(NoSecondTarget, "no second target"),
        Form(PayOptional, "discard {card}"),
        Form(SkipOptional, "skip optional"),
        Form(ActivateToken, "activate token"),
        Form(React, "react ultimate", card=-1),
        Form(React, "react guild", card=-2),
        Form(React, "react {card}"),
        Form(Pass, "pass"),
        Form(Wait, "wait"),
        Form(PassTurn, "pass turn"),
        Form(StepTo, "step {hex}"),
        Form(StopMoving, "stay"),
        Form(ChooseVictim, "victim {seat}", seat=SEAT),
        Form(ChooseResource, "resource {resource}"),
        Form(ReplaceSkill, "replace {card}"),
        Form(TakeBack, "take back"),
        Form(EndTurn, "end turn"),
        Form(PlaceDrone, "drone {hex}"),
        Form(DroneAttack, "drone attack {seat}", seat=SEAT),
        Form(Exchange, "exchange {what}", card=-1),
        Form(Exchange, "exchange {what} {card}"),
        Form(Hack, "hack"),
        Form(HackPick, "hack {kind}", arg=-1),
        Form(HackPick, "hack {kind} {arg}"),
    ],
)
