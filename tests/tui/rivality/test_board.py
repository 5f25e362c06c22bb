"""Pilot tests of the Rivality board on real game states: every decision by keyboard, the
placement preview, the detail panel's text, secrecy, panning, and whole random games drawn in
the board's room at 80×24 (46×20 beside the side panel)."""

from __future__ import annotations

import random
import re
from typing import Any

from engine.rivality.actions import (
    CastDelayed,
    ChooseTile,
    MoveMagician,
    Mulligan,
    Orient,
    PlaceAt,
    RemoveGolem,
)
from engine.rivality.data import COLOURS, DIR_NAMES, TILES, pos_of, xy_of
from engine.rivality.game import GAME
from engine.rivality.options import RivalityOptions
from engine.rivality.preview import preview
from engine.rivality.state import RivalityState
from rivals_tui.games.rivality.layout import bounds
from rivals_tui.games.rivality.texts import tile_token
from rivals_tui.widgets.action_picker import ActionPicker
from tests.tui.boards import assert_fits, random_game
from tests.tui.rivality.harness import BoardApp, find_state, new_state

BOARD_80x24 = (46, 20)  # the board's room on the game screen at 80×24


async def walk_to(pilot: Any, app: BoardApp, x: int, y: int) -> None:
    """Move the cursor to square (x, y) with the arrow keys, as a player would."""
    for _ in range(60):
        key = app.board.cursor
        if key == ("cell", x, y):
            return
        if key[0] != "cell":
            await pilot.press("tab")
            continue
        if key[1] != x:
            await pilot.press("right" if key[1] < x else "left")
        else:
            await pilot.press("down" if key[2] < y else "up")
    raise AssertionError(f"cursor never reached {(x, y)}: {app.board.cursor}")


async def test_a_whole_turn_by_keyboard_tile_square_orientation() -> None:
    s = new_state(2, 7)
    while s.phase != "tile":  # keep the first player's tiles if a mulligan is offered
        GAME.apply(s, 0, Mulligan(False))
    hand = list(s.hands[0])
    app = BoardApp(s, 0)
    async with app.run_test(size=BOARD_80x24) as pilot:
        await pilot.pause()
        text = app.board.rendered_text()
        for t in hand:
            assert tile_token(t)[:20] in text
        # The cursor starts on the hand: 2 picks the second tile, Enter the focused one.
        assert app.board.cursor == ("hand", 0)
        await pilot.press("enter")
        assert app.chosen == [ChooseTile(hand[0])]
        app.play(app.chosen[-1])
        await pilot.pause()
        # Laying: the cursor waits on a square next to the battlefield, marked with the tile.
        key = app.board.cursor
        assert key[0] == "cell" and pos_of(key[1], key[2]) in s.frontier
        await pilot.press("enter")
        assert app.chosen[-1] == PlaceAt(pos_of(key[1], key[2]))
        app.play(app.chosen[-1])
        await pilot.pause()
        # Turning: r turns the tile a quarter clockwise, Enter lays it that way.
        await pilot.press("r")
        assert app.details[-1][1].startswith("Enter: Front edge facing east")
        await pilot.press("enter")
        assert app.chosen[-1] == Orient(1)
        app.play(app.chosen[-1])
        await pilot.pause()
        assert s.tile[-1] == hand[0] and s.rot[-1] == 1


async def test_the_number_keys_pick_a_tile_of_the_hand() -> None:
    s, seat = find_state(2, lambda s, i: s.phase == "tile" and len(s.hands[i]) == 2)
    app = BoardApp(s, seat)
    async with app.run_test(size=BOARD_80x24) as pilot:
        await pilot.pause()
        await pilot.press("2")
        assert app.chosen == [ChooseTile(s.hands[seat][1])]


def lands_somewhere(s: RivalityState, seat: int) -> bool:
    if s.phase != "place" or s.turn != seat:
        return False
    return any(
        sp.result == "lands" and sp.arrive for p in s.frontier for sp in preview(s, s.chosen, p, 0).spells
    )


async def test_the_preview_shows_what_each_spell_would_do_for_the_square_and_orientation() -> None:
    s, seat = find_state(2, lambda s, i: lands_somewhere(s, i) and len(s.pos) >= 4)
    v = GAME.view(s, seat)
    square = next(
        p
        for p in s.frontier
        if any(sp.result == "lands" and sp.arrive for sp in preview(v, s.chosen, p, 0).spells)
    )
    app = BoardApp(s, seat)
    async with app.run_test(size=(70, 36)) as pilot:
        await pilot.pause()
        await walk_to(pilot, app, *xy_of(square))
        pv = preview(v, s.chosen, square, 0)
        hit = next(sp for sp in pv.spells if sp.result == "lands" and sp.arrive)
        text = app.board.rendered_text()
        # The tile's own square shows the tile, the spell's square how many golems arrive.
        assert f"+{hit.arrive}" in text
        title, detail = app.details[-1]
        assert f"front facing {DIR_NAMES[0]}" in detail
        assert f"{hit.arrive} arrive on the" in detail
        # Turning the tile gives the next orientation's preview.
        await pilot.press("r")
        assert "front facing east" in app.details[-1][1]
        await pilot.press("enter")
        assert app.chosen == [PlaceAt(square)]


async def test_the_detail_panel_tells_a_tile_in_full() -> None:
    s, seat = find_state(2, lambda s, i: len(s.pos) >= 6 and s.phase == "tile")
    c = next(c for c in range(1, len(s.pos)) if sum(s.golems[c * 3 : c * 3 + 3]))
    tile = TILES[s.tile[c]]
    app = BoardApp(s, seat)
    async with app.run_test(size=(70, 36)) as pilot:
        await pilot.pause()
        await walk_to(pilot, app, *xy_of(s.pos[c]))
        title, text = app.details[-1]
        assert tile.kind in title
        assert f"worth {tile.value} point" in text
        assert f"Shields: {tile.shields}" in text
        for edge, sp in zip(("left", "front", "right"), tile.edges, strict=True):
            if sp is not None:
                assert f"{edge}: {sp[0]} golem" in text and f"{sp[1]} square" in text
        assert "Golems: " in text and "Controller: " in text
        for k in range(2):
            if s.golems[c * 3 + k]:
                assert f"{('Salmon', 'Mauve')[k]} ({'SM'[k]}) {s.golems[c * 3 + k]}" in text


async def test_sides_show_score_supply_pile_and_hand_sizes() -> None:
    s, seat = find_state(3, lambda s, i: s.turns >= 4 and s.phase == "tile")
    app = BoardApp(s, seat)
    async with app.run_test(size=BOARD_80x24) as pilot:
        await pilot.pause()
        lines = app.board.rendered_text().splitlines()
        for k in range(3):
            line = lines[k]
            # Name and colour together, as the log names sides by colour.
            assert f"{'SMT'[k]} Player {k + 1} ({COLOURS[k]})" in line
            assert re.search(rf" {s.supply[k]}g", line) and re.search(rf"pile +{len(s.piles[k])}\b", line)
            assert f"hand {len(s.hands[k])}" in line


async def test_tie_at_the_limit_is_a_short_picker_on_the_tile() -> None:
    s, seat = find_state(3, lambda s, i: s.phase == "remove", tries=400)
    cut = xy_of(s.pos[s.cut_cell])
    app = BoardApp(s, seat)
    async with app.run_test(size=BOARD_80x24) as pilot:
        await pilot.pause()
        assert app.board.cursor == ("cell", *cut)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionPicker)
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.chosen) == 1 and isinstance(app.chosen[0], RemoveGolem)
        assert app.chosen[0] in GAME.legal(s, seat)


async def test_delayed_spells_fire_in_the_order_chosen_on_the_board() -> None:
    s, seat = find_state(2, lambda s, i: s.phase == "delayed", expert=True, tries=400)
    legal = GAME.legal(s, seat)
    app = BoardApp(s, seat)
    async with app.run_test(size=BOARD_80x24) as pilot:
        await pilot.pause()
        key = app.board.cursor
        src = pos_of(key[1], key[2])
        await pilot.press("enter")
        chosen = app.chosen[-1]
        assert isinstance(chosen, CastDelayed) and chosen in legal and s.pos[chosen.spell >> 2] == src
        assert "Fire the" in app.details[-1][1]


async def test_mulligan_is_offered_by_enter_on_the_hand() -> None:
    s, seat = find_state(2, lambda s, i: s.phase == "mulligan", tries=400)
    app = BoardApp(s, seat)
    async with app.run_test(size=BOARD_80x24) as pilot:
        await pilot.pause()
        assert "Neither tile reaches the Mana Well" in app.board.rendered_text()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionPicker)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.chosen == [Mulligan(False)]


async def test_solo_entry_mirror_and_face_down_lands() -> None:
    s = GAME.setup(RivalityOptions(), 1, 11)
    app = BoardApp(s, 0)
    async with app.run_test(size=BOARD_80x24) as pilot:
        await pilot.pause()
        text = app.board.rendered_text()
        assert "???" in text and "Souramoun" in text
        # The cursor waits on the entry row; Enter enters there.
        key = app.board.cursor
        assert key[0] == "cell" and key[2] == 5
        # The whole layout is in view, the top row where Souramoun answers included, and its
        # answer is drawn on its square.
        window = app.board.board().window
        assert (window.y0, window.rows) == (0, 6)
        assert "@M next" in text
        assert "Souramoun follows to" in app.details[-1][1]
        await pilot.press("enter")
        assert app.chosen == [MoveMagician(pos_of(key[1], 5))]
        app.play(app.chosen[-1])
        await pilot.pause()
        # The magician is drawn on its tile with its letter.
        assert "@S" in app.board.rendered_text()
        if GAME.to_act(s):
            key = app.board.cursor
            assert MoveMagician(pos_of(key[1], key[2])) in GAME.legal(s, 0)


def secrets(s: RivalityState, seat: int) -> list[str]:
    """Texts of tiles the seat must not see: other hands, the piles, face-down solo lands."""
    hidden: set[int] = set()
    for i in range(s.seats):
        if i != seat:
            hidden.update(s.hands[i])
    for p in s.piles:
        hidden.update(p)
    seen = {t for c, t in enumerate(s.tile) if s.faceup[c]} | (
        set(s.hands[seat]) if seat < s.seats else set()
    )
    seen_tokens = {tile_token(t) for t in seen}
    # Tiles with the same printing as a visible one cannot give anything away.
    return [tile_token(t) for t in hidden - seen if tile_token(t) not in seen_tokens]


async def test_other_hands_piles_and_face_down_lands_are_never_drawn() -> None:
    cases = [find_state(n, lambda s, i: s.turns >= 3 and s.phase == "tile") for n in (2, 3, 4)]
    solo = GAME.setup(RivalityOptions(), 1, 5)
    GAME.apply(solo, 0, GAME.legal(solo, 0)[0])
    cases.append((solo, 0))
    for s, seat in cases:
        secret = secrets(s, seat)
        face_down = [c for c in range(len(s.pos)) if not s.faceup[c]]
        assert secret or face_down
        app = BoardApp(s, seat)
        async with app.run_test(size=(70, 36)) as pilot:
            await pilot.pause()
            minx, maxx, miny, maxy = bounds(GAME.view(s, seat))
            shown = [app.board.rendered_text()]
            for y in range(miny, maxy + 1):
                for x in range(minx, maxx + 1):
                    app.board._set_cursor(("cell", x, y))
                    await pilot.pause()
                    shown.append(app.board.rendered_text())
            for n in range(s.sides):
                app.board._set_cursor(("side", n))
                await pilot.pause()
            everything = "\n".join(shown) + "\n".join(t + " " + x for t, x in app.details)
            for token in secret:
                assert token not in everything
            for c in face_down:
                x, y = xy_of(s.pos[c])
                assert f"Face-down tile ({x}, {y})" in everything


async def test_a_large_battlefield_pans_with_the_cursor() -> None:
    s, seat = find_state(2, lambda s, i: len(s.pos) >= 16 and s.phase == "place")
    v = GAME.view(s, seat)
    minx, maxx, miny, maxy = bounds(v)
    app = BoardApp(s, seat)
    async with app.run_test(size=BOARD_80x24) as pilot:
        await pilot.pause()
        win = app.board.board().window
        assert win.cols < maxx - minx + 1 or win.rows < maxy - miny + 1
        for corner in ((minx, miny), (maxx, maxy)):
            await walk_to(pilot, app, *corner)
            win = app.board.board().window
            assert win.x0 <= corner[0] < win.x0 + win.cols
            assert win.y0 <= corner[1] < win.y0 + win.rows
        # Arrows on the frame say that more lies beyond.
        assert any(ch in app.board.rendered_text() for ch in "◂▴")


async def test_whole_random_games_render_in_the_80x24_room() -> None:
    setups = [(1, False), (2, False), (4, False), (3, True)]
    for seats, expert in setups:
        rng = random.Random(seats * 10 + expert)
        s = GAME.setup(RivalityOptions(expert=expert), seats, 200 + seats)
        app = BoardApp(s, 0)
        async with app.run_test(size=BOARD_80x24) as pilot:
            await pilot.pause()
            steps = 0
            async for _ in random_game(pilot, app, rng, 12, ("down", "right", "r"), watch="next"):
                assert_fits(app.board)
                # The cursor always sits on something drawn.
                assert app.board.cursor in app.board.board().keys
                steps += 1
            assert GAME.outcome(s) is not None
            assert steps > (3 if seats == 1 else 8)


async def test_one_point_and_one_golem_left_read_in_the_singular() -> None:
    """The wide score lines: "1 pt", "1 golem left", padded so the columns after stay in line."""
    from engine.rivality.scoring import score_parts

    def one_point(s: RivalityState, seat: int) -> bool:
        scores = score_parts(s)
        return any(sum(scores[0][k]) + scores[1][k] + scores[2][k] == 1 for k in range(s.sides))

    s, seat = find_state(2, one_point)
    s.supply[0] = 1
    app = BoardApp(s, seat)
    async with app.run_test(size=(70, 36)) as pilot:
        await pilot.pause()
        text = app.board.rendered_text()
        assert re.search(r"\b1 pt  ", text) and "1 pts" not in text, text
        assert "1 golem left " in text and "1 golems" not in text, text
