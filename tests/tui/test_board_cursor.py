"""The line boards' cursor, the same on every board: its line is never hidden under a "more" mark,
a resize scrolls the board no further than the cursor needs, and Enter on the piece the hint put
the cursor on takes exactly the hint's move (where the piece alone would open a list)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine.core.match import Match
from engine.registry import GAMES
from engine.rival_kings.actions import Steal
from engine.rival_realms.actions import Carpet, Go, Summon
from rivals_tui.games.rival_kings.targets import SWAP_TYPES
from rivals_tui.glyphs import LINES
from rivals_tui.screens.game import GameScreen, HintReady
from rivals_tui.widgets.action_picker import ActionPicker
from tests.tui.boards import find_match, find_state, screen_app, settle
from tests.tui.flow import until
from tests.tui.rival_realms.harness import BoardApp
from tests.tui.test_legends import BOARD_GAMES, LegendBoardApp

MARKS = (LINES.more_up, LINES.more_down)


def cursor_row(board: Any) -> str:
    """What the board draws on the row of the cursor's line ("" when that line is out of sight)."""
    y = board._line_of(board._index()) - board._top
    return board.render_line(y).text if 0 <= y < board.size.height else ""


@pytest.mark.parametrize("game_id", BOARD_GAMES)
async def test_the_cursors_line_is_never_under_a_more_mark(game_id: str) -> None:
    game = GAMES[game_id]
    rng = random.Random(game_id)
    state = game.setup(game.Options(), 2, 5)
    for _ in range(30):  # past the set-up, into a board with more in it
        game.apply(state, game.to_act(state)[0], rng.choice(game.legal(state, game.to_act(state)[0])))
    app = LegendBoardApp(game, state, game.to_act(state)[0])
    async with app.run_test(size=(46, 9)) as pilot:
        await pilot.pause()
        board = app.board
        assert len(board.table().lines) > board.size.height, "the board fits: nothing to scroll"
        for key in ["down"] * 12 + ["up"] * 12:
            await pilot.press(key)
            row = cursor_row(board)
            assert row and not row.startswith(MARKS), (key, board.cursor_key, board._top)


async def test_after_a_resize_the_board_scrolls_no_further_than_the_cursor_needs() -> None:
    """Shrunk, the board scrolls to keep the cursor in sight; grown back, it shows its first
    lines again (the player's own header) rather than staying scrolled."""
    game = GAMES["rival_realms"]
    state = game.setup(game.Options(), 2, 4)
    app = LegendBoardApp(game, state, 0)
    async with app.run_test(size=(46, 12)) as pilot:
        await pilot.pause()
        board = app.board
        assert len(board.table().lines) > 12
        board._set_cursor(next(k for k in board.table().keys if k[0] == "deck"))
        await pilot.pause()
        assert board._top == 0
        await pilot.resize_terminal(46, 6)
        await until(pilot, lambda: board.size.height == 6, timeout=5)
        assert board._top > 0 and cursor_row(board)
        await pilot.resize_terminal(46, 12)
        await until(pilot, lambda: board.size.height == 12, timeout=5)
        assert board._top == 0 and cursor_row(board)
        assert "pts" in board.render_line(0).text  # the header: name and points


def planned(action: Any) -> bool:
    """A Rival Realms step: Enter plans it and `c` plays the plan."""
    return isinstance(action, (Go, Carpet))


async def hinted_piece(app: Any, rng: random.Random) -> tuple[Any, Any]:
    """Play on at random until some legal move's own piece (the one the hint would point at)
    stands for several moves; that move and its piece."""
    game = app.GAME
    while game.to_act(app.state):
        board = app.board
        seat = game.to_act(app.state)[0]
        app.seat = seat
        app.refresh_board([])
        for action in game.legal(app.state, seat):
            if board.focus_action(action) and len(board.choices(board.cursor_key)) > 1:
                return action, board.cursor_key
        app.play(rng.choice(game.legal(app.state, seat)))
    raise AssertionError("no piece standing for several moves")


# The boards with pieces standing for several moves (in random play the other three never had one).
@pytest.mark.parametrize("game_id", ["rival_kings", "rival_realms"])
async def test_enter_takes_the_hints_move_on_a_piece_of_several(game_id: str) -> None:
    game = GAMES[game_id]
    app = LegendBoardApp(game, game.setup(game.Options(), 2, 3), 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.board
        action, key = await hinted_piece(app, random.Random(game_id))
        # Away from the piece first: the hint puts the cursor back on it.
        board._set_cursor(0 if board.table().index(key) else 1)
        note = board.point_at(action)
        await pilot.pause()
        assert board.cursor_key == key
        said = "Enter plans it as a step" if planned(action) else "Enter takes it"
        assert note is not None and said in note
        title, text = app.details[-1]
        assert text.startswith("Enter: ") and "(the hint)" in text.split("\n")[0]
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, ActionPicker)
        if planned(action):
            assert board.plan == [action] and app.chosen == []
        else:
            assert app.chosen == [action]


async def test_once_the_cursor_has_left_the_hinted_piece_enter_lists_its_moves_again() -> None:
    game = GAMES["rival_kings"]
    app = LegendBoardApp(game, game.setup(game.Options(), 2, 3), 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.board
        action, key = await hinted_piece(app, random.Random(2))
        assert board.point_at(action)
        await pilot.press("right", "left")
        await pilot.pause()
        assert board.cursor_key == key
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionPicker) and app.chosen == []


def crowded_slot(m: Match) -> bool:
    """Ann summons, and some empty space takes any of several of her cards."""
    if m.to_act() != (0,):
        return False
    spaces = [a.space for a in m.legal(0) if isinstance(a, Summon)]
    return any(spaces.count(p) > 1 for p in spaces)


async def test_on_the_game_screen_the_hint_says_what_enter_does_and_enter_does_it(tmp_path: Path) -> None:
    game = GAMES["rival_realms"]
    match = find_match(game, crowded_slot)
    summons = [a for a in match.legal(0) if isinstance(a, Summon)]
    action = next(a for a in reversed(summons) if sum(b.space == a.space for b in summons) > 1)
    before = len(match.history)
    app = screen_app(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        # What the hint worker hands the screen once the AI has chosen.
        screen.post_message(HintReady("Hint: the AI would summon it.", action, screen._generation))
        await settle(pilot)
        assert screen.message == "Hint: the AI would summon it. The cursor is on it: Enter takes it."
        await pilot.press("enter")
        await settle(pilot)
        assert screen.session.match.history[before] == (0, action)


async def test_the_hint_drops_a_chosen_card_and_leaves_a_planned_adventure_alone() -> None:
    """Rival Realms: a hand card chosen (its slots marked) gives way to the hint's move; a planned
    adventure does not, and the hint then only names its move (Enter would add to the plan)."""

    def two_cards_and_a_step(s: Any, seat: int) -> bool:
        legal = GAMES["rival_realms"].legal(s, seat)
        cards = {a.card for a in legal if isinstance(a, Summon)}
        return len(cards) >= 2 and any(isinstance(a, Go) for a in legal)

    rr = GAMES["rival_realms"]
    s, seat = find_state(rr, lambda n: rr.setup(rr.Options(), 2, n), two_cards_and_a_step, seed=5)
    legal = GAMES["rival_realms"].legal(s, seat)
    first, *_ = sorted({a.card for a in legal if isinstance(a, Summon)})
    hint = next(a for a in legal if isinstance(a, Summon) and a.card != first)
    app = BoardApp(s, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.board
        board._set_cursor(("hand", first))
        await pilot.press("enter")
        assert board.chosen == ("hand", first)
        assert board.point_at(hint) and board.chosen is None
        await pilot.press("enter")
        assert app.chosen == [hint]
        board.add_step(next(a for a in legal if isinstance(a, Go)))
        before = board.cursor_key
        assert board.point_at(hint) is None and board.cursor_key == before and board.plan


async def test_the_hint_drops_a_half_made_rival_kings_exchange() -> None:
    rk = GAMES["rival_kings"]

    def exchange(s: Any, seat: int) -> bool:
        legal = rk.legal(s, seat)
        # An exchange, and some move with a piece of its own (Steal: a rival's action).
        return any(isinstance(a, SWAP_TYPES) for a in legal) and any(isinstance(a, Steal) for a in legal)

    s, seat = find_state(rk, lambda n: rk.setup(rk.Options(), 2, n), exchange, tries=200)
    legal = rk.legal(s, seat)
    mine = next(a for a in legal if isinstance(a, SWAP_TYPES)).mine
    app = LegendBoardApp(rk, s, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.board
        hint = next(a for a in reversed(legal) if isinstance(a, Steal))
        board._set_cursor(("card", seat, mine))
        await pilot.press("enter")
        assert board.pending == mine
        assert board.point_at(hint) and board.pending is None
        await pilot.press("enter")
        assert app.chosen == [hint]


async def test_the_hint_for_a_rival_kings_exchange_offers_your_card_and_enter_takes_it() -> None:
    rk = GAMES["rival_kings"]

    def exchange(s: Any, seat: int) -> bool:
        return any(isinstance(a, SWAP_TYPES) for a in rk.legal(s, seat))

    s, seat = find_state(rk, lambda n: rk.setup(rk.Options(), 2, n), exchange, tries=200)
    hint = [a for a in rk.legal(s, seat) if isinstance(a, SWAP_TYPES)][-1]
    app = LegendBoardApp(rk, s, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.board
        # The exchange takes two presses (your card, then what you get): the hint makes the first.
        note = board.point_at(hint)
        assert note is not None and "Enter takes it" in note
        assert board.pending == hint.mine
        await pilot.press("enter")
        assert app.chosen == [hint]
