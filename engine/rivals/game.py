"""The Rivals game object: wires set-up, the phase table, views, scoring and texts into the
engine contract. `GAME` is the instance the registry exposes.

Legality lives in one place per phase: the `options` function of rules.PHASES lists every action
worth showing with the reason it is not allowed (None when it is); `candidates`, `reason` and the
faster `legal`/`choices` all read it. The turn's menu and the interrupt window also judge one
action without listing them all (rules.phases.REASONS), with the same sentences."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar

from engine.core import Event, Game, GameBase, Outcome, Prompt, Rng
from engine.rivals import ai, drone, scoring, texts, views
from engine.rivals.actions import ACTION_TYPES, Action, EndTurn, TakeBack, Wait
from engine.rivals.notation import NOTATION
from engine.rivals.options import RivalsOptions
from engine.rivals.rules import turn
from engine.rivals.rules.flow import advance
from engine.rivals.rules.phases import PHASES, REASONS, SECTIONS
from engine.rivals.setup import build
from engine.rivals.state import RivalsState

SECRET_PHASES = frozenset(
    [
        "guild",
        "turn",
        "consult",
        "install",
        "mods",
        "optional",
        "react",
        "interrupt",
        "freephys",
        "uninstall",
        "loot",
        "replace",
        "dinstall",
    ]
)

# The menus of a turn: an Ashak's, a drone's.
TURN_PHASES = frozenset(["turn", "drone"])

# From this many seats the search stops at the end of the turn (`RivalsGame.ai_turn_mark`).
HORIZON_SEATS = 3


class RivalsGame(GameBase[RivalsState, Action, RivalsOptions]):
    id: ClassVar[str] = "rivals"
    title: ClassVar[str] = "Rivals"
    players: ClassVar[range] = range(2, 7)
    Options: ClassVar[type[Any]] = RivalsOptions
    action_types: ClassVar[tuple[type, ...]] = ACTION_TYPES
    notation = NOTATION
    state_type: ClassVar[type] = RivalsState
    supports_series: ClassVar[bool] = False
    # Random rollouts to the end of a battle royale are long and noisy: a few random decisions,
    # then the evaluation.
    ai_rollout_depth: ClassVar[int | None] = 6
    # An iteration (a sampled world, a walk down the tree, six random decisions, an evaluation)
    # costs about 1.3 ms at six seats, and a game holds some 90 decisions per seat: a fifth of
    # the level's iterations (hard searches 100, about 0.15 s of CPU a decision instead of 0.7 s).
    ai_iteration_scale: ClassVar[float] = 0.2
    # Taking a half-played card back is for people changing their mind; a bot that judged it
    # better than ending a losing turn would play the card and take it back forever.
    # In an interrupt window a bot decides once per turn: a utility or a token now, or not till
    # the next turn (asked again after every action or phase, it would search each time for the
    # same answer).
    ai_avoid: ClassVar[tuple[type, ...]] = (TakeBack, Wait)
    # Utilities and the attacked Ashak's reaction are played in other seats' turns.
    interrupts: ClassVar[bool] = True

    def setup(self, options: RivalsOptions, seats: int, seed: int) -> RivalsState:
        s = build(options.setup, seats, seed)
        if options.drone and seats == 2:
            drone.prepare(s)
        return s

    def to_act(self, s: RivalsState) -> tuple[int, ...]:
        if s.winners or s.actor < 0:
            return ()
        return (s.actor,)

    def prompt(self, s: RivalsState, seat: int) -> Prompt:
        if s.winners:
            return Prompt("The game is over.", section="the-end")
        if seat != s.actor:
            return Prompt("Waiting for another player.", section=SECTIONS.get(s.phase, "the-round"))
        if s.phase in ("interrupt", "react"):
            # The windows (rules/reactions.py) are interrupts: they end with the plain pass,
            # after "not till the next turn" for a seat whose turn is not the one held up.
            text = texts.interrupt_prompt(s) if s.phase == "interrupt" else PHASES[s.phase][2]
            declines = 2 if s.phase == "interrupt" and seat != s.i_seat else 1
            return Prompt(text, section=SECTIONS[s.phase], secret=True, declines=declines)
        text = PHASES[s.phase][2]
        # Mods are asked whenever the hand holds a card (public), so being asked tells nobody
        # whether it holds a mod; the seat itself is not asked when it holds none (the two ways
        # of adding none are its only moves: `engine.core.interrupts.forced_decline`).
        declines = 2 if s.phase == "mods" else 0
        return Prompt(text, section=SECTIONS[s.phase], secret=s.phase in SECRET_PHASES, declines=declines)

    def candidates(self, s: RivalsState, seat: int) -> list[Action]:
        if seat not in self.to_act(s):
            return []
        return [a for a, _ in PHASES[s.phase][0](s, seat)]  # type: ignore[misc]

    def reason(self, s: RivalsState, seat: int, a: Action) -> str | None:
        if seat != s.actor or s.winners or seat < 0:  # (`to_act`, read in place)
            return "It is not your turn to decide."
        check = REASONS.get(s.phase)
        if check is not None:  # a phase that judges one action without listing them all
            return check(s, seat, a)
        listed = PHASES[s.phase][0](s, seat)
        for b, why in listed:  # actions taken from `legal` are the listed (interned) objects
            if b is a:
                return why
        kind = type(a)
        for b, why in listed:
            if type(b) is kind and b == a:
                return why
        return turn.NOT_NOW

    def why_illegal(self, s: RivalsState, seat: int, a: Action) -> str | None:
        # GameBase's, without its generic detours for a move of this game: `apply` asks it at
        # every decision.
        if type(a) in _ACTION_SET:
            return self.reason(s, seat, a)
        return super().why_illegal(s, seat, a)

    def legal(self, s: RivalsState, seat: int) -> list[Action]:
        if seat != s.actor or s.winners or seat < 0:  # (`to_act`, read in place)
            return []
        return [a for a, why in PHASES[s.phase][0](s, seat) if why is None]  # type: ignore[misc]

    def choices(self, s: RivalsState, seat: int) -> list[tuple[Action, str | None]]:
        if seat not in self.to_act(s):
            return []
        return list(PHASES[s.phase][0](s, seat))  # type: ignore[arg-type]

    def perform(self, s: RivalsState, seat: int, a: Action) -> list[Event]:
        s.stamp += 1
        in_turn = s.phase in TURN_PHASES
        ev = PHASES[s.phase][1](s, seat, a)
        if in_turn:
            # Every action but the turn's end is followed by the others' interrupt window
            # (rules/reactions.py), once whatever the action started is done.
            s.i_due = not isinstance(a, EndTurn)
            if s.i_due and s.phase in TURN_PHASES:
                s.phase = "idle"
        if s.phase == "turn" and not s.alive[seat]:
            s.phase = "idle"  # the player's own move killed it (a lake): its turn is over
        if s.phase != "idle" and not s.winners:
            return ev  # a decision is owed already (the turn goes on): nothing to run
        return ev + advance(s)

    def outcome(self, s: RivalsState) -> Outcome | None:
        return scoring.outcome(s) if s.winners else None

    def view(self, s: RivalsState, seat: int | None) -> RivalsState:
        return views.view(s, seat)

    def determinize(self, v: RivalsState, seat: int, rng: Rng) -> RivalsState:
        return views.determinize(v, seat, rng)

    def describe(self, s: RivalsState, a: Action) -> str:
        return texts.describe(s, a)

    def evaluate(self, s: RivalsState, seat: int) -> float:
        return ai.evaluate(s, seat)

    def ai_turn_mark(self, s: RivalsState) -> Hashable | None:
        """With three Ashaks or more the search looks to the end of the turn being played: the
        rest of it is played greedily and every leaf is scored there, on a few worlds shared by
        all moves. Its hundred iterations spread over some forty moves at the root; scored after
        six random decisions (the bot's own included), their values differed by less than the
        noise, and at six seats the hard bot lost to greedy (RULES_NOTES.md, "AI at many
        seats"). Two seats and drone mode keep the search they were tuned with; set-up (round
        0) has no turns. The mark moves on when the next seat's turn begins or the round's end
        begins (no turn active): reactions and loot inside the turn stay in it."""
        if s.seats < HORIZON_SEATS or s.round == 0 or s.drone_mode:
            return None
        return (s.round, s.turn_no, s.turn_seat, s.active >= 0)

    def progress(self, s: RivalsState) -> str:
        if s.round == 0:
            return "set-up"
        if s.winners:  # (as the other games say it: the saved-games list shows it beside "finished")
            return f"finished in round {s.round}"
        return f"round {s.round}, era {drone.era_of(s, s.round)}"

    def upgrade_action(self, s: RivalsState, seat: int, a: Action) -> Action:
        """Premium Card's purchase once paid from the larger pile by itself (`turn.upgrade_saved`)."""
        return turn.upgrade_saved(s, seat, a)


_ACTION_SET = frozenset(ACTION_TYPES)


GAME: Game[RivalsState, Action, RivalsOptions] = RivalsGame()
