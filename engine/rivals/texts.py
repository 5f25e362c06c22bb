"""Words for decisions: one line per action (`describe`) and the prompt of each phase."""

from __future__ import annotations

from engine.rivals import actions as A
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.board import TILE_OF
from engine.rivals.data.cards import card_text
from engine.rivals.data.catalog import CARD, ULTIMATES
from engine.rivals.rules.board import hex_type
from engine.rivals.rules.common import who
from engine.rivals.state import RivalsState

PAY = {"free": "for free", "cc": "for 2 crystals", "cr": "for a crystal and a resin", "rr": "for 2 resins"}


def card_line(c: int) -> str:
    d = CARD[c]
    cost = f"{d.ap} AP, " if d.ap else ""
    return f"{d.name} ({cost}{d.type}, {d.range_text}): {card_text(d)}"


def hex_name(s: RivalsState, h: int) -> str:
    kind = hex_type(s, h) or "unrevealed"
    return f"hex {h} ({kind}, tile {TILE_OF[h]})"


def describe(s: RivalsState, a: object) -> str:
    if s.drone_mode:
        text = drone_describe(s, a)
        if text:
            return text
    if isinstance(a, A.ChooseAshak):
        x = ASHAKS[a.ashak]
        return f"Choose {x.name}: {x.blurb} Ultimate {x.ultimate.name} ({x.gauge})."
    if isinstance(a, A.KeepGuild):
        return f"Keep the guild {card_line(a.card)}"
    if isinstance(a, A.PlaceAshak):
        return f"Start on {hex_name(s, a.hex)}"
    if isinstance(a, A.Scout):
        return f"Scout tile {a.tile} (0 AP)"
    if isinstance(a, A.Move):
        return f"Move to {hex_name(s, a.hex)} (1 AP)"
    if isinstance(a, A.Collect):
        return "Collect on your tile (1 AP)"
    if isinstance(a, A.Consult):
        return "Consult the interface deck" if a.deck else "Consult the visible interface cards"
    if isinstance(a, A.Install):
        return f"Install {card_line(a.card)}"
    if isinstance(a, A.StopInstalling):
        return "Install nothing more"
    if isinstance(a, A.BuyToken):
        return f"Take an anticipation token {PAY[a.pay]}"
    if isinstance(a, A.StopBuying):
        return "Buy no more tokens"
    if isinstance(a, A.Negotiate):
        return "Negotiate with the sponsor (1 AP and a token): 1 Rival Point and a reward"
    if isinstance(a, A.Reward):
        return {
            "schema": "Reward: install a schema",
            "tokens": "Reward: gain 2 anticipation tokens",
            "uninstall": "Reward: uninstall up to 2 cards",
        }[a.kind]
    if isinstance(a, A.PickSchema):
        return "Take the top schema of the deck" if a.card < 0 else f"Take {card_line(a.card)}"
    if isinstance(a, A.Uninstall):
        return f"Uninstall {CARD[a.card].name}"
    if isinstance(a, A.StopUninstalling):
        return "Uninstall nothing more"
    if isinstance(a, A.MakeShield):
        return "Raise a shield on your hex (2 resins)"
    if isinstance(a, A.DropShield):
        return f"Drop your shield on {hex_name(s, a.hex)}"
    if isinstance(a, A.BuySchema):
        return f"Buy a schema with 5 {a.resource}s"
    if isinstance(a, A.BuyPoint):
        what = "10 resources of any kind" if a.resource == "mix" else f"10 {a.resource}s"
        return f"Buy a Rival Point with {what}"
    if isinstance(a, A.PlayCard):
        return f"Play {card_line(a.card)}"
    if isinstance(a, A.UseGuild):
        return "Use your guild"
    if isinstance(a, A.UseSkill):
        return f"Use the skill {CARD[a.card].name}"
    if isinstance(a, A.UseUltimate):
        return "Unleash your ultimate"
    if isinstance(a, A.AddMod):
        return f"Add the mod {card_line(a.card)}"
    if isinstance(a, A.DoneMods):
        return "No more mods"
    if isinstance(a, A.TargetAshak):
        return f"Aim at {who(s, a.seat)} on {hex_name(s, s.pos[a.seat])}"
    if isinstance(a, A.TargetHex):
        return f"Aim at {hex_name(s, a.hex)}"
    if isinstance(a, A.NoSecondTarget):
        return "No second target"
    if isinstance(a, A.PayOptional):
        return f"Discard {CARD[a.card].name} for the optional effect"
    if isinstance(a, A.SkipOptional):
        return "Skip the optional effect"
    if isinstance(a, A.ActivateToken):
        return "Activate an anticipation token (+2 defence dice until your next turn)"
    if isinstance(a, A.React):
        if a.card == -1:
            return "React with your ultimate"
        return "React with your guild" if a.card == -2 else f"React with {card_line(a.card)}"
    if isinstance(a, A.Pass):
        return "Pass"
    if isinstance(a, A.StepTo):
        return f"Go to {hex_name(s, a.hex)}"
    if isinstance(a, A.StopMoving):
        return "Stay here"
    if isinstance(a, A.ChooseVictim):
        return f"Resolve the blast on {who(s, a.seat)} next"
    if isinstance(a, A.ChooseResource):
        return f"Take a {a.resource}"
    if isinstance(a, A.ReplaceSkill):
        return f"Uninstall the skill {CARD[a.card].name} to make room"
    if isinstance(a, A.EndTurn):
        return "End your turn"
    return str(a)


HACK_WORDS = {
    "resources": "Steal every resin and crystal of the drone",
    "tokens": "Steal the drone's anticipation tokens",
    "rp": "Steal the drone's Rival Points",
    "collect": "Make the drone collect on its tile (you decide)",
    "negotiate": "Make the drone negotiate with the sponsor on its hex (you decide)",
    "stop": "Spend no more successes",
}


def drone_describe(s: RivalsState, a: object) -> str:
    """Drone-mode words: the drone's own menu, exchange and hacking ("" for the rest)."""
    if isinstance(a, A.PlaceDrone):
        return f"Put your drone on {hex_name(s, a.hex)}"
    if isinstance(a, A.DroneAttack):
        return f"Drone shot at {who(s, a.seat)} (1 AP, 1 damage, range 0-1)"
    if isinstance(a, A.Hack):
        return "Hack the opposing drone (1 AP, range 0-2, sight): 3 dice, each success one action"
    if isinstance(a, A.Exchange):
        return exchange_words(a)
    if isinstance(a, A.TargetDrone):
        return f"Aim at the drone of {who(s, a.seat)} on hex {s.d_pos[a.seat]} (no damage; effects apply)"
    if isinstance(a, A.HackPick):
        if a.kind == "card":
            return f"Steal {card_line(a.arg)}"
        if a.kind == "move":
            return f"Make the drone move to {hex_name(s, a.arg)}"
        return HACK_WORDS[a.kind]
    if s.phase == "dshot" and isinstance(a, A.Pass):
        return "Let the drone's shot come"
    if s.phase not in ("drone", "dreward", "duninstall", "dschema"):
        return ""
    if isinstance(a, A.Collect):
        return "Collect on the drone's tile (1 AP): everything goes onto the drone"
    if isinstance(a, A.Negotiate):
        return "Negotiate with the sponsor (1 AP and a drone token): the point stays on the drone"
    if isinstance(a, A.Uninstall):
        return f"Uninstall {CARD[a.card].name} from the drone (no card is drawn)"
    if isinstance(a, A.MakeShield):
        return "Raise a shield on the drone's hex (2 of its resins)"
    if isinstance(a, A.Reward) and a.kind == "uninstall":
        return "Reward: uninstall up to 2 of the drone's cards"
    if isinstance(a, A.Reward) and a.kind == "schema":
        return "Reward: store a schema on the drone"
    if isinstance(a, A.EndTurn):
        return "End your drone's turn"
    return ""


def exchange_words(a: A.Exchange) -> str:
    if a.what == "store":
        return f"Store {CARD[a.card].name} on your drone, face up (free)"
    if a.what == "take":
        return f"Take {CARD[a.card].name} back from your drone (free)"
    return {
        "crystal": "Take a crystal from your drone (free)",
        "resin": "Take a resin from your drone (free)",
        "token": "Take an anticipation token from your drone (free)",
        "rp": "Take your drone's Rival Points (free)",
    }[a.what]


def ultimate_line(ashak: int) -> str:
    c = ULTIMATES[ashak]
    return f"{c.name}: {card_text(c)}"
