"""One table of the server: a `Match`, who holds which seat, and what each seat may be told.

No sockets and no asyncio here — the server (`rivals_net.server`) owns the connections and calls
these methods. Everything sent to a seat is built by `update_for`, from that seat's view and the
events it may read, so secrecy is decided in one place.
"""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

import attrs

from engine.core import Game, IllegalAction, SeatSpec
from engine.core.match import Match, Series
from rivals_net.protocol import Choice, SeatInfo, SeriesOffer, TableInfo, Update
from saves.codec import SERIES_GAMES_LIMIT, SERIES_POINTS_LIMIT
from saves.convert import converter, dump_action


def series_for(game: Game[Any, Any, Any], offer: SeriesOffer) -> Series:
    """The series a new table plays, as its creator asked; IllegalAction (one sentence) if the
    game has no series or the numbers are out of bounds (the bounds a save accepts)."""
    if offer.games <= 1 and offer.points <= 0:
        return Series()
    if not getattr(game, "supports_series", False):
        raise IllegalAction(f"{game.title} is played one game at a time.")
    if offer.games > 1 and offer.points > 0:
        raise IllegalAction("A series is a number of games or a score to reach, not both.")
    if offer.games > SERIES_GAMES_LIMIT or offer.points > SERIES_POINTS_LIMIT or offer.points < 0:
        raise IllegalAction(
            f"A series is 2 to {SERIES_GAMES_LIMIT} games or 1 to {SERIES_POINTS_LIMIT} points."
        )
    return Series(games=max(1, offer.games), points=offer.points)


def identity_key(identity: str) -> str:
    """What the server keeps of an identity: its hash, so the index file holds no secrets."""
    return hashlib.sha256(identity.encode("utf-8", "surrogatepass")).hexdigest()


@attrs.define(eq=False)
class Table:
    """A match at the server. `claims` maps identity keys to seats; `absent_since` holds, for each
    claimed seat whose player is not connected, when they went (the server's clock)."""

    id: int
    code: str
    name: str
    match: Match
    claims: dict[str, int] = attrs.field(factory=dict)
    ai_after: int = 0
    absent_since: dict[int, float] = attrs.field(factory=dict)
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

    @property
    def game(self) -> Game[Any, Any, Any]:
        return self.match.game

    def names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    def holder(self, seat: int) -> bool:
        return seat in self.claims.values()

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
        taken = {s.name for i, s in enumerate(self.match.seats) if i != seat}
        shown, n = name, 2
        while shown in taken:
            shown, n = f"{name} ({n})", n + 1
        seats = list(self.match.seats)
        seats[seat] = attrs.evolve(seats[seat], name=shown)
        self.match.seats = tuple(seats)
        return seat

    def seat_infos(self, here: set[int]) -> list[SeatInfo]:
        return [
            SeatInfo(name=s.name, kind=s.kind, taken=self.holder(i), here=i in here)
            for i, s in enumerate(self.match.seats)
        ]

    def public(self) -> tuple[list[str], str, bool]:
        """What the lobby says of the game as it stands: whose turn, how far, whether it is over."""
        m = self.match
        return [m.seats[s].name for s in m.to_act()], self.game.progress(m.view(None)), m.over

    def info(self, here: set[int], key: str | None = None) -> TableInfo:
        """The lobby's line for this table, as told to identity `key`: the game as its players were
        last told of it (the match may hold a change still being saved)."""
        waiting, progress, over = self.told if self.told is not None else self.public()
        return TableInfo(
            table=self.id,
            game=self.game.id,
            title=self.game.title,
            seats=self.seat_infos(here),
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
    def update_for(self, seat: int | None, sent: int, here: set[int]) -> tuple[Update, int]:
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
            seats=self.seat_infos(here),
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
        g, s = self.game, self.match.state
        return [
            Choice(action=dump_action(g, a), reason=why, continues=why is None and self._continues(seat, a))
            for a, why in g.choices(s, seat)
        ]

    def _continues(self, seat: int, action: Any) -> bool:
        """The same test as `LocalSession.continues_turn`: afterwards this seat alone decides again
        and nothing came to light, so the answer depends on nothing the seat cannot see."""
        g = self.game
        after = g.clone(self.match.state)
        events = g.apply(after, seat, action)
        if g.outcome(after) is not None or g.to_act(after) != (seat,):
            return False
        return not any(e.reveal or e.to is not None for e in events)

    # -- the server's AI -------------------------------------------------------------------------
    def ai_seat(self, now: float, here: set[int]) -> tuple[int | None, float | None]:
        """A seat whose decision the server's AI makes now, or None and how long until an absent
        player's time runs out (None: nothing to wait for). AI seats play as soon as they owe a
        decision; a claimed seat whose player is away is played once `ai_after` seconds pass."""
        if self.match.over:
            return None, None
        wait: float | None = None
        for seat in self.match.to_act():
            if self.match.seats[seat].is_ai:
                return seat, None
            if self.ai_after <= 0 or seat in here or not self.holder(seat):
                continue
            left = self.absent_since.get(seat, now) + self.ai_after - now
            if left <= 0:
                return seat, None
            wait = left if wait is None else min(wait, left)
        return None, wait

    def bot(self, seat: int) -> Any:
        if seat not in self.bots:
            from engine.ai import make_bot

            spec = self.match.seats[seat]
            # Seeded from the match, as at a local table; an absent player's stand-in plays "normal".
            level = spec.level if spec.is_ai else "normal"
            self.bots[seat] = make_bot(level, self.match.seed * 7919 + seat)
        return self.bots[seat]
