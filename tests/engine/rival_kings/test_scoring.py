"""Scoring: the rulebook's example (Mark, 11 points) and the colour-pair matching."""

from __future__ import annotations

import itertools

from engine.core import Rng
from engine.rival_kings.data import BUILDING, CARDS, SUBJECT, card_by_name
from engine.rival_kings.scoring import match_cards, score
from tests.engine.rival_kings.helpers import give, new, set_markers, set_purse


def ids(*names: str) -> list[int]:
    return [card_by_name(n).id for n in names]


def test_mark_scores_eleven() -> None:
    buildings = ids("Vineyard", "Garden", "Forge", "Prison")
    subjects = ids("Vintner", "Gardener", "Innkeeper", "Sailor")
    b = score(buildings, subjects, coins=4, markers=3)
    assert b.perfect == 4 + 7
    assert b.colour == 3
    assert b.single == 2
    assert b.perfect + b.colour + b.single == 16
    assert b.coins == 1 and b.markers == -6
    assert b.total == 11


def test_mark_in_a_finished_game_gets_eleven_in_the_outcome() -> None:
    from engine.rival_kings.game import GAME

    s = new(2, 3)
    give(s, 0, "Vineyard", "Garden", "Forge", "Prison", "Vintner", "Gardener", "Innkeeper", "Sailor")
    set_purse(s, 0, 2, 1)
    set_markers(s, 0, 3)
    s.over = True
    out = GAME.outcome(s)
    assert out is not None
    assert out.scores[0] == 11
    assert [line.values[0] for line in out.lines] == [11, 3, 2, 1, -6]


def brute_force(buildings: list[int], subjects: list[int]) -> int:
    """Best card score by trying every matching (perfect pairs first, as the rules say)."""
    perfect, _, _ = match_cards(buildings, subjects)
    bs = list(buildings)
    ss = list(subjects)
    for b, s in perfect:
        bs.remove(b)
        ss.remove(s)
    base = sum(CARDS[b].value + CARDS[s].value for b, s in perfect)
    best = 0
    for k in range(min(len(bs), len(ss)) + 1):
        for bsel in itertools.combinations(range(len(bs)), k):
            for sperm in itertools.permutations(range(len(ss)), k):
                pairs = list(zip(bsel, sperm, strict=True))
                if any(CARDS[bs[i]].colour != CARDS[ss[j]].colour for i, j in pairs):
                    continue
                val = sum(max(CARDS[bs[i]].value, CARDS[ss[j]].value) for i, j in pairs)
                val += len(bs) + len(ss) - 2 * k
                best = max(best, val)
    return base + best


def test_colour_matching_is_the_best_possible() -> None:
    rng = Rng.from_seed(4)
    all_b = [c.id for c in CARDS if c.kind == BUILDING]
    all_s = [c.id for c in CARDS if c.kind == SUBJECT]
    for _ in range(300):
        rng.shuffle(all_b)
        rng.shuffle(all_s)
        bs = all_b[: rng.below(6)]
        ss = all_s[: rng.below(6)]
        b = score(bs, ss, 0, 0)
        assert b.perfect + b.colour + b.single == brute_force(bs, ss)


def test_perfect_pairs_count_each_copy_once() -> None:
    b = score(ids("Mine") * 1 + [card_by_name("Mine").id + 16], ids("Miner"), 0, 0)
    assert b.perfect == 5 and len(b.perfect_pairs) == 1
    # The second Mine finds no green subject left: a single card.
    assert b.single == 1


def test_coins_and_markers() -> None:
    assert score([], [], 8, 0).total == 2
    assert score([], [], 9, 2).total == 3 - 4
    assert score([], [], 0, 0).total == 0
