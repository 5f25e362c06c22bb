"""Pilot tests of the Rival Kings board on real game states: choosing by keyboard, the detail
panel's text, secrecy of other players' characters, and whole random games at 80×24."""

from __future__ import annotations

import random
import re

from engine.rival_kings.actions import ChooseCharacter, EndTurn, Recruit, Skip, Steal, TakeMoney
from engine.rival_kings.data import CARDS, CHARACTERS
from engine.rival_kings.game import GAME
from engine.rival_kings.state import RivalKingsState
from tests.tui.boards import assert_fits, random_game
from tests.tui.rival_kings.harness import BoardApp, find_state


async def test_the_hand_is_shown_and_enter_plays_the_focused_character() -> None:
    s = GAME.setup(GAME.Options(), 2, 4)
    hand = list(s.hands[0])
    app = BoardApp(s, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = app.board.rendered_text()
        for c in hand:
            assert f"{CHARACTERS[c].name} {CHARACTERS[c].rank}" in text
        # The cursor starts on the hand: one key plays the first card...
        await pilot.press("enter")
        assert app.chosen == [ChooseCharacter(hand[0])]
        # ...and moving right picks the next one.
        await pilot.press("right", "enter")
        assert app.chosen[-1] == ChooseCharacter(hand[1])


async def test_enter_on_a_pile_recruits_when_recruiting_is_legal() -> None:
    s, seat = find_state(2, lambda s, i: any(isinstance(a, Recruit) for a in GAME.legal(s, i)))
    app = BoardApp(s, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        key = app.board.cursor_key
        assert key[0] == "pile" and key[1] in (2, 3)
        await pilot.press("enter")
        assert len(app.chosen) == 1
        chosen = app.chosen[0]
        assert isinstance(chosen, Recruit) and chosen.pile == key[1]
        assert chosen in GAME.legal(s, seat)


async def test_enter_on_a_pile_takes_its_money_and_s_skips() -> None:
    s, seat = find_state(3, lambda s, i: TakeMoney(0) in GAME.legal(s, i))
    app = BoardApp(s, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.board.cursor_key[0] == "pile"
        pile = app.board.cursor_key[1]
        await pilot.press("enter")
        assert app.chosen == [TakeMoney(pile)]
        await pilot.press("s")
        assert app.chosen[-1] == Skip()


async def test_enter_on_a_rivals_action_steals_it() -> None:
    s, seat = find_state(3, lambda s, i: any(isinstance(a, Steal) for a in GAME.legal(s, i)))
    app = BoardApp(s, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        key = app.board.cursor_key
        assert key[0] == "act" and key[1] != seat
        await pilot.press("enter")
        assert app.chosen == [Steal(key[1], key[2])]


async def test_the_detail_panel_gets_the_full_text_of_the_focused_card() -> None:
    s = GAME.setup(GAME.Options(), 2, 4)
    app = BoardApp(s, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = s.hands[0][0]
        title, text = app.details[-1]
        assert CHARACTERS[first].label == title
        assert CHARACTERS[first].text in text
        # Tab goes round the areas; the piles show their top card's whole text.
        for _ in range(5):
            await pilot.press("tab")
            if app.board.cursor_key[0] == "pile":
                break
        pile = app.board.cursor_key[1]
        top = s.piles[pile][-1]
        assert CARDS[top].text in app.details[-1][1]
        assert "amount is hidden" in app.details[-1][1]


async def test_collected_cards_carry_their_ability_text() -> None:
    s, seat = find_state(2, lambda s, i: bool(s.subjects[i]) and s.phase == "turn")
    app = BoardApp(s, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        active = s.subjects[seat][-1]
        for _ in range(60):
            if app.board.cursor_key == ("card", seat, active):
                break
            await pilot.press("right")
        assert app.board.cursor_key == ("card", seat, active)
        title, text = app.details[-1]
        assert CARDS[active].name in title
        assert CARDS[active].text in text and "Active subject" in text


def hidden_names(s: RivalKingsState, seat: int) -> set[str]:
    """Names of characters the seat must not see: others' hands and unrevealed choices, the
    face-down pile, minus names the seat legitimately sees on another card."""
    hidden: set[int] = set(s.aside)
    for i in range(s.seats):
        if i != seat:
            hidden.update(s.hands[i])
            if s.phase == "choose" and s.played[i] is not None:
                hidden.add(s.played[i])
    seen = set(s.hands[seat]) | set(s.pile_shown)
    for i in range(s.seats):
        seen.update(s.spent[i])
        if s.played[i] is not None and (i == seat or s.phase != "choose"):
            seen.add(s.played[i])
    seen_names = {CHARACTERS[c].name for c in seen}
    return {CHARACTERS[c].name for c in hidden} - seen_names


async def test_other_players_hands_and_unrevealed_choices_are_never_drawn() -> None:
    for seats in (2, 3, 4):
        s, seat = find_state(seats, lambda s, i: s.phase == "choose" and any(c is not None for c in s.played))
        secret = hidden_names(s, seat)
        assert secret
        app = BoardApp(s, seat)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            board = app.board
            for _ in range(len(board.table().items)):
                await pilot.press("right")
            shown = board.rendered_text() + "\n".join(t + " " + x for t, x in app.details)
            for name in secret:
                # Whole words: the Count is not the Countess.
                assert not re.search(rf"\b{re.escape(name)}\b", shown), name
            # Rivals who chose show a face-down card; their coins are not shown either.
            assert "face down" in shown
            assert "? coins" in shown


async def test_whole_random_games_render_at_80x24() -> None:
    for seats in (2, 4):
        rng = random.Random(seats)
        s = GAME.setup(GAME.Options(), seats, 100 + seats)
        app = BoardApp(s, 0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            steps = 0
            async for _ in random_game(pilot, app, rng, 15, ("down", "right", "tab"), watch="actor"):
                assert_fits(app.board)
                steps += 1
            assert GAME.outcome(s) is not None
            assert steps > 50


async def test_end_turn_key_only_when_legal() -> None:
    s, seat = find_state(2, lambda s, i: GAME.legal(s, i) == [EndTurn()] or EndTurn() in GAME.legal(s, i))
    app = BoardApp(s, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        assert app.chosen == [EndTurn()]
    s2 = GAME.setup(GAME.Options(), 2, 4)
    app2 = BoardApp(s2, 0)
    async with app2.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e", "s")
        assert app2.chosen == []
