"""The Rivals board on real states: the map fits and pans to keep your Ashak in view, the cursor
walks hex to hex, a card under the cursor shades its reach and sight, every legal decision has a
piece Enter takes it from, and nothing another seat holds is drawn."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.rivals import actions as A
from engine.rivals.data.board import TILE_HEXES, TILE_OF
from engine.rivals.data.catalog import CARD
from engine.rivals.rules.combat import design
from engine.rivals.rules.targeting import ashak_targets
from rivals_tui.games.rivals.layout import MAP_W, build, hex_row, hex_x
from rivals_tui.games.rivals.targets import actions_at
from rivals_tui.games.rivals.texts import falling_tiles, hex_detail
from rivals_tui.glyphs import RIVALS as RS
from rivals_tui.widgets.linetable import table_text
from tests.tui.boards import assert_fits
from tests.tui.rivals.harness import GAME, BoardApp, find_state

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def turn_moment(seats: int = 3, seed: int = 1) -> tuple[Any, int]:
    """A seat's turn in round 2 or later, standing on the map."""
    return find_state(
        seats, lambda s, seat: s.phase == "turn" and s.round >= 2 and s.ashaks[seat].alive, seed
    )


def drawn_hexes(table: Any) -> set[int]:
    return {it.key[1] for it in table.items if it.key[0] == "hex"}


@pytest.mark.parametrize("seats", [2, 6])
def test_the_map_fits_80x24_and_pans_to_keep_your_ashak_in_view(seats: int) -> None:
    s, seat = turn_moment(seats)
    v = GAME.view(s, seat)
    legal = GAME.legal(s, seat)
    narrow = build(v, seat, legal, NAMES, 46, 20, None, "map", set(), None)
    assert narrow.width() <= 46
    assert s.ashaks[seat].pos in drawn_hexes(narrow)
    # The full hexagon (127 hexes) where there is room for its 51 columns.
    wide = build(v, seat, legal, NAMES, 70, 36, None, "map", set(), None)
    assert len(drawn_hexes(wide)) == 127 and wide.width() <= 70 and MAP_W == 51
    # Panning: a hex at the far edge from the cursor is drawn once the cursor goes there.
    for h in (76, 94):  # hexes on ring 5, west and east
        t = build(v, seat, legal, NAMES, 46, 20, ("hex", h), "map", set(), None)
        assert h in drawn_hexes(t)


async def test_arrows_walk_hex_to_hex_and_straight_down() -> None:
    s, seat = turn_moment()
    app = BoardApp(s, seat)
    async with app.run_test(size=(46, 20)) as pilot:
        board = app.board
        board._set_cursor(("hex", 0))  # the Volcano, in the middle
        await pilot.press("right")
        assert board.cursor_key[0] == "hex" and board.cursor_key[1] != 0
        right = board.cursor_key[1]
        await pilot.press("left")
        assert board.cursor_key == ("hex", 0)
        rows = []
        for _ in range(4):
            await pilot.press("down")
            rows.append(hex_row(board.cursor_key[1]))
        assert rows == [7, 8, 9, 10]
        # Zig-zag: four steps down end in the Volcano's column again.
        assert hex_x(board.cursor_key[1]) == hex_x(0)
        assert right != 0
        assert_fits(board)


async def test_a_hand_card_under_the_cursor_shades_its_reach_and_names_who_it_reaches() -> None:
    def aimable(s: Any, seat: int) -> bool:
        if s.phase != "turn" or s.round < 2 or s.turn_no == 1 and s.round == 1:
            return False
        return any(
            isinstance(a, A.PlayCard)
            and CARD[a.card].type == "physical"
            and ashak_targets(s, seat, CARD[a.card])
            for a in GAME.legal(s, seat)
        )

    s, seat = find_state(3, aimable)
    card = next(
        a.card for a in GAME.legal(s, seat) if isinstance(a, A.PlayCard) and CARD[a.card].type == "physical"
    )
    victim = ashak_targets(s, seat, CARD[card])[0]
    app = BoardApp(s, seat)
    async with app.run_test(size=(46, 22)) as pilot:
        board = app.board
        board._set_cursor(("card", card))
        await pilot.pause()
        table = board.table()
        looks = {
            it.key[1]: seg.styles
            for line in table.lines
            for seg in line
            if seg.item is not None
            for it in [table.items[seg.item]]
            if it.key[0] == "hex"
        }
        assert "sight" in looks[s.ashaks[victim].pos]
        title, text = app.details[-1]
        assert CARD[card].name in title
        assert "In reach now: Player" in text and "line of sight needed" in text
        # Enter plays it.
        await pilot.press("enter")
        assert app.chosen == [A.PlayCard(card)]


@pytest.mark.parametrize("seats", [2, 4])
def test_every_legal_decision_has_a_piece_on_the_board(seats: int) -> None:
    rng = random.Random(seats)
    s = GAME.setup(GAME.Options(), seats, 11)
    steps = 0
    while GAME.to_act(s) and steps < 400:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal(s, seat)
        if steps % 7 == 0:
            v = GAME.view(s, seat)
            on_board: set[Any] = set()
            for page in ("map", "you", "rivals", "table"):
                t = build(v, seat, legal, NAMES, 46, 20, None, page, set(), None)
                here = {a for it in t.items for a in actions_at(v, seat, legal, it.key)}
                if page == "map":  # the map page alone offers every move, scout and target
                    assert {a for a in legal if isinstance(a, A.Move | A.Scout | A.TargetAshak)} <= here
                on_board |= here
            # A hex the narrow map has panned away from (climbing back at the border, with no
            # Ashak to follow) comes into the window when the arrows bring the cursor there.
            for a in set(legal) - on_board:
                if isinstance(a, A.StepTo):
                    t = build(v, seat, legal, NAMES, 46, 20, ("hex", a.hex), "map", set(), None)
                    if a in {b for it in t.items for b in actions_at(v, seat, legal, it.key)}:
                        on_board.add(a)
            assert set(legal) <= on_board, s.phase
            # A tall board shows every page at once.
            t = build(v, seat, legal, NAMES, 70, 36, None, "map", set(), None)
            assert set(legal) <= {a for it in t.items for a in actions_at(v, seat, legal, it.key)}
        GAME.apply(s, seat, rng.choice(legal))
        steps += 1


def test_each_premium_split_has_its_own_button_naming_its_resources() -> None:
    from engine.rivals.data.catalog import CARD_COUNT

    s, seat = turn_moment(2)
    premium = next(c for c in range(CARD_COUNT) if CARD[c].key == "premium" and c in s.iface_deck)
    s.iface_deck.remove(premium)
    s.skills[seat].append(premium)
    s.ashaks[seat].crystals, s.ashaks[seat].resins = 7, 5
    v = GAME.view(s, seat)
    legal = GAME.legal(s, seat)
    t = build(v, seat, legal, NAMES, 70, 36, None, "map", set(), None)
    drawn: dict[Any, str] = {}  # each button's action and the words drawn on it
    for i, it in enumerate(t.items):
        if it.key[0] == "act":
            words = "".join(seg.text for line in t.lines for seg in line if seg.item == i)
            drawn[actions_at(v, seat, legal, it.key)[0]] = words.strip()
    splits = [a for a in legal if isinstance(a, A.BuyMixedPoint)]
    assert [drawn[a] for a in splits] == [
        "Buy a Rival Point with 5C 5R",
        "Buy a Rival Point with 6C 4R",
        "Buy a Rival Point with 7C 3R",
    ]


def test_nothing_another_seat_holds_is_drawn() -> None:
    s, seat = turn_moment(4)
    other = next(o for o in range(4) if o != seat and s.hand[o])
    texts = []
    for hand in (
        list(s.hand[other]),
        [c for c in range(len(CARD)) if c not in s.hand[other]][: len(s.hand[other])],
    ):
        s.hand[other] = hand
        v = GAME.view(s, seat)
        texts.append(
            [
                table_text(build(v, seat, GAME.legal(s, seat), NAMES, w, h, None, p, set(), None))
                for p in ("map", "you", "rivals", "table")
                for w, h in ((46, 20), (70, 36))
            ]
        )
    assert texts[0] == texts[1]


def test_the_tiles_that_may_fall_are_those_of_unseen_zone_cards_of_the_era() -> None:
    s, seat = turn_moment()
    falls = falling_tiles(GAME.view(s, seat))
    assert falls and all(not s.fallen[t] for t in falls)
    text = table_text(
        build(GAME.view(s, seat), seat, GAME.legal(s, seat), NAMES, 46, 20, None, "table", set(), None)
    )
    assert "May fall this round: tiles" in text


def test_the_tiles_that_may_fall_carry_a_mark_that_needs_no_colour() -> None:
    s, seat = turn_moment(6)
    v = GAME.view(s, seat)
    falls = falling_tiles(v)
    table = build(v, seat, GAME.legal(s, seat), NAMES, 70, 36, None, "map", set(), None)
    cells: dict[int, str] = {}
    for line in table.lines:
        for seg in line:
            if seg.item is not None and table.items[seg.item].key[0] == "hex":
                h = table.items[seg.item].key[1]
                cells[h] = cells.get(h, "") + seg.text
    assert len(cells) == 127 and falls
    for h, cell in cells.items():
        t = TILE_OF[h]
        crowded = cell[1] != RS.falls and cell[2] not in (" ", RS.falls)  # someone there, and a shield
        if t in falls and not crowded:
            assert RS.falls in cell[1:], (h, cell)
        elif t not in falls:
            assert RS.falls not in cell, (h, cell)


def test_a_reaction_shows_the_attack_to_the_defender_and_only_who_decides_to_the_others() -> None:
    s, seat = find_state(3, lambda s, seat: s.phase == "react" and s.p_target == seat)
    legal = GAME.legal(s, seat)
    mine = table_text(build(GAME.view(s, seat), seat, legal, NAMES, 46, 20, None, "map", set(), None))
    attacker = NAMES[s.p_seat]
    assert f"{attacker} plays {CARD[s.p_card].name} at you" in mine
    assert A.Pass() in legal and "Pass" in mine
    other = next(o for o in range(3) if o not in (seat, s.p_seat))
    theirs = table_text(build(GAME.view(s, other), other, [], NAMES, 46, 20, None, "map", set(), None))
    assert f"{NAMES[seat]} answers the attack" in theirs
    assert "Pass" not in theirs and "Do:" not in theirs


def test_the_window_keeps_your_ashak_while_the_cursor_explores() -> None:
    s, seat = turn_moment(2)
    v = GAME.view(s, seat)
    own = s.ashaks[seat].pos
    # Every hex whose column lies within the window's width of your Ashak's keeps it drawn.
    for h in range(127):
        if abs(hex_x(h) - hex_x(own)) <= 40:
            t = build(v, seat, [], NAMES, 46, 20, ("hex", h), "map", set(), None)
            assert {own, h} <= drawn_hexes(t), h


async def test_an_aimed_explosive_shades_the_whole_tile_under_the_cursor() -> None:
    def aiming(s: Any, seat: int) -> bool:
        return s.phase == "target" and design(s).type == "explosive" and not design(s).key

    s, seat = find_state(3, aiming)
    aim = next(a for a in GAME.legal(s, seat) if isinstance(a, A.TargetHex))
    app = BoardApp(s, seat)
    async with app.run_test(size=(60, 30)) as pilot:
        board = app.board
        board._set_cursor(("hex", aim.hex))
        await pilot.pause()
        table = board.table()
        shaded = {
            table.items[seg.item].key[1]
            for line in table.lines
            for seg in line
            if seg.item is not None and "blast" in seg.styles
        }
        assert shaded == set(TILE_HEXES[TILE_OF[aim.hex]])
        await pilot.press("enter")
        assert app.chosen == [aim]


async def test_t_turns_the_pages_of_a_small_board() -> None:
    s, seat = turn_moment()
    app = BoardApp(s, seat)
    async with app.run_test(size=(46, 20)) as pilot:
        board = app.board
        seen = []
        for _ in range(4):
            await pilot.press("t")
            seen.append(board.rendered_text())
        assert "Your board" in seen[0] and "Rivals" in seen[1] and "Interface:" in seen[2]
        assert "Hand:" in seen[3] and "Your board" not in seen[3]  # back to the map


@pytest.mark.parametrize(("rnd", "drawn"), [(1, "1 of the 6"), (2, "2 of the 5")])
def test_a_tile_that_may_fall_says_how_many_zone_cards_are_drawn(rnd: int, drawn: str) -> None:
    """Every tile an unseen zone card of the era drops carries ▾, far more than fall: the hex's
    detail says how many cards are drawn at the round's end, so the marks do not read as certain."""
    s, seat = find_state(3, lambda s, seat: s.phase == "turn" and s.round == rnd and s.ashaks[seat].alive)
    v = GAME.view(s, seat)
    h = next(h for h in range(len(TILE_OF)) if TILE_OF[h] in falling_tiles(v))
    one = rnd == 1
    said = (
        f"This tile may fall at the end of the round: then {drawn} zone cards of era 1 still "
        f"unseen {'is' if one else 'are'} drawn, and only the tiles {'it names' if one else 'they name'} go."
    )
    assert said in hex_detail(v, h, NAMES[:3], seat)[1]
