"""`RemoteSession`: a seat at a table that a table server owns (`rivals_net`), behind the same
calls as `LocalSession`, so the game screens play it unchanged.

The server sends this seat's view, its events, its prompt and its listed moves (with the greyed
reasons and whether the turn goes on after each); the session keeps the latest of them and answers
the screen's questions from it. `submit` sends the move and answers at once; until the server's
next update the seat is shown as waiting. Rules are never decided here: the server judges every
move (`why_illegal` answers from the listed moves, for the screen's question before a move, as
"confirm moves" asks). A spectator's session has no seat (`seat_here` None) and only public
information.

`RemoteTables` is the server's side of the app's `Tables` (rivals_tui/tables.py), as `LocalTables`
is this process's: a new game is a table asked of the server, and the player's name is theirs
at every table there.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from engine.core import Event, Game, IllegalAction, Outcome, Prompt, SeatSpec, name_seats
from engine.core.interrupts import decline_ways
from engine.core.match import Match, Series
from rivals_net import protocol as p
from rivals_net import trace
from rivals_net.client import TableClient
from rivals_tui.chat import ChatBook
from rivals_tui.cli_records import write_whole
from rivals_tui.dialogs.away import AwayRules
from rivals_tui.screens.new_game import default_name
from rivals_tui.session import REMOTE_HINT_LEVEL, Bot
from rivals_tui.text import safe_text
from saves.convert import converter, dump_action, load_action, structure_checked
from saves.errors import SaveError
from saves.gamerecord import replay as replayed
from saves.recordread import read
from saves.replay import Replay

NOT_YOUR_TURN = "It is not your turn to decide."
# What a new table offers when its creator does not say: an absent player's decision is made
# by the AI after two minutes.
DEFAULT_AI_AFTER = 120


def clock(seconds: float) -> str:
    """A countdown as a player reads it: 1:40, 0:05."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


class RemoteSession:
    """The table `seated` names, as this connection's seat sees it."""

    passes_keyboard = False
    answers_later = True
    saves_here = False
    next_game_asked = True
    hint_level = REMOTE_HINT_LEVEL

    def __init__(
        self, client: TableClient, seated: p.Seated, game: Game[Any, Any, Any], records: Path | None = None
    ) -> None:
        """`records`: the folder where a player keeps a finished game's record (None: nowhere
        this player can reach, as for the SSH door's players)."""
        self.client = client
        self.game = game
        self.table = seated.table
        self.code = seated.code
        self.seat_here: int | None = seated.seat
        self.name: str | None = None
        source = "the table server"
        self.options: Any = structure_checked(seated.options, game.Options, "options", source)
        seats = structure_checked(seated.seats, tuple[SeatSpec, ...], "seats", source)
        self.seats: tuple[SeatSpec, ...] = tuple(attrs.evolve(s, name=safe_text(s.name)) for s in seats)
        self._series: Series = structure_checked(seated.series, Series, "series", source)
        self._here: list[bool] = [True] * len(self.seats)
        # The table's rules for an absent player, and what the AI chose for this seat while its
        # player was away (told once, as the seat is taken again).
        self.ai_after = seated.ai_after
        self.ai_keeps = seated.ai_keeps
        self.pausing = seated.pausing
        self.played_for = [safe_text(t) for t in seated.played_for]
        # The away seats as the last update told them, and when it came (the countdowns tick
        # here, from this terminal's clock: the server sends nothing each second).
        self._away: list[p.SeatInfo] = []
        self._told_at = time.monotonic()
        self._view: Any = None
        self._to_act: tuple[int, ...] = ()
        self._prompt = Prompt("")
        self._choices: list[tuple[Any, str | None, bool]] = []
        self._log: list[Event] = []
        self._outcome: Outcome | None = None
        self._progress = ""
        self._undo_blocker: str | None = None
        # After a game: the seats whose players asked for the next one.
        self.again: tuple[int, ...] = ()
        # A move sent and not answered yet: the seat waits instead of deciding twice.
        self.pending = False
        self.closed = False
        # The server's word about the table while it cannot save it (the table waits meanwhile).
        self.notice: str | None = None
        # The finished game's record, sent by the server once the game is over, and the game it
        # replays to (`take_record`); where this player may keep it.
        self.record: str | None = None
        self._finished: Match | None = None
        self.records_dir = records
        # The table's chat (the server sends its history once the table is open).
        self.chat: ChatBook | None = ChatBook(client.send, seated.seat)

    # -- updates from the server -----------------------------------------------------------------
    def apply_update(self, u: p.Update) -> bool:
        """Take in the server's latest word; True when the log started over (after an undo)."""
        source = "the table server"
        g = self.game
        self._view = structure_checked(u.view, g.state_type, "view", source)
        self._to_act = tuple(u.to_act)
        self.seats = tuple(
            SeatSpec(safe_text(s.name), s.kind, old.level) for s, old in zip(u.seats, self.seats, strict=True)
        )
        self._here = [s.here or s.kind == "ai" or not s.taken for s in u.seats]
        self._away = list(u.seats)
        self._told_at = time.monotonic()
        events = [structure_checked(e, Event, "log", source) for e in u.log]
        self._log = events if u.log_reset else [*self._log, *events]
        self._prompt = structure_checked(u.prompt, Prompt, "prompt", source) if u.prompt else Prompt("")
        self._choices = [
            (load_action(g, c.action, "choice", source), c.reason, c.continues) for c in u.choices
        ]
        self._outcome = structure_checked(u.outcome, Outcome, "outcome", source) if u.outcome else None
        self._progress = u.progress
        self._undo_blocker = u.undo_blocker
        self.again = tuple(s for s in u.again if 0 <= s < len(self.seats))
        self.pending = False
        return u.log_reset

    @property
    def watching(self) -> bool:
        return self.seat_here is None

    def refused(self) -> None:
        """The server refused the last message: the seat may decide again."""
        self.pending = False

    # -- reading ---------------------------------------------------------------------------------
    @property
    def series(self) -> Series:
        return self._series

    def to_act(self) -> tuple[int, ...]:
        if self.pending:
            return tuple(s for s in self._to_act if s != self.seat_here)
        return self._to_act

    def seat_note(self, seat: int) -> str:
        if self.seats[seat].is_ai:
            # The server's AI is thinking; how far it has got is not told (the protocol has no
            # word for it), so there is no bar here. It waits while the table cannot be saved.
            return " (AI, thinking…)" if self.notice is None and self._outcome is None else ""
        if self._here[seat]:
            return ""
        return " (paused)" if self._away and self._away[seat].paused else " (away)"

    def table_notes(self) -> list[str]:
        """The server's word about the table, and what happens to each away seat that owes a
        decision: "Bob is away: the AI plays for Bob in 1:40" (counting down from the update)."""
        notes = [self.notice] if self.notice else []
        gone = time.monotonic() - self._told_at
        for i, info in enumerate(self._away):
            if self._here[i] or i not in self._to_act or self._outcome is not None:
                continue
            who = self.seats[i].name
            if info.paused:
                notes.append(f"{who} paused their seat: the table waits for {who}.")
            elif info.ai_plays:
                notes.append(f"{who} is away: the AI plays for {who} until {who} is back.")
            elif info.ai_in is not None:
                left = info.ai_in - gone
                when = f"in {clock(left)}" if left > 0 else "now"
                notes.append(f"{who} is away: the AI plays for {who} {when}.")
        return notes

    def counting(self) -> bool:
        """An away seat's countdown is running (its line changes every second)."""
        return self._outcome is None and any(
            info.ai_in is not None and not self._here[i] for i, info in enumerate(self._away)
        )

    def view(self, seat: int | None) -> Any:
        # The server sends one view: this seat's (or the public one for a spectator).
        return self._view

    def words(self, text: str) -> str:
        return name_seats(text, [s.name for s in self.seats])

    def prompt(self, seat: int) -> Prompt:
        return attrs.evolve(self._prompt, text=self.words(self._prompt.text))

    def _mine(self, seat: int) -> bool:
        return seat == self.seat_here and seat in self.to_act()

    def legal(self, seat: int) -> Sequence[Any]:
        return [a for a, why, _ in self._choices if why is None] if self._mine(seat) else []

    def choices(self, seat: int) -> list[tuple[Any, str | None]]:
        if not self._mine(seat):
            return []
        return [(a, None if why is None else self.words(why)) for a, why, _ in self._choices]

    def describe(self, seat: int | None, action: Any) -> str:
        return self.words(self.game.describe(self._view, action))

    def why_illegal(self, seat: int, action: Any) -> str | None:
        if not self._mine(seat):
            return NOT_YOUR_TURN
        for a, why, _ in self._choices:
            if a == action:
                return None if why is None else self.words(why)
        return "That move is not possible now."

    def continues_turn(self, seat: int, action: Any) -> bool:
        return any(a == action and goes_on for a, _, goes_on in self._choices)

    def log_for(self, seat: int | None) -> list[Event]:
        return [attrs.evolve(e, text=self.words(e.text)) for e in self._log]

    def outcome(self) -> Outcome | None:
        out = self._outcome
        if out is None:
            return None
        return attrs.evolve(out, reason=self.words(out.reason), tiebreak=self.words(out.tiebreak))

    def progress(self) -> str:
        # The status line is where the invite code stays in sight for the players to pass on.
        where = f"table {self.table}" + (f", invite code {self.code}" if self.code else "")
        return f"{self._progress} · {where}" if self._progress else where

    def undo_blocker(self, seat: int) -> str | None:
        if seat != self.seat_here:
            return "You can only take back your own decisions."
        return None if self._undo_blocker is None else self.words(self._undo_blocker)

    def ai_to_act(self) -> int | None:
        return None  # the server's AI plays its seats

    # -- changing --------------------------------------------------------------------------------
    def submit(self, seat: int, action: Any) -> list[Event]:
        """Send the move: the server judges it, once, as `Match.submit` does a local one. The
        events arrive with the server's next update; a refusal, with its sentence, instead."""
        trace.mark("app.move")
        self.client.send(p.Move(action=dump_action(self.game, action)))
        self.pending = True
        return []

    def pass_declines(self, alone: bool) -> bool:
        """This terminal's seat declines an interrupt at once when declining is all it may do
        (`Match.quick_decline` for one person at a terminal). It is sent like any move, so the
        other seats receive the same updates as when a player declines by hand."""
        seat = self.seat_here
        if self.pending or seat is None or seat not in self.to_act() or not self._prompt.declines:
            return False
        ways = decline_ways(self._prompt, [(a, why) for a, why, _ in self._choices])
        legal = self.legal(seat)
        if not legal or any(a not in ways for a in legal):
            return False
        self.submit(seat, ways[-1])
        return True

    def undo(self, seat: int) -> None:
        blocker = self.undo_blocker(seat)
        if blocker is not None:
            raise IllegalAction(blocker)
        self.client.send(p.Undo())
        self.pending = True

    def next_game(self, rematch: bool) -> Match | None:
        """After the game: this seat asks for the table's next game (a rematch, or the series'
        next game while it goes on: the server knows which); the server opens it once every
        person at the table has asked."""
        if self.seat_here is not None and self._outcome is not None:
            self.client.send(p.Again())
        return None

    def leave_question(self) -> AwayRules | None:
        """A player leaving a game in progress chooses how, where it matters: the AI may play for
        them after the table's time, or (where the table allows it) their seat pauses."""
        if self.seat_here is None or self._outcome is not None or self.ai_after <= 0:
            return None
        return AwayRules(self.ai_after, self.ai_keeps, self.pausing)

    def bot(self, seat: int) -> Bot:
        raise IllegalAction("The table server plays the AI seats.")

    # -- the finished game's record ------------------------------------------------------------
    def take_record(self, text: str) -> str | None:
        """The server's record of the finished game: every move judged again here by the rules
        (`saves.gamerecord.replay`), so the replay is the game itself. None when it replays; else
        the sentence saying why not (the record is then not offered)."""
        try:
            match = replayed(
                read(text, "the table's record"), {self.game.id: self.game}, "the table's record"
            )
        except SaveError as exc:  # (RecordError)
            return safe_text(f"The game's record cannot be replayed here: {exc}")
        self.record, self._finished = text, match
        return None

    @property
    def keeps_moves(self) -> bool:
        """The moves are the server's; once the game is over, its record brings them all here."""
        return self._finished is not None

    def replay(self) -> Replay:
        if self._finished is None:
            raise IllegalAction("The game's record comes from the server once the game is over.")
        return Replay.of(self._finished, seat=self.seat_here)

    @property
    def keeps_record(self) -> bool:
        return self.record is not None and self.records_dir is not None and self.seat_here is not None

    def keep_record(self) -> str:
        """Write the record in this player's records folder; the sentence saying where, or why it
        could not be (the record stays here: the replay, and another try)."""
        if self.record is None or self.records_dir is None:
            return "There is no record of this game to keep here."
        folder = self.records_dir
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = folder / f"{self.game.id}-table-{self.table}-{stamp}.json"
        n = 2
        while target.exists():  # (kept twice within a second: both stay)
            target, n = folder / f"{self.game.id}-table-{self.table}-{stamp}-{n}.json", n + 1
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_whole(target, self.record)
        except OSError as exc:
            return safe_text(
                f"The record could not be kept: {folder} cannot be written ({exc.strerror or exc})."
            )
        except SaveError as exc:
            return safe_text(f"The record could not be kept: {exc}.")
        return safe_text(f"The record is kept in {target}; rivals import reads it.")

    def hint_bot(self) -> Bot:
        from engine.ai import make_bot

        # A hint is thought here, on this seat's own view.
        return make_bot(self.hint_level, self.table * 7919 + 101)

    @property
    def save_problem(self) -> str | None:
        """The server's sentence while it cannot save the table (which waits meanwhile)."""
        return self.notice

    def save(self) -> bool:
        return True  # the server saves after every decision

    def save_elsewhere(self, folder: str) -> str:
        raise SaveError("this table", "is saved by its server after every decision")

    def close(self, *, pause: bool = False) -> None:
        """Leave the table (the seat stays ours: joining again with the code takes it back),
        paused if `pause`."""
        if not self.closed:
            self.closed = True
            self.client.send(p.Leave(table=self.table, pause=pause))


def seated_game(seated: p.Seated, games: Any) -> Game[Any, Any, Any]:
    """The game a `Seated` message names, from this app's catalog."""
    gid = seated.game
    if gid not in games:
        raise IllegalAction(f"This Rivals does not know the game {gid!r}; update it.")
    game: Game[Any, Any, Any] = games[gid]
    return game


def options_payload(game: Game[Any, Any, Any], options: Any) -> dict[str, Any]:
    """Options as the Create message carries them."""
    raw: dict[str, Any] = converter.unstructure(options, unstructure_as=game.Options)
    return raw


class RemoteTables:
    """A table server's tables, as this player sees them: the name they go by there, what they
    send, and a new table asked for by `Create`."""

    def __init__(self, send: Callable[[Any], None], player: str) -> None:
        self.send = send  # the connection's (writes only, never waits)
        self.player = player
        # A table asked for here and not yet seated or refused: the seat that comes is its
        # creator's, the one to pass its invite code on.
        self.creating = False

    def own_name(self) -> str | None:
        return self.player

    def rename(self, name: str) -> None:
        """This player's new name at every table of the server."""
        self.player = name
        self.send(p.Rename(name=name))

    def absent_players_question(self) -> int | None:
        return DEFAULT_AI_AFTER

    def make(
        self,
        game: Game[Any, Any, Any],
        seats: Sequence[SeatSpec],
        options: Any,
        seed: int | None,
        series: Series | None,
        away: AwayRules | None,
    ) -> Match | None:
        """Ask the server for a table with these seats, options and rules for absent players (it
        chooses the seed). The names typed for AI seats are theirs, and one typed for the
        creator's seat is the creator's name at this table."""
        assert away is not None  # (asked first: `absent_players_question`)
        offers = []
        for i, s in enumerate(seats):
            typed = s.name if s.name != default_name(i, "ai" if s.is_ai else "human") else ""
            mine = not s.is_ai and not any(not x.is_ai for x in seats[:i])
            offers.append(
                p.SeatOffer("ai", s.level, typed) if s.is_ai else p.SeatOffer(name=typed if mine else "")
            )
        offer = p.SeriesOffer(series.games, series.points) if series is not None else p.SeriesOffer()
        self.creating = True
        self.send(
            p.Create(
                game=game.id,
                seats=offers,
                options=options_payload(game, options),
                ai_after=away.ai_after,
                series=offer,
                ai_keeps=away.ai_keeps,
                pausing=away.pausing,
            )
        )
        return None
