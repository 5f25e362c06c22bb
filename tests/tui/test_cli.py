"""The `rivals` command line: list, --version, argument errors, resume errors, and SIGHUP."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import engine
from engine.core import SeatSpec
from rivals_tui.cli import main
from tests.tui.conftest import GAMES, VS_AI, goof_match, make_store

ROOT = Path(__file__).resolve().parents[2]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv, games=GAMES)
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"], games=GAMES)
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"rivals {engine.__version__}"


def test_list_prints_a_plain_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")  # (at 80 a cell may wrap: test_list_fits_the_terminal...)
    store = make_store(tmp_path)
    m = goof_match(VS_AI)
    m.submit(0, m.legal(0)[0])
    store.save("evening", m)
    store.path("mangled").write_text("not json at all")
    code, out, err = run(["--save-dir", str(store.root), "list"], capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["NAME", "GAME", "PLAYERS"]
    evening = next(line for line in lines if line.startswith("evening"))
    assert "Goofspiel" in evening and "Ann, Bot" in evening and "in progress" in evening
    mangled = next(line for line in lines if line.startswith("mangled"))
    assert "damaged (see below)" in mangled
    # What is wrong is said in full below the table.
    assert any(line.startswith("mangled: mangled.json: not a Rivals save") for line in lines)


def test_list_uses_rivals_save_dir(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RIVALS_SAVE_DIR", str(tmp_path / "elsewhere"))
    code, out, _ = run(["list"], capsys)
    assert code == 0 and "No saved games in" in out and "elsewhere" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["new", "chess"], "rivals: unknown game 'chess' (known: goofspiel)"),
        (["new", "goofspiel", "--players", "7"], "rivals: Goofspiel is for 2 to 4 players, not 7"),
        (["new", "goofspiel", "--players", "3", "--names", "A,B"], "rivals: --names needs 3 names, got 2"),
        (["new", "goofspiel", "--ai", "none", "--humans", "1"], "rivals: --ai none makes every seat human"),
        (
            ["new", "goofspiel", "--games", "3"],
            "rivals: Goofspiel has no option to play several games in a row",
        ),
        (["resume"], "rivals: no unfinished game to resume"),
        (["resume", "ghost"], "rivals: ghost.json: no such save"),
    ],
)
def test_errors_are_one_line_on_stderr(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["--save-dir", str(tmp_path / "saves"), *argv], capsys)
    assert code != 0 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_bad_option_value_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["new", "goofspiel", "--ai", "genius"], games=GAMES)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'genius'" in err and err.count("\n") == 1


def test_resume_of_a_damaged_save_names_the_file_and_leaves_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = make_store(tmp_path)
    store.root.mkdir(parents=True)
    store.path("cut").write_text('{"format_version": 1,')
    code, _, err = run(["--save-dir", str(store.root), "resume", "cut"], capsys)
    assert code == 1 and err.startswith("rivals: cut.json: ") and err.count("\n") == 1
    assert store.path("cut").read_text() == '{"format_version": 1,'
    store.lock("cut").release()  # the failed resume did not leave the save locked


SCRIPT = (
    "import sys; sys.path.insert(0, {root!r});"
    "from tests.tui.conftest import GAMES; from rivals_tui.cli import main;"
    "sys.exit(main(sys.argv[1:], games=GAMES, headless=True))"
)


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="SIGHUP is POSIX only")
def test_sighup_saves_and_exits_cleanly(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    env = {**os.environ, "RIVALS_CONFIG_DIR": str(tmp_path / "config"), "NO_COLOR": "1"}
    argv = ["new", "goofspiel", "--players", "3", "--ai", "easy", "--seed", "7", "--names", "A,B,C"]
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT.format(root=str(ROOT)), "--save-dir", str(saves), *argv],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        # The game is saved as soon as it starts; wait for that file (and for the app to run).
        deadline = time.monotonic() + 60
        while not list(saves.glob("*.json")) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
        proc.send_signal(signal.SIGHUP)
        code = proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert code == 0
    store = make_store(tmp_path)
    (info,) = store.list()
    assert info.players == ("A", "B", "C") and info.status == "in progress"
    match = store.load(info.name)
    assert match.seed == 7
    assert match.seats == (SeatSpec("A"), SeatSpec("B", "ai", "easy"), SeatSpec("C", "ai", "easy"))
    store.lock(info.name).release()  # the lock was released on the way out
