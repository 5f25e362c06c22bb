"""The new-game dialog: game, number of seats, each seat human or AI (with level) and named,
the game's variants (from its Options class), an optional seed, and — for games that allow it —
several games in a row.

The form starts on the game played last (kept in the settings). ↑/↓ move between the fields, as
Tab does; a closed drop-down opens with Enter or Space. Start and Back sit below the scrolling
rows, so they stay in sight with six seats and every variant at 80×24."""

from __future__ import annotations

import re
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, SelectionList, Static

from engine.ai import LEVELS
from engine.core import SeatSpec
from engine.core.info import GameInfo
from engine.core.match import Series
from engine.core.options import OptionField, build_options, option_fields
from rivals_tui.app import WithRivals
from rivals_tui.screens.base import DismissOnce
from rivals_tui.text import plain
from rivals_tui.widgets.footer import KeysFooter
from rivals_tui.widgets.form import ChoiceList, FormSelect, MarksCurrentRow
from saves.codec import SERIES_GAMES_LIMIT, SERIES_POINTS_LIMIT

KINDS: list[tuple[str, str]] = [("Human", "human"), *((f"AI {level}", level) for level in LEVELS)]
SERIES: list[tuple[str, str]] = [
    ("Single game", "single"),
    ("A number of games", "games"),
    ("First to a score", "points"),
]


# Seeds the app makes are below 2**31; a typed one may be larger, but must fit in a save.
SEED_LIMIT = 2**63 - 1
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,30}")


def whole_number(text: str, what: str, low: int | None = None, high: int | None = None) -> int:
    """`text` as a whole number in [low, high], or ValueError with a sentence naming `what`.

    The form's number boxes let through a lone "-" or "+" and any number of digits.
    """
    span = f" from {low} to {high}" if low is not None and high is not None else ""
    if not _WHOLE_NUMBER.fullmatch(text):
        raise ValueError(f"Enter {what} as a whole number{span}")
    n = int(text)
    if (low is not None and n < low) or (high is not None and n > high):
        raise ValueError(f"Enter {what} as a whole number{span}")
    return n


def default_name(seat: int, kind: str) -> str:
    return f"Player {seat + 1}" if kind == "human" else f"AI {seat + 1}"


class NewGameScreen(WithRivals, MarksCurrentRow, DismissOnce, Screen[None]):
    BINDINGS = [
        Binding("ctrl+s", "start", "Start", id="new.start"),
        Binding("escape", "back", "Back", id="new.back"),
        Binding("down", "app.focus_next", "Next field", show=False, id="new.next_field"),
        Binding("up", "app.focus_previous", "Previous field", show=False, id="new.previous_field"),
        # The form scrolls to the field with the focus; the Page keys show the rest without moving it.
        Binding("pageup", "page(-1)", "Scroll up", show=False, id="new.page_up"),
        Binding("pagedown", "page(1)", "Scroll down", show=False, id="new.page_down"),
    ]

    def action_page(self, direction: int) -> None:
        form = self.query_one("#new-form", VerticalScroll)
        if direction < 0:
            form.scroll_page_up()
        else:
            form.scroll_page_down()

    def compose(self) -> ComposeResult:
        infos = self.rivals.games.infos()
        first = self._first_game()
        # The form itself takes no focus: its fields do, and it scrolls to the one focused. (A
        # focusable form was a stop of its own between the fields, and each time it took or lost
        # focus Textual worked out the styles of all seventy widgets inside it again.)
        with VerticalScroll(id="new-form", can_focus=False, classes="key-scroll"):
            yield Static("New game", id="new-title")
            with Horizontal(classes="form-row"):
                yield Label("Game", classes="form-label")
                yield FormSelect(
                    [(i.title, i.id) for i in infos],
                    value=first.id if first else Select.NULL,
                    allow_blank=False,
                    compact=True,
                    id="game",
                )
            with Horizontal(classes="form-row"):
                yield Label("Players", classes="form-label")
                yield FormSelect(
                    self._count_options(),
                    value=self._count_default(),
                    allow_blank=False,
                    compact=True,
                    id="count",
                )
            # The option rows of every game are built once; _sync shows those of the chosen game
            # that apply to the chosen number of players.
            for info in infos:
                for f in option_fields(info.options):
                    # A list of several choices (Rival Realms' enchantments) shows every choice.
                    multi = " multi-row" if f.kind == "multi" else ""
                    with Horizontal(classes=f"form-row option-row{multi}", id=f"opt-row-{info.id}-{f.name}"):
                        yield Label(f.label, classes="form-label")
                        yield self._option_widget(info.id, f)
            for i in range(self._max_seats()):
                kind = "human" if i == 0 else "normal"
                with Horizontal(classes="form-row seat-row", id=f"seat-row-{i}"):
                    yield Label(f"Seat {i + 1}", classes="form-label")
                    yield FormSelect(
                        KINDS,
                        value=kind,
                        allow_blank=False,
                        compact=True,
                        id=f"kind-{i}",
                        classes="seat-kind",
                    )
                    yield Input(
                        placeholder=default_name(i, kind),
                        compact=True,
                        id=f"name-{i}",
                        classes="seat-name",
                        max_length=20,
                    )
            with Horizontal(classes="form-row"):
                yield Label("Seed", classes="form-label")
                yield Input(placeholder="random", type="integer", compact=True, id="seed")
            with Horizontal(classes="form-row", id="series-row"):
                yield Label("Play", classes="form-label")
                yield FormSelect(SERIES, value="single", allow_blank=False, compact=True, id="series")
                yield Input(placeholder="how many", type="integer", compact=True, id="series-n")
        yield Static("", id="new-error")
        with Horizontal(id="new-buttons"):
            yield Button("Start (ctrl+s)", id="start", variant="primary", compact=True)
            yield Button("Back (esc)", id="back", compact=True)
        yield KeysFooter()

    @staticmethod
    def _option_widget(gid: str, f: OptionField) -> Select[str] | Input | SelectionList[str]:
        wid = f"opt-{gid}-{f.name}"
        if f.kind == "multi":
            return ChoiceList(
                *[(f.choice_name(c), c, c in f.default) for c in f.choices],
                compact=True,
                id=wid,
                classes="option-multi",
            )
        if f.kind == "bool":
            value = "on" if f.default else "off"
            return FormSelect(
                [("Off", "off"), ("On", "on")], value=value, allow_blank=False, compact=True, id=wid
            )
        if f.kind == "choice":
            return FormSelect(
                [(f.choice_name(c), c) for c in f.choices],
                value=str(f.default),
                allow_blank=False,
                compact=True,
                id=wid,
            )
        return Input(value=str(f.default), type="integer", compact=True, id=wid)

    def options(self) -> Any:
        """The chosen game's Options from the form (ValueError with a sentence if they clash).
        Options hidden because they do not apply to this many players keep their defaults."""
        info = self._info()
        n = self._count()
        values: dict[str, Any] = {}
        for f in option_fields(info.options):
            if not f.applies(n):
                continue
            w = self.query_one(f"#opt-{info.id}-{f.name}")
            if isinstance(w, SelectionList):
                values[f.name] = tuple(sorted(str(v) for v in w.selected))
            elif isinstance(w, Select):
                raw = str(w.value)
                values[f.name] = (raw == "on") if f.kind == "bool" else raw
            else:
                assert isinstance(w, Input)
                text = w.value.strip()
                bounds = (f.low, f.high) if f.high > f.low else (None, None)
                values[f.name] = whole_number(text, f.label.lower(), *bounds) if text else f.default
        return build_options(info.options, values)

    def on_mount(self) -> None:
        self._sync()
        self.query_one("#game", Select).focus()

    def _info(self) -> GameInfo:
        """The chosen game, as far as the form needs it (its rules are not loaded yet)."""
        value = self.query_one("#game", Select).value
        return self.rivals.games.info(str(value))

    def _count(self) -> int:
        return int(str(self.query_one("#count", Select).value))

    def _first_game(self) -> GameInfo | None:
        """The game the form opens on: the last one played, else the first in the list."""
        infos = self.rivals.games.infos()
        last = self.rivals.settings.last_game
        return next((i for i in infos if i.id == last), infos[0] if infos else None)

    def _max_seats(self) -> int:
        """Seat rows the form holds: as many as the largest table any game allows (each game's
        own seat range decides what its Players list offers)."""
        return max((info.players.stop - 1 for info in self.rivals.games.infos()), default=1)

    def _count_options(self) -> list[tuple[str, int]]:
        first = self._first_game()
        if first is None:
            return [("2", 2)]
        return [(str(n), n) for n in first.players]

    def _count_default(self) -> int:
        options = self._count_options()
        return options[0][1]

    @on(Select.Changed, "#game")
    def _game_changed(self) -> None:
        info = self._info()
        count = self.query_one("#count", Select)
        old = count.value
        options = [(str(n), n) for n in info.players]
        count.set_options(options)
        count.value = old if any(v == old for _, v in options) else options[0][1]
        self._sync()

    @on(Select.Changed)
    def _any_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("count", "series") or (event.select.id or "").startswith("kind-"):
            self._sync()

    def _sync(self) -> None:
        """Show the rows that apply: as many seats as chosen, the chosen game's options for this
        many players, the series row if the game has one."""
        info = self._info()
        n = self._count()
        # At a server the creator names their own seat (the first person's) and the AI seats;
        # whoever joins another seat is named as they chose.
        own = self.rivals.tables.own_name()
        first = True
        for i in range(self._max_seats()):
            self.query_one(f"#seat-row-{i}").display = i < n
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            box = self.query_one(f"#name-{i}", Input)
            box.placeholder = default_name(i, kind)
            box.disabled = own is not None and kind == "human" and not first
            if own is not None and kind == "human" and i < n:
                box.placeholder = f"{own} (you)" if first else "whoever joins names themselves"
                first = False
        applies = {f"opt-row-{info.id}-{f.name}" for f in option_fields(info.options) if f.applies(n)}
        for row in self.query(".option-row"):
            row.display = row.id in applies
        self.query_one("#series-row").display = info.supports_series
        series = str(self.query_one("#series", Select).value)
        box = self.query_one("#series-n", Input)
        box.display = series != "single"
        box.placeholder = "games" if series == "games" else "points"

    def seats(self) -> list[SeatSpec]:
        n = int(str(self.query_one("#count", Select).value))
        seats = []
        for i in range(n):
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            name = self.query_one(f"#name-{i}", Input).value.strip() or default_name(i, kind)
            if kind == "human":
                seats.append(SeatSpec(name, "human"))
            else:
                seats.append(SeatSpec(name, "ai", kind))
        return seats

    def _error(self, text: str) -> None:
        self.query_one("#new-error", Static).update(plain(text))

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    def action_back(self) -> None:
        self.dismiss(None)

    def action_start(self) -> None:
        info = self._info()
        seats = self.seats()
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            self._error("Give every seat a different name.")
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = whole_number(seed_text, "the seed", 0, SEED_LIMIT) if seed_text else None
        except ValueError as exc:
            self._error(f"{exc}.")
            return
        series: Series | None = None
        if info.supports_series:
            kind = str(self.query_one("#series", Select).value)
            n_text = self.query_one("#series-n", Input).value.strip()
            if kind != "single":
                low, high = (2, SERIES_GAMES_LIMIT) if kind == "games" else (1, SERIES_POINTS_LIMIT)
                try:
                    n = whole_number(n_text, "", low, high)
                except ValueError:
                    what = "at least 2 games" if kind == "games" else "a score of at least 1"
                    self._error(f"Enter {what} for the series (a whole number up to {high}).")
                    return
                series = Series(games=n) if kind == "games" else Series(points=n)
        try:
            options = self.options()
        except ValueError as exc:
            self._error(f"Check the game's options: {exc}.")
            return
        problem = self.rivals.games[info.id].check_options(options, len(seats))
        if problem is not None:
            self._error(problem)
            return
        self.rivals.new_match(info.id, seats, seed=seed, series=series, options=options)
