"""The footer lists the keys that work now, and is redrawn only when that list changes."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from rivals_tui.widgets.footer import KeysFooter
from tests.tui.flow import until


class Desk(Screen[None]):
    BINDINGS = [Binding("u", "undo", "Undo"), Binding("h", "hint", "Hint")]

    def __init__(self) -> None:
        super().__init__()
        self.can_undo = False

    def compose(self) -> ComposeResult:
        yield KeysFooter(show_command_palette=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_undo if action == "undo" else True

    def action_undo(self) -> None: ...
    def action_hint(self) -> None: ...


class DeskApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Desk())


def keys_shown(screen: Screen[None]) -> list[str]:
    return [k.description for k in screen.query_one(KeysFooter).keys]


async def test_the_footer_follows_the_keys_that_work_and_is_kept_while_they_stay() -> None:
    app = DeskApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, Desk) and app.screen.query_one(KeysFooter)._painted)
        desk = app.screen
        assert isinstance(desk, Desk)
        assert keys_shown(desk) == ["Hint"]  # undo does nothing yet: not listed
        desk.can_undo = True
        desk.refresh_bindings()
        for _ in range(5):
            await pilot.pause()
        assert keys_shown(desk) == ["Undo", "Hint"]
        footer = desk.query_one(KeysFooter)
        drawn = footer.render().plain
        assert drawn == "u Undo h Hint"
        kept = footer._shown
        desk.refresh_bindings()  # a status refresh with the same keys
        for _ in range(5):
            await pilot.pause()
        assert footer._shown is kept  # nothing to redraw
