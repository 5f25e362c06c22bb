"""The personal-best file: a best per solo table kept across runs, games with a move taken back
never counting, atomic writes, and a damaged file ignored with one sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves.records import DAMAGED, ENV_VAR, FILE_NAME, BestScores, table_key

TABLE = table_key("rival_realms", "hard")


def test_a_best_is_kept_across_runs_and_only_beaten_by_more(tmp_path: Path) -> None:
    path = tmp_path / "data" / FILE_NAME
    first = BestScores(path)
    assert first.best_for(TABLE) is None
    assert first.offer(TABLE, "rival_realms:1", 27) == (True, None)  # the first score always counts
    assert first.offer(TABLE, "rival_realms:2", 27) == (False, 27)  # a tie is not a new best
    assert first.offer(TABLE, "rival_realms:3", 31) == (True, 27)
    again = BestScores(path)  # the next session reads it back
    assert again.best_for(TABLE) == 31 and again.problem is None
    assert again.best_for(table_key("rival_realms", "easy")) is None
    # Nothing but the file itself is left in the folder (no temporary file).
    assert [p.name for p in path.parent.iterdir()] == [FILE_NAME]


def test_a_game_with_a_move_taken_back_never_counts_even_after_resuming(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    BestScores(path).took_back("rival_realms:9")
    resumed = BestScores(path)
    assert not resumed.counts("rival_realms:9")
    assert resumed.offer(TABLE, "rival_realms:9", 50) == (False, None)
    assert resumed.best_for(TABLE) is None


@pytest.mark.parametrize(
    "text",
    [
        b"{not json",
        b"[1, 2]",
        b'{"format": 1, "best": {"rival_realms/hard": "lots"}, "taken_back": []}',
        b"\xff",
    ],
)
def test_a_damaged_file_is_ignored_with_one_sentence_and_replaced(tmp_path: Path, text: bytes) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(text)
    records = BestScores(path)
    assert records.problem == DAMAGED.format(path=path)
    assert records.best_for(TABLE) is None
    assert records.offer(TABLE, "rival_realms:4", 22) == (True, None)
    assert records.problem is None
    assert BestScores(path).best_for(TABLE) == 22


def test_a_folder_that_cannot_be_written_says_so_without_raising(tmp_path: Path) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    records = BestScores(blocker / FILE_NAME)
    assert records.offer(TABLE, "rival_realms:5", 30) == (True, None)
    assert records.problem is not None and "could not be written" in records.problem


def test_the_default_file_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "elsewhere"))
    assert BestScores.default().path == tmp_path / "elsewhere" / FILE_NAME
