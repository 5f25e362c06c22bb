"""A save is locked while a Rivals window plays it; a crashed window's lock is taken over."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from saves.errors import SaveError
from saves.store import SaveStore
from tests.saves.helpers import GOOF_GAMES, goof_match

ROOT = Path(__file__).resolve().parents[2]

# Another Rivals process: takes the lock, says so, then waits for a line on stdin.
HOLDER = """
import sys
from pathlib import Path
from saves.store import SaveStore
lock = SaveStore(Path(sys.argv[1])).lock(sys.argv[2])
print("locked", flush=True)
sys.stdin.readline()
lock.release()
print("released", flush=True)
"""


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    s = SaveStore(tmp_path, games=GOOF_GAMES)
    s.save("duel", goof_match([(0, 3)]))
    return s


@pytest.fixture
def holder(store: SaveStore) -> Iterator[subprocess.Popen[str]]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(store.root), "duel"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
    yield proc
    if proc.poll() is None:
        proc.kill()
    proc.wait()


def test_a_second_lock_in_the_same_process_is_refused(store: SaveStore) -> None:
    first = store.lock("duel")
    with pytest.raises(SaveError) as err:
        store.lock("duel")
    assert str(err.value) == f"duel: already open in another Rivals window (pid {os.getpid()})"
    assert first.held
    first.release()
    assert not first.held and not store.lock_path("duel").exists()
    first.release()  # a second release does nothing
    with store.lock("duel") as again:
        assert again.held
    assert not store.lock_path("duel").exists()


def test_a_lock_held_by_another_live_process_is_refused(
    store: SaveStore, holder: subprocess.Popen[str]
) -> None:
    with pytest.raises(SaveError) as err:
        store.lock("duel")
    assert str(err.value) == f"duel: already open in another Rivals window (pid {holder.pid})"
    # Reading the save is still fine: only playing it is exclusive.
    assert store.load("duel").history == goof_match([(0, 3)]).history

    assert holder.stdin is not None and holder.stdout is not None
    holder.stdin.write("\n")
    holder.stdin.flush()
    assert holder.stdout.readline().strip() == "released"
    holder.wait()
    with store.lock("duel") as lock:
        assert lock.held


def test_the_lock_of_a_killed_process_is_taken_over(store: SaveStore, holder: subprocess.Popen[str]) -> None:
    holder.kill()  # the terminal was closed: no chance to release
    holder.wait()
    assert store.lock_path("duel").read_text().strip() == str(holder.pid)

    with store.lock("duel") as lock:
        assert lock.held
        assert store.lock_path("duel").read_text().strip() == str(os.getpid())


def test_a_leftover_lock_file_naming_a_dead_process_is_taken_over(store: SaveStore) -> None:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    store.lock_path("duel").write_text(f"{gone.pid}\n")  # left by a process that has ended
    lock = store.lock("duel")
    assert store.lock_path("duel").read_text().strip() == str(os.getpid())
    lock.release()
    assert not store.lock_path("duel").exists()
