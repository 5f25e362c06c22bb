"""The interrupt window on the screen: at one keyboard the table is asked before the keyboard is
passed (and asked whatever the hand holds); a lone human is asked only when there is a utility
to play; a bot with nothing to play passes without a worker."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core import SeatSpec
from engine.core.match import Match
from engine.rivals.actions import DoneMods, EndTurn, Move, Pass, PassTurn, PlayCard, TargetAshak, Wait
from engine.rivals.data.catalog import CARD
from engine.rivals.game import GAME
from engine.rivals.state import RivalsState
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.pass_keyboard import InterruptScreen, PassScreen
from tests.engine.rivals.helpers import give, put, reveal_all
from tests.tui.boards import screen_app, settle
from tests.tui.rivals.test_flow import wait


def to_first_turn(seats: list[SeatSpec], seed: int = 3) -> Match:
    """A match through set-up (first choices), at the first turn's first decision."""
    m = Match.new(GAME, GAME.Options(), seats, seed)
    while m.state.phase != "turn":
        seat = m.to_act()[0]
        m.submit(seat, m.legal(seat)[0])
    return m


def a_move(s: RivalsState, seat: int) -> Move:
    return next(a for a in GAME.legal(s, seat) if isinstance(a, Move))


async def past_the_first_hand_over(pilot: Any, keyboard: int) -> GameScreen:
    """Two people at one keyboard: the first pass screen, Enter, and the game screen with the
    keyboard at `keyboard`."""
    await wait(pilot)
    assert isinstance(pilot.app.screen, PassScreen)
    await pilot.press("enter")
    await wait(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen) and screen.keyboard == keyboard
    return screen


async def test_at_one_keyboard_the_table_is_asked_before_the_keyboard_moves(tmp_path: Path) -> None:
    m = to_first_turn([SeatSpec("Ann"), SeatSpec("Ben")])
    me = m.to_act()[0]
    other = 1 - me
    app = screen_app(tmp_path, m)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await past_the_first_hand_over(pilot, me)
        # A move: the other player (holding starting cards, no utility) is asked at the table.
        screen.choose(a_move(m.state, me))
        await wait(pilot)
        assert isinstance(app.screen, InterruptScreen)
        asked = app.screen.query_one("#pass-title").render()
        assert f"{m.seats[other].name} may interrupt." in str(asked)
        await pilot.press("enter")  # go on without it: a plain pass, no hand-over
        await wait(pilot)
        assert app.screen is screen and screen.keyboard == me
        assert m.history[-1] == (other, Wait())
        # Not for the rest of this turn: the next move asks nobody.
        m.state.ap = 2
        screen.choose(a_move(m.state, me))
        await wait(pilot)
        assert isinstance(app.screen, InterruptScreen)
        await pilot.press("t")
        await wait(pilot)
        assert m.history[-1] == (other, PassTurn())
        screen.choose(a_move(m.state, me))
        await wait(pilot)
        assert app.screen is screen and m.to_act() == (me,)


async def test_taking_the_keyboard_to_interrupt_goes_through_the_pass_screen(tmp_path: Path) -> None:
    m = to_first_turn([SeatSpec("Ann"), SeatSpec("Ben")])
    me = m.to_act()[0]
    other = 1 - me
    app = screen_app(tmp_path, m)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await past_the_first_hand_over(pilot, me)
        screen.choose(a_move(m.state, me))
        await wait(pilot)
        await pilot.press("i")
        await wait(pilot)
        assert isinstance(app.screen, PassScreen) and m.seats[other].name in app.screen.player
        await pilot.press("enter")
        await wait(pilot)
        assert app.screen is screen and screen.keyboard == other
        assert "Interrupt the turn of" in str(screen.query_one("#status").render())
        screen.choose(Wait())
        await wait(pilot)
        assert isinstance(app.screen, PassScreen)  # back to the player whose turn it is
        await pilot.press("enter")
        await wait(pilot)
        assert screen.keyboard == me
        # The next window asks the table again: taking the keyboard once is not for good.
        m.state.ap = 2
        screen.choose(a_move(m.state, me))
        await wait(pilot)
        assert isinstance(app.screen, InterruptScreen)


async def test_at_one_keyboard_the_rounds_end_asks_the_table_once_for_a_token(tmp_path: Path) -> None:
    """A token may be activated at the start of each phase; at one keyboard the table is asked
    for the player holding one, and "not till the next turn" covers every phase left."""
    m = to_first_turn([SeatSpec("Ann"), SeatSpec("Ben")])
    s = m.state
    me = m.to_act()[0]
    other = 1 - me
    # The round's last turn is `me`'s, who also plays first next round (equal HP: the first
    # player token stays); `other` holds a token and no card. No zone card, no event.
    s.turn_no, s.turn_order, s.first = 2, [other, me], me
    s.zone_deck, s.event_deck = [], []
    s.ashaks[other].tokens = 1
    app = screen_app(tmp_path, m)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await past_the_first_hand_over(pilot, me)
        screen.choose(EndTurn())
        await wait(pilot)
        assert isinstance(app.screen, InterruptScreen)
        title, reason = (str(app.screen.query_one(f"#pass-{x}").render()) for x in ("title", "reason"))
        assert f"{m.seats[other].name} may interrupt." in title
        assert "Phase 3 (discard and first player) begins" in reason
        await pilot.press("t")
        await wait(pilot)
        # No question for the seven phases left, nor before the turns: the next round begins.
        assert app.screen is screen and screen.keyboard == me
        assert (s.round, m.to_act(), s.phase) == (2, (me,), "turn")
        asked = [a for seat, a in m.history if seat == other]
        assert asked[-1:] == [PassTurn()] and s.ashaks[other].tokens == 1


async def test_at_one_keyboard_the_attack_window_asks_the_table_before_each_salvo(tmp_path: Path) -> None:
    """The defender may react before the first salvo and between salvos: at one keyboard the
    table is asked each time, so the keyboard stays with the attacker when the defender goes on."""
    m = to_first_turn([SeatSpec("Ann"), SeatSpec("Ben")])
    s = m.state
    me = m.to_act()[0]
    other = 1 - me
    s.round = 2  # attacks are allowed
    reveal_all(s)
    put(s, me, 0, 0)
    put(s, other, 0, -2)
    db = give(s, me, "Double Blaster")
    app = screen_app(tmp_path, m)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await past_the_first_hand_over(pilot, me)
        screen.choose(PlayCard(db))
        await wait(pilot)
        if s.phase == "mods":
            screen.choose(DoneMods())
            await wait(pilot)
        screen.choose(TargetAshak(other))
        for _ in range(2):  # before the first salvo, then between the two
            await wait(pilot)
            assert isinstance(app.screen, InterruptScreen) and s.phase == "react"
            assert "React to the attack." in str(app.screen.query_one("#pass-reason").render())
            await pilot.press("enter")
        await wait(pilot)
        # Both salvos are rolled, the card is played out, and the keyboard never moved.
        assert db in s.discard[me] and screen.keyboard == me
        assert [a for seat, a in m.history if seat == other][-2:] == [Pass(), Pass()]
        for passed in m.log[-2:]:  # each pass let one salvo through
            assert sum(1 for e in passed if e.text.startswith("Double Blaster salvo")) == 1


async def test_a_lone_human_is_asked_only_with_a_utility_to_play(tmp_path: Path) -> None:
    m = to_first_turn([SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")], seed=5)
    app = screen_app(tmp_path, m)
    end = next(a for a in GAME.legal(m.state, m.to_act()[0]) if isinstance(a, EndTurn))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        # Round 1: Ann holds starting cards only. Her windows pass without a word from her.
        for _ in range(40):
            await wait(pilot)
            if m.state.round > 1:
                break
            assert m.state.phase != "interrupt" or 0 not in m.to_act()
            if 0 in m.to_act():
                screen.choose(end if end in m.legal(0) else m.legal(0)[0])
        assert (0, Wait()) in m.history
        # With a utility in hand, the first window after a bot's action waits for her.
        for _ in range(40):
            await wait(pilot)
            if 0 not in m.to_act():
                continue
            if m.state.phase == "interrupt":
                break
            if m.state.phase == "turn" and "Second Wind" not in [CARD[c].name for c in m.state.hand[0]]:
                give(m.state, 0, "Second Wind")
            screen.choose(end if end in m.legal(0) else m.legal(0)[0])
        assert m.state.phase == "interrupt" and m.to_act() == (0,)
        assert "Interrupt the turn of" in str(screen.query_one("#status").render())
        # The cursor starts on the plain pass: Enter by habit lets the window go and spends nothing.
        hand = list(m.state.hand[0])
        passing = m.legal(0)[-1]
        await pilot.press("enter")
        await wait(pilot)
        assert (0, passing) in m.history[-3:] and sorted(m.state.hand[0]) == sorted(hand)


def test_snapshot_interrupt_window_with_a_utility_in_hand(snap_compare: Any, tmp_path: Path) -> None:
    """A lone player asked to interrupt the AI's turn, holding Second Wind: the prompt names
    whose turn it is, the hand's utility is playable, the rest greyed, and the two ways to pass."""
    m = to_first_turn([SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")], seed=5)
    while not (m.state.phase == "interrupt" and m.to_act() == (0,)):
        seat = m.to_act()[0]
        if (
            seat == 0
            and m.state.phase == "turn"
            and not any(CARD[c].name == "Second Wind" for c in m.state.hand[0])
        ):
            give(m.state, 0, "Second Wind")
        legal = list(m.legal(seat))
        moves = [a for a in legal if not isinstance(a, EndTurn)] if seat == 1 else legal
        m.submit(
            seat, next((a for a in moves if isinstance(a, EndTurn)), moves[0]) if seat == 0 else moves[0]
        )
    app = screen_app(tmp_path, m)
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)


def test_snapshot_the_table_question(snap_compare: Any, tmp_path: Path) -> None:
    """Two people at one keyboard: the question that covers the table before it moves."""
    m = to_first_turn([SeatSpec("Ann"), SeatSpec("Ben")])
    me = m.to_act()[0]
    m.submit(me, a_move(m.state, me))
    assert m.state.phase == "interrupt"
    app = screen_app(tmp_path, m)
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)
