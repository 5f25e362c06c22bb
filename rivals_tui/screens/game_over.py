"""Game over: the score broken down by category, the winners and why, series totals when
several games are played in a row; then Rematch, Next game of the series, or the menu.

At a server's table the next game is the table's: each player asks for it (`n` while the series
goes on, `r` after it) and it starts when every person at the table has; the screen says who has
asked and who the table is waiting for. A spectator follows into the next game.

`b` swaps the score table for the final board (the same board widget the game was played on,
showing the end position to the seat at the keyboard), so the last move is never lost from view;
`v` opens the replay viewer on the whole game (screens/replay.py). At a server's table the moves
are the server's: they come with the game's record, which the server sends once the game is over
(to spectators too), and until it has come `v` is greyed. There a player keeps the record on
their computer with `s` (the session's `keep_record`, which says where in one sentence).
"""

from __future__ import annotations

import textwrap

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, DataTable, Static

from engine.core.match import STAND_IN
from engine.core.words import count
from rivals_tui.app import WithRivals
from rivals_tui.games import board_for
from rivals_tui.screens.chat import Talks
from rivals_tui.session import Session
from rivals_tui.text import plain, plain_rich
from rivals_tui.widgets.board import GameBoard
from rivals_tui.widgets.footer import KeysFooter


def score_widths(screen: int, labels: list[str], heads: list[str], roles: list[str]) -> tuple[int, list[int]]:
    """Widths of the label column and of each player's column so the score table fits
    `screen` columns (each column takes 2 of padding, the body 2 and a scrollbar 2 more).
    A player's column holds its name on one line (and its role, under it) where there is room;
    otherwise it narrows, longest first, down to the longest word, so names wrap between words.
    The labels give up room first: they wrap onto taller rows."""
    n = max(1, len(heads))
    room = screen - 6 - 2 * (n + 1)
    roles = roles or [""] * len(heads)
    whole = [max(5, len(h), len(r)) for h, r in zip(heads, roles, strict=True)]
    least = [max(5, len(r), *(len(w) for w in h.split())) for h, r in zip(heads, roles, strict=True)]
    label_least = 10
    widths = list(whole)
    while sum(widths) + label_least > room:
        i = max(range(len(widths)), key=lambda k: widths[k] - least[k])
        if widths[i] <= least[i]:
            break  # every name is down to its longest word: the table scrolls sideways
        widths[i] -= 1
    longest = max((len(lb) for lb in labels), default=label_least)
    label_w = max(label_least, min(longest, room - sum(widths)))
    return label_w, widths


def names(session: Session, seats: tuple[int, ...]) -> str:
    people = [session.seats[i].name for i in seats]
    if not people:
        return "nobody"
    return people[0] if len(people) == 1 else ", ".join(people[:-1]) + " and " + people[-1]


def headline(session: Session, winners: tuple[int, ...]) -> str:
    """ "Ann wins!", a shared victory, or — when no seat won (a solo game lost to a rule-driven
    opponent) — that nobody at the table did; the outcome's reason says who did."""
    if not winners:
        if len(session.seats) == 1:
            return f"{session.seats[0].name} does not win."
        return "Nobody wins."
    who = names(session, winners)
    return f"{who} wins!" if len(winners) == 1 else f"Shared victory: {who}."


def stand_in_line(session: Session, seat: int | None) -> str:
    """At a server's table, whose decisions the AI made while they were away, and how many:
    "The AI made 3 of Bob's decisions while Bob was away." ("" when it made none)."""
    made: dict[int, int] = {}
    for e in session.log_for(seat):
        if e.kind == STAND_IN and e.to is None and e.seat is not None:
            made[e.seat] = made.get(e.seat, 0) + 1
    lines = []
    for who, n in sorted(made.items()):
        name = session.seats[who].name
        lines.append(f"The AI made {count(n, 'decision')} for {name} while {name} was away.")
    return " ".join(lines)


class GameOverScreen(Talks, WithRivals):
    BINDINGS = [
        Binding("r", "rematch", "Rematch", id="over.rematch"),
        Binding("n", "next_game", "Next game", id="over.next"),
        Binding("m,q", "menu", "Menu", id="over.menu"),
        Binding(
            "escape",
            "back",
            "Back",
            show=False,
            tooltip="From the final board back to the scores; from the scores to the menu",
            id="over.back",
        ),
        Binding("l", "full_log", "Log", id="over.log"),
        Binding("v", "replay", "Replay", tooltip="Watch the game again, move by move", id="over.replay"),
        Binding(
            "s",
            "keep_record",
            "Save record",
            tooltip="Write the game's record on this computer (rivals import reads it)",
            id="over.keep",
        ),
        Binding(
            "b",
            "board",
            "Final board",
            tooltip="Switch between the scores and the final board",
            id="over.board",
        ),
    ]

    def __init__(self, session: Session, record: str = "") -> None:
        super().__init__()
        self.session = session
        # What the game did to the player's personal best, in one sentence ("" when none is kept).
        self.record = record
        out = session.outcome()
        assert out is not None, "the game-over screen needs a finished game"
        self.outcome = out
        self.series = session.series.with_result(out.scores)
        humans = [i for i, x in enumerate(session.seats) if not x.is_ai]
        # With one human the board shows what they saw; otherwise only what everyone may see.
        self.seat: int | None = humans[0] if len(humans) == 1 else None
        if not session.passes_keyboard:
            self.seat = session.seat_here

    @property
    def series_continues(self) -> bool:
        return not self.series.is_single and not self.series.finished(len(self.session.seats))

    def compose(self) -> ComposeResult:
        s, out = self.session, self.outcome
        with VerticalScroll(id="over-body"):
            yield Static(plain(f"{s.game.title} — game over. {headline(s, out.winners)}"), id="over-title")
            yield DataTable(id="over-scores", cursor_type="none", zebra_stripes=True)
            explain = " ".join(t for t in (out.reason, out.tiebreak) if t)
            if explain:
                yield Static(plain(explain), id="over-reason")
            stood_in = stand_in_line(s, self.seat)
            if stood_in:
                yield Static(plain(stood_in), id="over-stand-ins")
            if self.record:
                yield Static(plain(self.record), id="over-record")
            if not self.series.is_single:
                yield Static(plain(self._series_text()), id="over-series")
            if s.next_game_asked:
                yield Static(plain(self._again_line()), id="over-again")
        with Vertical(id="over-board"):
            yield Static("The final position — b or Esc goes back to the scores.", id="over-board-title")
            yield board_for(s.game, [seat.name for seat in s.seats], self.rivals.personal_best(s))
        with Horizontal(id="over-buttons"):
            if self.series_continues and self._may_ask:
                yield Button("Next game (n)", id="next", variant="primary", compact=True)
            if self._may_rematch:
                yield Button("Rematch (r)", id="rematch", compact=True)
            yield Button("Menu (m)", id="menu", compact=True)
        yield KeysFooter()

    @property
    def _may_ask(self) -> bool:
        """Whether this screen may start (or, at a server's table, ask for) another game."""
        return not self.session.watching

    @property
    def _may_rematch(self) -> bool:
        """Whether a rematch is on offer: at a server's table there is one next game, the
        series' while it goes on."""
        return self._may_ask and not (self.session.next_game_asked and self.series_continues)

    def _again_text(self) -> str:
        """At a server's table: who asked for the next game, and who the table waits for."""
        s = self.session
        what = "the next game" if self.series_continues else "a rematch"
        asked = s.again
        if not asked:
            if s.watching:
                return f"The players may ask for {what}; you will follow it."
            key = "n" if self.series_continues else "r"
            return f"Press {key} to ask for {what}; it starts when every player has asked."
        waiting = tuple(i for i, x in enumerate(s.seats) if not x.is_ai and i not in asked)
        return f"{names(s, asked)} asked for {what}; waiting for {names(s, waiting)}."

    def remote_changed(self, log_reset: bool, refused: str | None = None) -> None:
        """The server's table changed (someone asked for the next game) or refused our request."""
        if not self.is_mounted or not self.session.next_game_asked:
            return
        self.query_one("#over-again", Static).update(plain(self._again_line(refused)))

    def _again_line(self, refused: str | None = None) -> str:
        """The line about the next game (or why the server refused it), after the server's own
        sentence while it cannot save the table."""
        text = refused if refused is not None else self._again_text()
        notice = self.session.save_problem
        return f"{notice}\n{text}" if notice else text

    def _series_text(self) -> str:
        s, series = self.session, self.series
        n = len(s.seats)
        totals = series.totals(n)
        played = len(series.results)
        goal = f"{series.games} games" if series.points <= 0 else f"first to {series.points} points"
        table = ", ".join(f"{seat.name} {t}" for seat, t in zip(s.seats, totals, strict=True))
        text = f"Series ({goal}), after game {played}: {table}."
        if series.finished(n):
            text += f" {names(s, series.leaders(n))} takes the series."
        return text

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        s, out = self.session, self.outcome
        heads = [seat.name + (" ★" if i in out.winners else "") for i, seat in enumerate(s.seats)]
        roles = [s.words(r) for r in out.roles] if len(out.roles) == len(heads) else []
        # A Total row only where it is the sum of the rows above (Rivals' rows are the points
        # and then what breaks a tie: read as a sum, a "Total" there would not add up).
        adds_up = all(
            sum(line.values[i] for line in out.lines) == score for i, score in enumerate(out.scores)
        )
        labels = [line.label for line in out.lines] + (["Total"] if adds_up else [])
        label_w, widths = score_widths(self.app.size.width, labels, heads, roles)
        # Long names wrap onto a taller header rather than pushing columns off the screen; what
        # each seat played as (its role) goes on a line of its own under the name.
        cells = [
            textwrap.wrap(h, w, break_long_words=False) + ([roles[i]] if roles else [])
            for i, (h, w) in enumerate(zip(heads, widths, strict=True))
        ]
        table.header_height = max(len(c) for c in cells)
        table.add_column("", key="label", width=label_w)
        for i, cell in enumerate(cells):
            table.add_column(plain_rich("\n".join(cell)), key=f"s{i}", width=widths[i])
        for line in out.lines:
            values = line.shown if len(line.shown) == len(line.values) else tuple(map(str, line.values))
            table.add_row(plain_rich(line.label), *values, height=None)
        if adds_up:
            table.add_row("Total", *map(str, out.scores))
        self.query_one("#over-board").display = False
        self.query_one(GameBoard).show(s.view(self.seat), self.seat, (), [])
        # The score table has the focus, not a button: an Enter still on its way from the last
        # move must not skip the scores by starting a rematch. The keys (r, n, m) and tab work.
        table.focus()
        if self.session.next_game_asked:
            # A change the server sent between compose and now (someone asked for the next
            # game) found the screen not yet mounted: say it now.
            self.query_one("#over-again", Static).update(plain(self._again_line()))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_game":
            return True if self.series_continues and self._may_ask else None
        if action == "rematch":
            return True if self._may_rematch else None
        if action == "replay":
            return True if self.session.keeps_moves else None
        if action == "keep_record":
            return True if self.session.keeps_record else None
        return super().check_action(action, parameters)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        {"next": self.action_next_game, "rematch": self.action_rematch, "menu": self.action_menu}[
            str(event.button.id)
        ]()

    def action_rematch(self) -> None:
        self.rivals.next_game(rematch=True)

    def action_next_game(self) -> None:
        if self.series_continues:
            self.rivals.next_game(rematch=False)

    def action_menu(self) -> None:
        self.rivals.to_menu()

    def action_replay(self) -> None:
        if self.session.keeps_moves:
            self.rivals.open_replay(self.session.replay())

    def action_keep_record(self) -> None:
        if self.session.keeps_record:
            said = self.session.keep_record()
            self.notify(said, timeout=10, markup=False)

    @property
    def showing_board(self) -> bool:
        return bool(self.query_one("#over-board").display)

    def action_board(self) -> None:
        board = not self.showing_board
        self.query_one("#over-board").display = board
        self.query_one("#over-body").display = not board
        if board:
            self.query_one(GameBoard).focus_board()
        else:
            self.query_one(DataTable).focus()

    def action_back(self) -> None:
        """Esc: the scores again from the final board (as its title says); the menu from them."""
        if self.showing_board:
            self.action_board()
        else:
            self.action_menu()

    def on_game_board_detail_changed(self, event: GameBoard.DetailChanged) -> None:
        event.stop()  # no detail panel here: the board alone

    def action_full_log(self) -> None:
        from rivals_tui.screens.log import LogScreen

        self.app.push_screen(LogScreen("Log", [e.text for e in self.session.log_for(self.seat)]))
