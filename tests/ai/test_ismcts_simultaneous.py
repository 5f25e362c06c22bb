"""At a simultaneous hidden choice the search's tree branches on the searcher's own pick alone:
the rivals' picks, which it cannot see, count in their statistics but do not split its tree."""

from __future__ import annotations

from typing import Any

from engine.ai.ismcts import ISMCTSBot, _Node
from engine.core.rng import Rng
from tests.support.goofspiel import Bid, GoofOptions, Goofspiel


class _Watching(ISMCTSBot):
    """The search, keeping hold of the root it grows."""

    root: _Node

    def _iterate(self, game: Any, d: Any, seat: int, root: _Node) -> None:
        self.root = root
        super()._iterate(game, d, seat, root)


def test_the_root_of_a_simultaneous_choice_has_one_child_per_own_pick() -> None:
    game = Goofspiel()
    s = game.setup(GoofOptions(), 3, 7)  # three seats bid at once, five cards each
    bot = _Watching(seed=3, budget=60.0, max_iterations=200, rollout_depth=0)
    move = bot.choose(game, game.view(s, 0), 0)
    assert move in game.legal(s, 0)
    own = {((0, Bid(c)),) for c in range(1, 6)}
    # Keyed by every seat's bid the root had one child per joint bid seen (up to 125), each
    # visited a time or two; keyed by its own bid, five children share the 200 iterations.
    assert set(bot.root.children) == own
    # Each rival's bid is still chosen and credited at the root, every iteration.
    for rival in (1, 2):
        assert sum(st[0] for st in bot.root.stats[rival].values()) == 200
    # So the tree grows below each own bid: the next round's bids are nodes too.
    assert all(child.children for child in bot.root.children.values())


def test_rivals_choosing_at_once_without_the_searcher_share_one_child() -> None:
    game = Goofspiel()
    s = game.setup(GoofOptions(), 3, 7)
    game.apply(s, 0, Bid(3))  # the searcher has bid; seats 1 and 2 still owe theirs
    view = game.view(s, 0)
    bot = ISMCTSBot(seed=5, max_iterations=100, rollout_depth=0)
    root, rng = _Node(), Rng.from_seed(9)
    for _ in range(100):
        bot._iterate(game, game.determinize(view, 0, rng), 0, root)
    # Nothing the searcher can tell apart: the rivals' bids merge into one child, below which
    # the next round branches on the searcher's own bid.
    assert list(root.children) == [()]
    below = root.children[()]
    assert below.children and all(len(k) == 1 and k[0][0] == 0 for k in below.children)
    assert sum(st[0] for st in root.stats[1].values()) == 100
