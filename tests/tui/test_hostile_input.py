"""Hostile names, failing disks and impatient keys, through the app's screens.

Each test names the defect it guards against (issue 8); each failed before its fix.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Input, Static

from engine.core import SeatSpec
from rivals_tui.app import RivalsApp
from rivals_tui.dialogs import AskDialog, RestoreDialog
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.load import LoadScreen
from rivals_tui.screens.menu import MenuScreen
from rivals_tui.screens.new_game import NewGameScreen
from rivals_tui.screens.pass_keyboard import PassScreen
from rivals_tui.session import LocalSession
from rivals_tui.text import safe_text
from saves import store as store_module
from saves.store import SaveStore
from tests.tui.conftest import VS_AI, goof_match, make_app, make_store
from tests.tui.flow import until
from tests.tui.test_key_fuzz import send_burst

MARKUP_NAMES = ["[/x]", "[/]", "[link=file:///etc/passwd]x[/]", "[bold red]", "[@click=app.quit]"]


def shown(app: RivalsApp, selector: str) -> str:
    """The text a Static shows, as the player reads it."""
    return str(app.screen.query_one(selector, Static).render())


def table_text(table: DataTable[Any]) -> str:
    return "\n".join(" | ".join(str(c) for c in table.get_row_at(r)) for r in range(table.row_count))


# -- names are never markup ----------------------------------------------------------------
@pytest.mark.parametrize("names", [MARKUP_NAMES[:3], MARKUP_NAMES[3:] + ["\x1b]0;pwned\x07"]])
async def test_markup_and_escape_names_survive_new_game_play_save_restart_and_load(
    tmp_path: Path, names: list[str]
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        form.query_one("#count").value = len(names)  # type: ignore[attr-defined]
        await pilot.pause()
        for i, name in enumerate(names):
            form.query_one(f"#kind-{i}").value = "human"  # type: ignore[attr-defined]
            form.query_one(f"#name-{i}", Input).value = name
        await pilot.press("ctrl+s")
        # Hot-seat: the pass screen names the first player, exactly as typed.
        await until(pilot, lambda: isinstance(app.screen, PassScreen))
        assert safe_text(names[0]) in shown(app, "#pass-title")
        for _ in range(len(names) * 2):  # everyone bids once, through the pass screens
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, GameScreen | PassScreen))
            if isinstance(app.screen, GameScreen):
                status = shown(app, "#status")
                assert any(safe_text(n) in status for n in names), status
                assert "\x1b" not in status
                await pilot.press("enter")
        assert app.is_running  # "[@click=app.quit]" shown, not obeyed
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        cont = shown(app, "#menu-continue")
        assert all(safe_text(n) in cont for n in names) and "\x1b" not in cont
    # A new start with the same folder: the menu, the Load list and the game all show the names.
    again = make_app(tmp_path)
    async with again.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(again.screen, MenuScreen))
        await pilot.press("o")
        await until(pilot, lambda: isinstance(again.screen, LoadScreen))
        rows = table_text(again.screen.query_one(DataTable))
        assert ", ".join(safe_text(n) for n in names) in rows and "\x1b" not in rows
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(again.screen, PassScreen | GameScreen))
        assert again.is_running
    assert again.return_code in (None, 0)


async def test_a_lone_surrogate_in_a_saved_name_is_shown_escaped_and_saved_again(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    match = goof_match([SeatSpec("Ann\ud800"), SeatSpec("Bot", "ai", "easy")])
    store.save("odd", match)  # used to fail: a lone surrogate cannot be written as UTF-8
    app = make_app(tmp_path, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert "Ann\\ud800" in shown(app, "#status")
        await pilot.press("enter")  # a move, so the game is saved again
        await until(pilot, lambda: len(app.session.match.history) >= 2)  # type: ignore[union-attr]
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
    assert store.load("odd").seats[0].name == "Ann\ud800"


# -- a failing disk never ends the game ----------------------------------------------------
@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS, errno.EFBIG, errno.EPERM])
async def test_a_failed_autosave_is_one_sentence_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    store = make_store(tmp_path)
    session = LocalSession(goof_match(VS_AI, cards=5), store)
    app = make_app(tmp_path, store=store, session=session)
    real_replace = os.replace

    def refuse(*args: Any, **kw: Any) -> None:
        raise OSError(code, os.strerror(code))

    async with app.run_test(size=(100, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        monkeypatch.setattr(store_module.os, "replace", refuse)
        await pilot.press("enter")
        await until(pilot, lambda: len(session.match.history) >= 2)
        status = shown(app, "#status")
        assert f"Autosave failed (could not be saved ({os.strerror(code)}))" in status
        assert "ctrl+s" in status and app.is_running
        assert len(store.load(session.name or "").history) == 0  # the disk still has the start
        # The disk recovers: the next move saves everything, and the screen says so.
        monkeypatch.setattr(store_module.os, "replace", real_replace)
        await pilot.press("enter")
        await until(pilot, lambda: len(session.match.history) >= 4)
        assert "The game is saved again." in shown(app, "#status")
        assert store.load(session.name or "").history == session.match.history
        await pilot.press("q")
    store.lock(session.name or "").release()


async def test_save_elsewhere_moves_the_game_to_another_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = make_store(tmp_path)
    session = LocalSession(goof_match(VS_AI, cards=5), store)
    app = make_app(tmp_path, store=store, session=session)
    other = tmp_path / "usb stick"

    def full(*args: Any, **kw: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    async with app.run_test(size=(100, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        monkeypatch.setattr(store_module.tempfile, "mkstemp", full)
        await pilot.press("enter")
        await until(pilot, lambda: "Autosave failed" in shown(app, "#status"))
        monkeypatch.undo()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, AskDialog))
        app.screen.query_one(Input).value = str(other)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert f"Saved as {other}" in shown(app, "#status")
        await pilot.press("q")
    moved = make_store(other.parent).__class__(other, games=store.games)
    assert moved.load(session.name or "").history == session.match.history
    moved.lock(session.name or "").release()  # released on the way out
    store.lock(session.name or "").release()  # and the first folder's lock too


def test_a_file_size_limit_keeps_the_game_in_memory_and_the_old_save_whole(tmp_path: Path) -> None:
    """A real fault, not a simulated one: a process file-size limit below the save's size."""
    pytest.importorskip("resource")
    import signal
    import subprocess
    import sys

    store = make_store(tmp_path)
    session = LocalSession(goof_match(VS_AI, cards=5), store)
    session.close()
    size = store.path(session.name or "").stat().st_size
    script = f"""
import resource, signal, sys
sys.path.insert(0, {str(Path(__file__).resolve().parents[2])!r})
from tests.tui.conftest import make_store
from rivals_tui.session import LocalSession
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
store = make_store(__import__("pathlib").Path({str(tmp_path)!r}))
s = LocalSession(store.load({session.name!r}), store, name={session.name!r})
resource.setrlimit(resource.RLIMIT_FSIZE, ({size // 2}, {size // 2}))
s.submit(0, s.legal(0)[0])
print(len(s.match.history), s.save_problem)
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    moves, problem = out.stdout.split(" ", 1)
    assert moves == "1" and "could not be saved (File too large)" in problem
    assert len(store.load(session.name or "").history) == 0  # the last good save is intact
    assert not list(store.root.glob(".*.tmp"))
    assert signal.SIGXFSZ  # (used in the child)


def _make_unwritable(path: Path) -> Any:
    """Make `path` really refuse writes: chmod for a normal user; for root (who ignores modes)
    the immutable attribute. Returns the undo, or skips the test where neither works."""
    import shutil
    import subprocess

    if not (hasattr(os, "geteuid") and os.geteuid() == 0):
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        return lambda: path.chmod(mode)
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(path)], capture_output=True).returncode != 0:
        pytest.skip("root, and no immutable attribute on this file system")
    return lambda: subprocess.run([chattr, "-i", str(path)], check=True)


@pytest.mark.parametrize("what", ["the save folder", "the save file"])
def test_a_folder_or_file_that_refuses_writes_keeps_the_game_in_memory(tmp_path: Path, what: str) -> None:
    """Real faults, not simulated ones: a read-only (or immutable) folder, an immutable save."""
    store = make_store(tmp_path)
    session = LocalSession(goof_match(VS_AI, cards=5), store)
    name = session.name or ""
    undo = _make_unwritable(store.root if what == "the save folder" else store.path(name))
    try:
        session.submit(0, session.legal(0)[0])
        assert session.save_problem is not None and "could not be saved" in session.save_problem
        assert len(session.match.history) == 1  # the move stands, in memory
        assert len(store.load(name).history) == 0  # and the last good save is whole
    finally:
        undo()
    session.submit(1, session.legal(1)[0])  # writable again: the next move saves everything
    assert session.save_problem is None and store.load(name).history == session.match.history
    session.close()
    assert not list(store.root.glob(".*.tmp"))


# -- fast keys on screens already gone -----------------------------------------------------
@pytest.mark.parametrize(
    "first, burst",
    [
        ("n", ["ctrl+p", *"back", "enter", "enter", "enter"]),  # the palette's Back, then Select keys
        ("n", ["ctrl+s", "ctrl+s", "escape", "ctrl+s"]),
        ("r", ["enter", "escape", "escape", "pagedown", "j"]),
        ("r", ["ctrl+p", *"back", "enter", "enter"]),
    ],
)
async def test_keys_faster_than_the_screens_never_crash(tmp_path: Path, first: str, burst: list[str]) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(first)
        await pilot.pause()
        send_burst(app, burst)
        for _ in range(20):
            await pilot.pause()
        await app.workers.wait_for_complete()
    assert app.return_code in (None, 0)


async def test_new_game_numbers_that_are_not_numbers_get_a_sentence(tmp_path: Path) -> None:
    from engine.registry import GAMES
    from rivals_tui.settings import Settings
    from saves.store import SaveStore

    settings = tmp_path / "settings.json"
    Settings(ai_pace=0.0).save(settings)
    app = RivalsApp(games=GAMES, store=SaveStore(tmp_path / "saves", games=GAMES), settings_path=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        form.query_one("#game").value = "rival_kings"  # type: ignore[attr-defined]
        await pilot.pause()
        # Each wrong number in turn, in the same form: it stays open and says what is wanted.
        for seed, series in [("-", ""), ("+", ""), ("9" * 40, ""), ("", "-"), ("", "9" * 40)]:
            form.query_one("#seed", Input).value = seed
            form.query_one("#series").value = "games" if series else "single"  # type: ignore[attr-defined]
            await pilot.pause()
            if series:
                form.query_one("#series-n", Input).value = series
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is form, (seed, series)
            error = shown(app, "#new-error")
            assert (
                "the seed as a whole number from 0 to" if seed else "for the series (a whole number up to"
            ) in error, (seed, series)


async def test_rules_with_the_key_panel_at_narrower_and_narrower_terminals(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "enter", "f2")
        await pilot.pause()
        for width in (60, 30, 12, 3):
            await pilot.resize_terminal(width, 24)
            for _ in range(3):
                await pilot.pause()
            await pilot.press("f2", "f2")
            assert app._exception is None, width
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
    assert app.return_code in (None, 0)


# -- small faults --------------------------------------------------------------------------
async def test_ctrl_c_says_how_to_quit_and_the_palette_lists_quit_once(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert any("ctrl+q" in str(n.message) for n in app._notifications)
        assert app.is_running
        titles = [c.title for c in app.get_system_commands(app.screen)]
        from rivals_tui.app import KeysProvider

        provider = KeysProvider(app.screen)
        ours = [name for name, _, _ in provider._commands()]
        assert sum(t.startswith("Quit") for t in [*titles, *ours]) == 1, (titles, ours)


async def test_a_crash_shows_one_sentence_and_writes_the_report_without_locals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = tmp_path / "state"
    monkeypatch.setenv("RIVALS_STATE_DIR", str(state))
    store = make_store(tmp_path)
    session = LocalSession(goof_match(VS_AI), store)
    app = make_app(tmp_path, store=store, session=session)

    def boom() -> None:
        hand = "".join(["SECRET", "-HAND"])  # a local the old traceback printed on screen
        raise RuntimeError(f"a bug ({len(hand)})")

    with pytest.raises(RuntimeError):
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            app.call_later(boom)
            await pilot.pause()
    (report,) = state.glob("crash-*.txt")
    assert app.exit_note == (
        f"Rivals saved the game and stopped after an internal error; the full report is in {report}."
    )
    on_screen = "".join(str(r) for r in app._exit_renderables)
    assert "SECRET-HAND" not in on_screen and "Traceback" not in on_screen
    text = report.read_text()
    assert "RuntimeError: a bug (11)" in text and "SECRET-HAND" not in text
    store.lock(session.name or "").release()


# -- a damaged save with a good backup -------------------------------------------------------
def _damaged_evening(tmp_path: Path) -> SaveStore:
    """A store whose save "evening" is damaged (three moves made) and whose previous version,
    two moves made, is good."""
    store = make_store(tmp_path)
    m = goof_match(VS_AI)
    store.save("evening", m)
    m.submit(0, m.legal(0)[0])
    m.submit(1, m.legal(1)[0])
    store.save("evening", m)
    m.submit(0, m.legal(0)[0])
    store.save("evening", m)
    data = json.loads(store.path("evening").read_text())
    data["snapshot"]["scores"] = [99, 99]  # damaged; its moves can still be counted
    store.path("evening").write_text(json.dumps(data))
    return store


async def _at_the_load_screen(pilot: Any, app: RivalsApp) -> None:
    await pilot.press("o")
    await until(pilot, lambda: isinstance(app.screen, LoadScreen))


async def _the_restored_save_opens(pilot: Any, app: RivalsApp, store: SaveStore) -> None:
    """After r: the list says the previous version is back, Enter opens it (two moves made), and
    the damaged file is kept aside."""
    await until(pilot, lambda: isinstance(app.screen, LoadScreen))
    await until(pilot, lambda: "the previous version is back" in shown(app, "#load-detail"))
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, GameScreen))
    assert len(app.session.match.history) == 2  # type: ignore[union-attr]
    assert (store.root / "evening.json.damaged").exists()
    await pilot.press("q")


async def test_opening_a_damaged_save_offers_its_previous_version_and_r_restores_it(tmp_path: Path) -> None:
    # The dialog says "Press r to restore it": r does so from the dialog itself.
    store = _damaged_evening(tmp_path)
    app = make_app(tmp_path, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await _at_the_load_screen(pilot, app)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, RestoreDialog))
        assert "Press r to restore it, or Enter to go back." in shown(app, ".dialog-hint")
        await pilot.press("r")
        await _the_restored_save_opens(pilot, app, store)


async def test_load_screen_restores_the_previous_version_with_one_key(tmp_path: Path) -> None:
    store = _damaged_evening(tmp_path)
    app = make_app(tmp_path, store=store)
    async with app.run_test(size=(100, 24)) as pilot:
        await _at_the_load_screen(pilot, app)
        detail = shown(app, "#load-detail")
        assert "The previous version of this save can be restored (1 move behind). Press r" in detail
        error, offer = detail.split("\n", 1)
        assert error.endswith(".") and offer.startswith("The previous version")  # two sentences
        await pilot.press("r")
        await _the_restored_save_opens(pilot, app, store)
