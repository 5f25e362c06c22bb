"""What sets the levels apart, move by move: hard looks to the end of its turn and reads the game's
search value; normal does neither."""

from __future__ import annotations

import math
from typing import Any

import attrs

from engine.ai import HARD_ITERATIONS, NORMAL_ITERATIONS, ISMCTSBot, make_bot
from engine.ai.ismcts import _Node
from engine.core import SAME_SEARCH, Event, GameBase, LevelSearch, Outcome, Prompt, Rng, ScoreLine
from engine.core.notation import Form, Notation
from engine.core.options import option
from tests.support.goofspiel import Bid, GoofOptions, Goofspiel, GoofState
from tests.support.points import most_points
from tests.support.race import TURNS as TURNS_OF_RACE
from tests.support.race import Race, RaceOptions, RaceState, Take

TURNS = 2


@attrs.frozen
class ChargeOptions:
    turns: int = option(TURNS, label="Turns", help="Turns in a game.", low=1, high=5)


@attrs.frozen
class Do:
    what: str  # "bank" (a point now), "charge" (nothing now, then "fire" for three) or "rest"

    def __str__(self) -> str:
        return self.what


@attrs.define
class ChargeState:
    points: int = 0
    turn: int = 0  # turns begun
    charged: bool = False
    step: int = 0  # 0: bank or charge; 1: the turn's second decision
    turns: int = TURNS


class Charge(GameBase[ChargeState, Do, ChargeOptions]):
    """A solo toy whose best move pays only later in the same turn: charging gives nothing at
    once and lets the turn's second decision fire for three; banking gives one point at once."""

    id = "charge"
    title = "Charge"
    players = range(1, 2)
    Options = ChargeOptions
    action_types = (Do,)
    notation = Notation("Charge", (Do,), [Form(Do, "do {what}")])
    state_type = ChargeState
    ai_rollout_depth = 0  # a leaf is scored where the search stops
    ai_iteration_scale = 0.02  # normal searches 2 iterations, hard 10

    def setup(self, options: ChargeOptions, seats: int, seed: int) -> ChargeState:
        return ChargeState(turns=options.turns)

    def to_act(self, s: ChargeState) -> tuple[int, ...]:
        return () if s.turn >= s.turns else (0,)

    def prompt(self, s: ChargeState, seat: int) -> Prompt:
        return Prompt("Bank, charge, fire or rest?", section="charge")

    def candidates(self, s: ChargeState, seat: int) -> list[Do]:
        if s.step == 0:
            return [Do("bank"), Do("charge")]
        return [Do("fire")] if s.charged else [Do("rest")]

    def reason(self, s: ChargeState, seat: int, a: Do) -> str | None:
        return None if a in self.candidates(s, seat) else "Not now."

    def perform(self, s: ChargeState, seat: int, a: Do) -> list[Event]:
        if a.what == "bank":
            s.points += 1
        s.points += 3 if a.what == "fire" else 0
        s.charged = a.what == "charge"
        s.step = 1 - s.step
        s.turn += s.step == 0
        return [Event(f"{a.what}.", seat)]

    def outcome(self, s: ChargeState) -> Outcome | None:
        if self.to_act(s):
            return None
        won = s.points >= 3 * s.turns
        return Outcome(
            scores=(s.points,),
            winners=(0,) if won else (),
            lines=(ScoreLine("Points", (s.points,)),),
            reason="The turns are over.",
        )

    def view(self, s: ChargeState, seat: int | None) -> ChargeState:
        return self.clone(s)

    def determinize(self, v: ChargeState, seat: int, rng: Rng) -> ChargeState:
        return self.clone(v)

    def evaluate(self, s: ChargeState, seat: int) -> float:
        return 1.0 / (1.0 + math.exp(-(s.points - 2 * s.turn)))

    def ai_turn_mark(self, s: ChargeState) -> int:
        return s.turn


def test_hard_and_expert_look_to_the_end_of_the_turn_and_normal_does_not() -> None:
    game = Charge()
    state = game.setup(ChargeOptions(), 1, 1)
    # Scored at the turn's end (hard, expert), charging is worth three points; scored at once
    # (normal), banking's one point looks better.
    for level, move in (("normal", "bank"), ("hard", "charge"), ("expert", "charge")):
        bot = make_bot(level, 7)
        assert bot.choose(game, game.view(state, 0), 0) == Do(move), level


class ChargeWithoutHorizon(Charge):
    """The same toy without a turn horizon and with the bots' own rollout depth."""

    ai_rollout_depth = None

    def ai_turn_mark(self, s: ChargeState) -> None:
        return None


def test_hard_plays_ahead_after_its_tree_and_normal_scores_where_its_tree_stops() -> None:
    game = ChargeWithoutHorizon()
    state = game.setup(ChargeOptions(), 1, 1)
    # Hard's random moves after a new node reach the fire that charging allows; normal reads the
    # position at once, where banking's point looks better.
    for level, move in (("normal", "bank"), ("hard", "charge"), ("expert", "charge")):
        bot = make_bot(level, 7)
        assert bot.choose(game, game.view(state, 0), 0) == Do(move), level


class ChargeWithSearchValue(ChargeWithoutHorizon):
    """The toy without a horizon or random moves, with a search value of its own that sees the
    fire a charge allows (as Rivality's search value sees the rival's reply)."""

    ai_rollout_depth = 0

    def ai_search_evaluate(self, s: ChargeState, seat: int) -> float:
        return self.evaluate(s, seat) if not s.charged else 1.0


def test_hard_reads_the_games_search_value_and_normal_its_evaluation() -> None:
    game = ChargeWithSearchValue()
    state = game.setup(ChargeOptions(), 1, 1)
    for level, move in (("normal", "bank"), ("hard", "charge"), ("expert", "charge")):
        bot = make_bot(level, 7)
        assert bot.choose(game, game.view(state, 0), 0) == Do(move), level


class LonelyRace(Race):
    """The race in which normal searches a tenth of its iterations when it runs alone."""

    def ai_level(self, s: RaceState, level: str) -> LevelSearch:
        return LevelSearch(iterations=0.1) if len(s.totals) == 1 and level == "normal" else SAME_SEARCH


def test_a_game_may_scale_one_levels_search_where_it_chooses() -> None:
    game = LonelyRace()
    for seats, level, iterations in (
        (1, "normal", NORMAL_ITERATIONS // 10),
        (2, "normal", NORMAL_ITERATIONS),
        (1, "hard", HARD_ITERATIONS),
    ):
        bot = make_bot(level, 3)
        assert isinstance(bot, ISMCTSBot)
        bot.budget = math.inf  # the cap alone stops it
        state = game.setup(RaceOptions(), seats, 1)
        bot.choose(game, game.view(state, 0), 0)
        assert bot.last_iterations == iterations, (seats, level)


class CountingRace(Race):
    """The race, counting the moves performed; hard's rollouts are greedy in it when `greed` is
    1 (a greedy rollout step tries every legal move before it plays one)."""

    def __init__(self, greed: float | None) -> None:
        self.greed = greed
        self.performed = 0

    def ai_level(self, s: RaceState, level: str) -> LevelSearch:
        return LevelSearch(rollout_greed=self.greed) if level == "hard" else SAME_SEARCH

    def perform(self, s: RaceState, seat: int, a: Take) -> list[Event]:
        self.performed += 1
        return super().perform(s, seat, a)


def test_a_game_may_make_one_levels_rollouts_greedy() -> None:
    performed = []
    for greed in (None, 1.0):
        game = CountingRace(greed)
        bot = make_bot("hard", 3)
        assert isinstance(bot, ISMCTSBot)
        bot.budget = math.inf  # the cap alone stops it
        bot.choose(game, game.view(game.setup(RaceOptions(most=5), 4, 1), 0), 0)
        performed.append(game.performed)
    # Random rollouts play one move a step; greedy ones try all five first, then play one.
    assert performed[1] > 2.5 * performed[0], performed


class ShortRace(CountingRace):
    """The counting race in which hard's rollouts stop after `depth` decisions."""

    def __init__(self, depth: int | None) -> None:
        super().__init__(None)
        self.depth = depth

    def ai_level(self, s: RaceState, level: str) -> LevelSearch:
        return LevelSearch(rollout_depth=self.depth) if level == "hard" else SAME_SEARCH


def test_a_game_may_change_the_length_of_one_levels_rollouts() -> None:
    performed = {}
    for level, depth in (("hard", None), ("hard", 0), ("expert", None), ("expert", 0)):
        game = ShortRace(depth)
        bot = make_bot(level, 3)
        assert isinstance(bot, ISMCTSBot)
        bot.budget = math.inf  # the cap alone stops it
        bot.choose(game, game.view(game.setup(RaceOptions(most=5), 4, 1), 0), 0)
        performed[level, depth] = game.performed
    # Hard's rollouts played on for up to ten moves after each new node; stopped there, they
    # play none, and a search of 500 iterations adds one node in each.
    assert performed["hard", 0] < performed["hard", None] / 2, performed
    # Expert, which the race leaves alone, plays as before.
    assert performed["expert", 0] == performed["expert", None], performed


class MarginRace(Race):
    """The race in which hard's search reads a finished race by the points taken, won or lost."""

    def ai_level(self, s: RaceState, level: str) -> LevelSearch:
        if level != "hard":
            return SAME_SEARCH
        return LevelSearch(finished=lambda d, seat: d.totals[seat] / (TURNS_OF_RACE * d.most))


def test_a_game_may_have_one_level_play_for_points_where_the_result_is_settled() -> None:
    chosen: dict[str, list[int]] = {"margin": [], "plain": []}
    for name, game in (("margin", MarginRace()), ("plain", Race())):
        for seed in range(4):
            state = game.setup(RaceOptions(), 1, 1)
            game.perform(state, 0, Take(1))  # alone, the perfect race is gone: every line loses
            bot = make_bot("hard", seed)
            assert isinstance(bot, ISMCTSBot)
            bot.budget = math.inf  # the cap alone stops it
            chosen[name].append(bot.choose(game, game.view(state, 0), 0).points)
    # Read by the points taken, the lost race still takes the most; read by the result alone,
    # every move loses alike and the search takes whichever.
    assert chosen["margin"] == [3, 3, 3, 3], chosen
    assert chosen["plain"] != [3, 3, 3, 3], chosen


class RuledRace(Race):
    """The race, counting the moves performed by kind; hard's rollouts, when `ruled`, take 2
    every time by the game's rule of thumb."""

    def __init__(self, ruled: bool) -> None:
        self.ruled = ruled
        self.taken = [0, 0, 0, 0]

    def ai_level(self, s: RaceState, level: str) -> LevelSearch:
        if level == "hard" and self.ruled:
            return LevelSearch(rollout_policy=lambda d, seat, moves, rng: Take(2))
        return SAME_SEARCH

    def perform(self, s: RaceState, seat: int, a: Take) -> list[Event]:
        self.taken[a.points] += 1
        return super().perform(s, seat, a)


def test_a_game_may_give_one_levels_rollouts_a_rule_of_thumb() -> None:
    taken = {}
    for ruled in (False, True):
        game = RuledRace(ruled)
        bot = make_bot("hard", 3)
        assert isinstance(bot, ISMCTSBot)
        bot.budget = math.inf  # the cap alone stops it
        bot.choose(game, game.view(game.setup(RaceOptions(), 4, 1), 0), 0)
        taken[ruled] = game.taken
    # Ruled rollouts take 2 wherever random ones took 1, 2 or 3 alike (the tree's own moves,
    # most of them 3 once the search has learnt it, take any).
    assert taken[True][1] < taken[False][1] / 2, taken
    assert taken[True][2] > 1.5 * taken[False][2], taken


class SplitGoofspiel(Goofspiel):
    """Goofspiel in which hard's tree branches on both seats' bids at once."""

    def ai_level(self, s: GoofState, level: str) -> LevelSearch:
        return LevelSearch(split_secret_choices=True) if level == "hard" else SAME_SEARCH


class _Watching(ISMCTSBot):
    """The search, keeping hold of the root it grows."""

    root: _Node

    def _iterate(self, game: Any, d: Any, seat: int, root: _Node) -> None:
        self.root = root
        super()._iterate(game, d, seat, root)


def test_a_game_may_have_one_levels_tree_branch_on_every_secret_pick() -> None:
    children = {}
    for level in ("hard", "expert"):
        game = SplitGoofspiel()
        bot = _Watching(seed=3, budget=math.inf, max_iterations=200, rollout_depth=0, name=level)
        bot.choose(game, game.view(game.setup(GoofOptions(), 2, 7), 0), 0)
        children[level] = set(bot.root.children)
    # Expert's root has a child per own bid; hard's, one per pair of bids (the rival's shown
    # once both are down), five bids each.
    assert children["expert"] == {((0, Bid(c)),) for c in range(1, 6)}
    pairs = {((0, Bid(a)), (1, Bid(b))) for a in range(1, 6) for b in range(1, 6)}
    assert children["hard"] <= pairs and len(children["hard"]) > 5, children["hard"]


@attrs.frozen
class GrabOptions:
    turns: int = option(4, label="Turns", help="Turns in a game, both seats'.", low=2, high=8)


@attrs.define
class GrabState:
    points: list[int]
    turn: int = 0  # turns played; the seat to act is turn % 2
    prize: bool = False  # whether the last grab left the prize for the next mover
    turns: int = 4


class Grab(GameBase[GrabState, Do, GrabOptions]):
    """A duel of one-decision turns: grabbing scores 2 but leaves a prize of 4 to the next mover,
    guarding scores 1 and leaves nothing. Read where the searcher's turn ends, grabbing looks
    best; played out to the end, guarding wins. Expert plays its leaves out (`play_out`)."""

    id = "grab"
    title = "Grab"
    players = range(2, 3)
    Options = GrabOptions
    action_types = (Do,)
    notation = Notation("Grab", (Do,), [Form(Do, "do {what}")])
    state_type = GrabState
    ai_rollout_depth = 0  # a leaf is scored where the search stops
    ai_iteration_scale = 0.02  # hard searches 10 iterations, expert 50

    def setup(self, options: GrabOptions, seats: int, seed: int) -> GrabState:
        return GrabState(points=[0, 0], turns=options.turns)

    def to_act(self, s: GrabState) -> tuple[int, ...]:
        return () if s.turn >= s.turns else (s.turn % 2,)

    def prompt(self, s: GrabState, seat: int) -> Prompt:
        return Prompt("Grab, guard or claim?", section="grab")

    def candidates(self, s: GrabState, seat: int) -> list[Do]:
        return [Do("grab"), Do("guard"), *([Do("claim")] if s.prize else [])]

    def reason(self, s: GrabState, seat: int, a: Do) -> str | None:
        return None if a in self.candidates(s, seat) else "Not now."

    def perform(self, s: GrabState, seat: int, a: Do) -> list[Event]:
        s.points[seat] += {"grab": 2, "guard": 1, "claim": 4}[a.what]
        s.prize = a.what == "grab"
        s.turn += 1
        return [Event(f"{a.what}.", seat)]

    def outcome(self, s: GrabState) -> Outcome | None:
        if self.to_act(s):
            return None
        return most_points(s.points, "Points", "The turns are over.")

    def view(self, s: GrabState, seat: int | None) -> GrabState:
        return self.clone(s)

    def determinize(self, v: GrabState, seat: int, rng: Rng) -> GrabState:
        return self.clone(v)

    def evaluate(self, s: GrabState, seat: int) -> float:
        return 1.0 / (1.0 + math.exp(-(s.points[seat] - s.points[1 - seat])))

    def ai_turn_mark(self, s: GrabState) -> int:
        return s.turn

    def ai_level(self, s: GrabState, level: str) -> LevelSearch:
        return LevelSearch(play_out=True) if level == "expert" else SAME_SEARCH


def test_a_game_may_have_one_level_play_its_leaves_out_to_the_end() -> None:
    game = Grab()
    state = game.setup(GrabOptions(), 2, 1)
    # Hard reads where its turn ends: the grab's 2 points beat the guard's 1. Expert plays each
    # line on to the end, both seats greedily: after a grab the rival claims 4 and wins the game.
    for level, move in (("hard", "grab"), ("expert", "guard")):
        bot = make_bot(level, 7)
        assert bot.choose(game, game.view(state, 0), 0) == Do(move), level
