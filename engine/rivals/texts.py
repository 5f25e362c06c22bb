"""Words for decisions: one line per action (`describe`) and the prompt of each phase."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rivals import actions as A
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.board import TILE_OF
from engine.rivals.data.cards import card_summary, card_text
from engine.rivals.data.catalog import CARD, ULTIMATES
from engine.rivals.rules.board import hex_type
from engine.rivals.rules.common import resources, who
from engine.rivals.state import RivalsState

PAY = {"free": "for free", "cc": "for 2 crystals", "cr": "for a crystal and a resin", "rr": "for 2 resins"}


def card_line(c: int) -> str:
    return card_summary(CARD[c])


def hex_name(s: RivalsState, h: int) -> str:
    kind = hex_type(s, h) or "unrevealed"
    return f"hex {h} ({kind}, tile {TILE_OF[h]})"


def describe(s: RivalsState, a: object) -> str:
    """One line for the action picker and the log: fixed words, or words from the action's
    fields (tables below, one entry per decision)."""
    if s.drone_mode:
        text = drone_describe(s, a)
        if text:
            return text
    kind = type(a)
    fixed = FIXED.get(kind)
    if fixed is not None:
        return fixed
    worded = WORDED.get(kind)
    return worded(s, a) if worded is not None else str(a)


# Decisions whose words never change.
FIXED: dict[type, str] = {
    A.Collect: "Collect on your tile (1 AP)",
    A.StopInstalling: "Install nothing more",
    A.StopBuying: "Buy no more tokens",
    A.Negotiate: "Negotiate with the sponsor (1 AP and a token): 1 Rival Point and a reward",
    A.StopUninstalling: "Uninstall nothing more",
    A.MakeShield: "Raise a shield on your hex (2 resins)",
    A.UseGuild: "Use your guild",
    A.UseUltimate: "Unleash your ultimate",
    A.DoneMods: "No more mods",
    A.NoSecondTarget: "No second target",
    A.SkipOptional: "Skip the optional effect",
    A.ActivateToken: "Activate an anticipation token (+2 defence dice until your next turn)",
    A.Pass: "Pass",
    A.PassTurn: "Pass until the next turn begins",
    A.StopMoving: "Stay here",
    A.EndTurn: "End your turn",
    A.TakeBack: "Take the card back (its AP and uses are refunded)",
}

REWARDS = {
    "schema": "Reward: install a schema",
    "tokens": "Reward: gain 2 anticipation tokens",
    "uninstall": "Reward: uninstall up to 2 cards",
}
TOP_SCHEMA = "Take the top schema of the deck"
# React's card field: -1 the ultimate, -2 the guild, else a card in hand. The verb says which
# window it is played in: an attack's ("React") or a turn's ("Interrupt").
WHAT = {-1: "your ultimate", -2: "your guild"}


# The round's phases by number, as the prompt of the window at their start names them.
PHASE_NAMES = (
    "",
    "the draw",
    "the turns",
    "discard and first player",
    "the Wildtech shrinks",
    "sponsors",
    "drought tokens",
    "the event",
    "a new interface row",
    "boards made ready",
    "new schemas",
)


def interrupt_prompt(s: RivalsState) -> str:
    """The question of the interrupt window: in a turn, or at the start of a phase (tokens only)."""
    if s.i_phase:
        return f"Phase {s.i_phase} ({PHASE_NAMES[s.i_phase]}) begins: activate an anticipation token, or pass"
    return f"Interrupt the turn of {who(s, s.i_seat)} with a utility card or a token, or pass"


def _wait_line(s: RivalsState) -> str:
    later = "after the turn's next action" if s.i_phase in (0, 2) else "when the next phase begins"
    return f"Pass for now (you are asked again {later})"


def _react_line(s: RivalsState, a: A.React) -> str:
    verb = "Interrupt" if s.phase == "interrupt" else "React"
    return f"{verb} with {WHAT.get(a.card) or card_line(a.card)}"


def _ashak_line(a: A.ChooseAshak) -> str:
    x = ASHAKS[a.ashak]
    return f"Choose {x.name}: {x.blurb} Ultimate {x.ultimate.name} ({x.gauge})."


def _mixed_point_line(a: A.BuyMixedPoint) -> str:
    return f"Buy a Rival Point with {resources(a.crystals, 10 - a.crystals)} (Premium Card)"


# Decisions worded from their fields (and the state, for hexes and seats).
WORDED: dict[type, Callable[[RivalsState, Any], str]] = {
    A.ChooseAshak: lambda s, a: _ashak_line(a),
    A.KeepGuild: lambda s, a: f"Keep the guild {card_line(a.card)}",
    A.PlaceAshak: lambda s, a: f"Start on {hex_name(s, a.hex)}",
    A.Scout: lambda s, a: f"Scout tile {a.tile} (0 AP)",
    A.Move: lambda s, a: f"Move to {hex_name(s, a.hex)} (1 AP)",
    A.Consult: lambda s, a: "Consult the interface deck" if a.deck else "Consult the visible interface cards",
    A.Install: lambda s, a: f"Install {card_line(a.card)}",
    A.BuyToken: lambda s, a: f"Take an anticipation token {PAY[a.pay]}",
    A.Reward: lambda s, a: REWARDS[a.kind],
    A.PickSchema: lambda s, a: (
        "Take the top schema of the deck" if a.card < 0 else f"Take {card_line(a.card)}"
    ),
    A.Uninstall: lambda s, a: f"Uninstall {CARD[a.card].name}",
    A.DropShield: lambda s, a: f"Drop your shield on {hex_name(s, a.hex)}",
    A.BuySchema: lambda s, a: f"Buy a schema with 5 {a.resource}s",
    A.BuyPoint: lambda s, a: f"Buy a Rival Point with 10 {a.resource}s",
    A.BuyMixedPoint: lambda s, a: _mixed_point_line(a),
    A.PlayCard: lambda s, a: f"Play {card_line(a.card)}",
    A.UseSkill: lambda s, a: f"Use the skill {CARD[a.card].name}",
    A.AddMod: lambda s, a: f"Add the mod {card_line(a.card)}",
    A.TargetAshak: lambda s, a: f"Aim at {who(s, a.seat)} on {hex_name(s, s.pos[a.seat])}",
    A.TargetHex: lambda s, a: f"Aim at {hex_name(s, a.hex)}",
    A.PayOptional: lambda s, a: f"Discard {CARD[a.card].name} for the optional effect",
    A.React: _react_line,
    A.Wait: lambda s, a: _wait_line(s),
    A.StepTo: lambda s, a: f"Go to {hex_name(s, a.hex)}",
    A.ChooseVictim: lambda s, a: f"Resolve the blast on {who(s, a.seat)} next",
    A.ChooseResource: lambda s, a: f"Take a {a.resource}",
    A.ReplaceSkill: lambda s, a: f"Uninstall the skill {CARD[a.card].name} to make room",
    # drone mode (worded by drone_describe below)
    A.PlaceDrone: lambda s, a: drone_describe(s, a),
    A.DroneAttack: lambda s, a: drone_describe(s, a),
    A.Exchange: lambda s, a: drone_describe(s, a),
    A.TargetDrone: lambda s, a: drone_describe(s, a),
    A.Hack: lambda s, a: drone_describe(s, a),
    A.HackPick: lambda s, a: drone_describe(s, a),
}


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
