"""Seeded random full games — two players with and without enchantments and events, solo at
every difficulty — end with an outcome, and every card and token is in exactly one place at
every step: 1000 games in all (ten configurations of 100), in about ten seconds."""

from __future__ import annotations

import pytest

from engine.rival_realms.data import (
    CORNERS,
    CREATURES,
    ENCHANTMENT_IDS,
    KIND,
    NEIGHBOURS,
    QUEST_INDEX,
    SPACES,
)
from engine.rival_realms.game import GAME
from engine.rival_realms.options import RivalRealmsOptions
from engine.rival_realms.queries import empty_gaps, path_tokens, payments, pays, step_path, steps
from engine.rival_realms.scoring import quests_met
from engine.rival_realms.state import RivalRealmsState
from tests.engine.rival_realms.helpers import random_game
from tests.support.playout import random_game as play_random

# Enchantments: two halves and all eight together.
SETS = [
    ("deep_satchel", "gem_hoard", "open_passes", "kindred_trails"),
    ("surefoot", "open_nests", "deep_valleys", "grand_quests"),
    ENCHANTMENT_IDS,
]
CONFIGS: list[tuple[str, int, RivalRealmsOptions]] = [
    ("duel", 2, RivalRealmsOptions()),
    ("duel, player 2 starts", 2, RivalRealmsOptions(start="player 2")),
    ("duel, events", 2, RivalRealmsOptions(events=True)),
    ("duel, enchantments A", 2, RivalRealmsOptions(enchantments=SETS[0], events=True)),
    ("duel, enchantments B", 2, RivalRealmsOptions(enchantments=SETS[1], events=True)),
    ("duel, enchantments C", 2, RivalRealmsOptions(enchantments=SETS[2])),
    ("solo easy", 1, RivalRealmsOptions(solo_level="easy")),
    ("solo normal", 1, RivalRealmsOptions(solo_level="normal", enchantments=SETS[1])),
    ("solo hard", 1, RivalRealmsOptions(solo_level="hard")),
    ("solo hard, enchantments", 1, RivalRealmsOptions(solo_level="hard", enchantments=SETS[2])),
]


def _runs_of_empty_spaces(regions: list[int]) -> tuple[tuple[int, int, int, int], ...]:
    """`realm.empty_gaps` worked out the slow way, space by space."""
    runs: list[tuple[int, int, int, int]] = []
    for row0 in (0, 6, 12):
        row = regions[row0 : row0 + 6]
        p = 0
        while p < 6:
            if row[p]:
                p += 1
                continue
            end = p
            while end < 6 and not row[end]:
                end += 1
            left = max([c for c in row[:p] if c], default=0)
            right = min([c for c in row[end:] if c], default=51)
            runs.append((left, right, row0 + p, row0 + end))
            p = end
    return tuple(runs)


def _play(seed: int, seats: int, options: RivalRealmsOptions) -> None:
    s, history, _ = random_game(seed, seats, options, check=True)
    # The runs of empty spaces, remembered and brought up to date summon by summon through the
    # whole game, are still those of the realm as it lies.
    assert all(empty_gaps(r) == _runs_of_empty_spaces(r) for r in s.regions)
    out = GAME.outcome(s)
    assert out is not None and len(out.scores) == seats
    assert GAME.to_act(s) == ()
    assert sum(line.values[0] for line in out.lines) == out.scores[0]
    assert s.reason
    if seats == 2:
        assert out.winners
        # Equal turns: the non-starting player took the last turn unless someone passed or had
        # an extra turn.
        if not any(s.passed) and "espresso" not in s.used[0] + s.used[1]:
            assert s.turn == 1 - s.start and s.turns[0] == s.turns[1]


@pytest.mark.parametrize(("name", "seats", "options"), CONFIGS, ids=[c[0] for c in CONFIGS])
def test_random_games_end_with_invariants(name: str, seats: int, options: RivalRealmsOptions) -> None:
    for seed in range(100):
        _play(seed, seats, options)


def test_same_seed_and_actions_give_the_same_game() -> None:
    for seats, options in (
        (1, RivalRealmsOptions()),
        (2, RivalRealmsOptions(events=True, enchantments=SETS[0])),
    ):
        a, history, _ = random_game(99, seats, options)
        b = GAME.setup(options, seats, 99)
        for seat, act in history:
            GAME.apply(b, seat, act)
        assert a == b


def _every_step_found_and_priced_as_the_lists_say(s: RivalRealmsState) -> None:
    if s.phase != "turn":
        return
    seat = s.turn
    walk = steps(s, seat)
    hand = s.hands[seat]
    tried = [
        (0, ""),
        (0, "dragon"),
        (0, "unicorn"),
        *((c, "") for c in hand),
        *((0, t) for t in s.supply[seat]),
    ]
    tried += [(hand[0], "dragon")] if hand else []
    for via in range(SPACES):
        for space, _land in NEIGHBOURS[via]:
            path = step_path(s, seat, space, via)
            assert path == step_path(s, seat, space, via, walk), (space, via)
            if path is None or not s.regions[seat][space] or s.explored[seat][space]:
                continue
            on_way = path_tokens(s, seat, path)
            listed = payments(s, seat, space, via, on_way)
            for card, creature in tried:
                assert pays(s, seat, space, via, card, creature, on_way) == ((card, creature) in listed)


@pytest.mark.parametrize("seats", [1, 2])
def test_a_step_is_found_without_a_walk_and_priced_without_a_list_as_the_lists_say(
    seats: int,
) -> None:
    # The check of a step asks `step_path`, which answers a step straight out of the
    # adventurer's space without walking, and `pays`, which prices one payment without listing
    # them all. At every turn of these games, for every step of the realm, the first gives what
    # the whole walk gives (the way straight back, Surefoot Boots and Open Passes included) and
    # the second what the list of `payments` holds (Kindred Trails and creatures included).
    check = _every_step_found_and_priced_as_the_lists_say
    enchanted = RivalRealmsOptions(enchantments=("surefoot", "open_passes", "kindred_trails"))
    for options in (RivalRealmsOptions(), enchanted):
        for seed in range(12):
            play_random(GAME, options, seats, seed, check)


def _quests_as_the_realm_reads(s: RivalRealmsState, seat: int) -> list[int]:
    """The open quests `seat`'s realm meets, read the plain way: each sub-realm's six spaces, the
    types of the explored regions, the creatures held or used, the four corners."""
    regions, explored = s.regions[seat], s.explored[seat]
    rows = [q for q in range(3) if all(regions[q * 6 + c] for c in range(6))]
    types = {KIND[regions[p]] for p in range(SPACES) if explored[p]}
    have = set(s.supply[seat]) | set(s.used[seat])
    met = rows + [QUEST_INDEX["wanderer"]] * (len(types) == 5)
    met += [QUEST_INDEX["tea"]] * have.issuperset(CREATURES)
    met += [QUEST_INDEX["frontiers"]] * all(explored[p] for p in CORNERS)
    return sorted(q for q in met if s.quests[q] < 0)


def _quests_met_as_read(s: RivalRealmsState) -> None:
    for seat in range(s.seats):
        assert quests_met(s, seat) == _quests_as_the_realm_reads(s, seat)


@pytest.mark.parametrize("seats", [1, 2])
def test_the_quests_a_turn_end_awards_are_those_the_realm_shows(seats: int) -> None:
    # `quests_met` (asked at every turn's end) tests each space of a sub-realm by index and
    # counts explored regions by the unexplored ones; at every step of these games it finds the
    # quests a plain reading of the realm finds.
    for seed in range(12):
        play_random(GAME, RivalRealmsOptions(), seats, seed, _quests_met_as_read)
