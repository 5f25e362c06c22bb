"""What a turn may start now, asked by every menu that offers it: a card (its AP, whether it
waits for an attack, a target within reach, no attack in the game's very first turn) and a move
(the hexes one AP buys). The Ashak's turn (turn.py), a free physical card (choices.py), a drone's
turn (drone_turn.py) and a hack (drone_hack.py) all read these."""

from __future__ import annotations

from engine.rivals.data.cards import ENEMY, HEX, MOD, SKILL, Card
from engine.rivals.data.catalog import CARD
from engine.rivals.data.events import EVENT_KEYS
from engine.rivals.rules import targeting
from engine.rivals.state import RivalsState

FIRST_TURN = "No attacks in the very first turn of the game."


def first_turn(s: RivalsState) -> bool:
    return s.round == 1 and s.turn_no == 1


def offensive(c: Card) -> bool:
    """Whether playing `c` counts as an attack (the first turn has none)."""
    return c.is_attack or c.target == ENEMY or c.key == "spores"


# The index of Gravity among the events (`s.event` holds the lasting one in force, -1 none).
GRAVITY = EVENT_KEYS.index("gravity")


def move_budget(s: RivalsState) -> int:
    """The hexes one AP moves an Ashak or a drone: two, one under Gravity."""
    return 1 if s.event == GRAVITY else 2


class CardCheck:
    """What `card_reason` reads of one design, worked out once: the refusals that depend on the
    card alone, its AP cost, whether it is a reaction, a skill or an attack, and how it aims."""

    __slots__ = (
        "aim",
        "ap",
        "ap_short",
        "card",
        "fixed",
        "hex",
        "name",
        "offensive",
        "reaction",
        "skill",
        "swarm",
    )

    def __init__(self, c: Card) -> None:
        self.card, self.name, self.ap = c, c.name, c.ap
        # The refusal for each AP count short of the cost (written once, read at every menu).
        self.ap_short = tuple(f"{c.name} costs {c.ap} AP; you have {have}." for have in range(c.ap))
        self.fixed = (
            "A Flasher cannot be played."
            if c.key == "flasher"
            else "A mod is played together with a physical card."
            if c.type == MOD
            else None
        )
        self.reaction, self.skill = c.reaction, c.type == SKILL
        self.offensive = offensive(c)
        self.hex = c.target == HEX
        self.swarm = c.key == "swarm"
        self.aim = targeting.Aim(c) if c.target == ENEMY else None


# Every card instance's check, by card id.
CHECK: tuple[CardCheck, ...] = tuple(CardCheck(c) for c in CARD)


def card_reason(
    s: RivalsState,
    seat: int,
    k: CardCheck,
    source: str,
    free: bool = False,
    reach: targeting.Reach | None = None,
) -> str | None:
    """Why `seat` cannot start playing the card checked by `k` from `source` now (None: it
    can). `reach` shares the rivals' distances and line of sight while one menu is listed."""
    if k.fixed is not None:
        return k.fixed
    if not free and k.ap > s.ap:
        return k.ap_short[s.ap] if s.ap >= 0 else f"{k.name} costs {k.ap} AP; you have {s.ap}."
    if k.reaction:
        return "Keep it for when you are attacked."
    if k.skill and source == "hand":
        if any(CARD[x].name == k.name for x in s.skills[seat]):
            return f"{k.name} is already installed on your board."
        return None
    if k.offensive and s.round == 1 and s.turn_no == 1:
        return FIRST_TURN
    c = k.card
    if k.hex:
        if targeting.hex_targets(s, seat, c, first=True):
            return None
        return (
            "No Flasher is left in your extra deck."
            if k.swarm and not s.extra
            else f"No target in range of {k.name}."
        )
    aim = k.aim
    if aim is None:
        return None
    if k.swarm and not s.extra:
        return "No Flasher is left in your extra deck."
    if reach is None:
        reach = targeting.Reach(s, seat)
    extra = reach.hand_mods if aim.physical else 0
    if reach.can_aim(aim, extra):
        return None
    if s.drone_mode and targeting.drone_targets(s, seat, c, extra):
        return None
    return f"No target in range of {k.name}."
