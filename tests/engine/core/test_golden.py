"""Golden playthroughs: one seeded game of each game, written down as its moves in the game's
notation (tests/golden/<game>-<table>.txt), replayed through `parse_move` and `Match.submit` (every
move checked) to the final scores and winners the file records.

A failure here means a rule now plays differently. If the change was deliberate, re-record the
file from its own header and commit it with the change:

    python -m tests.support.golden record tests/golden/<game>-<table>.txt

The file's diff then shows what the change did to a whole game: moves that became possible or
impossible, the descriptions beside them, and the score by category at the end.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.match import Match
from engine.registry import GAMES
from tests.support import golden

FILES = sorted(golden.GOLDEN.glob("*.txt"))


def test_every_game_has_a_golden_playthrough() -> None:
    assert sorted(golden.read(f).header.game for f in FILES) == sorted(GAMES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_golden_game_replays_to_its_recorded_end(path: Path) -> None:
    g = golden.read(path)
    assert g.scores is not None and not g.header.until, "a playthrough runs to the end"
    m = golden.replay(path)
    out = m.outcome()
    assert out is not None and (out.scores, out.winners) == (g.scores, g.winners)
    assert len(m.history) == len(g.moves)


def changed(path: Path, tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    text = path.read_text(encoding="utf-8")
    assert old in text
    out = tmp_path / path.name
    out.write_text(text.replace(old, new, count), encoding="utf-8")
    return out


def test_a_changed_move_or_end_is_caught_with_its_line(tmp_path: Path) -> None:
    path = golden.GOLDEN / "rivalist-2p.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    n, line = next((i, ln) for i, ln in enumerate(lines, 1) if " p2: take " in ln)
    label = line.split()[0]
    k = 1 + sum(1 for ln in lines[: n - 1] if ln[:1].isdigit())  # the move's number
    # Another seat making the move, another move, words that name none, another score.
    with pytest.raises(golden.GoldenMismatch, match=f"line {n}, move {k}: p1: .*has no decision to make now"):
        golden.replay(changed(path, tmp_path, line, line.replace("p2:", "p1:")))
    with pytest.raises(
        golden.GoldenMismatch, match=f"line {n}, move {k}: p2: take 99: .*not a move Player 2 can"
    ):
        golden.replay(changed(path, tmp_path, line, f"{label} p2: take 99"))
    with pytest.raises(golden.GoldenMismatch, match=f"line {n}, move {k}: .*No Rivalist move starts with"):
        golden.replay(changed(path, tmp_path, line, f"{label} p2: grab 3"))
    with pytest.raises(
        golden.GoldenMismatch, match=f"line {n}, move {k}: .*not written as the notation writes it"
    ):
        golden.replay(changed(path, tmp_path, line, line.replace("p2: take", "p2: TAKE")))
    scores = next(ln for ln in lines if ln.startswith("scores "))
    with pytest.raises(golden.GoldenMismatch, match="but the record says scores 0 0"):
        golden.replay(changed(path, tmp_path, scores, "scores 0 0"))
    # Every message says how to re-record.
    with pytest.raises(golden.GoldenMismatch, match="python -m tests.support.golden record"):
        golden.replay(changed(path, tmp_path, scores, "scores 0 0"))


def test_recording_again_from_the_header_writes_the_same_file(tmp_path: Path) -> None:
    for name in ("rivalist-2p.txt", "rivality-2p-expert.txt"):
        copy = tmp_path / name
        copy.write_text((golden.GOLDEN / name).read_text(encoding="utf-8"), encoding="utf-8")
        assert golden.main(["record", str(copy)]) == 0
        body = [ln for ln in copy.read_text(encoding="utf-8").splitlines() if not ln.startswith("#   python")]
        want = [
            ln
            for ln in (golden.GOLDEN / name).read_text(encoding="utf-8").splitlines()
            if not ln.startswith("#   python")
        ]
        assert body == want


def test_a_new_file_records_a_position_where_its_predicate_holds(tmp_path: Path) -> None:
    path = tmp_path / "rk.txt"
    until = "tests.engine.core.test_golden:someone_recruits"
    args = ["record", str(path), "--game", "rival_kings", "--seats", "3", "--seed", "4", "--until", until]
    assert golden.main(args) == 0
    m = golden.replay(path)
    assert not m.over and someone_recruits(m)
    assert golden.read(path).header.until == until


def someone_recruits(m: Match) -> bool:
    """A predicate for the test above: a Recruit on offer."""
    return any(type(a).__name__ == "Recruit" for seat in m.to_act() for a in m.legal(seat))
