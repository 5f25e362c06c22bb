"""The app collects garbage on a timer, between updates, not whenever allocations pile up (which
is in the middle of taking a move in and painting it), and leaves the collector as it found it."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from tests.net.support import ann_at_bobs_table
from tests.tui.conftest import make_app


class Node:
    """Something a reference cycle can be made of (and a weak reference can watch)."""

    def __init__(self) -> None:
        self.other: Node | None = None


async def test_the_app_collects_on_its_timer_and_turns_the_collector_back_on(tmp_path: Path) -> None:
    assert gc.isenabled()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not gc.isenabled()  # no collection in the middle of a paint
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle: only a collection frees it
        watch = weakref.ref(a)
        del a, b
        assert watch() is not None
        app._collect()  # what the timer runs between updates
        assert watch() is None
    assert gc.isenabled()  # the process's collector is back once the app has ended


async def test_an_app_at_a_table_server_also_leaves_the_collector_as_it_found_it(tmp_path: Path) -> None:
    # RemoteApp's own on_mount once called RivalsApp's as well, which Textual calls anyway: run
    # twice, the second call found the collector already off and the app never turned it on again.
    server, _bob, _seated, app = await ann_at_bobs_table(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not gc.isenabled()
    assert gc.isenabled()
    await server.stop()
