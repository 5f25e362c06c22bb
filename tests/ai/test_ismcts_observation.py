"""The search keeps apart what a move reveals (`Game.ai_observation`): after a reveal its tree
holds one child per thing shown, so the next move answers what was shown."""

from __future__ import annotations

import attrs

from engine.ai import ISMCTSBot
from engine.core import Event, GameBase, Outcome, Prompt, Rng, ScoreLine
from engine.core.notation import Form, Notation

FACES = 3


@attrs.frozen
class PeekOptions:
    pass


@attrs.frozen
class Do:
    what: str  # "peek" (turn the die up), "safe" (win unless it shows 0), "call N" or "rest"

    def __str__(self) -> str:
        return self.what


@attrs.define
class PeekState:
    die: int = -1  # -1: hidden (in a view before the peek)
    shown: bool = False
    safe: bool = False
    step: int = 0
    won: bool = False


class Peek(GameBase[PeekState, Do, PeekOptions]):
    """A solo toy whose best move is worth its price only to a player who answers what it shows.
    Two decisions: "peek" turns a hidden three-sided die up, then calling its face wins; "safe"
    wins unless the die shows 0 (two deals in three), the second decision a mere rest. Answered
    face by face the peek always wins; answered with one call for every face, a third of the
    time."""

    id = "peek"
    title = "Peek"
    players = range(1, 2)
    Options = PeekOptions
    action_types = (Do,)
    notation = Notation("Peek", (Do,), [Form(Do, "do {what}")])
    state_type = PeekState
    ai_rollout_depth = 0

    def setup(self, options: PeekOptions, seats: int, seed: int) -> PeekState:
        return PeekState(die=Rng.from_seed(seed).choice(range(FACES)))

    def to_act(self, s: PeekState) -> tuple[int, ...]:
        return () if s.step >= 2 else (0,)

    def prompt(self, s: PeekState, seat: int) -> Prompt:
        return Prompt("Peek, play safe or call?", section="peek")

    def candidates(self, s: PeekState, seat: int) -> list[Do]:
        if s.step == 0:
            return [Do("peek"), Do("safe")]
        return [Do("rest")] if s.safe else [Do(f"call {f}") for f in range(FACES)]

    def reason(self, s: PeekState, seat: int, a: Do) -> str | None:
        return None if a in self.candidates(s, seat) else "Not now."

    def perform(self, s: PeekState, seat: int, a: Do) -> list[Event]:
        if a.what == "peek":
            s.shown = True
        elif a.what == "safe":
            s.safe = True
        elif a.what == "rest":
            s.won = s.die != 0
        else:
            s.won = a.what == f"call {s.die}"
        s.step += 1
        return [Event(f"{a.what}.", seat)]

    def outcome(self, s: PeekState) -> Outcome | None:
        if self.to_act(s):
            return None
        return Outcome(
            scores=(int(s.won),),
            winners=(0,) if s.won else (),
            lines=(ScoreLine("Won", (int(s.won),)),),
            reason="The die is called.",
        )

    def view(self, s: PeekState, seat: int | None) -> PeekState:
        v = self.clone(s)
        if not s.shown:
            v.die = -1
        return v

    def determinize(self, v: PeekState, seat: int, rng: Rng) -> PeekState:
        d = self.clone(v)
        if d.die < 0:
            d.die = rng.choice(range(FACES))
        return d


class SeeingPeek(Peek):
    """The same toy telling the search what the peek shows."""

    def ai_observation(self, s: PeekState, seat: int) -> int | None:
        return s.die if s.shown else None


def _choice(game: Peek) -> Do:
    s = game.setup(PeekOptions(), 1, 3)
    bot = ISMCTSBot(seed=5, budget=30.0, max_iterations=400, rollout_depth=0)
    move: Do = bot.choose(game, game.view(s, 0), 0)
    return move


def test_a_search_told_what_a_move_reveals_answers_each_face() -> None:
    # Keyed by the face shown, the call after a peek is the face itself: the peek wins every
    # deal, and beats playing safe (two in three).
    assert _choice(SeeingPeek()) == Do("peek")


def test_without_the_hook_the_search_answers_every_face_alike() -> None:
    # Keyed by the moves alone, one call answers all three faces after the peek (a third of the
    # deals): playing safe looks better. This is the search of every game that reveals nothing.
    assert _choice(Peek()) == Do("safe")
