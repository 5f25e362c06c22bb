"""The save folder: atomic writes with a backup, listing, deleting, naming, where saves live."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

import platformdirs
import pytest

from saves import codec
from saves.errors import SaveError
from saves.store import SaveStore
from tests.saves.helpers import GOOF_GAMES, assert_same_match, goof_match


def _store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "saves", games=GOOF_GAMES)


def test_save_creates_the_folder_and_keeps_the_previous_version(tmp_path: Path) -> None:
    store = _store(tmp_path)
    first = goof_match([(0, 3)])
    path = store.save("duel", first)
    assert path == store.path("duel") and path.is_file()
    assert not store.backup_path("duel").exists()  # nothing to back up the first time
    first_bytes = path.read_bytes()

    second = goof_match([(0, 3), (1, 4)])
    store.save("duel", second)

    assert store.backup_path("duel").read_bytes() == first_bytes
    assert_same_match(store.load("duel"), second)
    # The backup is a complete save of the earlier position.
    bak_copy = store.path("earlier")
    bak_copy.write_bytes(store.backup_path("duel").read_bytes())
    assert_same_match(store.load("earlier"), first)
    # No temporary files are left in the folder.
    assert sorted(p.name for p in store.root.iterdir()) == ["duel.json", "duel.json.bak", "earlier.json"]


def test_a_failed_write_leaves_the_old_save_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _store(tmp_path)
    store.save("duel", goof_match([(0, 3)]))
    before = store.path("duel").read_bytes()

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(SaveError) as err:
        store.save("duel", goof_match([(0, 3), (1, 4)]))

    assert str(err.value) == "duel.json: could not be saved (No space left on device)"
    assert store.path("duel").read_bytes() == before
    assert sorted(p.name for p in store.root.iterdir()) == ["duel.json"]


def test_a_crash_before_the_rename_leaves_the_old_save_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = _store(tmp_path)
    store.save("duel", goof_match([(0, 3)]))
    before = store.path("duel").read_bytes()
    real_replace = os.replace

    def interrupted(src: str | Path, dst: str | Path) -> None:
        if Path(dst) == store.path("duel"):
            raise KeyboardInterrupt  # the player hit ctrl+c at the worst moment
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        store.save("duel", goof_match([(0, 3), (1, 4)]))

    assert store.path("duel").read_bytes() == before
    assert not [p for p in store.root.iterdir() if p.name.startswith(".")]


def test_list_is_newest_first_with_players_and_progress(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = _store(tmp_path)
    assert store.list() == []  # the folder does not even exist yet
    for name, when, moves in [
        ("monday", "2026-11-23T18:00:00+00:00", [(0, 3)]),
        ("wednesday", "2026-11-25T18:00:00+00:00", [(0, 3), (1, 1), (0, 1)]),
        ("tuesday", "2026-11-24T18:00:00+00:00", []),
    ]:
        monkeypatch.setattr(codec, "now", lambda when=when: when)
        store.save(name, goof_match(moves))

    infos = store.list()

    assert [i.name for i in infos] == ["wednesday", "tuesday", "monday"]
    wed = infos[0]
    assert (wed.game_id, wed.title, wed.players) == ("goofspiel", "Goofspiel", ("Ada", "Bram"))
    assert (wed.progress, wed.status, wed.updated) == (
        "3 moves made",
        "in progress",
        "2026-11-25T18:00:00+00:00",
    )
    assert wed.error is None and wed.path == store.path("wednesday")
    # Backups, locks and temporary files are not saves.
    store.lock("monday").release()
    store.backup_path("monday").write_text("{}")
    (store.root / ".monday.json.1234.tmp").write_text("{")
    assert [i.name for i in store.list()] == ["wednesday", "tuesday", "monday"]


def test_latest_skips_finished_games_unless_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _store(tmp_path)
    assert store.latest() is None
    monkeypatch.setattr(codec, "now", lambda: "2026-11-20T10:00:00+00:00")
    store.save("open", goof_match([(0, 3)]))
    finished = goof_match([(0, 1), (1, 1), (0, 2), (1, 2), (0, 3), (1, 3), (0, 4), (1, 4), (0, 5), (1, 5)])
    assert finished.over
    monkeypatch.setattr(codec, "now", lambda: "2026-11-21T10:00:00+00:00")
    store.save("done", finished)

    latest = store.latest()
    assert latest is not None and latest.name == "open"
    newest = store.latest(in_progress=False)
    assert newest is not None and (newest.name, newest.status) == ("done", "finished")


def test_delete_removes_the_save_and_its_backup(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.save("duel", goof_match([(0, 3)]))
    store.save("duel", goof_match([(0, 3), (1, 4)]))
    store.save("other", goof_match([]))

    store.delete("duel")

    assert sorted(p.name for p in store.root.iterdir()) == ["other.json"]
    assert [i.name for i in store.list()] == ["other"]
    with pytest.raises(SaveError, match=r"^duel\.json: no such save in "):
        store.delete("duel")


def test_delete_is_refused_while_the_game_is_open(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.save("duel", goof_match([(0, 3)]))
    with store.lock("duel"), pytest.raises(SaveError, match=r"already open in another Rivals window"):
        store.delete("duel")
    assert store.path("duel").exists()


def test_new_names_are_readable_and_never_reuse_a_save(tmp_path: Path) -> None:
    store = SaveStore(tmp_path, games=GOOF_GAMES, clock=lambda: datetime(2026, 11, 29, 19, 30))
    first = store.new_name("rival_kings")
    assert first == "rival_kings-2026-11-29-1930"
    store.save(first, goof_match([]))
    second = store.new_name("rival_kings")
    assert second == "rival_kings-2026-11-29-1930-2"
    with store.lock(second):
        # Reserved by an open game that has not been saved yet.
        assert store.new_name("rival_kings") == "rival_kings-2026-11-29-1930-3"


def test_a_name_with_json_suffix_means_the_same_save(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.save("duel", goof_match([(0, 3)]))
    assert store.load("duel.json").history == store.load("duel").history
    for bad in ["", ".hidden", "a/b", "a\\b"]:
        with pytest.raises(SaveError, match="not a valid save name"):
            store.path(bad)


def test_default_folder_override_then_environment_then_user_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RIVALS_SAVE_DIR", str(tmp_path / "from-env"))
    assert SaveStore.default(tmp_path / "from-flag").root == tmp_path / "from-flag"
    assert SaveStore.default(str(tmp_path / "as-text")).root == tmp_path / "as-text"
    assert SaveStore.default().root == tmp_path / "from-env"
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert SaveStore.default("~/rivals-saves").root == tmp_path / "home" / "rivals-saves"
    monkeypatch.delenv("RIVALS_SAVE_DIR")
    assert SaveStore.default().root == Path(platformdirs.user_data_dir("rivals")) / "saves"
    monkeypatch.setenv("RIVALS_SAVE_DIR", "")  # set but empty counts as unset
    assert SaveStore.default().root == Path(platformdirs.user_data_dir("rivals")) / "saves"


def test_the_saved_text_is_plain_json_a_person_can_read(tmp_path: Path) -> None:
    store = _store(tmp_path)
    path = store.save("duel", goof_match([(0, 3)]))
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n") and text.count("\n") > 10
    assert json.loads(text)["actions"] == [{"seat": 0, "action": {"type": "Bid", "card": 3}}]


def test_a_save_holds_one_move_per_line(tmp_path: Path) -> None:
    store = _store(tmp_path)
    path = store.save("duel", goof_match([(0, 3), (1, 2), (0, 1)]))
    text = path.read_text(encoding="utf-8")
    lines = [line.strip().rstrip(",") for line in text.splitlines()]
    moves = [json.loads(line) for line in lines if line.startswith('{"seat"')]
    assert moves == json.loads(text)["actions"] and len(moves) == 3
