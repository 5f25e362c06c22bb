"""One table of the server: a `Match` (made from a `create` message by `match_for`), who holds
which seat, what each seat may be told, and when the AI decides for a player who is away.

No sockets and no asyncio here — the server (`rivals_net.server`) owns the connections and calls
these methods. Everything sent to a seat is built by `update_for`, from that seat's view and the
events it may read, so secrecy is decided in one place.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from typing import Any

import attrs

from engine.ai import LEVELS, make_bot
from engine.core import Game, IllegalAction, SeatSpec
from engine.core.info import Catalog
from engine.core.match import Match, Series
from engine.core.words import one_of
from rivals_net.plain import plain_line
from rivals_net.protocol import NAME_LIMIT, Choice, Create, SeatInfo, SeriesOffer, TableInfo, Update
from saves.codec import SERIES_GAMES_LIMIT, SERIES_POINTS_LIMIT
from saves.convert import converter, dump_action, structure_checked
from saves.errors import SaveError


def series_for(game: Game[Any, Any, Any], offer: SeriesOffer) -> Series:
    """The series a new table plays, as its creator asked; IllegalAction (one sentence) if the
    game has no series or the numbers are out of bounds (the bounds a save accepts)."""
    if offer.games <= 1 and offer.points <= 0:
        return Series()
    if not game.supports_series:
        raise IllegalAction(f"{game.title} is played one game at a time.")
    if offer.games > 1 and offer.points > 0:
        raise IllegalAction("A series is a number of games or a score to reach, not both.")
    if offer.games > SERIES_GAMES_LIMIT or offer.points > SERIES_POINTS_LIMIT or offer.points < 0:
        raise IllegalAction(
            f"A series is 2 to {SERIES_GAMES_LIMIT} games or 1 to {SERIES_POINTS_LIMIT} points."
        )
    return Series(games=max(1, offer.games), points=offer.points)


def match_for(games: Catalog, m: Create, seed: int) -> tuple[Match, str]:
    """The match a `create` message asks for, and the name its creator gave their own seat (""
    for none); IllegalAction (one sentence) for anything a table cannot be."""
    gid = games.find(m.game)
    if gid is None:
        raise IllegalAction(f"There is no game called {m.game[:40]!r}.")
    game = games[gid]
    if len(m.seats) not in game.players:
        raise IllegalAction(f"{game.title} is for {game.players.start} to {game.players.stop - 1} players.")
    if any(s.kind not in ("open", "ai") or s.level not in LEVELS for s in m.seats):
        raise IllegalAction(f'A seat is "open" or "ai" at level {one_of(LEVELS)}.')
    if not any(s.kind == "open" for s in m.seats):
        raise IllegalAction("A table needs at least one open seat (yours).")
    if not 0 <= m.ai_after <= 86400:
        raise IllegalAction("The AI may take over after 0 (never) to 86400 seconds.")
    try:
        options = structure_checked(m.options, game.Options, "options", "message")
    except SaveError as exc:
        raise IllegalAction(f"Bad options: {exc.fault}.") from None
    # An AI seat is named as the form says; the creator's seat too, if they typed a name. The
    # other people's seats are named by whoever takes them.
    names = [tidy_name(s.name) for s in m.seats]
    seats = [
        SeatSpec(f"Seat {i + 1}") if s.kind == "open" else SeatSpec(names[i] or f"AI {i + 1}", "ai", s.level)
        for i, s in enumerate(m.seats)
    ]
    if len({s.name for s in seats}) < len(seats):
        raise IllegalAction("Give every seat a different name.")
    mine = next(names[i] for i, s in enumerate(m.seats) if s.kind == "open")
    series = series_for(game, m.series)
    try:
        return Match.new(game, options, seats, seed, series=series), mine
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None


def tidy_name(text: str) -> str:
    """A name as a table shows it: plain (as a chat message is: `plain_line`), its words with one
    space between them, at most `NAME_LIMIT` characters ("" if nothing is left)."""
    return plain_line(text)[:NAME_LIMIT].strip()


def identity_key(identity: str) -> str:
    """What the server keeps of an identity: its hash, so the index file holds no secrets."""
    return hashlib.sha256(identity.encode("utf-8", "surrogatepass")).hexdigest()


@attrs.define(eq=False)
class Table:
    """A match at the server. `claims` maps identity keys to seats.

    A claimed seat whose player is not connected is away. When it owes a decision, the AI makes
    that one decision `ai_after` seconds later (0: never), and the clock starts again for the
    next (`due`); with `ai_keeps` the AI plays the seat from then on until its player is back
    (`standing_in`). A seat its player paused on leaving (`paused`, where `pausing` allows it)
    is never played for: the table waits."""

    id: int
    code: str
    name: str
    match: Match
    claims: dict[str, int] = attrs.field(factory=dict)
    ai_after: int = 0
    ai_keeps: bool = False
    pausing: bool = True
    paused: set[int] = attrs.field(factory=set)
    # For each away seat owing a decision: when the AI makes it (the server's clock).
    due: dict[int, float] = attrs.field(factory=dict)
    standing_in: set[int] = attrs.field(factory=set)
    bots: dict[int, Any] = attrs.field(factory=dict)
    # Held while the match changes and is saved, so decisions at one table go one at a time.
    busy: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    # A change is being saved: nobody may be told of it (or of anything after it) yet.
    saving: bool = False
    # Why the last change could not be saved (None: all is on disk). Until a retry saves it the
    # table waits: nobody is told anything of it, and no decision is taken.
    unsaved: str | None = None
    # The next game started while saving failed: everyone at the table is seated at it once saved.
    reseat: bool = False
    # The lobby's facts about the game as last told (whose turn, how far, over), so that the lobby
    # never tells of a change that is not on disk yet.
    told: tuple[list[str], str, bool] | None = None
    # After a game: the seats whose players asked for the next one.
    again: set[int] = attrs.field(factory=set)
    # Who created it (an identity key) and from where (`Conn.source`): the per-player and
    # per-address caps count these. `seen`: when one of its players was last at it (wall clock,
    # kept in the index, so that a table left alone closes even across restarts).
    creator: str = ""
    origin: str = ""
    seen: float = attrs.field(factory=time.time)

    @property
    def game(self) -> Game[Any, Any, Any]:
        return self.match.game

    def names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    def holder(self, seat: int) -> bool:
        return seat in self.claims.values()

    def full(self) -> bool:
        """No seat left for a newcomer: every person's seat is held."""
        return all(s.is_ai or self.holder(i) for i, s in enumerate(self.match.seats))

    @property
    def started(self) -> bool:
        """A decision was made at this table (in this game or an earlier one of its series)."""
        return bool(self.match.history or self.match.series.results)

    def left_for(self, now: float, unstarted_after: float, abandoned_after: float) -> bool:
        """Whether a table none of whose players is at it has been left long enough to close: one
        where nothing was played after `unstarted_after` seconds, any other after
        `abandoned_after` (0: never)."""
        limit = abandoned_after if self.started else unstarted_after
        return limit > 0 and now - self.seen >= limit

    # -- seats -----------------------------------------------------------------------------------
    def claim(self, key: str, name: str) -> int | None:
        """The seat `key` holds, or a free human seat given to it (named `name`); None if full."""
        if key in self.claims:
            return self.claims[key]
        free = [i for i, s in enumerate(self.match.seats) if not s.is_ai and not self.holder(i)]
        if not free:
            return None
        seat = free[0]
        self.claims[key] = seat
        self.rename(seat, name)
        return seat

    def rename(self, seat: int, name: str) -> bool:
        """Name `seat` `name` (with a number after it if another seat has that name); False if
        that is its name already."""
        taken = {s.name for i, s in enumerate(self.match.seats) if i != seat}
        shown, n = name, 2
        while shown in taken:
            shown, n = f"{name} ({n})", n + 1
        if self.match.seats[seat].name == shown:
            return False
        seats = list(self.match.seats)
        seats[seat] = attrs.evolve(seats[seat], name=shown)
        self.match.seats = tuple(seats)
        return True

    def seat_infos(self, here: set[int], now: float | None = None) -> list[SeatInfo]:
        """Each seat as the table shows it; an away seat's time left counted from `now` (the
        server's clock; default: this moment)."""
        now = time.monotonic() if now is None else now
        return [
            SeatInfo(
                name=s.name,
                kind=s.kind,
                taken=self.holder(i),
                here=i in here,
                ai_in=round(max(0.0, self.due[i] - now), 1) if i in self.due else None,
                ai_plays=i in self.standing_in,
                paused=i in self.paused,
            )
            for i, s in enumerate(self.match.seats)
        ]

    def public(self) -> tuple[list[str], str, bool]:
        """What the lobby says of the game as it stands: whose turn, how far, whether it is over."""
        m = self.match
        return [m.seats[s].name for s in m.to_act()], self.game.progress(m.view(None)), m.over

    def info(self, here: set[int], now: float | None = None, key: str | None = None) -> TableInfo:
        """The lobby's line for this table, as told to identity `key`: the game as its players were
        last told of it (the match may hold a change still being saved)."""
        waiting, progress, over = self.told if self.told is not None else self.public()
        return TableInfo(
            table=self.id,
            game=self.game.id,
            title=self.game.title,
            seats=self.seat_infos(here, now),
            waiting_for=waiting,
            progress=progress,
            over=over,
            yours=key in self.claims,
        )

    def seated(self) -> dict[str, Any]:
        """The fixed facts a client needs to open the table (the fields of `Seated`)."""
        m = self.match
        return {
            "table": self.id,
            "game": self.game.id,
            "options": converter.unstructure(m.options, unstructure_as=self.game.Options),
            "seats": converter.unstructure(m.seats, unstructure_as=tuple[SeatSpec, ...]),
            "series": converter.unstructure(m.series),
            "ai_after": self.ai_after,
            "ai_keeps": self.ai_keeps,
            "pausing": self.pausing,
        }

    # -- the next game --------------------------------------------------------------------------
    def ask_again(self, seat: int) -> bool:
        """`seat` asks for the next game; True when every person's seat has (AI seats agree at
        once, and a seat nobody holds yet cannot agree, so the table waits for its player)."""
        self.again.add(seat)
        people = [i for i, s in enumerate(self.match.seats) if not s.is_ai]
        return all(i in self.again for i in people)

    def start_next(self) -> None:
        """Replace the finished game with the next one: the series' next game, its totals carried,
        or a rematch of the same seats and variants (`Match.following`)."""
        self.match = self.match.following()
        self.again.clear()
        self.bots.clear()  # they are seeded from the match

    # -- what a seat is told ---------------------------------------------------------------------
    def update_for(
        self, seat: int | None, sent: int, here: set[int], now: float | None = None
    ) -> tuple[Update, int]:
        """The table as `seat` (None: a spectator) sees it, with the events after the first `sent`
        it has already been given; and how many it will have been given."""
        m, g = self.match, self.game
        view = m.view(seat)
        events = [e for _, e in m.log_for(seat)]
        reset = len(events) < sent
        new = events if reset else events[sent:]
        owing = seat is not None and seat in m.to_act()
        out = m.outcome()
        update = Update(
            view=converter.unstructure(view, unstructure_as=g.state_type),
            to_act=list(m.to_act()),
            seats=self.seat_infos(here, now),
            log=[converter.unstructure(e) for e in new],
            log_reset=reset,
            progress=g.progress(view),
            prompt=converter.unstructure(m.prompt(seat)) if owing and seat is not None else None,
            choices=self._choices(seat) if owing and seat is not None else [],
            undo_blocker=m.undo_blocker(seat) if seat is not None else None,
            outcome=None if out is None else converter.unstructure(out),
            decisions=len(m.history),
            again=sorted(self.again),
        )
        return update, len(events)

    def _choices(self, seat: int) -> list[Choice]:
        m = self.match
        return [
            Choice(
                action=dump_action(m.game, a), reason=why, continues=why is None and m.continues_turn(seat, a)
            )
            for a, why in m.game.choices(m.state, seat)
        ]

    # -- the server's AI -------------------------------------------------------------------------
    def away(self, seat: int, here: set[int]) -> bool:
        """A person holds `seat` and is not at the table now."""
        return not self.match.seats[seat].is_ai and self.holder(seat) and seat not in here

    def keep_time(self, now: float, here: set[int]) -> None:
        """Bring the away seats' clocks up to date: a seat that owes a decision while away gets
        `ai_after` seconds for it from now, kept until it decides, its player comes back or
        pauses it; a seat that no longer owes one has no clock."""
        owing = () if self.match.over else self.match.to_act()
        for seat in [s for s in self.due if s not in owing or not self.away(s, here) or s in self.paused]:
            del self.due[seat]
        if self.ai_after <= 0:
            return
        for seat in owing:
            waits = self.away(seat, here) and seat not in self.paused and seat not in self.standing_in
            if waits and seat not in self.due:
                self.due[seat] = now + self.ai_after

    def ai_seat(self, now: float, here: set[int]) -> tuple[int | None, float | None]:
        """A seat whose decision the server makes now, or None and how long until an away
        player's time runs out (None: nothing to wait for). AI seats play as soon as they owe
        a decision, and so does an away seat that can only decline (what its own terminal would
        do: `Match.quick_decline`); an away seat's decision is the AI's once its time is up."""
        if self.match.over:
            return None, None
        self.keep_time(now, here)
        wait: float | None = None
        for seat in self.match.to_act():
            if self.match.seats[seat].is_ai:
                return seat, None
            if not self.away(seat, here):
                continue
            if self.match.quick_decline(seat, alone=True) is not None or seat in self.standing_in:
                return seat, None
            due = self.due.get(seat)
            if due is None:
                continue
            if due <= now:
                return seat, None
            wait = due - now if wait is None else min(wait, due - now)
        return None, wait

    def still_due(self, seat: int, here: set[int], clock: float | None) -> bool:
        """The AI, having thought while the seat's clock read `clock`, may still decide for it:
        its player is away, has not paused it, and has not come and gone meanwhile."""
        if not self.away(seat, here) or seat in self.paused:
            return False
        return seat in self.standing_in or (clock is not None and self.due.get(seat) == clock)

    def stood_in(self, seat: int) -> None:
        """The AI has just decided for away `seat`: its clock starts again at its next decision,
        or (`ai_keeps`) the AI plays the seat until its player is back."""
        self.due.pop(seat, None)
        if self.ai_keeps:
            self.standing_in.add(seat)

    def back(self, seat: int) -> None:
        """The seat's player is at the table again: nobody plays for it and it is not paused."""
        self.due.pop(seat, None)
        self.standing_in.discard(seat)
        self.paused.discard(seat)

    def bot(self, seat: int) -> Any:
        if seat not in self.bots:
            spec = self.match.seats[seat]
            # Seeded from the match, as at a local table; an absent player's stand-in plays "normal".
            level = spec.level if spec.is_ai else "normal"
            self.bots[seat] = make_bot(level, self.match.seed * 7919 + seat)
        return self.bots[seat]
