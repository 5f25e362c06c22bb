"""The `rivals` command's small faults (issue 8): pipes, ids, help, odd save folders, escapes,
damaged saves with a good backup, and saves that are not files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.core import SeatSpec
from rivals_tui.cli import _resume, main
from tests.tui.conftest import GAMES, VS_AI, goof_match, make_store
from tests.tui.test_cli import SCRIPT, run

ROOT = Path(__file__).resolve().parents[2]


def test_list_into_a_closed_pipe_says_nothing(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    for n in range(30):
        store.save(f"game{n:02d}", goof_match(VS_AI))
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT.format(root=str(ROOT)), "--save-dir", str(store.root), "list"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # `| head -0`: the reader is gone before anything is written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0
    assert err == ""


def test_list_shows_escape_sequences_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    store = make_store(tmp_path)
    store.save("\x1b]0;title\x07", goof_match([SeatSpec("Ann\x1b[31m"), SeatSpec("Bot", "ai", "easy")]))
    code, out, err = run(["--save-dir", str(store.root), "list"], capsys)
    assert code == 0 and "\x1b" not in out and "\x07" not in out
    assert "\\x1b]0;title\\x07" in out and "Ann\\x1b[31m, Bot" in out


def test_game_ids_are_not_case_sensitive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["--save-dir", str(tmp_path), "new", "GoofSpiel", "--players", "7"], capsys)
    assert code == 1 and err == "rivals: Goofspiel is for 2 to 4 players, not 7\n"


def test_new_help_names_the_games_and_their_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["new", "--help"], games=GAMES)
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "goofspiel      Goofspiel, 2 to 4 players" in out
    assert "--option cards=NUMBER" in out


def test_real_games_and_options_in_new_help(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.registry import GAMES as REAL

    with pytest.raises(SystemExit):
        main(["new", "--help"])
    out = capsys.readouterr().out
    assert all(gid in out for gid in REAL)
    assert "--option expert=on|off" in out  # Rivality's expert rules
    assert "Rivalist, 2 players" in out  # (not "2-2 players")
    # A value is written as it is typed: one shell word, not "player 1".
    assert "--option start=player_1|player_2  (Start player; default player_1)" in out


@pytest.mark.parametrize("typed", ["start=player_2", "start=Player 2", "start=PLAYER_2"])
def test_a_choice_is_taken_as_the_help_writes_it_or_with_its_space(typed: str) -> None:
    from engine.core.options import parse_assignments
    from engine.rival_realms.options import RivalRealmsOptions

    assert parse_assignments(RivalRealmsOptions, [typed]).start == "player 2"


def test_an_empty_save_dir_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["--save-dir", "", "list"], capsys)
    assert code == 1 and out == ""
    assert err == "rivals: --save-dir needs a folder name; leave it out to use the usual folder\n"


def test_a_save_folder_that_is_a_file_is_said_plainly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    afile = tmp_path / "notafolder"
    afile.write_text("x")
    code, _, err = run(["--save-dir", str(afile), "new", "goofspiel"], capsys)
    assert code == 1
    assert err == f"rivals: the save folder {afile} is a file, not a folder; give another with --save-dir\n"


def _damage_with_backup(tmp_path: Path) -> Any:
    store = make_store(tmp_path)
    m = goof_match(VS_AI)
    store.save("evening", m)
    m.submit(0, m.legal(0)[0])
    store.save("evening", m)
    store.path("evening").write_text('{"format_version": 1, "ga')
    return store


def test_resume_of_a_damaged_save_offers_the_backup(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = _damage_with_backup(tmp_path)
    code, _, err = run(["--save-dir", str(store.root), "resume", "evening"], capsys)
    assert code == 1 and err.count("\n") == 1
    assert "The previous version of this save can be restored (with 0 moves made)." in err
    assert ". The previous version" in err  # the error is a sentence of its own
    assert "rivals resume evening --restore" in err
    assert store.path("evening").read_text() == '{"format_version": 1, "ga'  # nothing changed


def test_resume_without_a_name_names_the_damaged_save_and_its_backup(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = _damage_with_backup(tmp_path)
    code, _, err = run(["--save-dir", str(store.root), "resume"], capsys)
    assert code == 1 and err.count("\n") == 1
    assert err.startswith(f"rivals: no unfinished game in {store.root} can be read: evening.json: ")
    assert "rivals resume evening --restore" in err


def test_resume_restore_puts_the_backup_back(tmp_path: Path) -> None:
    store = _damage_with_backup(tmp_path)
    session = _resume(store, "evening", GAMES, restore=True)
    try:
        assert session.match.history == []
    finally:
        session.close()
    assert (store.root / "evening.json.damaged").read_text() == '{"format_version": 1, "ga'


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX pipes")
@pytest.mark.parametrize("kind", ["pipe", "link to /dev/zero"])
def test_resume_of_a_pipe_or_an_endless_device_does_not_hang(tmp_path: Path, kind: str) -> None:
    store = make_store(tmp_path)
    store.root.mkdir(parents=True)
    if kind == "pipe":
        os.mkfifo(store.path("odd"))
    else:
        store.path("odd").symlink_to("/dev/zero")
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(root=str(ROOT)), "--save-dir", str(store.root), "resume", "odd"],
        capture_output=True,
        text=True,
        timeout=60,  # a hang (or reading /dev/zero until memory runs out) fails here
    )
    assert proc.returncode == 1
    assert proc.stderr == "rivals: odd.json: not a Rivals save (it is not a plain file)\n"


@pytest.mark.parametrize("columns", [80, 160])
def test_list_fits_the_terminal_and_keeps_every_word(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    store = make_store(tmp_path)
    names = [SeatSpec("Annabelle Longname"), SeatSpec("Bartholomew Quince", "ai", "easy")]
    store.save("a-long-save-name-2026-12-05", goof_match(names))
    (store.root / "broken.json").write_text("{not json")
    code, out, _ = run(["--save-dir", str(store.root), "list"], capsys)
    lines = out.splitlines()
    assert code == 0 and max(map(len, lines)) <= columns
    # Nothing is cut: every word of every cell is there, and the save's name is whole (it is
    # what `rivals resume NAME` takes).
    words = out.split()
    assert "a-long-save-name-2026-12-05" in words and "broken" in words
    for word in ("Annabelle", "Longname,", "Bartholomew", "Quince", "broken.json:"):
        assert word in words
    if columns == 160:  # wide enough: one line per save, as a plain table
        assert lines[2].startswith("a-long-save-name-2026-12-05  Goofspiel  Annabelle Longname")
