"""The replay viewer's model (saves.replay), on every game's golden playthrough: any position
reached in any order (forwards, backwards, jumps across checkpoints) is the table the game had
after that many moves; the turn and round steps land where a game record numbers a new turn or
round; whose eyes may look, before the end and after it. (Every seat's view of every game, live
against the replay, is checked by the conformance suite: tests/support/conformance.py,
`check_replay`.)"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from engine.core import SeatSpec
from engine.core.match import Match
from saves.gamerecord import record_of
from saves.replay import CHECKPOINT_EVERY, Replay
from tests.support import golden

FILES = sorted(golden.GOLDEN.glob("*.txt"))


def seats_of(path: Path, humans: int) -> list[SeatSpec]:
    n = golden.read(path).header.seats
    return [SeatSpec(f"P{i + 1}") if i < humans else SeatSpec(f"AI {i + 1}", "ai", "easy") for i in range(n)]


def cut(match: Match, upto: int) -> Match:
    """The same game after its first `upto` moves only (a game still in progress)."""
    m = Match.new(match.game, match.options, match.seats, match.seed)
    m.rebuild(match.history[:upto])
    return m


def live_views(match: Match, seat: int | None) -> list[Any]:
    """What `seat` saw after each number of moves, as the game was played."""
    g = match.game
    s = g.setup(match.options, len(match.seats), match.seed)
    seen = [g.view(s, seat)]
    for who, action in match.history:
        g.perform(s, who, action)
        seen.append(g.view(s, seat))
    return seen


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_position_in_any_order_is_the_table_the_game_had(path: Path) -> None:
    match = golden.replay(path, seats_of(path, 1))
    replay = Replay.of(match)
    assert replay.moves == len(match.history) > CHECKPOINT_EVERY
    seen = live_views(match, 0)
    order = list(range(replay.moves + 1))
    random.Random(7).shuffle(order)
    # Jumps at random, then one step at a time backwards from the end, then forwards.
    for k in [*order, *reversed(range(replay.moves + 1)), *range(replay.moves + 1)]:
        assert replay.shown(k, 0) == seen[k], f"position {k}"


def steps(replay: Replay, k: int, step: int, rounds: bool) -> list[int]:
    """The positions reached by stepping from `k` until the end (or the start), or until a step
    goes nowhere."""
    landed: list[int] = []
    while (k < replay.moves) if step > 0 else (k > 0):
        after = replay.turn_step(k, step, rounds=rounds)
        landed.append(after)
        if after == k:
            break
        k = after
    return landed


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_turn_and_round_steps_land_where_the_record_numbers_a_new_one(path: Path) -> None:
    match = golden.replay(path, seats_of(path, 1))
    replay = Replay.of(match)
    numbers = [(m.round, m.turn) for m in record_of(match).moves]
    turns = [p for p in range(1, len(numbers)) if numbers[p] != numbers[p - 1]]
    rounds = [p for p in range(1, len(numbers)) if numbers[p][0] != numbers[p - 1][0]]
    assert len(turns) > len(rounds) > 1
    for starts, by_round in ((turns, False), (rounds, True)):
        # Forwards from the start: every new turn (round) in order, then the end.
        assert steps(replay, 0, 1, by_round) == [*starts, replay.moves]
        # Backwards from the end: the same starts in reverse, then the table as set up.
        assert steps(replay, replay.moves, -1, by_round) == [*reversed(starts), 0]
        # From inside a turn, back goes to that turn's own start.
        inside = next(p for p in range(starts[0] + 1, replay.moves) if p not in starts)
        assert replay.turn_step(inside, -1, rounds=by_round) == max(p for p in starts if p < inside)
    assert replay.number(turns[0] + 1) == numbers[turns[0]]


def test_after_the_end_any_eyes_may_look_the_one_person_first_and_everything_is_shown() -> None:
    path = golden.GOLDEN / "rival_kings-3p.txt"
    two_people = [*seats_of(path, 0)[:1], SeatSpec("Bea"), SeatSpec("Cy")]
    assert Replay.of(golden.replay(path, two_people)).eyes == (0, 1, 2, None)
    solo = [SeatSpec("AI 1", "ai", "easy"), SeatSpec("Bea"), SeatSpec("AI 3", "ai", "easy")]
    replay = Replay.of(golden.replay(path, solo))
    assert replay.finished and replay.eyes == (1, 0, 2, None)
    end = replay.moves
    # Everything: the table itself, every hand in it, which no seat's view holds.
    whole = replay.shown(end, 1, everything=True)
    assert whole == replay._state(end)
    assert all(whole != replay.shown(end, seat) for seat in (0, 1, 2))
    # Played at a server's table, one terminal per seat: that terminal's seat comes first.
    assert Replay.of(golden.replay(path, two_people), seat=2).eyes == (2, 0, 1, None)


def test_a_game_in_progress_played_from_one_seat_of_several_people_shows_that_seats_eyes() -> None:
    path = golden.GOLDEN / "rival_kings-3p.txt"
    people = [SeatSpec("Ann"), SeatSpec("Bea"), SeatSpec("Cy")]
    full = golden.replay(path, people)
    half = len(full.history) // 2
    replay = Replay.of(cut(full, half), seat=1)
    assert replay.eyes == (1,)
    assert replay.shown(half, 1) == live_views(full, 1)[half]
    with pytest.raises(ValueError, match="this keyboard"):
        replay.shown(half, None)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_before_the_end_only_the_seat_played_here_looks_or_a_spectator_with_several(path: Path) -> None:
    full = golden.replay(path, seats_of(path, 1))
    half = len(full.history) // 2
    replay = Replay.of(cut(full, half))
    assert not replay.finished and replay.moves == half and replay.eyes == (0,)
    assert replay.shown(half, 0) == live_views(full, 0)[half]
    for seat, everything in [(None, False), (0, True), *((s, False) for s in range(1, len(full.seats)))]:
        with pytest.raises(ValueError, match="this keyboard|over"):
            replay.shown(half, seat, everything)
    with pytest.raises(ValueError):
        replay.events(half, None)
    # Hot seat: every person at this keyboard may be looking, so only what all may see.
    people = Replay.of(cut(golden.replay(path, seats_of(path, len(full.seats))), half))
    assert people.eyes == (None,)
    assert people.shown(half, None) == live_views(full, None)[half]
    # Only bots (a game watched): a spectator's eyes too.
    assert Replay.of(cut(golden.replay(path, seats_of(path, 0)), half)).eyes == (None,)


def test_a_decision_is_told_in_words_to_its_maker_alone_and_the_log_only_what_each_could_read() -> None:
    path = golden.GOLDEN / "rival_kings-3p.txt"
    replay = Replay.of(golden.replay(path, seats_of(path, 1)))
    match = golden.replay(path, seats_of(path, 1))
    for k in range(1, replay.moves + 1):
        who = replay.decider(k)
        assert who == match.history[k - 1][0]
        for seat in (0, 1, 2, None):
            said = replay.described(k, seat)
            assert (said is not None) == (seat == who)
        assert replay.described(k, None, everything=True) is not None
    for seat in (0, 1, 2, None):
        read = [(i + 1, e) for i, e in match.log_for(seat)]
        assert replay.events(replay.moves, seat) == read
        assert replay.events(40, seat) == [(n, e) for n, e in read if n <= 40]
    # Private lines exist, and the seats read different logs.
    assert replay.events(replay.moves, 0) != replay.events(replay.moves, 1)


def test_positions_outside_the_game_are_refused() -> None:
    replay = Replay.of(golden.replay(golden.GOLDEN / "rivality-2p-expert.txt"))
    with pytest.raises(IndexError):
        replay.shown(replay.moves + 1, 0)
    with pytest.raises(IndexError):
        replay.shown(-1, 0)
    assert attrs.has(type(replay.shown(0, 0)))
