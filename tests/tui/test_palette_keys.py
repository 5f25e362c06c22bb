"""The command palette under keys at key-repeat speed: found by the random key bursts of
test_key_fuzz.py (5 crashes in 8,000 keys), each case here made to happen every time.

- A Page key in the moment after the palette's entries arrive and before the list showing them
  has been laid out (Textual's list pages by a map of its lines that it builds only once it has
  room on the screen): KeyError.
- A second ctrl+p handled while the palette just closed is still being taken down: the new one
  had the same id as the old, and the app stopped with DuplicateIds.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandList, CommandPalette

from rivals_tui.app import RivalsApp
from rivals_tui.session import LocalSession
from tests.tui.conftest import VS_AI, goof_match, make_app, make_store


def _app(tmp_path: Path) -> RivalsApp:
    store = make_store(tmp_path)
    return make_app(tmp_path, store=store, session=LocalSession(goof_match(VS_AI, cards=5), store))


@pytest.mark.parametrize("opened_by", ["ctrl+p", "theme"])
@pytest.mark.parametrize("key", ["page_up", "page_down"])
async def test_a_page_key_before_the_palettes_list_is_laid_out_does_nothing(
    tmp_path: Path, opened_by: str, key: str
) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        if opened_by == "theme":
            app.search_themes()  # the palette's "Theme" entry
        else:
            await pilot.press("ctrl+p")
        await pilot.pause(0.3)  # the entries gathered and shown
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        entries = palette.query_one(CommandList)
        found = [entries.get_option_at_index(i) for i in range(entries.option_count)]
        assert len(found) > 1
        # As just after opening: no entries yet, so the list is hidden and has no room...
        entries.clear_options()
        palette._list_visible = False
        await pilot.pause()
        assert not entries.scrollable_content_region
        # ...then the entries arrive (the palette's own way of showing them), and the Page key
        # comes before the next layout.
        palette._refresh_command_list(entries, found, True)  # type: ignore[arg-type]
        palette._action_command_list(key)
        await pilot.pause()
        assert app._exception is None
        assert app.screen is palette
        assert entries.highlighted == 0
        # Once laid out, the keys page through the list as usual.
        await pilot.press("pagedown")
        assert entries.highlighted is not None and entries.highlighted > 0


async def test_ctrl_p_while_the_last_palette_is_still_closing_opens_a_new_one(tmp_path: Path) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        first = app.screen
        assert isinstance(first, CommandPalette)
        # The palette closes (Escape, or a command chosen): it leaves the screen stack at once and
        # is taken down in a task of its own; a ctrl+p handled before that task has finished...
        first.dismiss()
        assert first.is_attached
        app.action_command_palette()
        await pilot.pause()
        # ...opens a new palette, and the app goes on.
        assert app._exception is None
        assert isinstance(app.screen, CommandPalette) and app.screen is not first
        assert not first.is_attached
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen"
