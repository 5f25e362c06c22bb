"""Waiting for the AI: `f` skips the pauses the AI pace puts between its moves, until a person
decides again, and the footer offers it only while the AI is playing (for every game: the key
belongs to the game screen). The Rivals board says whose turn it is and how far the round has
come while another seat decides."""

from __future__ import annotations

import random
from pathlib import Path

from engine.core import SeatSpec
from engine.core.match import Match
from engine.registry import GAMES
from engine.rivals.game import GAME as RIVALS
from rivals_tui.games.rivals.layout import build
from rivals_tui.screens.game import GameScreen
from rivals_tui.widgets.footer import KeysFooter
from rivals_tui.widgets.linetable import table_text
from tests.tui.boards import screen_app, settle
from tests.tui.flow import until


def footer(app: object) -> list[str]:
    return [str(k.description) for k in app.screen.query_one(KeysFooter).keys]  # type: ignore[attr-defined]


async def test_f_skips_the_ai_pauses_until_a_person_decides(tmp_path: Path) -> None:
    game = GAMES["rival_kings"]
    seats = [SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy"), SeatSpec("Cy", "ai", "easy")]
    app = screen_app(tmp_path, Match.new(game, game.Options(), seats, 4))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert 0 in session.to_act()
        assert "Skip pauses" not in footer(app)  # nothing to skip on one's own decision
        app.settings.ai_pace = 600.0  # ten minutes after every AI move: only `f` gets past them
        while 0 in session.to_act():
            screen.choose(session.legal(0)[0])
            await pilot.pause()
        await until(pilot, lambda: screen.thinking is not None)
        assert "Skip pauses" in footer(app)
        moves = len(session.match.history)
        await pilot.press("f")
        await until(pilot, lambda: 0 in session.to_act() or session.outcome() is not None)
        assert len(session.match.history) > moves + 1  # several AI moves, none of them waited for
        assert not screen.hurry and "Skip pauses" not in footer(app)  # Ann decides: over


def test_the_rivals_board_says_whose_turn_it_is_and_how_far_the_round_has_come() -> None:
    s = RIVALS.setup(RIVALS.Options(), 6, 2)
    rng = random.Random(2)
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
    seen = {"turn": False, "window": False}
    while RIVALS.to_act(s) and not all(seen.values()):
        seat = RIVALS.to_act(s)[0]
        if s.round >= 1 and seat != 0 and s.active >= 0:
            v = RIVALS.view(s, 0)
            head = table_text(build(v, 0, (), names, 46, 20, None, "map", set(), None)).split("\n")
            k = s.turn_order.index(s.active) + 1
            playing = f"{names[s.active]} ("
            place = f"plays, {k} of {len(s.turn_order)} in turn {s.turn_no} of 2"
            assert any(line.lstrip("▶ ").startswith(playing) and place in line for line in head[:4]), head[:4]
            if s.phase == "interrupt":
                assert any(f"{names[seat]} may interrupt" in line for line in head[:4]), head[:4]
                seen["window"] = True
            else:
                seen["turn"] = True
        RIVALS.apply(s, seat, rng.choice(RIVALS.legal(s, seat)))
    assert all(seen.values())
