"""`RivalsApp`: the Textual application — screens, global keys, themes, saving on every exit path.

The app owns the settings, the save store and at most one open game session. Whatever way the
player leaves — `q`, `ctrl+q`, closing the terminal (SIGHUP), or a crash — the session is saved
and its lock released (`close_session`).
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import threading
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events, getters
from textual.app import App, ModeError, ScreenError
from textual.binding import Binding
from textual.command import CommandPalette
from textual.css.query import NoMatches
from textual.filter import LineFilter
from textual.screen import Screen
from textual.theme import ThemeProvider

from engine.core import Game, SeatSpec
from engine.core.info import Catalog
from rivals_tui import ascii_mode, glyphs
from rivals_tui.lesson_session import local_session
from rivals_tui.screens.base import KeysProvider, RivalsCommandPalette
from rivals_tui.screens.too_small import MIN_SIZE, TooSmallScreen
from rivals_tui.session import LocalSession, Session
from rivals_tui.settings import Settings
from rivals_tui.tables import LocalTables, Tables
from rivals_tui.text import safe_text
from saves.errors import SaveError
from saves.records import BestScores, table_key
from saves.store import SaveStore

if TYPE_CHECKING:
    from engine.core.match import Match, Series
    from rivals_tui.dialogs.away import AwayRules
    from saves.replay import Replay

HELP_DIR = Path(__file__).parent / "help"
# After a hang-up the app gets this long to save and close by itself; then the save is made
# from a watchdog thread and the process ends at once (a dead terminal can block Textual's
# shutdown forever, and a bot may still be thinking). Well under the two seconds promised.
HANGUP_GRACE = 0.8
# Built-in palette entries that our own key entries already offer (or replace: Textual's
# "Quit" would not save first).
_HIDDEN_SYSTEM_COMMANDS = {"Quit", "Keys"}
# Key names in the ASCII set, for Textual's symbols (the footer, f2, the palette).
ASCII_KEY_NAMES = {"↑": "up", "↓": "down", "←": "left", "→": "right", "⏎": "enter", "⌫": "bksp"}


class BaseScreen(Screen[None]):
    """The empty bottom of the screen stack when the app opens straight onto a game."""


# The app's own garbage collection (`RivalsApp._collect_between_updates`): the young
# generations every GC_INTERVAL seconds, all of them every FULL_GC_EVERY-th time.
GC_INTERVAL = 1.0
FULL_GC_EVERY = 10


class RivalsApp(App[None]):
    """The whole app. `games` defaults to the registry; tests pass a toy game. `tables` (where
    the new-game form's games are made) defaults to this process's."""

    CSS_PATH = Path(__file__).parent / "app.tcss"  # absolute, so subclasses elsewhere find it
    TITLE = "Rivals"
    COMMANDS = App.COMMANDS | {KeysProvider}
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding(
            "ctrl+q", "save_quit", "Quit", tooltip="Save the game and quit", priority=True, id="app.quit"
        ),
        Binding("f2", "toggle_keys", "Keys", tooltip="Show or hide every key", id="app.keys"),
        Binding("ctrl+p", "command_palette", "Commands", show=False, id="app.palette"),
    ]

    def __init__(
        self,
        games: Mapping[str, Game[Any, Any, Any]] | None = None,
        store: SaveStore | None = None,
        settings_path: Path | None = None,
        help_dir: Path | None = None,
        session: Session | None = None,
        records: BestScores | None = None,
        tables: Tables | None = None,
    ) -> None:
        super().__init__()
        if games is None:
            from engine.registry import GAMES

            games = GAMES
        # A Catalog loads a game's rules only when it is played; a plain mapping (tests) is
        # wrapped as it is.
        self.games: Catalog = games if isinstance(games, Catalog) else Catalog.of(*games.values())
        self.store = store if store is not None else SaveStore.default(None, games=self.games)
        self.settings_path = settings_path or Settings.default_path()
        self.settings = Settings.load(self.settings_path)
        # The player's personal best per solo table, beside the saves (never fails to start).
        self.records = records if records is not None else BestScores.default()
        self._ascii_filter = ascii_mode.AsciiFilter()
        self.use_symbols(self.settings.symbols)
        self.help_dir = help_dir or HELP_DIR
        # Where the new-game form's games are made, and the name the player goes by there
        # (rivals_tui/tables.py).
        self.tables: Tables = tables if tables is not None else LocalTables()
        self.session: Session | None = None
        self._initial = session
        # The session `close_session` is saving right now (see `_hangup_deadline`).
        self._saving_session: Session | None = None
        self._hangup_pending = False
        self._collector_was_on = False  # whether Python's collector ran before this app turned it off
        self._hanging_up = False
        self._hangup_watchdog: threading.Thread | None = None
        # A sentence for the terminal after the app has closed (a failed last save, a crash).
        self.exit_note: str | None = None
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme

    # -- the symbol set ---------------------------------------------------------------------
    def use_symbols(self, mode: str) -> None:
        """Switch to the symbol set `mode` names (Settings → Symbols) everywhere: the boards'
        glyphs, Textual's borders and lines, our texts' typography and the key names."""
        ascii_only = glyphs.use(mode)
        ascii_mode.switch(ascii_only)
        for screen in self.screen_stack:
            for widget in screen.walk_children(with_self=True):
                widget.refresh()  # drops each widget's drawn lines, borders included

    def get_line_filters(self) -> list[LineFilter]:
        filters = list(super().get_line_filters())
        return [*filters, self._ascii_filter] if glyphs.plain() else filters

    def get_key_display(self, binding: Binding) -> str:
        shown = super().get_key_display(binding)
        if glyphs.plain() and not shown.isascii():
            for symbol, word in ASCII_KEY_NAMES.items():
                shown = shown.replace(symbol, word)
        return shown

    def get_default_screen(self) -> Screen[Any]:
        if self._initial is not None:
            # Opened straight onto a game (`rivals resume NAME`): the menu is built when the
            # player first goes back to it, not at start-up under the game screen.
            return BaseScreen()
        from rivals_tui.screens.menu import MenuScreen

        return MenuScreen()

    def on_mount(self) -> None:
        self._collect_between_updates()
        if self._hangup_pending:
            self.call_after_refresh(self.hangup)
            return
        if self._initial is not None:
            session, self._initial = self._initial, None
            self.open_session(session)
        self._check_size()

    def on_unmount(self) -> None:
        self.close_session()
        if self._collector_was_on:
            gc.enable()

    # -- garbage collection ----------------------------------------------------------------
    def _collect_between_updates(self) -> None:
        """Collect garbage on a timer instead of whenever enough objects were allocated.

        Python collects as allocations pile up, which is while a move is taken in and painted: in
        a networked Rivalist game each of a player's app's updates held about thirty collections
        of the young generation, and every fifth or so a full one (20-50 ms on a busy machine). A
        timer only fires when the app's loop is free, so the same work is done between updates
        (docs/NETWORK.md, session 9: other terminals see a move 6 ms sooner on average). The
        collector is as it was again once the app ends (tests run many apps in one process)."""
        self._collector_was_on = gc.isenabled()
        gc.disable()
        self._collections = 0
        self.set_interval(GC_INTERVAL, self._collect)

    def _collect(self) -> None:
        # The young generations each time (a few ms); everything every FULL_GC_EVERY-th time.
        self._collections += 1
        gc.collect(2 if self._collections % FULL_GC_EVERY == 0 else 1)

    def _show_error(self, text: str, title: str) -> None:
        # Imported here: dialogs bring in Textual's Input and Button, which the menu never needs.
        from rivals_tui.dialogs import ErrorDialog

        self.push_screen(ErrorDialog(text, title=title))

    # -- sessions --------------------------------------------------------------------------
    def open_session(self, session: Session) -> None:
        from rivals_tui.screens.lesson import screen_for

        self.close_session()
        self.session = session
        # The new-game form starts on the game played last.
        if self.settings.last_game != session.game.id:
            self.settings.last_game = session.game.id
            self.save_settings()
        self.push_screen(screen_for(session))
        if self.records.problem is not None and self.record_table(session) is not None:
            self.notify(safe_text(self.records.problem), severity="warning", timeout=8, markup=False)

    # -- personal bests (solo tables) --------------------------------------------------------
    def record_table(self, session: Session) -> str | None:
        """The personal-best table of a game with one human seat alone ("rival_realms/hard"), or
        None (a game for several, or a game without solo difficulties)."""
        from rivals_tui.games import board_class

        if len(session.seats) != 1 or session.seats[0].is_ai:
            return None
        table = board_class(session.game.id).record_table(session.view(0))
        return None if table is None else table_key(session.game.id, table)

    def personal_best(self, session: Session) -> int | None:
        """The player's best score at the solo table of `session` (None: none kept, or none yet);
        its board draws it."""
        table = self.record_table(session)
        return None if table is None else self.records.best_for(table)

    def moves_taken_back(self, session: Session) -> None:
        """A decision was undone: this game can no longer set a personal best (remembered in
        the records file, so quitting and resuming does not wash it out)."""
        if isinstance(session, LocalSession) and self.record_table(session) is not None:
            self.records.took_back(session.record_id)

    def record_result(self, session: Session) -> str:
        """At the end of a solo game: offer its score to the personal bests and say what came of
        it in one sentence ("" for a game that keeps none). Only a game that ended in this
        session and never had a move taken back counts (RULES_NOTES.md, "Personal best")."""
        table = self.record_table(session)
        out = session.outcome()
        if table is None or out is None or not isinstance(session, LocalSession):
            return ""
        level = table.rpartition("/")[2]
        score = out.scores[0]
        if not session.finished_here:
            best = self.records.best_for(table)
            return "" if best is None else f"Your personal best ({level}): {best}."
        if not self.records.counts(session.record_id):
            best = self.records.best_for(table)
            known = "" if best is None else f" (your best: {best})"
            return f"A move was taken back in this game, so it does not count as a personal best{known}."
        new, before = self.records.offer(table, session.record_id, score)
        if self.records.problem is not None:
            return self.records.problem
        if new and before is None:  # nothing to beat yet: no cheering for a first game
            return f"Your first score at {level}: {score}, now your personal best to beat."
        if new:
            return f"New personal best! {score} at {level} (your best was {before})."
        return f"Your personal best ({level}): {before}."

    def close_session(self, pause: bool = False) -> None:
        """Save the open game and release its lock (at a server's table: leave it, the seat
        paused if `pause`); report a failed save instead of crashing."""
        session = self.session
        if session is None:
            return
        self._saving_session, self.session = session, None  # (in this order: see `session_to_save`)
        try:
            if pause:  # the one way out that says more than leaving: a server's seat waits
                session.close(pause=True)
            else:
                session.close()
        except (SaveError, OSError) as exc:
            problem: str | None = str(exc)
        else:
            problem = session.save_problem
        finally:
            self._saving_session = None
        if problem is not None:
            note = f"Could not save the game ({problem}); the last good save is in {session_place(session)}."
            self.exit_note = safe_text(note)
            self.notify(self.exit_note, severity="error", timeout=10, markup=False)

    def new_match(
        self,
        game_id: str,
        seats: list[SeatSpec],
        seed: int | None = None,
        series: Series | None = None,
        options: Any = None,
    ) -> None:
        """The new-game form's Start: the app's tables make the game, once the player has
        answered what they ask first (at a server: what the table does for absent players)."""
        game = self.games[game_id]
        if options is None:
            options = game.Options()

        def start(away: AwayRules | None) -> None:
            match = self.tables.make(game, seats, options, seed, series, away)
            if match is not None:
                self.start_match(match, name=None)
            else:  # a server's table: its game opens when the server seats the player
                self.back_to_menu_screen()

        offered = self.tables.absent_players_question()
        if offered is None:
            start(None)
            return
        # Imported here: dialogs bring in Textual's Input and Button, which the menu never needs.
        from rivals_tui.dialogs.away import AbsentPlayersDialog

        def chosen(away: AwayRules | None) -> None:
            if away is not None:
                start(away)

        self.push_screen(AbsentPlayersDialog(offered), chosen)

    def start_match(self, match: Match, name: str | None) -> None:
        self.close_session()
        try:
            session = local_session(match, self.store, name=name)
        except (SaveError, OSError) as exc:
            self._show_error(str(exc), "Cannot start the game")
            return
        self.clear_screens()
        self.open_session(session)

    def load(self, name: str) -> bool:
        """Open a saved game. On a bad file: one line in a dialog, nothing changed, False."""
        try:
            lock = self.store.lock(name)
        except (SaveError, OSError) as exc:
            self._show_error(str(exc), "Cannot open this save")
            return False
        try:
            match = self.store.load(name, games=self.games)
        except (SaveError, OSError) as exc:
            lock.release()
            self._show_error(str(exc), "Cannot open this save")
            return False
        self.close_session()
        self.clear_screens()
        self.open_session(local_session(match, self.store, name=name, lock=lock))
        return True

    def game_over(self, screen: Screen[Any]) -> None:
        from rivals_tui.screens.game_over import GameOverScreen

        session = self.session
        if session is None:
            return

        record = self.record_result(session)

        def show() -> None:
            if self.screen is screen:
                self.switch_screen(GameOverScreen(session, record))
            else:
                # A dialog sits on top (e.g. the log); put the result under it.
                self.push_screen(GameOverScreen(session, record))

        self.call_later(show)

    def next_game(self, rematch: bool) -> None:
        """Game over's `r` (`rematch`) or `n` (the series' next game): the session says what
        comes next — a game to open here (the series' next one in the same save), or nothing yet
        when the table's next game comes from its server once every player has asked."""
        session = self.session
        if session is None:
            return
        match = session.next_game(rematch)
        if match is not None:
            self.start_match(match, name=None if rematch else session.name)

    def back_to_menu_screen(self) -> None:
        """Close every screen above the menu (building the menu if the app opened on a game)."""
        self.clear_screens()
        if isinstance(self.screen, BaseScreen):
            from rivals_tui.screens.menu import MenuScreen

            self.push_screen(MenuScreen())

    def clear_screens(self) -> None:
        """Close every screen above the menu (or the lobby, or the bare base under a game)."""
        from rivals_tui.screens.menu import MenuScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()

    def to_menu(self) -> None:
        """Leave the game for the menu (the lobby, at a server). Where the session gives the
        player a choice about leaving (a server's game in progress: the AI may play for the seat
        after the table's time, or the seat pauses), it is asked first."""
        session = self.session
        rules = None if session is None else session.leave_question()
        if rules is None:
            self._leave_game(pause=False)
            return
        # Imported here: dialogs bring in Textual's Input and Button, which the menu never needs.
        from rivals_tui.dialogs.away import LeaveTableDialog

        def chosen(answer: str | None) -> None:
            if answer is not None:
                self._leave_game(pause=answer == "pause")

        self.push_screen(LeaveTableDialog(rules.ai_after, rules.ai_keeps, rules.pausing), chosen)

    def _leave_game(self, pause: bool) -> None:
        # (At a server, the lobby asks for the tables again as it comes back on top.)
        self.close_session(pause)
        self.back_to_menu_screen()

    def open_rules(self, game_id: str | None, section: str = "") -> None:
        from rivals_tui.screens.rules import RulesScreen

        self.push_screen(RulesScreen(game_id, section))

    def open_book(self, game_id: str) -> None:
        """The book of `game_id`: every component of the game, searchable (the same for all)."""
        from rivals_tui.screens.book import BookScreen

        self.push_screen(BookScreen(game_id, self.games.info(game_id).title))

    def open_replay(self, replay: Replay) -> None:
        """The replay viewer over the screen on top (game over, the load list, or the bare base
        of `rivals replay`)."""
        from rivals_tui.screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(replay))

    def save_settings(self) -> None:
        try:
            self.settings.save(self.settings_path)
        except OSError as exc:
            self.notify(safe_text(f"Could not save the settings: {exc}"), severity="error", markup=False)

    # -- leaving ---------------------------------------------------------------------------
    def action_save_quit(self) -> None:
        self._stop_game_workers()
        self.close_session()
        self.exit()

    def install_hangup_handler(self, already: bool = False) -> None:
        """Save and exit on SIGHUP (and SIGTERM). Call before `run`; a hang-up during start-up
        (or `already` caught before the app existed) is acted on as soon as the app is mounted."""
        for name in ("SIGHUP", "SIGTERM"):
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), self._on_sighup)
        if already:
            self._hangup_pending = True
            self._start_hangup_watchdog()

    def _on_sighup(self, signum: int, frame: Any) -> None:
        # A signal handler may interrupt anything: only schedule the work on the app's loop,
        # and start the watchdog that ends the process if that work cannot finish.
        self._start_hangup_watchdog()
        loop = self._loop
        if loop is not None and loop.is_running() and self.is_running:
            loop.call_soon_threadsafe(self.hangup)
        else:
            self._hangup_pending = True

    def _start_hangup_watchdog(self) -> None:
        if self._hangup_watchdog is not None:
            return
        self._hangup_watchdog = threading.Thread(
            target=self._hangup_deadline, name="rivals-hangup", daemon=True
        )
        self._hangup_watchdog.start()

    def _hangup_deadline(self) -> None:
        """Runs in its own thread after a hang-up: if the process is still here after the grace
        period, save the game from this thread and end the process."""
        time.sleep(HANGUP_GRACE)
        session = self.session_to_save()
        if session is not None:
            # The session's guard waits for a decision being applied, or a save being written,
            # to finish first.
            with contextlib.suppress(Exception):
                session.close()
        os._exit(0)

    def session_to_save(self) -> Session | None:
        """The session a hang-up must see saved before the process may end: the open one, the
        one `close_session` is saving at this moment (ending then would leave its save half
        written, a temporary file beside the old save), or the one still to be opened."""
        return self.session or self._saving_session or self._initial

    def hangup(self) -> None:
        """SIGHUP (terminal closed, SSH dropped): save, release the lock, exit cleanly."""
        self._hanging_up = True
        self._stop_game_workers()
        self.close_session()
        # Let screens that are still mounting finish before the app is torn down.
        self.call_after_refresh(self.exit)

    def _stop_game_workers(self) -> None:
        from rivals_tui.screens.game import GameScreen

        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.stop_workers()

    def _handle_exception(self, error: Exception) -> None:
        closing = self._hanging_up or self._exit or not self._running
        if closing and isinstance(error, NoMatches):
            # A screen still mounting lost its widgets to the app closing (a hang-up, a quit, the
            # end of a test) just as it was put up; the game is saved by the closing itself.
            return
        # A crash must not lose the game: save before Textual tears the app down.
        saved = False
        with contextlib.suppress(Exception):
            had_game = self.session is not None
            self.close_session()
            saved = had_game and self.exit_note is None
        # Textual would print its traceback with every local variable (hands, face-down
        # choices, purses) on the shared screen. The screen gets one sentence; the report,
        # without locals, goes to a file.
        self._return_code = 1
        if self._exception is None:
            self._exception = error  # Pilot re-raises it in tests
            self._exception_event.set()
        from rivals_tui.crash import crash_sentence, write_crash_report

        path = write_crash_report(error)
        self.exit_note = crash_sentence(path, saved=saved)
        self._exit_renderables.append(Text(self.exit_note))
        self._close_messages_no_wait()

    def action_command_palette(self) -> None:
        # Textual's palette, made safe against keys at key-repeat speed (RivalsCommandPalette).
        # Without Textual's id for it: a palette just closed is still being taken down when a
        # second ctrl+p opens the next, and two screens with one id crashed the app.
        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            # The palette's empty search box shows this hint ("..." in the ASCII set).
            self.push_screen(RivalsCommandPalette(placeholder=glyphs.text("Search for commands…")))

    def search_themes(self) -> None:
        """The palette's "Theme" entry: the themes in a palette as safe as the commands' one."""
        self.push_screen(
            RivalsCommandPalette(providers=[ThemeProvider], placeholder=glyphs.text("Search for themes…"))
        )

    def action_help_quit(self) -> None:
        # ctrl+c copies in text boxes and never quits a terminal app; say what does.
        self.notify("Press ctrl+q to save and quit.", title="Quit?", markup=False)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[Any]:
        for command in super().get_system_commands(screen):
            if command.title not in _HIDDEN_SYSTEM_COMMANDS:
                yield command

    def action_toggle_keys(self) -> None:
        """f2: the keys panel over the current screen (a side panel would squeeze the board)."""
        from rivals_tui.screens.keys import KeysScreen, keys_of

        if isinstance(self.screen, KeysScreen):
            self.screen.dismiss(None)
        else:
            self.push_screen(KeysScreen(keys_of(self.screen)))

    # -- tiny terminals --------------------------------------------------------------------
    async def _on_key(self, event: events.Key) -> None:
        # A key typed while the app closes can reach it after its last screen is gone (a screen
        # hands an unused key up to the app). There is nothing left to act on, and Textual's own
        # handler (App._on_key, called after this one) would fail looking up the missing
        # screen's keys and end the app with a traceback: it is skipped.
        try:
            _ = self.screen
        except (ScreenError, ModeError):
            event.prevent_default()

    def on_resize(self, event: events.Resize) -> None:
        # Textual updates `size` after the public handlers run; look once it has.
        self.call_later(self._check_size)

    def _check_size(self) -> None:
        small = self.size.width < MIN_SIZE[0] or self.size.height < MIN_SIZE[1]
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()


class WithRivals:
    """Mixed into every screen that calls the app: `self.rivals` is the app, as a `RivalsApp`
    (Textual's typed accessor, which checks the app's class)."""

    rivals = getters.app(RivalsApp)


def session_place(session: Session) -> str:
    """Where the session's saves go, for messages."""
    store = getattr(session, "store", None)
    return str(store.root) if store is not None else "no folder (this game is not saved)"
