"""The ladder: its games are the arena's, its ratings come out in the order a toy game makes
certain, and its fit recovers known strengths from synthetic results with honest intervals."""

from __future__ import annotations

import math
from typing import Any

import pytest

from engine.ai import arena, ladder
from engine.core.rng import Rng

RACE = "tests.support.race:Race"


def ratings_in(out: str) -> dict[str, float]:
    """Level -> rating, from the ladder's first table."""
    rows = {}
    for line in out.split("\n\n")[1].splitlines()[1:]:
        level, rating = line.split()[:2]
        rows[level] = float(rating)
    return rows


def test_ladder_command_rates_the_toy_game_in_the_order_it_makes_certain(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    # In Race taking the most is always best: greedy always does, easy mostly, random by chance.
    log = tmp_path / "race.jsonl"
    argv = ["--game", RACE, "--levels", "random,easy,greedy", "--games", "20", "--quiet"]
    assert ladder.main([*argv, "--jsonl", str(log)]) == 0
    out = capsys.readouterr().out
    rated = ratings_in(out)
    assert rated["greedy"] == 1500  # the reference
    assert rated["random"] < rated["easy"] < rated["greedy"]
    steps = {line.split()[0] + line.split()[2]: line.split() for line in out.splitlines() if " < " in line}
    assert steps["randomeasy"][-1] == "holds"
    assert steps["randomgreedy"][4] == "1.000"  # random never beats or ties the perfect racer
    assert "60 games" in out
    # The same games rated again from the file give the same ratings.
    assert ladder.main(["--summary", str(log)]) == 0
    assert ratings_in(capsys.readouterr().out) == rated


def test_solo_ladder_compares_levels_on_the_same_deals(capsys: pytest.CaptureFixture[str]) -> None:
    assert ladder.main(["--game", RACE, "--players", "1", "--levels", "random,greedy", "--games", "8"]) == 0
    out = capsys.readouterr().out
    rated = ratings_in(out)
    assert rated["random"] < rated["greedy"] == 1500
    line = next(line for line in out.splitlines() if line.startswith("random < greedy"))
    assert line.split()[3:5] == ["8", "1.000"]  # every deal, won by the perfect racer alone


def test_each_pair_plays_the_arenas_games_interleaved_deal_by_deal() -> None:
    work = ladder.schedule(RACE, 2, ["random", "easy", "greedy"], 4, 2, 5)
    # Pairs next to each other in the list play 4 games, the far pair 2.
    by_pair: dict[tuple[str, ...], list[arena.Task]] = {}
    for task in work:
        by_pair.setdefault(task[2], []).append(task)
    assert by_pair[("random", "easy")] == arena.tasks(RACE, 2, ("random", "easy"), 4, 5)
    assert by_pair[("random", "greedy")] == arena.tasks(RACE, 2, ("random", "greedy"), 2, 5)
    # A pair sits in the same order whatever the order of the levels: its games are the same.
    reordered = ladder.schedule(RACE, 2, ["greedy", "easy", "random"], 4, 4, 5)
    pairs = [("random", "easy"), ("random", "greedy"), ("easy", "greedy")]
    assert sorted(reordered) == sorted(t for pair in pairs for t in arena.tasks(RACE, 2, pair, 4, 5))
    # The first deal of every pair comes before the second deal of any.
    assert [t[2] for t in work[:6]] == [("random", "easy")] * 2 + [("random", "greedy")] * 2 + [
        ("easy", "greedy")
    ] * 2


def test_at_an_odd_seat_count_each_level_starts_half_the_games_on_the_same_deals() -> None:
    work = ladder.schedule(RACE, 3, ["easy", "greedy"], 6, 6, 1)
    assert len(work) == 6
    seatings = [arena.play_one(t)["seats"] for t in work]
    assert sum(s.count("easy") for s in seatings) == sum(s.count("greedy") for s in seatings) == 9
    deals = {arena.deal_seed(t[3], t[4], 3) for t in work}
    assert len(deals) == 1
    # `--first 6` continues the same pair where these six games stopped, in both line-ups.
    more = ladder.schedule(RACE, 3, ["easy", "greedy"], 6, 6, 1, first=6)
    assert sorted((t[2], t[4]) for t in work + more) == sorted(
        (lineup, i) for lineup in [("easy", "greedy"), ("greedy", "easy")] for i in range(6)
    )


def test_bouts_share_joint_wins_and_pair_solo_games_by_deal() -> None:
    records = [
        {"seats": ["a", "b", "a", "b"], "winners": [0, 1], "index": 0},
        {"seats": ["b", "a", "b"], "winners": [2], "index": 1},
        {"seats": ["a", "a"], "winners": [0], "index": 2},  # one level only: nothing learnt
    ]
    assert ladder.bouts(records) == [ladder.Bout("a", "b", 2, 2, 0.5), ladder.Bout("b", "a", 2, 1, 1.0)]
    solo = [
        {"seats": ["a"], "winners": [], "scores": [30], "index": 0, "seed": 1},
        {"seats": ["b"], "winners": [0], "scores": [20], "index": 0, "seed": 1},  # won: beats a
        {"seats": ["a"], "winners": [], "scores": [30], "index": 1, "seed": 1},
        {"seats": ["b"], "winners": [], "scores": [30], "index": 1, "seed": 1},  # level: halved
        {"seats": ["b"], "winners": [], "scores": [99], "index": 0, "seed": 2},  # another deal, alone
    ]
    assert sorted(ladder.bouts(solo)) == [ladder.Bout("a", "b", 1, 1, 0.0), ladder.Bout("a", "b", 1, 1, 0.5)]
    with pytest.raises(ValueError, match="two levels"):
        ladder.bouts([{"seats": ["a", "b", "c"], "winners": [0], "index": 0}])


def synthetic(truth: dict[str, float], games: int, seats: tuple[int, int], seed: int) -> list[ladder.Bout]:
    """`games` results for every pair, drawn from the model with strengths 10 ** (rating / 400)."""
    rng = Rng.from_seed(seed)
    out = []
    for a in truth:
        for b in truth:
            if a >= b:
                continue
            ga, gb = seats[0] * 10 ** (truth[a] / 400), seats[1] * 10 ** (truth[b] / 400)
            out += [ladder.Bout(a, b, *seats, float(rng.random() < ga / (ga + gb))) for _ in range(games)]
    return out


@pytest.mark.parametrize("seats", [(1, 1), (2, 1)])
def test_fit_recovers_known_strengths_within_its_intervals(seats: tuple[int, int]) -> None:
    truth = {"greedy": 1500.0, "easy": 1350.0, "normal": 1650.0, "hard": 1800.0}
    misses = 0
    for seed in range(10):
        fitted = {r.level: r for r in ladder.fit(synthetic(truth, 400, seats, seed), "greedy")}
        assert fitted["greedy"] == ladder.Rating("greedy", 1500.0, 0.0)
        assert [r.level for r in ladder.fit(synthetic(truth, 400, seats, seed), "greedy")] == [
            "hard",
            "normal",
            "greedy",
            "easy",
        ]
        for level in ("easy", "normal", "hard"):
            r = fitted[level]
            assert 15 < r.half < 60  # 400 games a pair pin a rating to a few dozen points
            misses += abs(r.rating - truth[level]) > r.half
    assert misses <= 3  # of 30 intervals at 95%: about 1.5 expected to miss


def test_a_level_that_won_every_game_still_gets_a_finite_rating() -> None:
    found = [ladder.Bout("random", "greedy", 1, 1, 0.0)] * 50
    (top, bottom) = ladder.fit(found, "greedy")
    assert top.level == "greedy" and bottom.level == "random"
    assert math.isfinite(bottom.rating) and bottom.rating < 1000 and math.isfinite(bottom.half)


def test_levels_that_never_met_the_reference_are_refused() -> None:
    found = [ladder.Bout("a", "b", 1, 1, 1.0), ladder.Bout("greedy", "c", 1, 1, 0.0)]
    with pytest.raises(ValueError, match="never met"):
        ladder.fit(found, "greedy")
