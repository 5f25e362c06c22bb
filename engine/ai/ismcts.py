"""Information-set Monte Carlo tree search (single observer; Cowling, Powley & Whitehouse 2012).

Each iteration samples one complete world consistent with the bot's view (`determinize`), walks
the shared tree with UCB1 restricted to the actions legal in that world (counting how often each
action was available, so rarely available actions are not starved), adds one node, plays the rest
of the game out at random (or to a depth limit scored by the game's `evaluate`) and credits every
seat that chose on the way with its own result. Statistics at a node are kept per seat, so the
search works for 2 to 6 players, each maximising their own result.

Simultaneous choices (several seats in `to_act`) are decoupled: every seat still owing a choice
picks from its own statistics at that node without seeing the others' picks, then the picks are
applied in seat order and each is credited in its seat's statistics there. The tree branches on
what the searcher can tell apart, its own pick (one child when it is not choosing): keyed by
every seat's pick, the rivals' (drawn from hands sampled anew each iteration) opened a new child
nearly every iteration at four seats, and the tree never grew past the choice. Choices already
made but hidden come from the determinization.

A game may shortlist the root (`Game.ai_root_moves`: only the best few moves of a one-ply
ranking are searched) and scale the iteration cap (`Game.ai_iteration_scale`), and change one
level's search where it decides (`Game.ai_level`: its cap, its rollouts' depth, greed and
rule of thumb, the value it reads positions with, the one it gives a finished game, whether
its tree branches on the rivals' secret picks too, and whether it plays every leaf out to the
game's end). It may also give
the search a turn horizon (`Game.ai_turn_mark`): the tree then stops where the current turn ends,
the rest of the turn below a new node is played greedily, every leaf is scored there, and the
iterations take turns on a few worlds sampled once (TURN_WORLDS) instead of a new one each.
Positions the search stops at are scored by `Game.ai_search_evaluate` (by default `evaluate`), or
by `evaluate` for a bot told not to use the game's search value (the normal level). The expert
level shares more worlds in a turn-horizon search (`turn_worlds`).

The search stops at a time budget or an iteration cap (the level's, scaled by the game),
whichever comes first, or when the caller's `should_stop` says so. With a generous budget the
cap makes the bot fully repeatable.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from engine.ai.bots import StopCheck, legal_list, rank_moves
from engine.core.errors import IllegalAction
from engine.core.game import Game
from engine.core.interrupts import forced_decline, worth_considering
from engine.core.rng import Rng

# One (visits, total reward, availability) record per action, as a list for in-place speed.
_Stat = list[float]
_Joint = tuple[tuple[int, Any], ...]
# How the search reads a position for a seat (`Game.ai_search_evaluate`, or `Game.evaluate`).
_Value = Callable[[Any, int], float]
# A game's rule of thumb for a rollout's moves (`LevelSearch.rollout_policy`).
_Policy = Callable[[Any, int, Sequence[Any], Rng], Any]
# Sampled worlds on which a game's root moves are ranked for its shortlist (Game.ai_root_moves).
SHORTLIST_SAMPLES = 3
# With a turn horizon (Game.ai_turn_mark) the iterations take their worlds in turn from this many
# samples drawn once per decision, so every move is judged on much the same worlds: what the
# searcher cannot see (the rival's hand) then shifts every move's value alike instead of
# drowning the differences between them.
TURN_WORLDS = 6


class _Node:
    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.children: dict[_Joint, _Node] = {}
        self.stats: dict[int, dict[Any, _Stat]] = {}


class ISMCTSBot:
    """Information-set MCTS with a time budget (seconds) and an iteration cap.

    `exploration` is the UCB1 constant for rewards in [0, 1]. `rollout_depth` None plays each
    rollout to the end of the game; a number stops after that many decisions and scores the
    position with `game.evaluate`; a game may override it with an `ai_rollout_depth` attribute,
    or for one level where it decides with `ai_level`.
    `rollout_greed` is the chance that a rollout move is the one
    the mover's evaluation likes best after it (one ply) rather than a random one: stronger
    rollouts, each costing a clone and an apply per legal action. `horizon` False ignores a
    game's turn horizon (`ai_turn_mark`): the search then scores its leaves wherever its tree and
    rollouts stop, as in a game without one (the normal level: in Rival Realms, where the search
    is near its best after a few dozen iterations, looking to the turn's end is what sets hard
    apart). `own_value` False reads positions with the game's `evaluate` instead of the search's
    own value (`ai_search_evaluate`), where a game has one (the normal level: in Rivality the
    search value sees the rival's reply, and a 100-iteration search with it played too close to
    hard). `turn_worlds` is how many worlds a turn-horizon search shares (0: TURN_WORLDS).
    """

    def __init__(
        self,
        seed: int,
        budget: float = 1.0,
        max_iterations: int = 1000,
        exploration: float = 0.7,
        rollout_depth: int | None = None,
        rollout_greed: float = 0.0,
        name: str = "ismcts",
        horizon: bool = True,
        own_value: bool = True,
        turn_worlds: int = 0,
    ) -> None:
        self.own_value = own_value
        self.turn_worlds = turn_worlds or TURN_WORLDS
        self.rollout_greed = rollout_greed
        self.horizon = horizon
        self.name = name
        self.budget = budget
        self.max_iterations = max_iterations
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self._depth = rollout_depth
        self.rng = Rng.from_seed(seed)
        self.last_iterations = 0
        # The last search's end by the clock and its iteration cap, for `progress`, and how many
        # searches have begun (a reader of `progress` knows from it when the next one has).
        self._deadline = 0.0
        self._cap = 1
        self.searches = 0
        self._root_moves: frozenset[Any] | None = None
        self._turn: Hashable | None = None
        self._value: _Value = lambda _s, _seat: 0.5  # (each `choose` sets the game's)
        self._greed = rollout_greed  # (each `choose` sets the game's, or keeps this)
        self._finished: _Value | None = None  # (each `choose` sets the game's, if any)
        self._policy: _Policy | None = None  # (each `choose` sets the game's, if any)
        self._split = False  # (likewise)
        self._play_out = False  # (each `choose` sets the game's)

    def choose(
        self, game: Game[Any, Any, Any], view: Any, seat: int, *, should_stop: StopCheck | None = None
    ) -> Any:
        # What this game changes in this level's search where it decides (Game.ai_level).
        tune = game.ai_level(view, self.name)
        # A game whose evaluation already sees further than a few random moves can pin the rollout
        # depth (Rivality: random tile placements only blur its placement evaluation, so it uses 0).
        depth = game.ai_rollout_depth if tune.rollout_depth is None else tune.rollout_depth
        self._depth = self.rollout_depth if depth is None else depth
        self._turn = game.ai_turn_mark(view) if self.horizon else None
        own = game.ai_search_evaluate if self.own_value else game.evaluate
        self._value = own if tune.evaluate is None else tune.evaluate
        self._greed = self.rollout_greed if tune.rollout_greed is None else tune.rollout_greed
        self._finished = tune.finished
        self._policy = tune.rollout_policy
        self._split = tune.split_secret_choices
        self._play_out = tune.play_out
        moves = worth_considering(game, legal_list(game, view, seat))
        self.last_iterations = 0
        scale = game.ai_iteration_scale * tune.iterations
        self._cap = max(1, round(self.max_iterations * scale))
        # (A lone move needs no search: that one is over as it begins.)
        self._deadline = deadline = time.perf_counter() + (self.budget if len(moves) > 1 else 0.0)
        self.searches += 1  # last: a reader that sees the new count reads this search's fields
        if len(moves) == 1:
            return moves[0]
        width = game.ai_root_moves
        self._root_moves = None
        if width is not None and len(moves) > width:
            moves = self._shortlist(game, view, seat, moves, width, should_stop)
            self._root_moves = frozenset(moves)
        root = _Node()
        cap = self._cap
        worlds = (
            [game.determinize(view, seat, self.rng) for _ in range(self.turn_worlds)]
            if self._turn is not None
            else []
        )
        for i in range(cap):
            if should_stop is not None and should_stop():
                break
            d = game.clone(worlds[i % len(worlds)]) if worlds else game.determinize(view, seat, self.rng)
            self._iterate(game, d, seat, root)
            self.last_iterations += 1
            if time.perf_counter() >= deadline:
                break
        return self._best(root, seat, moves)

    def progress(self) -> float:
        """How far the last search begun (`searches`) has gone, from 0 to 1: the larger of the
        shares of its time budget and of its iteration cap spent, since it stops at whichever
        comes first. Read from another thread (a screen's progress bar) while `choose` runs."""
        if self.budget <= 0:
            return 1.0
        by_clock = 1 - (self._deadline - time.perf_counter()) / self.budget
        return min(1.0, max(0.0, by_clock, self.last_iterations / self._cap))

    def _shortlist(
        self,
        game: Game[Any, Any, Any],
        view: Any,
        seat: int,
        moves: Any,
        width: int,
        should_stop: StopCheck | None,
    ) -> list[Any]:
        """The `width` moves a one-ply look (on SHORTLIST_SAMPLES sampled worlds, by the value the
        search reads positions with) likes best, in legal order, so the search spends its
        iterations looking deeper at those alone."""
        worlds = [game.determinize(view, seat, self.rng) for _ in range(SHORTLIST_SAMPLES)]
        ranked = rank_moves(game, worlds, seat, moves, self.rng, should_stop, self._value)
        keep = {id(m) for _v, m in ranked[:width]}
        return [m for m in moves if id(m) in keep]

    @staticmethod
    def _best(root: _Node, seat: int, moves: Any) -> Any:
        table = root.stats.get(seat, {})
        best, key = moves[0], (-1.0, -1.0)
        for move in moves:  # legal order breaks exact ties, so the choice is repeatable
            st = table.get(move)
            if st is None or st[0] == 0:
                continue
            k = (st[0], st[1] / st[0])
            if k > key:
                best, key = move, k
        return best

    def _iterate(self, game: Game[Any, Any, Any], d: Any, seat: int, root: _Node) -> None:
        """One iteration on the sampled world `d` (played on in place)."""
        rng = self.rng
        c = self.exploration
        node = root
        path: list[tuple[_Node, _Joint]] = []
        # Selection and expansion: walk down until a new node is added or the game ends (or, with
        # a turn horizon, the turn is over).
        turn = self._turn
        while game.outcome(d) is None:
            while turn is None and _decline_forced(game, d):
                pass
            acting = game.to_act(d)
            if not acting or (turn is not None and game.ai_turn_mark(d) != turn):
                break
            picks: list[tuple[int, Any]] = []
            for s in acting:
                moves = worth_considering(game, game.legal(d, s))
                if node is root and s == seat and self._root_moves is not None:
                    # The shortlist (legal in every world: the root's moves are the searcher's own)
                    moves = [m for m in moves if m in self._root_moves] or moves
                if not moves:
                    continue
                table = node.stats.get(s)
                if table is None:
                    table = node.stats[s] = {}
                untried = []
                best, best_v = None, -1.0
                for m in moves:
                    st = table.get(m)
                    if st is None:
                        st = table[m] = [0, 0.0, 0]
                    st[2] += 1
                    if st[0] == 0:
                        untried.append(m)
                    elif not untried:
                        v = st[1] / st[0] + c * math.sqrt(math.log(st[2]) / st[0])
                        if v > best_v:
                            best, best_v = m, v
                picks.append((s, rng.choice(untried) if untried else best))
            joint = self._apply_joint(game, d, picks, rng)
            path.append((node, joint))
            # At a simultaneous step the child is the one the searcher can tell apart: its own
            # pick (none when it is not choosing), so the rivals' hidden picks, which change
            # with every sampled world, do not split the tree. Their picks still count in their
            # own statistics at this node (`path` keeps the joint). A level may branch on every
            # seat's pick (`LevelSearch.split_secret_choices`): where the picks are shown at once,
            # its decisions below then follow what the rivals showed.
            key = joint if len(acting) < 2 or self._split else tuple(p for p in joint if p[0] == seat)
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node()
                break
            node = child
        # Rollout: random play (or the level's rule of thumb) to the end or to the depth limit;
        # with a turn horizon, greedy play to the end of the turn; for a level that plays its
        # leaves out, greedy play on to the game's end.
        if turn is not None:
            _finish_turn(game, d, turn, self._value)
        depth = 0
        limit = 0 if turn is not None else self._depth
        if self._play_out:
            _finish_turn(game, d, None, self._value)
            limit = 0
        while game.outcome(d) is None and (limit is None or depth < limit):
            if _decline_forced(game, d):
                continue
            acting = game.to_act(d)
            if not acting:
                break
            s = acting[0]
            moves = game.legal(d, s)
            if self._greed and len(moves) > 1 and rng.random() < self._greed:
                game.perform(d, s, _greedy_move(game, d, s, moves, self._value))
            elif self._policy is not None and len(moves) > 1:
                game.perform(d, s, self._policy(d, s, moves, rng))
            else:
                game.perform(d, s, rng.choice(moves))
            depth += 1
        # Backpropagation: each seat is credited with its own result.
        result = _Result(game, d, self._value, self._finished)
        for n, joint in path:
            for s, m in joint:
                st = n.stats[s].setdefault(m, [0, 0.0, 1])
                st[0] += 1
                st[1] += result.of(s)

    @staticmethod
    def _apply_joint(game: Game[Any, Any, Any], d: Any, picks: list[tuple[int, Any]], rng: Rng) -> _Joint:
        """Apply the picks of one step in seat order; a pick that an earlier pick of the same step
        made illegal (not expected in a true simultaneous choice) is replaced by a random one.
        Every pick was taken from `legal` of `d` as it stood before the first: that one is
        carried out unchecked, the later ones are checked against what the earlier did."""
        done: list[tuple[int, Any]] = []
        for s, m in picks:
            if not done:
                game.perform(d, s, m)
            elif s not in game.to_act(d):
                continue
            else:
                try:
                    game.apply(d, s, m)
                except IllegalAction:
                    m = rng.choice(legal_list(game, d, s))
                    game.perform(d, s, m)
            done.append((s, m))
        return tuple(done)


def _decline_forced(game: Game[Any, Any, Any], d: Any) -> bool:
    """Apply an interrupt (`Prompt.declines`) the seat asked can only decline, the way a bot
    declines it (`engine.core.interrupts.forced_decline`). In the search without a turn horizon
    these are neither tree nodes nor rollout steps: Rivals asks one after every action, and
    counted as steps they halved what a six-decision rollout sees of the game (the two-seat hard
    bot's share fell from 71% to about 55%, and came back to 72%). True if one was applied."""
    acting = game.to_act(d)
    if len(acting) != 1:
        return False
    choice = forced_decline(game, d, acting[0], bot=True)  # (one of its legal moves)
    if choice is None:
        return False
    game.perform(d, acting[0], choice)
    return True


# Decisions a turn-horizon rollout makes at most (a safety net: greedy play ends its turns), and a
# play-out to the game's end (no game here lasts that long; one that did would be read by its
# value where the play-out stopped).
TURN_ROLLOUT_LIMIT = 80
PLAY_OUT_LIMIT = 2000


def _finish_turn(game: Game[Any, Any, Any], d: Any, turn: Hashable | None, value: _Value) -> None:
    """Play on greedily (each mover's best move one ply deep on this world by the search's value)
    until the game's turn mark moves on from `turn`, so that every leaf is scored at the same
    point, or, with `turn` None (a level that plays its leaves out), until the game ends."""
    for _ in range(TURN_ROLLOUT_LIMIT if turn is not None else PLAY_OUT_LIMIT):
        if game.outcome(d) is not None or (turn is not None and game.ai_turn_mark(d) != turn):
            return
        acting = game.to_act(d)
        if not acting:
            return
        s = acting[0]
        moves = worth_considering(game, game.legal(d, s))
        if not moves:
            return
        game.perform(d, s, moves[0] if len(moves) == 1 else _greedy_move(game, d, s, moves, value))


def _greedy_move(game: Game[Any, Any, Any], state: Any, seat: int, moves: Any, value: _Value) -> Any:
    """The move of `moves` (from `legal` of `state`) the search's value likes best one ply deep."""
    best, best_v = moves[0], -1.0
    for m in moves:
        d = game.clone(state)
        game.perform(d, seat, m)
        v = value(d, seat)
        if v > best_v:
            best, best_v = m, v
    return best


class _Result:
    """The rollout's result for each seat, computed only for seats that are asked about: a
    finished game's share of the win (or the level's `finished` value, `LevelSearch`), else the
    position's value."""

    __slots__ = ("cache", "finished", "state", "value", "winners")

    def __init__(self, game: Game[Any, Any, Any], state: Any, value: _Value, finished: _Value | None) -> None:
        self.value = value
        self.finished = finished
        self.state = state
        self.cache: dict[int, float] = {}
        out = game.outcome(state)
        self.winners = out.winners if out is not None else None

    def of(self, seat: int) -> float:
        r = self.cache.get(seat)
        if r is None:
            if self.winners is not None and self.finished is not None:
                r = self.finished(self.state, seat)
            elif self.winners is not None:
                r = 1.0 / len(self.winners) if seat in self.winners else 0.0
            else:
                r = self.value(self.state, seat)
            self.cache[seat] = r
        return r
