""" "Learn to play": every game with its lesson's state (done, in progress, not started, or no
lesson yet). Enter opens the lesson in progress or starts one; `r` starts it again from its
first step. Lessons are rivals_tui/lessons/<game>.toml (docs/LESSONS.md)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rivals_tui.app import WithRivals
from rivals_tui.dialogs import ConfirmDialog, ErrorDialog
from rivals_tui.lesson import LessonError, has_lesson, save_name
from rivals_tui.lesson_session import open_lesson
from rivals_tui.screens.base import DismissOnce
from rivals_tui.text import plain, safe_text
from rivals_tui.widgets.footer import KeysFooter
from saves.errors import SaveError
from saves.lessons import LessonsDone

HOW = "Each lesson is a real game: a coach explains every rule as it comes up and waits for your move."


class LearnScreen(WithRivals, DismissOnce, Screen[None]):
    BINDINGS = [
        Binding("enter", "open", "Open", id="learn.open"),
        Binding("r", "open(True)", "Start again", id="learn.again"),
        Binding("escape,q", "back", "Back", id="learn.back"),
        Binding("j", "move(1)", "Down", show=False, id="learn.down"),
        Binding("k", "move(-1)", "Up", show=False, id="learn.up"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="learn-box"):
            yield Static("Learn to play", id="learn-title")
            yield OptionList(id="learn-list")
            yield Static(plain(HOW), id="learn-note")
        yield KeysFooter(leave_out=("save_quit",))

    def on_mount(self) -> None:
        self.refresh_list()

    def on_screen_resume(self) -> None:
        self.refresh_list()

    def states(self) -> dict[str, str]:
        """Each game's lesson in a few words, by game id."""
        done = LessonsDone.default()
        self.query_one("#learn-note", Static).update(plain(done.problem or HOW))
        saves = {i.name: i for i in self.rivals.store.list() if i.error is None}
        states = {}
        for info in self.rivals.games.infos():
            save = saves.get(save_name(info.id))
            if not has_lesson(info.id):
                states[info.id] = "no lesson yet"
            elif save is not None and save.status != "finished":
                states[info.id] = "in progress" + (f", {save.progress}" if save.progress else "")
            elif done.done(info.id):
                states[info.id] = "done"
            else:
                states[info.id] = "not started"
        return states

    def latest(self) -> str | None:
        """The game of the lesson in progress that was played last (None: none is)."""
        for save in self.rivals.store.list():  # newest first
            lesson = save.name == save_name(save.game_id) and has_lesson(save.game_id)
            if lesson and save.error is None and save.status != "finished":
                return save.game_id
        return None

    def refresh_list(self) -> None:
        states = self.states()
        ol = self.query_one(OptionList)
        current = ol.highlighted
        ol.clear_options()
        ol.add_options(
            [
                Option(
                    plain(f"{info.title} · {states[info.id]}"), id=info.id, disabled=not has_lesson(info.id)
                )
                for info in self.rivals.games.infos()
            ]
        )
        # On the line it was on, else on the lesson played last (back from it, Enter resumes it),
        # else on the first game that has a lesson.
        ids = [info.id for info in self.rivals.games.infos()]
        latest = self.latest()
        first = (
            ids.index(latest) if latest in ids else next((i for i, g in enumerate(ids) if has_lesson(g)), 0)
        )
        ol.highlighted = current if current is not None else first
        ol.focus()

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id is not None:
            self.start(event.option_id, fresh=False)

    def action_open(self, fresh: bool = False) -> None:
        ol = self.query_one(OptionList)
        if ol.highlighted is None:
            return
        option = ol.get_option_at_index(ol.highlighted)
        if option.id is None or option.disabled:
            return
        game_id = option.id
        if fresh and self.states()[game_id].startswith("in progress"):
            # Starting again replaces the lesson in progress: asked first.
            title = self.rivals.games.info(game_id).title
            question = f"Start the {title} lesson again from its first step? The one in progress is replaced."
            self.app.push_screen(
                ConfirmDialog(question, yes="Start again", no="Back", enter_says_no=True),
                lambda ok: self.start(game_id, fresh=True) if ok else None,
            )
            return
        self.start(game_id, fresh=fresh)

    def start(self, game_id: str, fresh: bool) -> None:
        app = self.rivals
        try:
            session = open_lesson(app.games[game_id], app.store, fresh=fresh)
        except (LessonError, SaveError, OSError) as exc:
            app.push_screen(ErrorDialog(safe_text(str(exc)), title="Cannot open the lesson"))
            return
        app.clear_screens()
        app.open_session(session)

    def action_move(self, step: int) -> None:
        ol = self.query_one(OptionList)
        ol.action_cursor_down() if step > 0 else ol.action_cursor_up()

    def action_back(self) -> None:
        self.dismiss(None)
