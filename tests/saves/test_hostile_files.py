"""Saves that attack the reader: odd numbers and series, pipes, endless devices, planted links,
leftovers of a kill, and damaged files with a good backup."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from engine.core.match import Match, Series
from saves.codec import dump_match, dumps, load_match
from saves.errors import SaveError
from saves.store import MAX_SAVE_BYTES, SaveStore
from tests.saves.helpers import GOOF, GOOF_GAMES, goof_match, seats
from tests.support.goofspiel import GoofOptions, Goofspiel

SERIES_GOOF = type("SeriesGoofspiel", (Goofspiel,), {"supports_series": True})()


def envelope(**changes: Any) -> dict[str, Any]:
    data = dump_match(goof_match([(0, 3), (1, 2)]))
    data.update(changes)
    return data


def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "saves", games=GOOF_GAMES)


# -- numbers and series --------------------------------------------------------------------
def test_a_number_of_more_than_4300_digits_is_one_line_and_the_list_goes_on(tmp_path: Path) -> None:
    s = store(tmp_path)
    s.save("good", goof_match([(0, 3)]))
    text = dumps(goof_match([(0, 3)])).replace('"seed": 5', '"seed": ' + "7" * 5000)
    s.path("huge").write_text(text)
    infos = {i.name: i for i in s.list()}
    assert infos["good"].error is None
    assert infos["huge"].error == "huge.json: not a Rivals save (it holds a number far too long to be real)"
    assert s.latest() is not None and s.latest().name == "good"  # the menu's Continue


@pytest.mark.parametrize(
    ("changes", "fault"),
    [
        ({"seed": 2**70}, "a number in it is far too large to be real"),
        ({"series": {"games": 3, "points": 0, "results": [[1, 2, 3]]}}, "is never played as a series"),
    ],
)
def test_numbers_and_series_that_do_not_fit(changes: dict[str, Any], fault: str) -> None:
    with pytest.raises(SaveError, match=fault):
        load_match(envelope(**changes), games=GOOF_GAMES)


@pytest.mark.parametrize(
    ("series", "fault"),
    [
        ({"games": 3, "points": 0, "results": [[1, 2, 3]]}, "game 1 has 3 scores for a table of 2 players"),
        ({"games": 3, "points": 0, "results": [[1]]}, "game 1 has 1 scores for a table of 2 players"),
        ({"games": 2, "points": 0, "results": [[1, 2], [3, 4]]}, "already decided before this game"),
        ({"games": 0, "points": 10, "results": [[11, 0]]}, "already decided before this game"),
        ({"games": 5000, "points": 0, "results": []}, "out of range"),
        ({"games": 2, "points": 9, "results": []}, "games or points, not both"),
        ({"games": 1, "points": 0, "results": [[1, 2]]}, "a single game has no earlier results"),
        # A negative target reads as a single game: it was loaded and written back as it was.
        ({"games": 1, "points": -(10**18), "results": []}, "out of range"),
        ({"games": -(10**18), "points": 0, "results": []}, "out of range"),
        ({"games": 0, "points": -1, "results": []}, "out of range"),
        # No game of a series scores beyond GAME_SCORE_LIMIT either way (saves/codec.py says why).
        ({"games": 3, "points": 0, "results": [[1001, 0]]}, "game 1 has a score no game can reach"),
        ({"games": 0, "points": 50, "results": [[3, 2], [0, -1001]]}, "game 2 has a score no game can"),
    ],
)
def test_a_series_is_checked_against_the_game_and_the_seats(series: dict[str, Any], fault: str) -> None:
    data = dump_match(Match.new(SERIES_GOOF, GoofOptions(), seats(2), 5))
    data["series"] = series
    with pytest.raises(SaveError, match=fault):
        load_match(data, games={"goofspiel": SERIES_GOOF})


@pytest.mark.parametrize("game_id", ["rival_kings", "rivality", "rival_realms"])
def test_a_real_series_save_with_absurd_points_is_listed_as_damaged_in_one_line(
    tmp_path: Path, game_id: str
) -> None:
    from engine.core import SeatSpec
    from engine.registry import GAMES

    game = GAMES[game_id]
    s = SaveStore(tmp_path / "saves", games=GAMES)
    s.save(
        "series", Match.new(game, game.Options(), [SeatSpec("Ann"), SeatSpec("Bob")], 5, Series(points=30))
    )
    data = json.loads(s.path("series").read_text())
    data["series"]["points"] = -(10**18)
    s.path("series").write_text(json.dumps(data))
    (info,) = s.list()
    assert info.error == "series.json: series: the number of games or points is out of range"
    with pytest.raises(SaveError, match="out of range"):
        s.load("series")


def test_nan_and_infinity_are_not_numbers(tmp_path: Path) -> None:
    s = store(tmp_path)
    s.root.mkdir(parents=True)
    s.path("nan").write_text(dumps(goof_match([])).replace('"seed": 5', '"seed": NaN'))
    with pytest.raises(SaveError, match="it holds NaN, which is not a number JSON allows"):
        s.load("nan")


@pytest.mark.parametrize(("name", "fault"), [("", "a name of 1 to 100"), ("x" * 101, "a name of 1 to 100")])
def test_seat_names_are_checked(name: str, fault: str) -> None:
    data = envelope()
    data["seats"][0]["name"] = name
    with pytest.raises(SaveError, match=fault):
        load_match(data, games=GOOF_GAMES)


# -- files that are not files ----------------------------------------------------------------
def _with_timeout(fn: Any, seconds: float = 5.0) -> Any:
    """Run `fn` in a thread; fail (instead of hanging the run) if it does not return in time."""
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            result["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "reading the save hung"
    if "error" in result:
        raise result["error"]
    return result.get("value")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX pipes")
def test_a_pipe_in_place_of_a_save_is_refused_at_once(tmp_path: Path) -> None:
    s = store(tmp_path)
    s.root.mkdir(parents=True)
    os.mkfifo(s.path("pipe"))
    with pytest.raises(SaveError, match="pipe.json: not a Rivals save \\(it is not a plain file\\)"):
        _with_timeout(lambda: s.load("pipe"))
    assert _with_timeout(s.list) == []  # not even listed


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_link_to_an_endless_device_is_refused_without_reading_it(tmp_path: Path) -> None:
    s = store(tmp_path)
    s.root.mkdir(parents=True)
    s.path("zero").symlink_to("/dev/zero")
    with pytest.raises(SaveError, match="not a plain file"):
        _with_timeout(lambda: s.load("zero"))


def test_a_huge_file_is_refused_without_reading_it_whole(tmp_path: Path) -> None:
    s = store(tmp_path)
    s.root.mkdir(parents=True)
    with open(s.path("huge"), "wb") as f:
        f.truncate(MAX_SAVE_BYTES + 1)  # sparse: no disk used
    with pytest.raises(SaveError, match="far too large"):
        s.load("huge")


# -- links planted at our names --------------------------------------------------------------
def test_a_planted_lock_link_never_touches_its_target(tmp_path: Path) -> None:
    s = store(tmp_path)
    s.root.mkdir(parents=True)
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me")
    s.lock_path("game").symlink_to(victim)
    with pytest.raises(SaveError, match="game.lock is a link; remove it and try again"):
        s.lock("game")
    assert victim.read_text() == "keep me"


def test_a_dangling_lock_link_creates_nothing(tmp_path: Path) -> None:
    s = store(tmp_path)
    s.root.mkdir(parents=True)
    target = tmp_path / "elsewhere" / "created.txt"
    target.parent.mkdir()
    s.lock_path("game").symlink_to(target)
    with pytest.raises(SaveError, match="is a link"):
        s.lock("game")
    assert not target.exists()


def test_a_planted_temporary_link_is_never_written_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from saves import store as store_module

    s = store(tmp_path)
    s.save("game", goof_match([(0, 3)]))
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me")
    # The backup's temporary name, predicted and planted; hard links refused, as on some disks.
    monkeypatch.setattr(store_module, "_random_tag", lambda: "feedbeef")
    (s.root / ".game.json.bak-feedbeef.tmp").symlink_to(victim)
    with pytest.raises(SaveError, match="could not be saved"):
        s.save("game", goof_match([(0, 3), (1, 2)]))
    assert victim.read_text() == "keep me"
    assert len(s.load("game").history) == 1  # the old save is whole


# -- leftovers and backups -------------------------------------------------------------------
def test_temporary_files_left_by_a_kill_are_cleaned_up_at_the_next_start(tmp_path: Path) -> None:
    s = store(tmp_path)
    s.save("game", goof_match([(0, 3)]))
    left = [s.root / ".game.json.x1y2z3.tmp", s.root / ".game.json.bak-0a0b0c0d.tmp"]
    for p in left:
        p.write_text('{"format_version": 1, "ga')  # cut off by the kill
    link = s.root / ".game.json.link.tmp"
    link.symlink_to(tmp_path / "precious")
    (tmp_path / "precious").write_text("keep")
    other = s.root / ".notes.tmp"  # not named like ours: left alone
    other.write_text("someone else's")
    assert s.clean_temporary() == 2
    assert not any(p.exists() for p in left) and other.exists()
    assert link.is_symlink() and (tmp_path / "precious").read_text() == "keep"  # links left alone
    assert len(s.load("game").history) == 1


def test_a_temporary_file_of_a_save_in_progress_elsewhere_is_kept(tmp_path: Path) -> None:
    s = store(tmp_path)
    s.save("game", goof_match([(0, 3)]))
    busy = s.root / ".game.json.q1w2e3.tmp"
    busy.write_text("being written")
    with s.lock("game"):  # another window is playing (and saving) it
        assert s.clean_temporary() == 0
    assert busy.exists()


def test_a_damaged_save_with_a_good_backup_offers_it_and_says_how_far_behind(tmp_path: Path) -> None:
    s = store(tmp_path)
    s.save("game", goof_match([(0, 3), (1, 2)]))
    s.save("game", goof_match([(0, 3), (1, 2), (0, 5)]))
    data = json.loads(s.path("game").read_text())
    data["snapshot"]["scores"] = [99, 99]  # damaged, though its moves can still be counted
    s.path("game").write_text(json.dumps(data))
    (info,) = s.list()
    assert info.error is not None and info.restorable
    assert (info.backup_moves, info.backup_behind) == (2, 1)
    assert info.restore_offer() == "The previous version of this save can be restored (1 move behind)."
    s.restore_backup("game")
    assert len(s.load("game").history) == 2
    assert (s.root / "game.json.damaged").exists()  # the damaged file is kept aside, not lost


def test_a_cut_off_save_with_a_good_backup_says_how_many_moves_the_backup_has(tmp_path: Path) -> None:
    s = store(tmp_path)
    s.save("game", goof_match([(0, 3)]))
    s.save("game", goof_match([(0, 3), (1, 2)]))
    s.path("game").write_text('{"format_version": 1, "ga')
    (info,) = s.list()
    assert info.restore_offer() == "The previous version of this save can be restored (with 1 move made)."


def test_the_save_folder_being_a_file_is_said_plainly(tmp_path: Path) -> None:
    (tmp_path / "saves").write_text("oops")
    s = store(tmp_path)
    with pytest.raises(SaveError, match="is a file, not a folder"):
        s.lock("game")
    with pytest.raises(SaveError, match="is a file, not a folder"):
        s.save("game", goof_match([]))


def test_a_lone_surrogate_in_a_name_is_saved_and_read_back_exactly(tmp_path: Path) -> None:
    s = store(tmp_path)
    m = Match.new(GOOF, GoofOptions(), [seats(2)[0].__class__("A\udc80"), seats(2)[1]], 5)
    s.save("odd", m)
    assert s.load("odd").seats[0].name == "A\udc80"
    assert Series() == s.load("odd").series
