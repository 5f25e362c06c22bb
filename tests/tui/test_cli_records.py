"""`rivals export` and `rivals import`, end to end: a save exported and imported again is the same
game in a new save that `rivals resume` opens; bad input is one sentence on stderr, exit status 2,
and nothing written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core import SeatSpec
from engine.core.match import Match
from rivals_tui.cli import main
from saves.gamerecord import record_of
from saves.recordformat import to_json, to_text
from saves.store import SaveStore
from tests.saves.helpers import assert_same_match
from tests.support import golden

ROOT = Path(__file__).resolve().parents[2]
SEATS = [SeatSpec("Ann"), SeatSpec("Zoë", "ai", "hard")]
BEGAN = "2026-11-29T19:30:00+00:00"
LAST_MOVE = "2026-11-29T21:05:00+00:00"


def saved_game(store: SaveStore, name: str, upto: int | None = None) -> Match:
    """The golden Rivalist game at a table of Ann and a hard AI, saved as `name`."""
    m = golden.replay("rivalist-2p.txt", SEATS)
    if upto is not None:
        m.undo(upto)
    store.save(name, m, created=BEGAN, updated=LAST_MOVE)
    return m


def run(store: SaveStore, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--save-dir", str(store.root), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def files(store: SaveStore) -> list[str]:
    return sorted(p.name for p in store.root.iterdir())


@pytest.mark.parametrize("form", ["text", "json"])
def test_a_save_exported_and_imported_is_the_same_game_in_a_new_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], form: str
) -> None:
    store = SaveStore(tmp_path / "saves")
    m = saved_game(store, "evening", upto=60)
    record = tmp_path / f"evening.{'txt' if form == 'text' else 'json'}"
    code, out, err = run(store, capsys, "export", "evening", "--format", form, "-o", str(record))
    assert (code, err) == (0, "")
    assert out == f"Wrote {record}: Rivalist, 60 moves, unfinished.\n"
    code, out, err = run(store, capsys, "import", str(record))
    assert (code, err) == (0, "")
    assert out == (
        f"Imported {record.name} as the save evening-2: Rivalist, 60 moves, unfinished. "
        "Open it with: rivals resume evening-2\n"
    )
    again, envelope = store.load_envelope("evening-2")
    assert_same_match(again, m)
    # The game keeps the day it began and when it was last played: importing is not playing,
    # so the load list's "last played" and the statistics' months stay the game's own.
    assert envelope["created"] == store.load_envelope("evening")[1]["created"] == BEGAN
    assert envelope["updated"] == store.load_envelope("evening")[1]["updated"] == LAST_MOVE
    assert {(i.name, i.updated) for i in store.list()} == {("evening", LAST_MOVE), ("evening-2", LAST_MOVE)}


def test_a_record_without_its_first_date_is_dated_by_its_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A table server's record says when the game ended and not when it began: the save dates
    # the whole game then, never later than its last move.
    store = SaveStore(tmp_path / "saves")
    record = tmp_path / "table.json"
    record.write_text(
        to_json(record_of(golden.replay("rivalist-2p.txt", SEATS), updated=LAST_MOVE), "Rivalist")
    )
    code, out, _ = run(store, capsys, "import", str(record))
    # A finished game has no move left to make: it is watched again, not resumed.
    assert code == 0 and out.endswith(" moves, finished. Watch it with: rivals replay table\n")
    envelope = store.load_envelope("table")[1]
    assert (envelope["created"], envelope["updated"]) == (LAST_MOVE, LAST_MOVE)


def test_export_writes_text_to_standard_output_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = SaveStore(tmp_path / "saves")
    m = saved_game(store, "evening")
    code, out, err = run(store, capsys, "export", "evening")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert 'seat p1 human "Ann"' in lines and 'seat p2 ai hard "Zoë"' in lines
    assert "status finished" in lines and f"moves {len(m.history)}" in lines
    out_ = m.outcome()
    assert out_ is not None and f"scores {' '.join(map(str, out_.scores))}" in lines
    code, out, _ = run(store, capsys, "export", "evening.json", "--format", "json")
    assert code == 0 and json.loads(out)["status"] == "finished"


def test_import_names_the_save_as_asked_and_never_overwrites_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = SaveStore(tmp_path / "saves")
    saved_game(store, "evening", upto=10)
    record = tmp_path / "r.txt"
    assert run(store, capsys, "export", "evening", "-o", str(record))[0] == 0
    before = store.path("evening").read_bytes()
    code, out, err = run(store, capsys, "import", str(record), "--name", "evening")
    assert (code, out) == (2, "")
    assert err == "rivals: evening: a save of that name already exists; give another with --name\n"
    assert store.path("evening").read_bytes() == before
    assert run(store, capsys, "import", str(record), "--name", "kept")[0] == 0
    assert len(store.load("kept").history) == 10


def bad_records(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Files that are no good record, each with the sentence `rivals import` says of it."""
    text = to_text(record_of(golden.replay("rivalist-2p.txt", SEATS)), "Rivalist")
    lines = text.splitlines()
    take = next(i for i, ln in enumerate(lines) if " p2: take " in ln)
    n = sum(1 for ln in lines[:take] if ln[:1].isdigit()) + 1
    label = lines[take].split()[0]
    made = {
        "illegal": ("\n".join([*lines[:take], f"{label} p2: take 99", *lines[take + 1 :]]), None),
        "cut": (text[: len(text) // 2], None),
        "latin1": (None, "Zoë".encode("latin-1")),
        "huge": (None, b"#" * (8 * 1024 * 1024 + 1)),
        "diary": ("Dear diary,\n", None),
    }
    said = {
        "illegal": f'line {take + 1}, move {n}: p2: take 99: "take 99" is not a move Player 2 can make now.',
        "cut": "the record is cut off: it holds ",
        "latin1": "not a Rivals game record (it is not UTF-8 text)",
        "huge": "not a Rivals game record (it is larger than 8 MB, far more than any game)",
        "diary": "not a Rivals game record (it has no game line)",
    }
    out = {}
    for key, (as_text, as_bytes) in made.items():
        path = tmp_path / f"{key}.txt"
        if as_bytes is not None:
            path.write_bytes(as_bytes)
        else:
            path.write_text(as_text or "", encoding="utf-8")
        out[key] = (path, f"rivals: {key}.txt: {said[key]}")
    out["missing"] = (tmp_path / "ghost.txt", "rivals: ghost.txt: cannot be read (No such file or directory)")
    return out


def test_a_bad_record_is_one_sentence_status_2_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = SaveStore(tmp_path / "saves")
    saved_game(store, "evening", upto=4)
    before = files(store)
    for key, (path, sentence) in bad_records(tmp_path).items():
        code, out, err = run(store, capsys, "import", str(path))
        assert (code, out) == (2, ""), key
        assert err.count("\n") == 1 and err.startswith(sentence), (key, err)
        assert files(store) == before, key


def test_export_of_a_missing_save_is_one_sentence_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = SaveStore(tmp_path / "saves")
    code, out, err = run(store, capsys, "export", "ghost")
    assert (code, out) == (2, "")
    assert err == f"rivals: ghost.json: no such save in {store.root}\n"
    saved_game(store, "evening", upto=4)
    code, out, err = run(store, capsys, "export", "evening", "-o", str(tmp_path / "no-such-folder" / "r.txt"))
    assert (code, out) == (2, "")
    assert err.startswith(f"rivals: {tmp_path / 'no-such-folder' / 'r.txt'}: cannot be written (")


def test_the_rivals_command_exports_and_imports(tmp_path: Path) -> None:
    """The real entry point, in a process of its own with its own RIVALS_SAVE_DIR."""
    store = SaveStore(tmp_path / "saves")
    m = saved_game(store, "evening", upto=30)
    env = {**os.environ, "RIVALS_SAVE_DIR": str(store.root)}

    def rivals(*argv: str) -> subprocess.CompletedProcess[bytes]:
        command = [sys.executable, "-m", "rivals_tui", *argv]
        return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, timeout=60)

    exported = rivals("export", "evening", "--format", "json")
    assert (exported.returncode, exported.stderr) == (0, b"")
    record = tmp_path / "game.json"
    record.write_bytes(exported.stdout)
    done = rivals("import", str(record), "--name", "again")
    assert (done.returncode, done.stderr) == (0, b"")
    assert_same_match(store.load("again"), m)
    bad = tmp_path / "bad.json"
    bad.write_bytes(exported.stdout[:200])
    done = rivals("import", str(bad))
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().startswith(
        "rivals: bad.json: not a Rivals game record (the JSON is cut off at line "
    )
