"""Save then load gives back the same game — at every step of several seeded games."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import SeatSpec
from engine.core.match import Match, Series
from engine.registry import GAMES
from saves import codec
from saves.codec import dump_match, dumps, load_match, loads
from saves.errors import SaveError
from saves.store import SaveStore
from tests.saves.helpers import GOOF, GOOF_GAMES, assert_same_match, goof_match, playout, seats
from tests.support.goofspiel import Bid, GoofOptions, Goofspiel

GOOF_CASES = [
    pytest.param(GoofOptions(), 2, 1, id="goofspiel-2p"),
    pytest.param(GoofOptions(), 3, 2, id="goofspiel-3p"),
    pytest.param(GoofOptions(cards=7), 4, 3, id="goofspiel-4p-7cards"),
    pytest.param(GoofOptions(cards=3), 2, 4, id="goofspiel-2p-3cards"),
]

# Every registered game joins automatically, at every table size it allows.
REGISTERED_CASES = [
    pytest.param(game, n, 100 + n, id=f"{game.id}-{n}p") for game in GAMES.values() for n in game.players
]


def _check_every_step(game: Any, options: Any, n_seats: int, seed: int, games: Any, every: int = 1) -> int:
    """Save and load after each step (after the first 40, each `every`-th one and the last: a load
    replays the whole game, so checking every step of a long game costs its length squared)."""
    steps = 0
    last = None
    for m in playout(game, options, n_seats, seed):
        if steps < 40 or steps % every == 0:
            assert_same_match(loads(dumps(m), games=games, source="rt.json"), m)
        last = m
        steps += 1
    assert last is not None
    assert_same_match(loads(dumps(last), games=games, source="rt.json"), last)
    return steps


@pytest.mark.parametrize(("options", "n_seats", "seed"), GOOF_CASES)
def test_goofspiel_round_trip_at_every_step(options: GoofOptions, n_seats: int, seed: int) -> None:
    steps = _check_every_step(GOOF, options, n_seats, seed, GOOF_GAMES)
    # The whole game was played: one bid per seat per prize, plus the starting position.
    assert steps == options.cards * n_seats + 1


@pytest.mark.parametrize(("game", "n_seats", "seed"), REGISTERED_CASES)
def test_registered_game_round_trip_at_every_step(game: Any, n_seats: int, seed: int) -> None:
    # Every third step at the smallest table, every tenth at larger ones and every fiftieth
    # from five seats (they play longer games of the same rules: Rivals some 1,200 decisions
    # at six); each load replays the whole game so far.
    every = 3 if n_seats == game.players.start else 10 if n_seats < 5 else 50
    steps = _check_every_step(game, game.Options(), n_seats, seed, None, every)
    assert steps > 1


@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in [GOOF, *GAMES.values()]])
def test_a_dropped_move_is_caught_by_the_snapshot(game: Any) -> None:
    games = GOOF_GAMES if game is GOOF else None
    n = game.players.start
    end = list(playout(game, game.Options(), n, 77))[-1]
    data = json.loads(dumps(end))
    data["actions"].pop()
    with pytest.raises(SaveError) as err:
        load_match(data, games=games, source="rt.json")
    assert str(err.value) == "rt.json: the saved position does not match its moves (was the file edited?)"


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_every_ai_level_round_trips(level: str) -> None:
    # A save of any older version holds easy, normal or hard, and still loads; expert is new.
    m = Match.new(GOOF, GoofOptions(), [SeatSpec("Ada"), SeatSpec("Bram", "ai", level)], 5)
    m.submit(0, Bid(1))
    back = loads(dumps(m), games=GOOF_GAMES, source="rt.json")
    assert back.seats[1] == SeatSpec("Bram", "ai", level)
    assert_same_match(back, m)


def test_envelope_holds_what_the_design_lists() -> None:
    m = goof_match([(0, 3), (1, 2), (0, 5)])
    env = json.loads(dumps(m))
    assert env["format_version"] == codec.FORMAT_VERSION == 1
    assert env["game"] == "goofspiel"
    assert env["options"] == {"cards": 5}
    assert [s["name"] for s in env["seats"]] == ["Ada", "Bram"]
    assert env["seed"] == 5
    assert env["series"] == {"games": 1, "points": 0, "results": []}
    assert env["actions"] == [
        {"seat": 0, "action": {"type": "Bid", "card": 3}},
        {"seat": 1, "action": {"type": "Bid", "card": 2}},
        {"seat": 0, "action": {"type": "Bid", "card": 5}},
    ]
    assert env["snapshot"]["scores"] == list(m.state.scores)
    assert env["status"] == "in progress"
    assert env["progress"] == "3 moves made"
    assert env["created"] == env["updated"]


def test_created_time_is_kept_and_updated_time_moves(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    store = SaveStore(tmp_path, games=GOOF_GAMES)
    m = goof_match([(0, 3)])
    monkeypatch.setattr(codec, "now", lambda: "2026-03-01T10:00:00+00:00")
    store.save("t", m)
    m.submit(1, GOOF.legal(m.state, 1)[0])
    monkeypatch.setattr(codec, "now", lambda: "2026-03-02T11:30:00+00:00")
    store.save("t", m)
    env = json.loads(store.path("t").read_text())
    assert (env["created"], env["updated"]) == ("2026-03-01T10:00:00+00:00", "2026-03-02T11:30:00+00:00")


def test_finished_game_and_series_status() -> None:
    single = list(playout(GOOF, GoofOptions(cards=3), 2, 9))[-1]
    assert single.over
    assert dump_match(single)["status"] == "finished"
    assert dump_match(single)["progress"] == "game over"

    # A series is only valid for a game that offers one (the toy game does not, by default).
    series_goof = type("SeriesGoofspiel", (Goofspiel,), {"supports_series": True})()
    m = Match.new(series_goof, GoofOptions(cards=3), seats(2), 5, series=Series(games=2))
    for seat, card in [(0, 1), (1, 2), (0, 2), (1, 3), (0, 3), (1, 1)]:
        m.submit(seat, Bid(card))
    assert m.over
    # The first game of two is over: the series still has a game to play, so Continue offers it.
    assert dump_match(m)["status"] == "in progress"
    second = m.next_in_series()
    env = dump_match(second)
    assert env["series"]["results"] == [list(m.outcome().scores)]
    assert env["progress"].startswith("game 2 of 2")
    loaded = loads(dumps(second), games={"goofspiel": series_goof})
    assert_same_match(loaded, second)
    assert loaded.series.totals(2) == m.outcome().scores


def test_undo_then_save_keeps_the_shorter_history() -> None:
    m = goof_match([(0, 3), (1, 2), (0, 5), (1, 1)])
    m.undo(2)
    loaded = loads(dumps(m), games=GOOF_GAMES)
    assert_same_match(loaded, m)
    assert len(loaded.history) == 2


def test_save_file_round_trip_through_the_store(tmp_path: Any) -> None:
    store = SaveStore(tmp_path, games=GOOF_GAMES)
    for m in playout(GOOF, GoofOptions(), 3, 21):
        store.save("game", m)
        assert_same_match(store.load("game"), m)
