"""What the log says when a rival builds a Wonder or takes a progress token: what it does, since
much of it (coins from the bank, production, points, a rule changed for good) never shows in a
log line of its own."""

from __future__ import annotations

from engine.rivalist.actions import BuildWonder, PickToken
from engine.rivalist.data import HARVEST, WAR
from engine.rivalist.game import GAME
from tests.engine.rivalist.helpers import at_age, holding, texts, with_wonders, wonder_id


def test_a_wonder_built_says_what_it_does() -> None:
    s = at_age(1)
    with_wonders(s, 0, "Babylon Gardens")
    holding(s, 0, "Watchtower")
    s.coins[0] = 40
    ev = GAME.apply(s, 0, BuildWonder(wonder_id("Babylon Gardens")))
    line = next(t for t in texts(ev).splitlines() if "builds the Wonder" in t)
    assert line.endswith(': "Take 6 coins from the bank. Then take another turn. Worth 3 VP."')
    assert line.startswith("Player 1 builds the Wonder Babylon Gardens with Watchtower (")


def test_a_progress_token_taken_says_what_it_does() -> None:
    s = at_age(1)
    s.phase, s.current, s.board_tokens = "token", 1, [HARVEST, WAR]
    ev = GAME.apply(s, 1, PickToken(WAR))
    said = (
        'Player 2 takes the War progress token from the board: "Each red building you build from now '
        'on pushes the pawn one space further."'
    )
    assert said in texts(ev)
