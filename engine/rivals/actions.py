"""Rivals decisions. Each is a small frozen record with a short text form for logs and tests.
Card fields are instance ids (data.catalog.CARD); hex fields index data.board.HEXES."""

from __future__ import annotations

import attrs

from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.board import HEXES, TILE_COUNT
from engine.rivals.data.catalog import CARD_COUNT

ASHAK_COUNT = len(ASHAKS)


@attrs.frozen
class ChooseAshak:
    ashak: int

    def __str__(self) -> str:
        return f"ashak {self.ashak}"


@attrs.frozen
class KeepGuild:
    card: int

    def __str__(self) -> str:
        return f"keep guild {self.card}"


@attrs.frozen
class PlaceAshak:
    hex: int

    def __str__(self) -> str:
        return f"place {self.hex}"


@attrs.frozen
class Scout:
    tile: int

    def __str__(self) -> str:
        return f"scout {self.tile}"


@attrs.frozen
class Move:
    hex: int

    def __str__(self) -> str:
        return f"move {self.hex}"


@attrs.frozen
class Collect:
    def __str__(self) -> str:
        return "collect"


@attrs.frozen
class Consult:
    deck: bool

    def __str__(self) -> str:
        return "consult deck" if self.deck else "consult row"


@attrs.frozen
class Install:
    card: int

    def __str__(self) -> str:
        return f"install {self.card}"


@attrs.frozen
class StopInstalling:
    def __str__(self) -> str:
        return "stop installing"


@attrs.frozen
class BuyToken:
    pay: str  # "free" | "cc" | "cr" | "rr"

    def __str__(self) -> str:
        return f"token {self.pay}"


@attrs.frozen
class StopBuying:
    def __str__(self) -> str:
        return "stop buying"


@attrs.frozen
class Negotiate:
    def __str__(self) -> str:
        return "negotiate"


@attrs.frozen
class Reward:
    kind: str  # "schema" | "tokens" | "uninstall"

    def __str__(self) -> str:
        return f"reward {self.kind}"


@attrs.frozen
class PickSchema:
    card: int  # -1: the top of the schema deck

    def __str__(self) -> str:
        return f"schema {self.card}"


@attrs.frozen
class Uninstall:
    card: int

    def __str__(self) -> str:
        return f"uninstall {self.card}"


@attrs.frozen
class StopUninstalling:
    def __str__(self) -> str:
        return "stop uninstalling"


@attrs.frozen
class MakeShield:
    def __str__(self) -> str:
        return "shield"


@attrs.frozen
class DropShield:
    hex: int

    def __str__(self) -> str:
        return f"drop shield {self.hex}"


@attrs.frozen
class BuySchema:
    resource: str  # "crystal" | "resin"

    def __str__(self) -> str:
        return f"buy schema {self.resource}"


@attrs.frozen
class BuyPoint:
    """A Rival Point for ten resources of one kind. `resource`: "crystal" or "resin"; saves made
    before Premium Card named its split may hold "mix" (see `Rivals.upgrade_action`)."""

    resource: str

    def __str__(self) -> str:
        return f"buy point {self.resource}"


@attrs.frozen
class BuyMixedPoint:
    """With Premium Card: a Rival Point for `crystals` crystals and the rest of the ten in resins
    (1 to 9 crystals; ten of one kind is a BuyPoint)."""

    crystals: int

    def __str__(self) -> str:
        return f"buy point {self.crystals}c {10 - self.crystals}r"


@attrs.frozen
class PlayCard:
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class UseGuild:
    def __str__(self) -> str:
        return "guild"


@attrs.frozen
class UseSkill:
    card: int

    def __str__(self) -> str:
        return f"skill {self.card}"


@attrs.frozen
class UseUltimate:
    def __str__(self) -> str:
        return "ultimate"


@attrs.frozen
class AddMod:
    card: int

    def __str__(self) -> str:
        return f"mod {self.card}"


@attrs.frozen
class DoneMods:
    def __str__(self) -> str:
        return "done mods"


@attrs.frozen
class TargetAshak:
    seat: int

    def __str__(self) -> str:
        return f"target seat {self.seat}"


@attrs.frozen
class TargetHex:
    hex: int

    def __str__(self) -> str:
        return f"target hex {self.hex}"


@attrs.frozen
class NoSecondTarget:
    def __str__(self) -> str:
        return "no second target"


@attrs.frozen
class PayOptional:
    card: int

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class SkipOptional:
    def __str__(self) -> str:
        return "skip optional"


@attrs.frozen
class ActivateToken:
    def __str__(self) -> str:
        return "activate token"


@attrs.frozen
class React:
    card: int  # -1: the ultimate; -2: the guild

    def __str__(self) -> str:
        return f"react {self.card}"


@attrs.frozen
class Pass:
    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Wait:
    """In an interrupt window: pass for now, to be asked again at the next one (after the turn's
    next action, or when the next phase begins)."""

    def __str__(self) -> str:
        return "wait"


@attrs.frozen
class PassTurn:
    """In an interrupt window: pass, and be left out of the windows until the next turn begins."""

    def __str__(self) -> str:
        return "pass turn"


@attrs.frozen
class StepTo:
    hex: int

    def __str__(self) -> str:
        return f"to {self.hex}"


@attrs.frozen
class StopMoving:
    def __str__(self) -> str:
        return "stay"


@attrs.frozen
class ChooseVictim:
    seat: int

    def __str__(self) -> str:
        return f"victim {self.seat}"


@attrs.frozen
class ChooseResource:
    resource: str

    def __str__(self) -> str:
        return f"take {self.resource}"


@attrs.frozen
class ReplaceSkill:
    card: int

    def __str__(self) -> str:
        return f"replace {self.card}"


@attrs.frozen
class TakeBack:
    """Back out of a card half played: it returns to where it came from, AP refunded."""

    def __str__(self) -> str:
        return "take back"


@attrs.frozen
class EndTurn:
    def __str__(self) -> str:
        return "end turn"


@attrs.frozen
class PlaceDrone:
    hex: int

    def __str__(self) -> str:
        return f"drone to {self.hex}"


@attrs.frozen
class DroneAttack:
    seat: int

    def __str__(self) -> str:
        return f"drone attacks seat {self.seat}"


@attrs.frozen
class Exchange:
    """An Ashak and its drone trade one thing: `what` is "store" or "take" (with `card`),
    "crystal", "resin" or "token" (one taken back) or "rp" (all the drone's points taken back)."""

    what: str
    card: int = -1

    def __str__(self) -> str:
        return f"exchange {self.what} {self.card}" if self.card >= 0 else f"exchange {self.what}"


@attrs.frozen
class TargetDrone:
    """Aim the card being played at the drone of `seat`."""

    seat: int

    def __str__(self) -> str:
        return f"target drone {self.seat}"


@attrs.frozen
class Hack:
    def __str__(self) -> str:
        return "hack"


@attrs.frozen
class HackPick:
    """One success of a hack spent: "card" (with `arg`), "resources", "tokens", "rp", "move"
    (to hex `arg`), "collect", "negotiate"; "stop" gives the rest up."""

    kind: str
    arg: int = -1

    def __str__(self) -> str:
        return f"hack {self.kind} {self.arg}" if self.arg >= 0 else f"hack {self.kind}"


Action = (
    ChooseAshak | KeepGuild | PlaceAshak | Scout | Move | Collect | Consult | Install
    | StopInstalling | BuyToken | StopBuying | Negotiate | Reward | PickSchema | Uninstall
    | StopUninstalling | MakeShield | DropShield | BuySchema | BuyPoint | BuyMixedPoint | PlayCard
    | UseGuild | UseSkill | UseUltimate | AddMod | DoneMods | TargetAshak | TargetHex
    | NoSecondTarget | PayOptional | SkipOptional | ActivateToken | React | Pass | Wait | PassTurn | StepTo
    | StopMoving | ChooseVictim | ChooseResource | ReplaceSkill | TakeBack | EndTurn
    | PlaceDrone | DroneAttack | Exchange | TargetDrone | Hack | HackPick
)  # fmt: skip
ACTION_TYPES: tuple[type, ...] = Action.__args__

# Interned decisions: option lists are rebuilt at every step, the actions in them need not be
# (building a record costs more than looking one up), and the game's `reason` finds a listed
# action by identity before comparing fields.
STEP_TO: tuple[StepTo, ...] = tuple(StepTo(h) for h in range(len(HEXES)))
TARGET_HEX: tuple[TargetHex, ...] = tuple(TargetHex(h) for h in range(len(HEXES)))
TARGET_ASHAK: tuple[TargetAshak, ...] = tuple(TargetAshak(o) for o in range(6))
PASS, WAIT, PASS_TURN, TAKE_BACK = Pass(), Wait(), PassTurn(), TakeBack()
# The turn's menus (an Ashak's and a drone's).
PLAY: tuple[PlayCard, ...] = tuple(PlayCard(c) for c in range(CARD_COUNT))
UNINSTALL: tuple[Uninstall, ...] = tuple(Uninstall(c) for c in range(CARD_COUNT))
MOVE: tuple[Move, ...] = tuple(Move(h) for h in range(len(HEXES)))
SCOUT: tuple[Scout, ...] = tuple(Scout(t) for t in range(TILE_COUNT))
END, COLLECT, NEGOTIATE, GUILD = EndTurn(), Collect(), Negotiate(), UseGuild()
ULTIMATE, TOKEN, SHIELD = UseUltimate(), ActivateToken(), MakeShield()
# Set-up, a collect and a card's optional discard.
CHOOSE_ASHAK: tuple[ChooseAshak, ...] = tuple(ChooseAshak(a) for a in range(ASHAK_COUNT))
PLACE_ASHAK: tuple[PlaceAshak, ...] = tuple(PlaceAshak(h) for h in range(len(HEXES)))
CONSULT_ROW, CONSULT_DECK = Consult(False), Consult(True)
INSTALL: tuple[Install, ...] = tuple(Install(c) for c in range(CARD_COUNT))
BUY_TOKEN: dict[str, BuyToken] = {pay: BuyToken(pay) for pay in ("free", "cc", "cr", "rr")}
PAY_OPTIONAL: tuple[PayOptional, ...] = tuple(PayOptional(c) for c in range(CARD_COUNT))
STOP_INSTALLING, STOP_BUYING, SKIP_OPTIONAL = StopInstalling(), StopBuying(), SkipOptional()
