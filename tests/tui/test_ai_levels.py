"""Every AI level, expert included, is offered where a seat is set up: each seat row of the
new-game form, `rivals new --ai`, and its help. (The table server's check: tests/net/test_expert.)

Budget: 2 s (the expert seats search 40 iterations here: tests/tui/conftest.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Select

from engine.ai import LEVELS
from engine.core import SeatSpec
from engine.registry import GAMES
from rivals_tui.app import RivalsApp
from rivals_tui.cli import build_parser, main, make_seats
from rivals_tui.screens.game import GameScreen
from rivals_tui.session import LocalSession
from rivals_tui.settings import Settings
from saves.store import SaveStore
from tests.tui.conftest import GAMES as TOY_GAMES
from tests.tui.flow import new_game_form, settle


async def test_every_seat_row_of_the_form_offers_every_level_and_expert_plays(tmp_path: Path) -> None:
    settings = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", ai_pace=0.0).save(settings)
    app = RivalsApp(games=GAMES, store=SaveStore(tmp_path / "saves", games=GAMES), settings_path=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await new_game_form(pilot)
        rows = list(form.query(".seat-kind").results(Select))
        assert len(rows) == max(g.players.stop - 1 for g in GAMES.values())  # six: Rivals
        for row in rows:
            for level in LEVELS:
                row.value = level  # a level a row does not list is refused (InvalidSelectValueError)
        form.query_one("#game", Select).value = "rival_kings"
        form.query_one("#count", Select).value = 3
        form.query_one("#kind-0", Select).value = "human"
        form.query_one("#seed", Input).value = "4"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        session = app.session
        assert isinstance(session, LocalSession)
        assert [(s.kind, s.level) for s in session.match.seats[1:]] == [("ai", "expert"), ("ai", "expert")]


def test_rivals_new_takes_ai_expert(tmp_path: Path) -> None:
    args = build_parser().parse_args(["new", "goofspiel", "--players", "3", "--ai", "expert"])
    seats = make_seats(TOY_GAMES["goofspiel"], args)
    assert seats[1:] == [SeatSpec("AI 2", "ai", "expert"), SeatSpec("AI 3", "ai", "expert")]


def test_rivals_new_help_names_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["new", "--help"], games=TOY_GAMES)
    shown = " ".join(capsys.readouterr().out.split())
    assert "{easy,normal,hard,expert,none}" in shown
    assert "level of the AI seats, easy, normal, hard or expert (expert thinks longest" in shown
