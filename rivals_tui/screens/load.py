"""The load screen: every save with its game and variants, players, when it was last played,
and how far it got. The columns have fixed widths that fit 80 columns; a long cell wraps onto
more lines of its row instead of being cut.

Enter opens the highlighted save; `v` shows it in the replay viewer (screens/replay.py: a game
in progress only as it was seen at this keyboard); `d` deletes it after a confirmation. A save that cannot be
read is listed with its one-line fault; opening it shows that line and changes nothing.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from rivals_tui.app import WithRivals
from rivals_tui.dialogs import ConfirmDialog, ErrorDialog, RestoreDialog
from rivals_tui.screens.base import DismissOnce
from rivals_tui.session import options_in_force
from rivals_tui.text import plain, plain_rich, safe_text, sentence
from rivals_tui.widgets.footer import KeysFooter
from saves.errors import SaveError
from saves.replay import Replay

# (heading, width): 4 columns of these widths, with their padding and the scrollbar, fit 80.
COLUMNS = (("Game", 20), ("Players", 18), ("Last played", 16), ("Status", 14))


def when(value: Any) -> str:
    if isinstance(value, datetime):
        return value.astimezone().strftime("%Y-%m-%d %H:%M")
    if isinstance(value, (int, float)):
        return datetime.fromtimestamp(value).strftime("%Y-%m-%d %H:%M")
    try:
        return when(datetime.fromisoformat(str(value)))
    except ValueError:
        return str(value or "")


class LoadScreen(WithRivals, DismissOnce, Screen[None]):
    BINDINGS = [
        Binding("enter", "open", "Open", id="load.open"),
        Binding("d", "delete", "Delete", id="load.delete"),
        Binding("r", "restore", "Restore previous", id="load.restore"),
        Binding("v", "replay", "Replay", tooltip="Watch the saved game move by move", id="load.replay"),
        Binding("escape,q", "back", "Back", id="load.back"),
        Binding("j", "move(1)", "Down", show=False, id="load.down"),
        Binding("k", "move(-1)", "Up", show=False, id="load.up"),
    ]

    # The save whose previous version was just put back (its line says so).
    _restored: str | None = None

    def compose(self) -> ComposeResult:
        yield Static("Saved games", id="load-title")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static("", id="load-detail")
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for heading, width in COLUMNS:
            table.add_column(heading, width=width)
        self.refill()
        table.focus()

    def on_screen_resume(self) -> None:
        self.refill()

    def refill(self) -> None:
        table = self.query_one(DataTable)
        # Keep the cursor on the same save when the list is refreshed (e.g. after a dialog).
        keep = self._current() if getattr(self, "infos", None) else None
        table.clear()
        self.infos = {info.name: info for info in self.rivals.store.list()}
        for info in self.infos.values():
            if info.error:
                cells = [safe_text(info.name), "", when(info.updated), "damaged: cannot be read"]
            else:
                game = safe_text(info.title or info.game_id)
                variants = options_in_force(info.options, len(info.players)) if info.options else ""
                cells = [
                    f"{game}\n{variants}" if variants else game,
                    safe_text(", ".join(info.players)),
                    when(info.updated),
                    f"{info.status.replace('_', ' ')}\n{info.progress}".strip(),
                ]
            # Names come from the files: shown as written (escaped), never as markup or terminal
            # codes; the line breaks are the table's own.
            table.add_row(*(plain_rich(c) for c in cells), key=info.name, height=None)
        if keep in self.infos:
            table.move_cursor(row=table.get_row_index(keep))
        if not self.infos:
            self.query_one("#load-detail", Static).update("No saved games yet. Esc goes back to the menu.")
        self.refresh_bindings()

    def _current(self) -> str | None:
        table = self.query_one(DataTable)
        if not self.infos or table.cursor_row is None or table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        return str(key.value)

    @on(DataTable.RowHighlighted)
    def _highlighted(self) -> None:
        name = self._current()
        if name is None:
            return
        info = self.infos[name]
        if name == self._restored and info.error is None:
            text = f"{name}: the previous version is back — Enter opens it."
        elif info.restorable:
            text = f"{sentence(info.error or '')}\n{info.restore_offer()} Press r to restore it."
        else:
            text = info.error if info.error else f"{name} — Enter opens, v replays, d deletes."
        self.query_one("#load-detail", Static).update(plain(text))
        self.refresh_bindings()

    @on(DataTable.RowSelected)
    def _selected(self) -> None:
        self.action_open()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("open", "delete", "replay"):
            return True if getattr(self, "infos", None) else None
        if action == "restore":
            name = self._current() if getattr(self, "infos", None) else None
            return True if name is not None and self.infos[name].restorable else None
        return True

    def action_move(self, step: int) -> None:
        table = self.query_one(DataTable)
        table.action_cursor_down() if step > 0 else table.action_cursor_up()

    def action_open(self) -> None:
        name = self._current()
        if name is None:
            return
        info = self.infos[name]
        if info.error:
            if not info.restorable:
                self.app.push_screen(ErrorDialog(sentence(info.error), title="Cannot open this save"))
                return
            message = f"{sentence(info.error)} {info.restore_offer()}"
            self.app.push_screen(
                RestoreDialog(message, title="Cannot open this save"),
                lambda answer: self.action_restore() if answer == "restore" else None,
            )
            return
        self.rivals.load(name)

    def action_replay(self) -> None:
        """The highlighted save in the replay viewer (read, never written or locked: the game
        may be open elsewhere). A save that cannot be read says why, as opening it does."""
        name = self._current()
        if name is None:
            return
        try:
            match = self.rivals.store.load(name, games=self.rivals.games)
        except (SaveError, OSError) as exc:
            self.app.push_screen(ErrorDialog(str(exc), title="Cannot replay this save"))
            return
        self.rivals.open_replay(Replay.of(match))

    def action_restore(self) -> None:
        """Put the previous version of a damaged save back (the damaged file is kept aside)."""
        name = self._current()
        if name is None or not self.infos[name].restorable:
            return
        try:
            self.rivals.store.restore_backup(name)
        except (SaveError, OSError) as exc:
            self.app.push_screen(ErrorDialog(str(exc), title="Cannot restore this save"))
            return
        self._restored = name
        self.refill()
        self._highlighted()

    def action_delete(self) -> None:
        name = self._current()
        if name is None:
            return
        info = self.infos[name]
        label = f"{info.title} ({', '.join(info.players)})" if not info.error else name

        def answer(yes: bool | None) -> None:
            if yes:
                try:
                    self.rivals.store.delete(name)
                except (SaveError, OSError) as exc:  # a locked or vanished file: say so, keep the list
                    self.app.push_screen(ErrorDialog(str(exc), title="Cannot delete this save"))
                self.refill()

        self.app.push_screen(ConfirmDialog(f"Delete the save {label}? This cannot be undone."), answer)

    def action_back(self) -> None:
        self.dismiss(None)
