"""The phase table. `PHASES` maps each decision phase to its `options` (every action worth
showing, each with the reason it is not allowed or None) and its `perform`. Legality lives in
the options functions (and, for the phases in `REASONS`, in the one-action checks beside them,
which give the same sentences); rules.flow.advance runs what follows a decision by itself."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event
from engine.rivals.actions import StopBuying, StopInstalling
from engine.rivals.rules import choices, collect, drone_hack, drone_turn, reactions, setup_phase, turn
from engine.rivals.state import RivalsState

Option = tuple[object, str | None]
OptionsFn = Callable[[RivalsState, int], list[Option]]
PerformFn = Callable[[RivalsState, int, object], list[Event]]
ReasonFn = Callable[[RivalsState, int, object], str | None]


def _collect_perform(fn: Callable[..., list[Event]]) -> PerformFn:
    return lambda s, seat, a: fn(s, seat, a)


PHASES: dict[str, tuple[OptionsFn, PerformFn, str]] = {
    "ashak": (setup_phase.ashak_options, setup_phase.ashak_perform, "Choose your Ashak"),
    "guild": (setup_phase.guild_options, setup_phase.guild_perform, "Keep one of your two guilds"),
    "place": (setup_phase.place_options, setup_phase.place_perform, "Place your Ashak on a starting tile"),
    "turn": (turn.options, turn.perform, "Your turn"),
    "consult": (
        collect.consult_options,
        lambda s, seat, a: collect.consult(s, seat, a),  # type: ignore[arg-type]
        "Consult the row or the deck",
    ),
    "install": (
        collect.install_options,
        lambda s, seat, a: collect.install(s, seat, a)  # type: ignore[arg-type]
        if not isinstance(a, StopInstalling)
        else collect.stop_installing(s, seat),
        "Install cards you consulted",
    ),
    "tokens": (
        collect.token_options,
        lambda s, seat, a: collect.buy_token(s, seat, a)  # type: ignore[arg-type]
        if not isinstance(a, StopBuying)
        else collect.stop_buying(s, seat),
        "Buy anticipation tokens",
    ),
    "mods": (choices.mods_options, choices.mods_perform, "Add mods to your physical card"),
    "target": (choices.target_options, choices.target_perform, "Choose the target"),
    "target2": (choices.target2_options, choices.target2_perform, "Choose a second target"),
    "optional": (
        choices.optional_options,
        choices.optional_perform,
        "Discard a card for the optional effect?",
    ),
    "victim": (choices.victim_options, choices.victim_perform, "Which Ashak does the blast hit next?"),
    "freephys": (choices.freephys_options, choices.freephys_perform, "Play a physical card for free?"),
    "react": (reactions.react_options, reactions.react_perform, "React to the attack"),
    "interrupt": (
        reactions.interrupt_options,
        reactions.interrupt_perform,
        "Interrupt the turn with a utility card, or pass",
    ),
    "step": (choices.step_options_, choices.step_perform, "Choose where to move"),
    "uninstall": (choices.uninstall_options, choices.uninstall_perform, "Uninstall a card"),
    "dropshield": (choices.dropshield_options, choices.dropshield_perform, "Drop one of your shields"),
    "reward": (choices.reward_options, choices.reward_perform, "Choose the sponsor's reward"),
    "schema": (choices.schema_options, choices.schema_perform, "Choose a schema"),
    "replace": (choices.replace_options, choices.replace_perform, "Replace a skill"),
    "resource": (choices.resource_options, choices.resource_perform, "Take a resource"),
    "loot": (choices.loot_options, choices.loot_perform, "Install a card of the eliminated Ashak"),
    "reentry": (choices.reentry_options, choices.reentry_perform, "Climb back at the border"),
    # drone mode
    **drone_turn.PHASES,
    "hack": (drone_hack.hack_options, drone_hack.hack_perform, "Spend a hacking success"),
}  # fmt: skip

# Phases whose verdict on one action is found without listing every option (each gives the
# sentence its `options` gives; the conformance suite compares them). The others' actions are
# looked up in their list (RivalsGame.reason).
REASONS: dict[str, ReasonFn] = {
    "turn": turn.reason,
    "interrupt": reactions.interrupt_reason,
}

# The help section (a heading of rivals_tui/help/rivals.md) each phase opens at.
SECTIONS: dict[str, str] = {
    "ashak": "setting-up",
    "guild": "setting-up",
    "place": "setting-up",
    "turn": "your-turn",
    "consult": "collecting",
    "install": "collecting",
    "tokens": "collecting",
    "mods": "playing-a-card",
    "target": "playing-a-card",
    "target2": "playing-a-card",
    "optional": "playing-a-card",
    "victim": "explosives",
    "freephys": "playing-a-card",
    "react": "reactions",
    "interrupt": "reactions",
    "step": "moving",
    "uninstall": "spending-resources",
    "dropshield": "shields",
    "reward": "sponsors",
    "schema": "sponsors",
    "replace": "skills",
    "resource": "skills",
    "loot": "eliminations",
    "reentry": "falling-tiles",
    "dplace": "drone-mode",
    "drone": "drone-mode",
    "dconsult": "drone-mode",
    "dinstall": "drone-mode",
    "dtokens": "drone-mode",
    "dreward": "drone-mode",
    "dschema": "drone-mode",
    "duninstall": "drone-mode",
    "dreentry": "drone-mode",
    "dshot": "drone-mode",
    "hack": "hacking",
}
