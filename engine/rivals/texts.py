"""Words for decisions: each action's name (`label`, a button's few words) and its whole line
(`describe`, for the action picker, the hint and the questions), and the prompt of each phase.

One source for both: every entry gives the name and the rest of the line, and the line is the
name followed by the rest. So a button, the action bar and the picker call an action by the same
words, and typing a button's words in the picker finds it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rivals import actions as A
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.board import TILE_OF
from engine.rivals.data.cards import card_summary, card_text
from engine.rivals.data.catalog import CARD, ULTIMATES
from engine.rivals.queries import hex_type, who
from engine.rivals.rules.combat import design
from engine.rivals.rules.common import resources
from engine.rivals.rules.targeting import max_range
from engine.rivals.state import RivalsState

# A name and the rest of its line.
Words = tuple[str, str]

PAY = {"free": "for free", "cc": "for 2 crystals", "cr": "for a crystal and a resin", "rr": "for 2 resins"}


def card_more(c: int) -> str:
    """What follows a card's name in a line: its cost, type, range and text."""
    d = CARD[c]
    return card_summary(d).removeprefix(d.name)


def card_line(c: int) -> str:
    return card_summary(CARD[c])


def hex_more(s: RivalsState, h: int) -> str:
    """What follows "hex 37" in a line: its type and tile."""
    return f" ({hex_type(s, h) or 'unrevealed'}, tile {TILE_OF[h]})"


def hex_name(s: RivalsState, h: int) -> str:
    return f"hex {h}{hex_more(s, h)}"


def words(s: RivalsState, a: object) -> Words:
    """The action's name and the rest of its line (tables below, one entry per decision)."""
    if s.drone_mode:
        drone = drone_words(s, a)
        if drone is not None:
            return drone
    kind = type(a)
    fixed = FIXED.get(kind)
    if fixed is not None:
        return fixed
    worded = WORDED.get(kind)
    return worded(s, a) if worded is not None else (str(a), "")


def label(s: RivalsState, a: object) -> str:
    """The action's name: a button's label, and the start of its `describe` line."""
    return words(s, a)[0]


def describe(s: RivalsState, a: object) -> str:
    """The action's whole line: its name, then what else there is to know."""
    name, more = words(s, a)
    return name + more


# Decisions whose words never change.
FIXED: dict[type, Words] = {
    A.Collect: ("Collect", " on your tile (1 AP)"),
    A.StopInstalling: ("Install nothing more", ""),
    A.StopBuying: ("Buy no more tokens", ""),
    A.Negotiate: ("Negotiate", " with the sponsor (1 AP and a token): 1 Rival Point and a reward"),
    A.StopUninstalling: ("Uninstall nothing more", ""),
    A.MakeShield: ("Raise a shield", " on your hex (2 resins)"),
    A.UseGuild: ("Use your guild", ""),
    A.UseUltimate: ("Unleash your ultimate", ""),
    A.DoneMods: ("No more mods", ""),
    A.NoSecondTarget: ("No second target", ""),
    A.SkipOptional: ("Skip the optional effect", ""),
    A.ActivateToken: ("Activate a token", ": an anticipation token, +2 defence dice until your next turn"),
    A.Pass: ("Pass", ""),
    A.PassTurn: ("Pass till the next turn", " (you are not asked again before the next turn begins)"),
    A.StopMoving: ("Stay here", ""),
    A.EndTurn: ("End your turn", ""),
    A.TakeBack: ("Take the card back", " (its AP and uses are refunded)"),
}

REWARDS: dict[str, Words] = {
    "schema": ("Install a schema", " (the sponsor's reward)"),
    "tokens": ("Gain 2 tokens", " (the sponsor's reward: 2 anticipation tokens)"),
    "uninstall": ("Uninstall up to 2 cards", " (the sponsor's reward: from your hand or discard)"),
}
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


def _wait(s: RivalsState) -> Words:
    later = "after the turn's next action" if s.i_phase in (0, 2) else "when the next phase begins"
    return "Pass for now", f" (you are asked again {later})"


def _react(s: RivalsState, a: A.React) -> Words:
    verb = "Interrupt" if s.phase == "interrupt" else "React"
    if a.card in WHAT:
        return f"{verb} with {WHAT[a.card]}", ""
    return f"{verb} with {CARD[a.card].name}", card_more(a.card)


def _ashak(a: A.ChooseAshak) -> Words:
    x = ASHAKS[a.ashak]
    return f"Choose {x.name}", f": {x.blurb} Ultimate {x.ultimate.name} ({x.gauge})."


def _pile(s: RivalsState, c: int) -> str:
    """Where the deciding seat holds card `c`: hand or discard (a copy of each may be listed)."""
    seat = s.actor
    return "hand" if 0 <= seat < s.seats and c in s.hand[seat] else "discard"


def _uninstall(s: RivalsState, a: A.Uninstall) -> Words:
    pile = _pile(s, a.card)
    name = f"Uninstall {CARD[a.card].name} ({pile})"
    if s.phase != "turn":
        return name, ": it leaves the game"
    draw = ", and you draw a card" if pile == "hand" else ""
    return name, f": 2 crystals; it leaves the game{draw}"


def _aim_ashak(s: RivalsState, a: A.TargetAshak) -> Words:
    """At the Ashak itself (a shield it stands in takes an attack's first salvo), as opposed to
    the shield on its hex alone (`_aim_hex`)."""
    h = s.ashaks[a.seat].pos
    more = f" on hex {h}: the card hits the Ashak"
    guarded = s.p_seat >= 0 and s.shield[h] >= 0 and s.shield[h] != s.p_seat and s.ashaks[s.p_seat].pos != h
    if guarded and design(s).is_attack:
        more += ", the shield there taking the first salvo"
    return f"Aim at {who(s, a.seat)}", more


def _aim_hex(s: RivalsState, a: A.TargetHex) -> Words:
    """An attack aimed at a hex aims at the shield on it (breaking it, no combat); an explosive
    at the hex's tile."""
    h = a.hex
    if s.p_seat >= 0 and design(s).target == "enemy":
        inside = [o for o in range(s.seats) if s.ashaks[o].alive and s.ashaks[o].pos == h]
        spared = f" ({who(s, inside[0])}, standing in it, is not hit)" if inside else ""
        return f"Aim at the shield on hex {h}", f": it breaks, with no combat{spared}"
    near = " and the tiles next to it" if s.p_seat >= 0 and design(s).key == "radiation" else ""
    return f"Aim at hex {h}", f"{hex_more(s, h)}: the blast hits tile {TILE_OF[h]}{near}"


def _mixed_point(a: A.BuyMixedPoint) -> Words:
    r = 10 - a.crystals
    return f"Buy a Rival Point with {a.crystals}C {r}R", f": {resources(a.crystals, r)} (Premium Card)"


def _card(verb: str) -> Callable[[RivalsState, Any], Words]:
    return lambda s, a: (f"{verb} {CARD[a.card].name}", card_more(a.card))


def _play(s: RivalsState, a: A.PlayCard) -> Words:
    """Playing a card: its printed range, and the range it has now when a skill, an event or a
    temporary effect changes it (a newcomer with Siege Mode read "range 1-3" on a Blaster that
    reached 5)."""
    c = CARD[a.card]
    more = card_more(a.card)
    seat = s.actor
    if c.rmax >= 0 and 0 <= seat < s.seats and s.ashaks[seat].pos >= 0:
        hi = max_range(s, seat, c)
        if hi != c.rmax:
            now = f"{c.rmin}" if hi == c.rmin else f"{c.rmin}-{hi}"
            more = more.replace(c.range_text, f"{c.range_text}, now {now}", 1)
    return f"Play {c.name}", more


def _at_hex(verb: str) -> Callable[[RivalsState, Any], Words]:
    return lambda s, a: (f"{verb} hex {a.hex}", hex_more(s, a.hex))


# Decisions worded from their fields (and the state, for hexes and seats).
WORDED: dict[type, Callable[[RivalsState, Any], Words]] = {
    A.ChooseAshak: lambda s, a: _ashak(a),
    A.KeepGuild: lambda s, a: (f"Keep {CARD[a.card].name}", f" as your guild{card_more(a.card)}"),
    A.PlaceAshak: _at_hex("Start on"),
    A.Scout: lambda s, a: (f"Scout tile {a.tile}", " (0 AP)"),
    A.Move: lambda s, a: (f"Move to hex {a.hex}", f"{hex_more(s, a.hex)} (1 AP)"),
    A.Consult: lambda s, a: (
        ("Consult the deck", " of interface cards")
        if a.deck
        else ("Consult the row", " of visible interface cards")
    ),
    A.Install: _card("Install"),
    A.BuyToken: lambda s, a: (f"Take a token {PAY[a.pay]}", " (an anticipation token)"),
    A.Reward: lambda s, a: REWARDS[a.kind],
    A.PickSchema: lambda s, a: (
        ("Take the top schema", " of the deck")
        if a.card < 0
        else (f"Take {CARD[a.card].name}", card_more(a.card))
    ),
    A.Uninstall: _uninstall,
    A.DropShield: _at_hex("Drop your shield on"),
    A.BuySchema: lambda s, a: (f"Buy a schema with 5 {a.resource}s", ""),
    A.BuyPoint: lambda s, a: (f"Buy a Rival Point with 10 {a.resource}s", ""),
    A.BuyMixedPoint: lambda s, a: _mixed_point(a),
    A.PlayCard: _play,
    A.UseSkill: lambda s, a: (f"Use the skill {CARD[a.card].name}", ""),
    A.AddMod: _card("Add the mod"),
    A.TargetAshak: _aim_ashak,
    A.TargetHex: _aim_hex,
    A.PayOptional: lambda s, a: (f"Discard {CARD[a.card].name}", " for the optional effect"),
    A.React: _react,
    A.Wait: lambda s, a: _wait(s),
    A.StepTo: _at_hex("Go to"),
    A.ChooseVictim: lambda s, a: (f"Resolve the blast on {who(s, a.seat)} next", ""),
    A.ChooseResource: lambda s, a: (f"Take a {a.resource}", ""),
    A.ReplaceSkill: lambda s, a: (f"Uninstall the skill {CARD[a.card].name}", " to make room"),
    # drone mode (worded by drone_words below)
    A.PlaceDrone: lambda s, a: _drone(s, a),
    A.DroneAttack: lambda s, a: _drone(s, a),
    A.Exchange: lambda s, a: _drone(s, a),
    A.TargetDrone: lambda s, a: _drone(s, a),
    A.Hack: lambda s, a: _drone(s, a),
    A.HackPick: lambda s, a: _drone(s, a),
}


HACK_WORDS: dict[str, Words] = {
    "resources": ("Steal resources", ": every resin and crystal the drone holds"),
    "tokens": ("Steal tokens", ": every anticipation token the drone holds"),
    "rp": ("Steal Rival Points", ": every Rival Point the drone holds"),
    "collect": ("Make the drone collect", " on its tile (you decide)"),
    "negotiate": ("Make the drone negotiate", " with the sponsor on its hex (you decide)"),
    "stop": ("Stop hacking", ": spend no more successes"),
}

# The drone's own menu: what its Ashak's decisions mean for it.
DRONE_MENU: dict[type, Words] = {
    A.Collect: ("Collect", " on the drone's tile (1 AP): everything goes onto the drone"),
    A.Negotiate: ("Negotiate", " with the sponsor (1 AP and a drone token): the point stays on the drone"),
    A.MakeShield: ("Raise a shield", " on the drone's hex (2 of its resins)"),
    A.EndTurn: ("End your drone's turn", ""),
}


def _drone(s: RivalsState, a: object) -> Words:
    found = drone_words(s, a)
    return found if found is not None else (str(a), "")


def drone_words(s: RivalsState, a: object) -> Words | None:
    """Drone-mode words: the drone's own menu, exchange and hacking (None for the rest)."""
    if isinstance(a, A.PlaceDrone):
        return f"Put your drone on hex {a.hex}", hex_more(s, a.hex)
    if isinstance(a, A.DroneAttack):
        return "Drone shot", f" at {who(s, a.seat)} (1 AP, 1 damage, range 0-1)"
    if isinstance(a, A.Hack):
        return "Hack the opposing drone", " (1 AP, range 0-2, sight): 3 dice, each success one action"
    if isinstance(a, A.Exchange):
        return exchange_words(a)
    if isinstance(a, A.TargetDrone):
        return (
            f"Aim at the drone of {who(s, a.seat)}",
            f" on hex {s.drones[a.seat].pos} (no damage; effects apply)",
        )
    if isinstance(a, A.HackPick):
        if a.kind == "card":
            return f"Steal {CARD[a.arg].name}", card_more(a.arg)
        if a.kind == "move":
            return f"Move the drone to hex {a.arg}", hex_more(s, a.arg)
        return HACK_WORDS[a.kind]
    if s.phase == "dshot" and isinstance(a, A.Pass):
        return "Let the drone's shot come", ""
    if s.phase not in ("drone", "dreward", "duninstall", "dschema"):
        return None
    if type(a) in DRONE_MENU:
        return DRONE_MENU[type(a)]
    if isinstance(a, A.Uninstall):
        return f"Uninstall {CARD[a.card].name} (drone)", ": it leaves the game; no card is drawn"
    if isinstance(a, A.Reward) and a.kind == "uninstall":
        return "Uninstall up to 2 cards", " of the drone (the sponsor's reward)"
    if isinstance(a, A.Reward) and a.kind == "schema":
        return "Store a schema", " on the drone (the sponsor's reward)"
    return None


def exchange_words(a: A.Exchange) -> Words:
    if a.what == "store":
        return f"Store {CARD[a.card].name} on your drone", ", face up (free)"
    if a.what == "take":
        return f"Take {CARD[a.card].name} back", " from your drone (free)"
    return {
        "crystal": ("Take a crystal", " from your drone (free)"),
        "resin": ("Take a resin", " from your drone (free)"),
        "token": ("Take a token", " from your drone (an anticipation token, free)"),
        "rp": ("Take the Rival Points", " of your drone (free)"),
    }[a.what]


def ultimate_line(ashak: int) -> str:
    c = ULTIMATES[ashak]
    return f"{c.name}: {card_text(c)}"
