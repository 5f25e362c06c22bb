"""Bots play only legal moves from views alone, repeat themselves given a seed, and ISMCTS is
clearly stronger than chance; make_bot knows every level."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ai import LEVELS, GreedyBot, ISMCTSBot, RandomBot, make_bot
from engine.ai.bots import Bot
from engine.ai.stats import wilson
from engine.core.game import Game
from engine.core.rng import Rng
from engine.registry import GAMES
from tests.support.goofspiel import Bid, GoofOptions, Goofspiel

GOOF = Goofspiel()
GAME_CASES = [pytest.param(GOOF, id="goofspiel")] + [pytest.param(g, id=gid) for gid, g in GAMES.items()]


def small_bots(seed: int) -> dict[str, Bot]:
    """One of each kind, kept small so full games stay quick; the cap makes them repeatable."""
    return {
        "random": RandomBot(seed),
        "easy": make_bot("easy", seed),
        "greedy": GreedyBot(seed, samples=2),
        "ismcts": ISMCTSBot(seed, budget=60.0, max_iterations=6),
    }


def play(
    game: Game[Any, Any, Any], bots: list[Bot], seed: int, players: int, limit: int = 20_000
) -> list[tuple[int, Any]]:
    """A game (whole, or its first `limit` decisions) where each bot sees only its seat's view;
    every choice is checked against the real state. Returns the decisions in order."""
    state = game.setup(game.Options(), players, seed)
    history: list[tuple[int, Any]] = []
    while game.outcome(state) is None:
        for seat in game.to_act(state):
            if seat not in game.to_act(state):
                continue
            view = game.view(state, seat)
            action = bots[seat].choose(game, view, seat)
            assert action in game.legal(view, seat)
            assert game.why_illegal(state, seat, action) is None, f"{bots[seat].name}: {action!r}"
            game.apply(state, seat, action)
            history.append((seat, action))
            if len(history) >= limit:
                return history
        assert len(history) < 20_000, "the game never ended"
    return history


@pytest.mark.parametrize("game", GAME_CASES)
@pytest.mark.parametrize("kind", ["random", "easy", "greedy", "ismcts"])
def test_every_bot_finishes_games_with_legal_moves_from_views(game: Game[Any, Any, Any], kind: str) -> None:
    # Chance plays both extremes of the table; the thinking bots (slow at large tables) play one
    # each: the searchers the smallest, greedy the largest.
    smallest, largest = game.players.start, game.players.stop - 1
    tables = {
        "random": (smallest, largest),
        "easy": (smallest,),
        "ismcts": (smallest,),
        "greedy": (largest,),
    }[kind]
    for players in tables:
        bots = [small_bots(10 * players + i)[kind] for i in range(players)]
        history = play(game, bots, seed=players, players=players)
        assert {seat for seat, _ in history} == set(range(players))


@pytest.mark.parametrize("game", GAME_CASES)
def test_same_seed_same_choices(game: Game[Any, Any, Any]) -> None:
    players = game.players.start
    runs = []
    for _ in range(2):
        bots: list[Bot] = [ISMCTSBot(5, budget=60.0, max_iterations=20), GreedyBot(6)]
        bots += [RandomBot(7 + i) for i in range(players - 2)]
        runs.append(play(game, bots, seed=3, players=players, limit=8))
    assert runs[0] == runs[1]


def test_bots_choose_the_same_whatever_the_hidden_cards() -> None:
    # Two real games that differ only in what seat 0 cannot see: the prize deck's order and the
    # bid seat 1 has already made. Seat 0's view is the same, so every bot must act the same.
    a = GOOF.setup(GoofOptions(cards=6), 2, 1)
    b = GOOF.clone(a)
    b.deck.reverse()
    GOOF.apply(a, 1, Bid(6))
    GOOF.apply(b, 1, Bid(1))
    assert GOOF.view(a, 0) == GOOF.view(b, 0)
    for kind in ("random", "greedy", "ismcts"):
        picks = [small_bots(4)[kind].choose(GOOF, GOOF.view(s, 0), 0) for s in (a, b)]
        assert picks[0] == picks[1]


def test_view_gives_away_nothing_a_bot_could_use() -> None:
    # The determinization a bot samples from must not be the truth smuggled through the view.
    s = GOOF.setup(GoofOptions(cards=8), 2, 2)
    GOOF.apply(s, 1, Bid(8))
    v = GOOF.view(s, 0)
    assert v.deck == [0] * len(s.deck) and v.bids[1] == -1 and v.rng == Rng(0)
    sampled_bids = {GOOF.determinize(v, 0, Rng.from_seed(i)).bids[1] for i in range(60)}
    assert len(sampled_bids) > 3  # the opponent's bid is guessed, not known


def test_ismcts_beats_random_clearly_at_goofspiel() -> None:
    wins = 0.0
    games = 24
    for i in range(games):
        state = GOOF.setup(GoofOptions(cards=6), 2, 100 + i)
        me = i % 2  # alternate seats
        bots: list[Bot] = [RandomBot(i), RandomBot(i)]
        bots[me] = ISMCTSBot(i, budget=60.0, max_iterations=100)
        while GOOF.outcome(state) is None:
            for seat in GOOF.to_act(state):
                GOOF.apply(state, seat, bots[seat].choose(GOOF, GOOF.view(state, seat), seat))
        out = GOOF.outcome(state)
        assert out is not None
        if me in out.winners:
            wins += 1 / len(out.winners)
    assert wins / games >= 0.7
    assert wilson(wins, games)[0] > 0.5


def test_ismcts_plays_the_obvious_move() -> None:
    # Two rounds left, the 5-prize up: with 1 and 5 in hand against an opponent holding 1 and 2,
    # a bid of 5 takes the prize for sure while a bid of 1 can at best tie.
    s = GOOF.setup(GoofOptions(cards=5), 2, 1)
    s.hands = [[1, 5], [1, 2]]
    s.prize, s.deck, s.scores = 5, [1], [0, 0]
    s.shown = [2, 3, 4, 5]
    bot = ISMCTSBot(1, budget=60.0, max_iterations=200)
    assert bot.choose(GOOF, GOOF.view(s, 0), 0) == Bid(5)


def test_ismcts_stops_when_asked_and_still_answers_legally() -> None:
    s = GOOF.setup(GoofOptions(cards=8), 3, 1)
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1
        return calls > 5

    bot = ISMCTSBot(1, budget=60.0, max_iterations=10_000)
    action = bot.choose(GOOF, GOOF.view(s, 2), 2, should_stop=stop)
    assert action in GOOF.legal(s, 2)
    assert bot.last_iterations == 5


def test_ismcts_progress_is_the_larger_share_of_its_cap_or_its_clock_spent() -> None:
    """What the app's thinking bar reads while the search runs in another thread."""
    s = GOOF.setup(GoofOptions(cards=8), 3, 1)
    bot = ISMCTSBot(1, budget=60.0, max_iterations=10)
    seen: list[float] = []

    def stop() -> bool:  # asked before each iteration, like the bar between two of them
        seen.append(bot.progress())
        return len(seen) > 5

    bot.choose(GOOF, GOOF.view(s, 2), 2, should_stop=stop)
    assert bot.searches == 1
    assert seen[0] < 0.05  # nothing done yet (a minute's clock has hardly moved)
    assert 0.5 <= seen[5] < 0.55  # 5 of the 10 iterations
    bot.choose(GOOF, GOOF.view(s, 2), 2)
    assert bot.searches == 2 and bot.progress() == 1.0  # the cap came first: the search is over
    quick = ISMCTSBot(1, budget=0.0, max_iterations=10**9)
    quick.choose(GOOF, GOOF.view(s, 2), 2)
    assert quick.progress() == 1.0  # out of time


def test_make_bot_knows_every_level_and_rejects_others() -> None:
    for level in (*LEVELS, "random", "greedy", "ismcts"):
        bot = make_bot(level, 1)
        assert bot.choose(GOOF, GOOF.view(GOOF.setup(GoofOptions(), 2, 1), 0), 0) in GOOF.legal(
            GOOF.setup(GoofOptions(), 2, 1), 0
        )
    assert make_bot("hard", 1).name == "hard"
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster", 1)


def test_thinking_bots_never_take_a_half_played_card_back_while_anything_else_is_legal() -> None:
    # Found in a 6-seat arena game: a greedy bot facing a lost turn played its ultimate, took it
    # back, played it again... forever. Taking back is for people (Game.ai_avoid).
    from engine.rivals.actions import TakeBack

    game = GAMES["rivals"]
    rng = Rng.from_seed(5)
    found = 0
    for seed in range(1, 40):
        s = game.setup(game.Options(), 2, seed)
        while game.outcome(s) is None and found < 6:
            seat = game.to_act(s)[0]
            moves = game.legal(s, seat)
            if TakeBack() in moves and len(moves) > 1:
                found += 1
                view = game.view(s, seat)
                for bot in (GreedyBot(seed), ISMCTSBot(seed, budget=60.0, max_iterations=8)):
                    assert not isinstance(bot.choose(game, view, seat), TakeBack), bot.name
            game.apply(s, seat, moves[rng.below(len(moves))])
        if found >= 6:
            break
    assert found >= 6, "no half-played card met in the random games"
