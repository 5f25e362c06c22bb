"""Rivals' phase table: for each decision, the action types it decides, its `options` (every
action worth showing, each with the reason it is not allowed or None), what it does, what the
player is asked and the help section (a heading of rivals_tui/help/rivals.md) it opens. The
turn's menu, the interrupt window, the choice of target and the re-entry hex also judge one action
without listing them all (`reason`, with the sentences their options give): every move a player
or the network submits is judged, and their lists are the costly ones. After every decision the
round's automatic work runs (rules.flow.advance) until someone owes the next one; "idle" (that
work) and "over" owe none."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event, Prompt
from engine.core.phases import Check, Phase
from engine.rivals import texts
from engine.rivals.actions import (
    ActivateToken,
    AddMod,
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
    Wait,
)
from engine.rivals.rules import (
    choices,
    collect,
    drone_hack,
    drone_turn,
    reactions,
    setup_phase,
    turn,
)
from engine.rivals.rules.flow import advance
from engine.rivals.state import RivalsState

Options = Callable[[RivalsState, int], list[tuple[object, str | None]]]
Perform = Callable[[RivalsState, int, Any], list[Event]]

# The menus of a turn: an Ashak's, a drone's.
TURN_PHASES = frozenset(["turn", "drone"])


def _decided(perform: Perform, menu: bool = False) -> Perform:
    """A decision's effect, then the automatic work up to the next decision. Every decision
    counts in the state's `stamp` (it orders eliminations). An action from a turn's menu
    (`menu`), all but the turn's end, is followed by the others' interrupt window
    (rules/reactions.py), once whatever the action started is done."""

    def run(s: RivalsState, seat: int, a: Any) -> list[Event]:
        s.stamp += 1
        ev = perform(s, seat, a)
        if menu:
            s.i_due = not isinstance(a, EndTurn)
            if s.i_due and s.phase in TURN_PHASES:
                s.phase = "idle"
        if s.phase == "turn" and not s.ashaks[seat].alive:
            s.phase = "idle"  # the player's own move killed it (a lake): its turn is over
        if s.phase != "idle" and not s.winners:
            return ev  # a decision is owed already (the turn goes on): nothing to run
        return advance(s, ev)

    return run


def _phase(
    types: tuple[type, ...],
    options: Options,
    perform: Perform,
    prompt: str,
    section: str,
    secret: bool = False,
    reason: Check[RivalsState] | None = None,
) -> Phase[RivalsState]:
    """A phase of one decision and its automatic aftermath (`_decided`), judged by its list or
    by `reason`."""
    return Phase(types, options, _decided(perform), prompt, section, secret, reason)


def _react_prompt(s: RivalsState, seat: int) -> Prompt:
    # The windows are interrupts (Prompt.declines): the choices end with the plain pass.
    return Prompt("React to the attack", "reactions", secret=True, declines=1)


def _mods_prompt(s: RivalsState, seat: int) -> Prompt:
    # Mods are asked whenever the hand holds a card (public), so being asked tells nobody
    # whether it holds a mod; the seat itself is not asked when it holds none (the two ways of
    # adding none are its only moves: `engine.core.interrupts.forced_decline`).
    return Prompt("Add mods to your physical card", "playing-a-card", secret=True, declines=2)


def _interrupt_prompt(s: RivalsState, seat: int) -> Prompt:
    # A seat whose turn is not the one held up may also pass till the next turn.
    declines = 1 if seat == s.i_seat else 2
    return Prompt(texts.interrupt_prompt(s), "reactions", secret=True, declines=declines)


_DRONE_TURN = (
    Scout,
    Move,
    Collect,
    Negotiate,
    DroneAttack,
    Uninstall,
    MakeShield,
    BuySchema,
    BuyPoint,
    EndTurn,
)

PHASES: dict[str, Phase[RivalsState]] = {
    # set-up
    "ashak": _phase((ChooseAshak,), setup_phase.ashak_options, setup_phase.ashak_perform,
                    "Choose your Ashak", "setting-up"),
    "guild": _phase((KeepGuild,), setup_phase.guild_options, setup_phase.guild_perform,
                    "Keep one of your two guilds", "setting-up", secret=True),
    "place": _phase((PlaceAshak,), setup_phase.place_options, setup_phase.place_perform,
                    "Place your Ashak on a starting tile", "setting-up"),
    # a turn's menu, and the decisions its actions ask for
    "turn": Phase(turn.TURN_ACTIONS, turn.options, _decided(turn.perform, menu=True), "Your turn",
                  "your-turn", secret=True, reason=turn.CHECKS),
    "consult": _phase((Consult,), collect.consult_options, collect.consult,
                      "Consult the row or the deck", "collecting", secret=True),
    "install": _phase((Install, StopInstalling), collect.install_options, collect.install_perform,
                      "Install cards you consulted", "collecting", secret=True),
    "tokens": _phase((BuyToken, StopBuying), collect.token_options, collect.buy_token,
                     "Buy anticipation tokens", "collecting"),
    "mods": Phase((AddMod, DoneMods, TakeBack), choices.mods_options, _decided(choices.mods_perform),
                  _mods_prompt, "playing-a-card", secret=True),
    "target": Phase((TargetAshak, TargetHex, TargetDrone, TakeBack), choices.target_options,
                    _decided(choices.target_perform), "Choose the target", "playing-a-card",
                    reason=choices.TARGET_CHECKS),
    "target2": _phase((TargetAshak, NoSecondTarget), choices.target2_options, choices.target2_perform,
                      "Choose a second target", "playing-a-card"),
    "optional": _phase((PayOptional, SkipOptional), choices.optional_options, choices.optional_perform,
                       "Discard a card for the optional effect?", "playing-a-card", secret=True),
    "victim": _phase((ChooseVictim,), choices.victim_options, choices.victim_perform,
                     "Which Ashak does the blast hit next?", "explosives"),
    "freephys": _phase((PlayCard, Pass), choices.freephys_options, choices.freephys_perform,
                       "Play a physical card for free?", "playing-a-card", secret=True),
    "step": _phase((StepTo, StopMoving), choices.step_options_, choices.step_perform,
                   "Choose where to move", "moving"),
    "uninstall": _phase((Uninstall, StopUninstalling), choices.uninstall_options, choices.uninstall_perform,
                        "Uninstall a card", "spending-resources", secret=True),
    "dropshield": _phase((DropShield,), choices.dropshield_options, choices.dropshield_perform,
                         "Drop one of your shields", "shields"),
    "reward": _phase((Reward,), collect.reward_options, collect.reward_perform,
                     "Choose the sponsor's reward", "sponsors"),
    "schema": _phase((PickSchema,), collect.schema_options, collect.schema_perform,
                     "Choose a schema", "sponsors"),
    "replace": _phase((ReplaceSkill,), choices.replace_options, choices.replace_perform,
                      "Replace a skill", "skills", secret=True),
    "resource": _phase((ChooseResource,), choices.resource_options, choices.resource_perform,
                       "Take a resource", "skills"),
    "loot": _phase((Install, StopInstalling), choices.loot_options, choices.loot_perform,
                   "Install a card of the eliminated Ashak", "eliminations", secret=True),
    "reentry": _phase((StepTo,), choices.reentry_options, choices.reentry_perform,
                      "Climb back at the border", "falling-tiles", reason=choices.reentry_reason),
    # the windows: the attacked Ashak's reactions, and the interrupts after each action and at
    # each phase's start
    "react": Phase((ActivateToken, React, Pass), reactions.react_options, _decided(reactions.react_perform),
                   _react_prompt, "reactions", secret=True),
    "interrupt": Phase((ActivateToken, React, PassTurn, Wait, Pass), reactions.interrupt_options,
                       _decided(reactions.interrupt_perform), _interrupt_prompt, "reactions", secret=True,
                       reason=reactions.interrupt_reason),
    # drone mode
    "dplace": _phase((PlaceDrone,), drone_turn.place_options, drone_turn.place_perform,
                     "Place your drone on your Ashak's tile", "drone-mode"),
    "drone": Phase(_DRONE_TURN, drone_turn.options, _decided(drone_turn.perform, menu=True),
                   "Your drone's turn", "drone-mode"),
    "dconsult": _phase((Consult,), collect.consult_options, collect.consult,
                       "Your drone consults the row or the deck", "drone-mode"),
    "dinstall": _phase((Install, StopInstalling), collect.install_options, collect.install_perform,
                       "Store consulted cards on the drone", "drone-mode", secret=True),
    "dtokens": _phase((BuyToken, StopBuying), collect.token_options, collect.buy_token,
                      "Buy anticipation tokens for the drone", "drone-mode"),
    "dreward": _phase((Reward,), collect.reward_options, collect.reward_perform,
                      "Choose the drone's sponsor reward", "drone-mode"),
    "dschema": _phase((PickSchema,), collect.schema_options, collect.schema_perform,
                      "Choose a schema for the drone", "drone-mode"),
    "duninstall": _phase((Uninstall, StopUninstalling), choices.uninstall_options, choices.uninstall_perform,
                         "Uninstall a card the drone stores", "drone-mode"),
    "dreentry": _phase((StepTo,), choices.reentry_options, choices.reentry_perform,
                       "Bring your drone back at the border", "drone-mode", reason=choices.reentry_reason),
    "dshot": _phase((ActivateToken, Pass), drone_turn.shot_options, drone_turn.shot_perform,
                    "A drone fires at you: activate a token first?", "drone-mode"),
    "hack": _phase((HackPick,), drone_hack.hack_options, drone_hack.hack_perform,
                   "Spend a hacking success", "hacking"),
}  # fmt: skip

# The phases of drone mode.
DRONE_PHASES = ("dplace", "drone", "dconsult", "dinstall", "dtokens", "dreward", "dschema", "duninstall",
                "dreentry", "dshot", "hack")  # fmt: skip
