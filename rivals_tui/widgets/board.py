"""The board plug-in interface, and the generic board used when a game has none of its own.

A game's board is a `GameBoard` subclass registered in `rivals_tui.games.BOARDS` under the game
id. The game screen owns it and talks to it through exactly one call and two messages:

* ``board.show(view, seat, legal, events)`` after every change. `view` is
  ``game.view(state, seat)`` for the seat at the keyboard (``None`` for a spectator: only public
  information), `legal` the actions that seat may take now (empty when it is not that seat's
  decision, e.g. while an AI thinks), `events` the events since the previous call that the seat
  may read (to highlight what changed). The board draws from these alone; it never sees the
  full state and never decides rules.
* ``GameBoard.ActionChosen(action, ask)``: post it when the player picks one of `legal`. The
  screen submits it (asking first when "confirm moves" is on, or always with the question `ask`)
  and calls `show` again.
* ``GameBoard.DetailChanged(title, text)``: post it when the focused card/tile/token changes;
  the screen shows the full text in its detail panel.

Keys: a board handles the cursor (arrows, ``j``/``k``), Enter (choose) and Esc (back out of a
half-made choice). ``h``, ``l`` and ``g`` are kept free for the screen's hint, log and legend keys.

What the board shows besides the view it is given when built: the seats' names (``names``, again
with ``board.name_seats(names)`` when they change; without them it writes "Player N"), the
player's personal best at a solo table (``best``), and where its one-line feedback goes
(``say``, the hosting screen's status line; without it, a notification).

Three more calls: ``board.help_section()`` names the rules section for a half-made choice,
``board.legend()`` gives (symbol, meaning) rows for every symbol the board may
draw (the screen shows them on the legend key), and ``board.point_at(action)`` puts the cursor
on the piece that stands for `action` and says what Enter does there (the hint names a move; the
cursor goes there, and Enter takes it).
A board of a game with solo difficulties names the personal-best table of a view
(``record_table``); the app keeps the bests and hands the board the player's (``best``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.core import Event, Game, name_seats
from rivals_tui.text import plain, safe_text
from rivals_tui.widgets.quiet import Steady


class GameBoard(Steady, Widget):
    """Base class for a game's board. Subclasses override `show` (and compose or render)."""

    DEFAULT_CSS = """
    GameBoard { height: 1fr; width: 1fr; }
    """

    class ActionChosen(Message):
        """The player picked `action` on the board."""

        def __init__(self, action: Any, ask: str | None = None) -> None:
            super().__init__()
            self.action = action
            # A question to ask before taking it, whatever "confirm moves" says (LineBoard.asks_first).
            self.ask = ask

    class DetailChanged(Message):
        """The focused piece changed: show `title` and its full `text` in the detail panel."""

        def __init__(self, title: str, text: str) -> None:
            super().__init__()
            self.title = title
            self.text = text

    def __init__(
        self,
        game: Game[Any, Any, Any],
        *,
        names: Sequence[str] = (),
        best: int | None = None,
        say: Callable[[str], None] | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.game = game
        # The seats' names as the host shows them (none: "Player N" stays).
        self.seat_names: tuple[str, ...] = tuple(names)
        # The player's personal best at this solo table (None: none kept, or none yet).
        self.best = best
        self._say = say
        self.last_detail: tuple[str, str] | None = None
        self.view: Any = None
        self.seat: int | None = None
        self.legal: tuple[Any, ...] = ()

    def show(self, view: Any, seat: int | None, legal: Sequence[Any], events: Sequence[Event]) -> None:
        """Redraw from `view` for `seat`. Subclasses call this first, then update themselves."""
        self.view = view
        self.seat = seat
        self.legal = tuple(legal)

    @classmethod
    def record_table(cls, view: Any) -> str | None:
        """The personal-best table a solo game shown by `view` belongs to (its difficulty, as the
        player reads it: "hard"), or None when the game keeps no personal best."""
        return None

    def name_seats(self, names: Sequence[str]) -> None:
        """The seats' names from now on (a server's player may rename themselves mid-game)."""
        self.seat_names = tuple(names)

    def tell_detail(self, title: str, text: str) -> None:
        """Post `DetailChanged`, and keep the text in `last_detail`: a screen that has just shown
        the board can put it up at once, in the same paint, rather than when the message comes."""
        self.last_detail = (title, text)
        self.post_message(self.DetailChanged(title, text))

    def focus_board(self) -> None:
        """Give the keyboard to the board (the screen calls this when it is the player's turn)."""
        # Textual's focus() repaints the whole widget even when it has the focus already.
        if self.screen.focused is not self:
            self.focus()

    def legend(self) -> list[tuple[str, str]]:
        """Every symbol and code the board may draw, with its meaning: (symbol, meaning) rows.
        A board that draws symbols derives these from the glyph table it draws with."""
        return []

    def focus_action(self, action: Any) -> bool:
        """Put the cursor on the piece that stands for `action`; False when no piece does."""
        return False

    def point_at(self, action: Any) -> str | None:
        """For the hint: put the cursor on the piece that stands for `action` and say what Enter
        does there now, in a sentence; None when no piece stands for it."""
        return "The cursor is on it: Enter takes it." if self.focus_action(action) else None

    def asks_first(self, action: Any) -> str | None:
        """The question Enter on the piece of `action` asks before taking it (None: it takes it at
        once). A board whose pieces stand for something costly says so (`LineBoard`)."""
        return None

    def keys_for(self, action: Any, pointed: bool) -> str | None:
        """The keys that make `action` now, for the lesson's coach to name: Enter once `point_at`
        has put the cursor on its piece (`pointed`), then y where Enter asks first; None when only
        the list of moves (a) has it."""
        if not pointed:
            return None
        return "Enter, then y" if self.asks_first(action) is not None else "Enter"

    def help_section(self) -> str:
        """The rules section for what the player is doing on the board now (a half-made choice
        the engine's prompt cannot know about); "" leaves it to the prompt."""
        return ""

    def tell(self, text: str) -> None:
        """One line of feedback ("nothing to choose there"): the hosting screen's status line shows
        it and the next one replaces it, so repeated key presses never pile up messages."""
        if self._say is not None:
            self._say(text)
        else:
            self.notify(safe_text(text), timeout=3, markup=False)

    def words(self, text: str) -> str:
        """An engine text with "Player N" replaced by the seats' names, as the session writes them."""
        return name_seats(text, self.seat_names)


class GenericBoard(GameBoard):
    """The fallback board: the prompt, then every legal action as a list to pick from."""

    DEFAULT_CSS = """
    GenericBoard { layout: vertical; }
    GenericBoard > #generic-prompt { height: auto; padding: 0 1; text-style: bold; }
    GenericBoard > #generic-progress { height: auto; padding: 0 1; color: $text-muted; }
    GenericBoard > OptionList { height: 1fr; }
    """

    BINDINGS = [
        Binding("j", "cursor_down", "Down", show=False, id="board.down"),
        Binding("k", "cursor_up", "Up", show=False, id="board.up"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("", id="generic-progress")
        yield Static("", id="generic-prompt")
        yield OptionList(id="generic-actions")

    def show(self, view: Any, seat: int | None, legal: Sequence[Any], events: Sequence[Event]) -> None:
        super().show(view, seat, legal, events)
        progress = self.game.progress(view)
        box = self.query_one("#generic-progress", Static)
        box.update(plain(progress))
        box.display = bool(progress)
        if seat is not None and self.legal:
            text = self.words(self.game.prompt(view, seat).text)
        else:
            text = "Waiting for the other players."
        self.query_one("#generic-prompt", Static).update(plain(text))
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(
            [
                Option(plain(self.words(self.game.describe(view, a))), id=str(i))
                for i, a in enumerate(self.legal)
            ]
        )
        if self.legal:
            options.highlighted = 0

    def focus_board(self) -> None:
        self.query_one(OptionList).focus()

    def focus_action(self, action: Any) -> bool:
        if action not in self.legal:
            return False
        self.query_one(OptionList).highlighted = self.legal.index(action)
        return True

    def action_cursor_down(self) -> None:
        self.query_one(OptionList).action_cursor_down()

    def action_cursor_up(self) -> None:
        self.query_one(OptionList).action_cursor_up()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_id is None or self.view is None:
            return
        action = self.legal[int(event.option_id)]
        self.tell_detail(self.game.describe(self.view, action), "Enter chooses this; a opens the picker.")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id is not None:
            self.post_message(self.ActionChosen(self.legal[int(event.option_id)]))
