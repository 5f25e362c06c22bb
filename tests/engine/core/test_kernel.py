"""The rules kernel (engine/core/phases.py): every game is a table of phases, the contract's
legality is derived from it, and a move from outside is judged once, by `Match.submit`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from engine.core import Event, IllegalAction, Prompt, SeatSpec
from engine.core.match import Match
from engine.core.phases import MISPLACED, NOT_NOW, NOT_YOUR_TURN, Phase, PhasedGame
from engine.core.rng import Rng
from engine.registry import GAMES
from engine.rivalist.game import Rivalist


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_is_a_phased_game_writing_no_legality_of_its_own(game_id: str) -> None:
    kind = type(GAMES[game_id])
    assert issubclass(kind, PhasedGame)
    for name in ("legal", "choices", "candidates", "reason", "why_illegal", "apply", "perform", "to_act"):
        owner = next(c for c in kind.__mro__ if name in c.__dict__)
        assert owner is PhasedGame, f"{kind.__name__} writes its own {name} ({owner.__name__})"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_phase_names_the_types_it_decides_and_its_help_section(game_id: str) -> None:
    from tests.engine.test_help_files import help_slugs

    game = GAMES[game_id]
    assert isinstance(game, PhasedGame)
    slugs = help_slugs(game_id)
    for name, phase in game.phases.items():
        assert phase.types and set(phase.types) <= set(game.action_types), name
        assert phase.section in slugs, (name, phase.section)


# -- a phased toy: count up to a target, the seats taking turns; a pass is allowed only when the
# next step would overshoot, and a secret "bet" opens the game for everyone at once ----------------


@attrs.frozen
class Step:
    size: int


@attrs.frozen
class Pass:
    pass


@attrs.frozen
class Bet:
    on: int


@attrs.define
class Tally:
    phase: str
    total: int = 0
    actor: int = 0  # the seat counting
    bets: list[int | None] = attrs.field(factory=lambda: [None, None])


def _bet(s: Tally, seat: int, a: Bet) -> list[Event]:
    s.bets[seat] = a.on
    if all(b is not None for b in s.bets):
        s.phase = "count"
    return []


def _step_candidates(s: Tally, seat: int) -> list[Any]:
    return [Step(1), Step(2), Pass()]


def _step_reason(s: Tally, seat: int, a: Step | Pass) -> str | None:
    if isinstance(a, Pass):
        return None if s.total + 1 > 5 else "You may pass only when a step would overshoot."
    if a.size not in (1, 2):
        return "Step one or two."
    return None if s.total + a.size <= 5 else "That overshoots five."


def _count(s: Tally, seat: int, a: Step | Pass) -> list[Event]:
    if isinstance(a, Step):
        s.total += a.size
    s.actor = 1 - s.actor
    if s.total >= 5:
        s.phase = "over"
    return [Event(f"Player {seat + 1} counts to {s.total}.", seat)]


class Counting(PhasedGame[Tally, Any, Any]):
    id = "counting"
    title = "Counting"
    players = range(2, 3)
    Options = object
    action_types = (Step, Pass, Bet)
    state_type = Tally
    phases = {
        "bet": Phase(
            (Bet,),
            lambda s, seat: [(Bet(0), None), (Bet(1), None)],
            _bet,
            "Bet on the winner",
            "betting",
            secret=True,
            acting=lambda s: tuple(i for i, b in enumerate(s.bets) if b is None),
        ),
        "count": Phase.judged(
            (Step, Pass),
            _step_candidates,
            _step_reason,
            _count,
            prompt=lambda s, seat: f"Count on from {s.total}",
            section="counting",
        ),
    }

    def setup(self, options: Any, seats: int, seed: int) -> Tally:
        return Tally("bet")

    def waiting_prompt(self, s: Tally, seat: int) -> Prompt:
        return Prompt("The count is over." if s.phase == "over" else "Waiting.", "counting")


TOY = Counting()


def test_the_toy_derives_who_acts_and_what_each_seat_may_do_from_its_phases() -> None:
    s = TOY.setup(None, 2, 1)
    assert TOY.to_act(s) == (0, 1)  # the bet is simultaneous
    assert TOY.prompt(s, 1) == Prompt("Bet on the winner", "betting", secret=True)
    TOY.apply(s, 1, Bet(0))
    assert TOY.to_act(s) == (0,) and TOY.legal(s, 1) == [] and TOY.prompt(s, 1).text == "Waiting."
    TOY.apply(s, 0, Bet(1))
    assert TOY.to_act(s) == (0,)
    assert TOY.legal(s, 0) == [Step(1), Step(2)]
    assert TOY.choices(s, 0)[-1] == (Pass(), "You may pass only when a step would overshoot.")
    assert TOY.prompt(s, 0) == Prompt("Count on from 0", "counting")
    # The verdicts: of the phase's check, of a type the phase does not decide, of another seat.
    assert TOY.why_illegal(s, 0, Step(3)) == "Step one or two."
    assert TOY.why_illegal(s, 0, Bet(1)) == MISPLACED
    assert TOY.why_illegal(s, 1, Step(1)) == NOT_YOUR_TURN
    assert TOY.why_illegal(s, 0, "step") == "That is not a move of this game."
    with pytest.raises(IllegalAction, match="overshoots"):
        for _ in range(4):
            TOY.apply(s, TOY.to_act(s)[0], Step(2))
    assert s.total == 4 and TOY.legal(s, s.actor) == [Step(1)]
    TOY.apply(s, s.actor, Step(1))
    assert TOY.to_act(s) == () and TOY.prompt(s, 0).text == "The count is over."


def test_a_phase_without_its_own_check_judges_a_move_by_its_list() -> None:
    s = TOY.setup(None, 2, 1)
    assert TOY.why_illegal(s, 0, Bet(0)) is None
    assert TOY.why_illegal(s, 0, Bet(7)) == NOT_NOW  # of the phase's type, but not listed


def _pass_check(s: Tally, seat: int, a: Pass) -> str | None:
    return None if s.total + 1 > 5 else "Not yet: you may still step."


def _size_check(s: Tally, seat: int, a: Step) -> str | None:
    return None if s.total + a.size <= 5 else "Too far."


def test_a_phase_may_check_each_action_class_with_its_own_rule() -> None:
    # One check per class: each action is judged by its class's check alone, in the list, in
    # `why_illegal` and in `apply`.
    counting = Phase.judged(
        (Step, Pass),
        _step_candidates,
        {Step: _size_check, Pass: _pass_check},
        _count,
        prompt="Count on",
        section="counting",
    )

    class Checked(Counting):
        phases = {**Counting.phases, "count": counting}

    game = Checked()
    s = Tally("count", total=4)
    assert game.choices(s, 0) == [
        (Step(1), None),
        (Step(2), "Too far."),
        (Pass(), "Not yet: you may still step."),
    ]
    assert game.why_illegal(s, 0, Step(2)) == "Too far."
    assert game.why_illegal(s, 0, Bet(0)) == MISPLACED
    with pytest.raises(IllegalAction, match="Not yet"):
        game.apply(s, 0, Pass())
    s.total = 5
    assert game.why_illegal(s, 0, Pass()) is None
    # Every class of the phase has its check, and nothing else has one.
    with pytest.raises(ValueError, match="exactly its action classes"):
        Phase.judged((Step, Pass), _step_candidates, {Step: _size_check}, _count, prompt="", section="")


# -- checked once -------------------------------------------------------------------------------


class CountedRivalist(Rivalist):
    """Rivalist counting how often its rules judge a move."""

    judged: list[Any]

    def __init__(self) -> None:
        self.judged = []

    def reason(self, s: Any, seat: int, a: Any) -> str | None:
        self.judged.append(a)
        return super().reason(s, seat, a)


@pytest.fixture
def counted() -> Iterator[tuple[CountedRivalist, Match]]:
    game = CountedRivalist()
    match = Match.new(game, game.Options(), [SeatSpec("Ann"), SeatSpec("Bob")], 3)
    yield game, match


def test_a_submitted_move_is_judged_once_and_the_replay_behind_undo_not_again(
    counted: tuple[CountedRivalist, Match],
) -> None:
    game, match = counted
    rng = Rng.from_seed(3)
    for _ in range(12):
        seat = match.to_act()[0]
        move = rng.choice(match.legal(seat))
        game.judged.clear()
        match.submit(seat, move)
        assert game.judged == [move]
    game.judged.clear()
    keep = match.undo_target(match.history[-1][0])
    assert keep is not None
    match.undo(keep)  # rebuilt from the seed: every move was judged when submitted
    assert game.judged == []


def test_loading_a_history_judges_each_move_once(counted: tuple[CountedRivalist, Match]) -> None:
    game, match = counted
    rng = Rng.from_seed(4)
    for _ in range(10):
        seat = match.to_act()[0]
        match.submit(seat, rng.choice(match.legal(seat)))
    history = list(match.history)
    game.judged.clear()
    match.rebuild(history)
    assert game.judged == [a for _, a in history]
    with pytest.raises(IllegalAction):
        match.rebuild([*history, history[-1]])


def test_whether_a_turn_goes_on_is_told_without_changing_the_game(
    counted: tuple[CountedRivalist, Match],
) -> None:
    game, match = counted
    # Rivalist: taking a card leaves the turn to its taker (to use the card); using it ends it.
    while match.state.phase != "take":
        seat = match.to_act()[0]
        match.submit(seat, match.legal(seat)[0])
    seat = match.to_act()[0]
    before = game.clone(match.state)
    take = match.legal(seat)[0]
    assert match.continues_turn(seat, take)
    assert match.state == before
    match.submit(seat, take)
    discard = next(a for a in match.legal(seat) if type(a).__name__ == "Discard")
    assert not match.continues_turn(seat, discard)
