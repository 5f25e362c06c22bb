"""Where the app's games are made, and who its player is there: the `Tables` an app is given.

`LocalTables` makes a game here, at once: a new `Match`, which the app opens and keeps in its
save folder like any other. `RemoteTables` (rivals_tui/remote.py) asks a table server for a
table, once its creator has said what the table does for an absent player; the server then
seats them and the game opens with its first update. The app shows the questions (the new-game
form, the absent-players question) and opens what comes back, so `RivalsApp.new_match` is the
one way a new game starts, wherever it is played.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from engine.core import Game, SeatSpec
from engine.core.match import Match, Series

if TYPE_CHECKING:
    from rivals_tui.dialogs.away import AwayRules


class Tables(Protocol):
    """Where this app's games are made, and the name its player goes by there."""

    def own_name(self) -> str | None:
        """The name this player goes by at these tables (the new-game form then names only their
        own seat and the AI seats; other people name themselves), or None: everybody at this
        keyboard names their seat in the form."""

    def absent_players_question(self) -> int | None:
        """What the form's Start asks before the game is made: None, nothing, or what a table
        does when a player is away (the AI's wait in seconds is offered first)."""

    def make(
        self,
        game: Game[Any, Any, Any],
        seats: Sequence[SeatSpec],
        options: Any,
        seed: int | None,
        series: Series | None,
        away: AwayRules | None,
    ) -> Match | None:
        """Make the game the form asked for (`away`: the answer to `absent_players_question`):
        the match to open here, or None when it opens later (a server seats its creator)."""


class LocalTables:
    """Games made and played in this process."""

    def own_name(self) -> str | None:
        return None

    def absent_players_question(self) -> int | None:
        return None  # everybody plays at this keyboard: nobody is away

    def make(
        self,
        game: Game[Any, Any, Any],
        seats: Sequence[SeatSpec],
        options: Any,
        seed: int | None,
        series: Series | None,
        away: AwayRules | None,
    ) -> Match:
        seed = seed if seed is not None else random.randrange(1, 2**31)
        return Match.new(game, options, seats, seed, series=series)
