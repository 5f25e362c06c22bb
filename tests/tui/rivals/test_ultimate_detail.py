"""The ultimate on your board says what it does, not only how charged it is; so does a rival's
line, for that rival's ultimate."""

from __future__ import annotations

from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.cards import card_text
from engine.rivals.data.catalog import ULTIMATES
from rivals_tui.games.rivals.texts import player_detail
from tests.tui.rivals.harness import GAME, BoardApp, find_state

NAMES = ["Ann", "Bob", "Cy"]


async def test_the_ultimate_under_the_cursor_says_what_it_does() -> None:
    s, seat = find_state(3, lambda s, seat: s.phase == "turn" and s.round >= 2 and s.ashaks[seat].alive)
    ult = ULTIMATES[s.ashaks[seat].kind]
    app = BoardApp(s, seat)
    async with app.run_test(size=(100, 40)) as pilot:  # tall: your board beside the map
        app.board._set_cursor(("ult",))
        await pilot.pause()
        title, text = app.details[-1]
    assert title == f"Ultimate: {ult.name}"
    assert f"Charged {s.ashaks[seat].ult} of {ASHAKS[s.ashaks[seat].kind].gauge}." in text
    assert card_text(ult) in text and f"{ult.name} (" in text


def test_a_rivals_line_names_its_ultimate_and_what_it_does() -> None:
    s, seat = find_state(3, lambda s, seat: s.phase == "turn" and s.round >= 2)
    rival = (seat + 1) % 3
    _, text = player_detail(GAME.view(s, seat), rival, NAMES, seat)
    ult = ULTIMATES[s.ashaks[rival].kind]
    assert f"Ultimate {ult.name} at {ASHAKS[s.ashaks[rival].kind].gauge}: {card_text(ult)}" in text
