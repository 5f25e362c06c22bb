"""The game-over headline for every kind of ending, including a solo game lost to the rules; and
the line saying whose decisions a server's AI made while they were away."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.core import Rng, SeatSpec
from engine.core.match import Match
from engine.registry import GAMES
from rivals_tui.screens.game_over import headline, stand_in_line
from rivals_tui.session import LocalSession


def table(*names: str) -> Any:
    return SimpleNamespace(seats=tuple(SeatSpec(n) for n in names))


def test_headlines() -> None:
    assert headline(table("Ann", "Ben"), (1,)) == "Ben wins!"
    assert headline(table("Ann", "Ben", "Cy", "Di"), (0, 2)) == "Shared victory: Ann and Cy."
    # Solo against a rule-driven opponent: no seat wins, and the screen must still say so.
    assert headline(table("Ann"), ()) == "Ann does not win."
    assert headline(table("Ann", "Ben"), ()) == "Nobody wins."


def test_the_end_screen_says_whose_decisions_the_ai_made_while_they_were_away() -> None:
    game = GAMES["rivalist"]
    m = Match.new(game, game.Options(), [SeatSpec("Ann"), SeatSpec("Bob")], 4)
    rng = Rng.from_seed(2)
    while not m.over:
        seat = m.to_act()[0]
        m.submit(seat, rng.choice(list(m.legal(seat))), stand_in=seat == 1 and len(m.history) > 20)
    session = LocalSession(m)
    said = f"The AI made {len(m.stand_ins)} decisions for Bob while Bob was away."
    assert stand_in_line(session, 0) == said == stand_in_line(session, None)
    assert (
        stand_in_line(LocalSession(Match.new(game, game.Options(), [SeatSpec("A"), SeatSpec("B")], 4)), 0)
        == ""
    )
