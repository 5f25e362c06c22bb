"""Pilot tests of the Rival Realms board on real game states: summoning into marked slots, planning
an adventure step by step and committing it, redrawing one card at a time, set-up by keyboard,
what stays secret, and the board fitting 80×24 without cutting a word."""

from __future__ import annotations

import random
import re
from typing import Any

from engine.rival_realms.actions import (
    Draw,
    EndTurn,
    Go,
    MakeValley,
    PerchRaven,
    PlaceAdventurer,
    Summon,
)
from engine.rival_realms.data import COLS, space_name
from engine.rival_realms.game import GAME
from engine.rival_realms.queries import step_preview, summon_slots
from engine.rival_realms.state import RivalRealmsState
from rivals_tui import glyphs
from rivals_tui.games.rival_realms.layout import Marks, build_table, card_code
from rivals_tui.widgets.linetable import Table, table_text
from tests.engine.rival_realms.helpers import token_beyond_a_walk
from tests.tui.boards import random_game
from tests.tui.rival_realms.harness import BoardApp, find_state


def realm_lines(text: str) -> list[str]:
    """The five lines of the large realm (after the header)."""
    return text.splitlines()[1:6]


def cell(text: str, p: int) -> str:
    """The seven characters drawn for space p of the large realm (46 columns wide: no gaps)."""
    line = realm_lines(text)[2 * (p // COLS)]
    start = 3 + 7 * (p % COLS)
    return line[start : start + 7]


def summon_moment(s: RivalRealmsState, seat: int) -> bool:
    if s.phase != "turn" or s.action:
        return False
    fits = [c for c in s.hands[seat] if len(summon_slots(s, seat, c)) >= 2]
    return bool(fits) and sum(1 for p in range(18) if not s.regions[seat][p]) >= 6


async def test_a_chosen_card_marks_its_slots_and_enter_summons_it() -> None:
    s, seat = find_state(2, summon_moment, seed=3)
    card = next(c for c in s.hands[seat] if len(summon_slots(s, seat, c)) >= 2)
    slots = summon_slots(s, seat, card)
    app = BoardApp(s, seat)
    async with app.run_test(size=(46, 19)) as pilot:
        await pilot.pause()
        board = app.board
        board._set_cursor(("hand", card))
        await pilot.press("enter")
        await pilot.pause()
        text = board.rendered_text()
        # Every slot the rules allow is marked, and no other space.
        marked = [p for p in range(18) if glyphs.RIVAL_REALMS.slot in cell(text, p)]
        assert marked == slots
        assert app.chosen == []
        # The cursor waits on a slot; Enter summons the chosen card there.
        assert board.cursor_key[0] == "space" and board.cursor_key[2] in slots
        await pilot.press("enter")
        assert app.chosen == [Summon(card, board.cursor_key[2])]


async def test_esc_backs_out_of_a_chosen_card() -> None:
    s, seat = find_state(2, summon_moment, seed=3)
    card = next(c for c in s.hands[seat] if len(summon_slots(s, seat, c)) >= 2)
    app = BoardApp(s, seat)
    async with app.run_test(size=(46, 19)) as pilot:
        await pilot.pause()
        board = app.board
        board._set_cursor(("hand", card))
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert board.chosen is None
        assert glyphs.RIVAL_REALMS.slot not in "\n".join(realm_lines(board.rendered_text()))


def two_steps(s: RivalRealmsState, seat: int) -> bool:
    """An adventure of two paid steps is possible: a step, then another from where it leads."""
    if s.phase != "turn" or s.action:
        return False
    for a in GAME.legal(s, seat):
        if isinstance(a, Go) and a.card and not s.explored[seat][a.space]:
            after = GAME.clone(s)
            GAME.apply(after, seat, a)
            if any(isinstance(b, Go) and (b.card or b.creature) for b in GAME.legal(after, seat)):
                return True
    return False


async def test_an_adventure_is_planned_on_the_board_then_played_step_by_step() -> None:
    s, seat = find_state(2, two_steps, seed=5)
    first = next(
        a
        for a in GAME.legal(s, seat)
        if isinstance(a, Go)
        and a.card
        and any(isinstance(b, Go) and (b.card or b.creature) for b in GAME.legal(_after(s, seat, a), seat))
    )
    mid = _after(s, seat, first)
    second = next(b for b in GAME.legal(mid, seat) if isinstance(b, Go) and (b.card or b.creature))
    app = BoardApp(s, seat)
    async with app.run_test(size=(46, 19)) as pilot:
        await pilot.pause()
        board = app.board
        # The focused region says what entering it costs, before anything is chosen.
        assert board.focus_action(first)
        await pilot.pause()
        title, text = app.details[-1]
        assert f"pay {first.card} " in text and space_name(first.space) in text
        await _plan(pilot, board, first)
        # Planned, not played: nothing reached the screen; the realm shows step 1 explored.
        assert app.chosen == [] and board.plan == [first]
        assert cell(board.rendered_text(), first.space).startswith("1[")
        # The regions walked through on the way are marked as part of the path too.
        walked = step_preview(s, seat, first.space, first.via).path
        table = board.table()
        for p in walked:
            seg = next(x for line in table.lines for x in line if x.item == table.index(("space", seat, p)))
            assert "path" in seg.styles
        assert f"1 {'UML'[first.space // COLS]}{first.space % COLS + 1} ({card_code(first.card)})" in (
            board.rendered_text()
        )
        # The second step is offered from where the first one leads.
        assert board.focus_action(second)
        await _plan(pilot, board, second)
        assert board.plan == [first, second]
        assert cell(board.rendered_text(), second.space).startswith("2")
        # Esc takes back the last step only.
        await pilot.press("escape")
        await pilot.pause()
        assert board.plan == [first]
        assert board.focus_action(second)
        await _plan(pilot, board, second)
        # c plays the plan: the first step now; the second once the screen has played it.
        await pilot.press("c")
        await pilot.pause()
        assert app.chosen == [first]
        app.play(first)
        await pilot.pause()
        assert app.chosen == [first, second]
        app.play(second)
        await pilot.pause()
        assert app.chosen == [first, second] and board.plan == []
        assert s.explored[seat][first.space] and s.explored[seat][second.space]


def _after(s: RivalRealmsState, seat: int, a: Any) -> RivalRealmsState:
    out = GAME.clone(s)
    GAME.apply(out, seat, a)
    return out


async def _plan(pilot: Any, board: Any, step: Go) -> None:
    """Enter on the focused region; if the board asks how to pay, pick `step`'s way."""
    from rivals_tui.widgets.action_picker import ActionPicker

    await pilot.press("enter")
    await pilot.pause()
    app = pilot.app
    if isinstance(app.screen, ActionPicker):
        choices = [a for a, _, _ in app.screen.entries]
        for _ in range(choices.index(step)):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
    assert board.plan and board.plan[-1] == step


async def test_redraw_takes_one_card_at_a_time_from_the_deck_or_your_nest() -> None:
    s, seat = find_state(2, lambda s, i: s.phase == "redraw" and len(s.nests[i]) >= 1, seed=2)
    app = BoardApp(s, seat)
    async with app.run_test(size=(46, 19)) as pilot:
        await pilot.pause()
        board = app.board
        nest_card = s.nests[seat][0]
        board._set_cursor(("nest", seat, nest_card))
        await pilot.press("enter")
        assert app.chosen == [Draw("own", nest_card)]
        board._set_cursor(("deck",))
        await pilot.press("enter")
        assert app.chosen[-1] == Draw("deck")
        # The other player's nest is never a redraw source.
        other = 1 - seat
        if s.nests[other]:
            board._set_cursor(("nest", other, s.nests[other][0]))
            await pilot.press("enter")
            assert app.chosen[-1] == Draw("deck")


async def test_set_up_by_keyboard_valleys_raven_and_adventurers() -> None:
    s = GAME.setup(GAME.Options(), 2, 11)
    start = s.actor
    app = BoardApp(s, start)
    async with app.run_test(size=(46, 19)) as pilot:
        await pilot.pause()
        board = app.board
        assert board.cursor_key[0] == "land"
        await pilot.press("enter")
        assert isinstance(app.chosen[-1], MakeValley)
        for _ in range(6):
            a = next(x for x in GAME.legal(s, start) if isinstance(x, MakeValley))
            app.play(a)
            if s.phase != "valleys":
                break
        await pilot.pause()
        raven_seat = s.actor
        app.seat = raven_seat
        app.refresh_board([])
        await pilot.pause()
        # The Raven may perch on either realm: the other realm's Mountains are choices too.
        theirs = next(
            a for a in GAME.legal(s, raven_seat) if isinstance(a, PerchRaven) and a.owner != raven_seat
        )
        assert board.focus_action(theirs)
        await pilot.press("enter")
        assert app.chosen[-1] == theirs
        events = app.play(theirs)
        app.seat = s.actor
        app.refresh_board(events)
        await pilot.pause()
        assert board.cursor_key[0] == "space"
        await pilot.press("enter")
        assert isinstance(app.chosen[-1], PlaceAdventurer)
        text = board.rendered_text()
        assert glyphs.RIVAL_REALMS.raven in text


async def test_the_other_hand_stays_hidden_and_end_turn_is_a_key() -> None:
    s, seat = find_state(2, lambda s, i: s.phase == "turn" and s.action == "summon", seed=4)
    app = BoardApp(s, seat)
    async with app.run_test(size=(46, 19)) as pilot:
        await pilot.pause()
        text = app.board.rendered_text()
        other = 1 - seat
        assert f"hand {len(s.hands[other])}" in text
        hand_line = next(line for line in text.splitlines() if line.startswith("Hand "))
        assert hand_line.split()[1:] == [card_code(c) for c in s.hands[seat]]
        for c in s.hands[other]:
            if c not in s.hands[seat] and c not in s.nests[0] + s.nests[1]:
                assert not re.search(rf"(?<!\d){card_code(c)}", text.split("hand")[-1])
        await pilot.press("e")
        assert app.chosen == [EndTurn()]


async def test_end_turn_is_a_piece_on_the_deck_line_once_the_action_is_done() -> None:
    s, seat = find_state(2, lambda s, i: s.phase == "turn" and s.action == "summon", seed=4)
    app = BoardApp(s, seat)
    async with app.run_test(size=(46, 19)) as pilot:
        await pilot.pause()
        deck_line = next(line for line in app.board.rendered_text().splitlines() if line.startswith("Deck "))
        assert deck_line.endswith("End turn")
        app.board.focus_action(EndTurn())
        await pilot.press("enter")
        assert app.chosen == [EndTurn()]


async def test_whole_random_games_fit_80x24_without_cutting_a_word() -> None:
    """The board's part of the 80×24 screen is 46×19: every line fits its width, so no word is cut,
    and the whole table fits its height through set-up and the first turns."""
    for seats, seed in ((2, 7), (1, 8)):
        s = GAME.setup(GAME.Options(), seats, seed)
        app = BoardApp(s, 0)
        async with app.run_test(size=(46, 19)) as pilot:
            await pilot.pause()
            async for steps in random_game(pilot, app, random.Random(seed), 7, ("down", "right"), "next"):
                board = app.board
                table = board.table()
                assert table.width() <= 46, board.rendered_text()
                if steps < 40:
                    assert len(table.lines) <= 19, board.rendered_text()


async def test_the_flying_carpet_is_chosen_then_flown_as_a_planned_step() -> None:
    from engine.rival_realms.actions import Carpet

    def carpet_moment(s: RivalRealmsState, seat: int) -> bool:
        return s.phase == "turn" and sum(isinstance(a, Carpet) for a in GAME.legal(s, seat)) >= 2

    s, seat = find_state(2, carpet_moment, seed=6, tries=120)
    flights = [a for a in GAME.legal(s, seat) if isinstance(a, Carpet)]
    app = BoardApp(s, seat)
    async with app.run_test(size=(46, 19)) as pilot:
        await pilot.pause()
        board = app.board
        n = s.supply[seat].index("carpet")
        board._set_cursor(("token", seat, "carpet", n))
        await pilot.press("enter")
        await pilot.pause()
        assert board.chosen == ("token", seat, "carpet", n)
        # Exactly the regions the carpet may fly to are offered now.
        offered = {
            k[2] for k in board.table().keys if k[0] == "space" and k[1] == seat and board.is_target(k)
        }
        assert offered == {a.space for a in flights}
        board._set_cursor(("space", seat, flights[-1].space))
        await pilot.press("enter")
        await pilot.pause()
        assert board.plan == [flights[-1]] and app.chosen == []
        assert "carpet" in board.rendered_text()
        await pilot.press("c")
        assert app.chosen == [flights[-1]]


async def test_tokens_and_event_answers_by_keyboard() -> None:
    from engine.rival_realms.actions import Decline, GemRaven, GemSteal, GiveCard, Mirror

    # A gem in the supply: Enter on it lists what it can do (the theft and every Mountain).
    s, seat = find_state(2, lambda s, i: s.phase == "turn" and GemSteal() in GAME.legal(s, i), seed=8)
    app = BoardApp(s, seat)
    async with app.run_test(size=(46, 19)) as pilot:
        await pilot.pause()
        board = app.board
        board._set_cursor(("token", seat, "gem", s.supply[seat].index("gem")))
        await pilot.press("enter")
        await pilot.pause()
        from rivals_tui.widgets.action_picker import ActionPicker

        assert isinstance(app.screen, ActionPicker)
        offered = [a for a, _, _ in app.screen.entries]
        assert set(offered) == {a for a in GAME.legal(s, seat) if isinstance(a, (GemSteal, GemRaven))}
        for _ in range(offered.index(GemSteal())):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [GemSteal()]

    # The Magic Mirror: chosen first, then a piece of the realm; the list holds only its exchanges.
    def mirror_moment(s: RivalRealmsState, i: int) -> bool:
        return s.phase == "turn" and any(
            isinstance(a, Mirror) and a.kind == "region" for a in GAME.legal(s, i)
        )

    s, seat = find_state(2, mirror_moment, seed=9, tries=150)
    swap = next(a for a in GAME.legal(s, seat) if isinstance(a, Mirror) and a.kind == "region")
    app = BoardApp(s, seat)
    async with app.run_test(size=(46, 19)) as pilot:
        await pilot.pause()
        board = app.board
        board._set_cursor(("token", seat, "mirror", s.supply[seat].index("mirror")))
        await pilot.press("enter")
        board._set_cursor(("space", seat, swap.a))
        acts = board.actions_for(("space", seat, swap.a))
        assert swap in acts and all(isinstance(a, Mirror) and swap.a in (a.a, a.b) for a in acts)

    # An event asks for a card: Enter on a hand card gives it; a Decline piece lets it pass.
    def give_moment(s: RivalRealmsState, i: int) -> bool:
        return s.phase == "event" and any(isinstance(a, GiveCard) for a in GAME.legal(s, i))

    s, seat = find_state(2, give_moment, seed=10, tries=200, events=True)
    app = BoardApp(s, seat)
    async with app.run_test(size=(46, 19)) as pilot:
        await pilot.pause()
        board = app.board
        card = s.hands[seat][0]
        board._set_cursor(("hand", card))
        await pilot.press("enter")
        assert app.chosen == [GiveCard(card)]
        if Decline() in GAME.legal(s, seat):
            board._set_cursor(("decline",))
            await pilot.press("enter")
            assert app.chosen[-1] == Decline()


async def test_a_score_of_one_reads_1_pt() -> None:
    from engine.rival_realms.scoring import score

    s, seat = find_state(2, lambda s, seat: any(abs(score(s, i)) == 1 for i in range(2)), tries=200)
    ones = [score(s, i) for i in range(2) if abs(score(s, i)) == 1]
    app = BoardApp(s, seat)
    async with app.run_test(size=(46, 19)) as pilot:
        await pilot.pause()
        text = app.board.rendered_text()
        assert f" {ones[0]} pt" in text and not re.search(r"(?<!\d)-?1 pts", text), text


async def test_a_step_paid_by_a_creature_picked_up_on_the_way_is_planned_on_the_board() -> None:
    # The Bear lies on explored middle 2, between the adventurer and 15 Forest; the hand is empty.
    s = token_beyond_a_walk("bear")
    step = Go(8, 7, creature="bear")
    app = BoardApp(s, 0)
    async with app.run_test(size=(46, 19)) as pilot:
        await pilot.pause()
        board = app.board
        assert board.focus_action(step)
        await pilot.pause()
        _, text = app.details[-1]
        assert "walking through middle 2 (pick up the Bear); the Bear guides you." in text
        await _plan(pilot, board, step)
        # Planned: the plan names the payment and the token collected; on the realm as it will
        # be, the Bear has left middle 2 and middle 3 is explored.
        assert board.plan == [step]
        assert "1 M3 (Bear) +b" in board.rendered_text()
        after = board.plan_view
        assert after.board_tokens[0][7] == "" and after.explored[0][8] and "bear" in after.used[0]


LONG_NAMES = ["Annabel Winterbourne", "Bartholomew Quince"]
# Two planned steps as the plan line shows them (targets.step_short).
PLAN = ("M3 (43Fo) +G", "M4 (walk) +t")


def lines_of(table: Table, kinds: tuple[str, ...], seat: int) -> set[int]:
    """The lines holding a piece of one of `kinds` belonging to `seat` (keys ("kind", seat, ...))."""
    return {
        y
        for y, line in enumerate(table.lines)
        for s in line
        if s.item is not None and table.items[s.item].key[:2] in {(k, seat) for k in kinds}
    }


def test_whole_games_keep_the_other_realm_in_sight_at_80x24() -> None:
    """At 80×24 the board is 46 wide and 17 to 19 lines high: the status line above it takes two
    to four. Through whole games with long names the table fits 17 lines, and 18 with a plan
    (whose message, "Step 2 planned: ...", takes one line): the other realm, drawn last, is never
    pushed under the board's edge. No line is wider than the board, a seat's tokens stay on one
    line, and in the compact realm a token's letter never runs into a card's number."""
    for seed in (3, 11):
        s = GAME.setup(GAME.Options(), 2, seed)
        rng = random.Random(seed)
        while GAME.to_act(s):
            seat = GAME.to_act(s)[0]
            v = GAME.view(s, seat)
            for height, plan in ((17, ()), (18, PLAN)):
                table = build_table(v, seat, LONG_NAMES, 46, height, Marks(plan=plan))
                text = table_text(table)
                assert len(table.lines) <= height and table.width() <= 46, text
                for i in range(2):
                    assert len(lines_of(table, ("token", "used"), i)) <= 1, text
                for y in lines_of(table, ("space",), 1 - seat):
                    row = "".join(s.text for s in table.lines[y])
                    assert not re.search(r"[^\s\d]\d", row), row
            GAME.apply(s, seat, rng.choice(GAME.legal(s, seat)))
