"""Pilot tests of the Rivalist board on real game states: choosing by keyboard (take, construct,
discard, wonder, draft, token, destroy, starter), the detail panel's text and payment breakdown,
secrecy of face-down cards, unrevealed wonders and left-out tokens, cards flipping, and whole
random games drawn in the board's 80×24 space."""

from __future__ import annotations

import random
import re

from engine.rivalist.actions import (
    BuildWonder,
    ChooseStarter,
    Construct,
    DestroyCard,
    Discard,
    PickToken,
    PickWonder,
    StealCard,
    Take,
)
from engine.rivalist.data import CARDS, COLOURS, TOKEN_NAMES, WONDERS
from engine.rivalist.game import GAME
from engine.rivalist.state import RivalistState
from engine.rivalist.texts import payment_lines
from rivals_tui.games.rivalist.labels import COLOUR_CODES, track_cells, wonder_short
from rivals_tui.widgets.action_picker import ActionPicker
from tests.tui.boards import assert_fits, random_game
from tests.tui.rivalist.harness import BoardApp, find_state

# The board's share of the 80×24 game screen (status, borders, side panel and footer removed,
# with a second status line for feedback).
SMALL = (46, 18)


def shown(app: BoardApp) -> str:
    return app.board.rendered_text() + "\n" + "\n".join(t + " " + x for t, x in app.details)


async def test_enter_takes_the_focused_accessible_card_and_arrows_reach_the_others() -> None:
    s, seat = find_state(lambda s, i: s.phase == "take" and s.age == 1 and len(s.access) >= 3)
    app = BoardApp(s, seat)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        key = app.board.cursor_key
        assert key[0] == "slot" and key[1] in s.access
        await pilot.press("enter")
        assert app.chosen == [Take(key[1])]
        # Walking right reaches every accessible card, and Enter takes the one under the cursor.
        reached = set()
        for _ in range(60):
            await pilot.press("right")
            k = app.board.cursor_key
            if k[0] == "slot" and k[1] in s.access:
                reached.add(k[1])
        assert reached == set(s.access)


async def test_enter_on_a_covered_card_takes_nothing_and_says_why() -> None:
    s, seat = find_state(lambda s, i: s.phase == "take" and s.age == 1)
    app = BoardApp(s, seat)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        covered = [i for i, c in enumerate(s.pyramid) if c != -1 and i not in s.access]
        for _ in range(80):
            k = app.board.cursor_key
            if k[0] == "slot" and k[1] in covered:
                break
            await pilot.press("right")
        assert app.board.cursor_key[1] in covered
        await pilot.press("enter")
        assert app.chosen == []


async def test_after_taking_enter_constructs_and_the_keys_discard_or_build_a_wonder() -> None:
    s, seat = find_state(
        lambda s, i: (
            s.phase == "use"
            and Construct() in GAME.legal(s, i)
            and sum(isinstance(a, BuildWonder) for a in GAME.legal(s, i)) == 1
        )
    )
    app = BoardApp(s, seat)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert app.board.cursor_key == ("use", "construct")
        await pilot.press("enter")
        await pilot.press("d")
        await pilot.press("w")
        wonder = next(a for a in GAME.legal(s, seat) if isinstance(a, BuildWonder))
        assert app.chosen == [Construct(), Discard(), wonder]


async def test_w_with_several_affordable_wonders_opens_a_short_list() -> None:
    s, seat = find_state(
        lambda s, i: s.phase == "use" and sum(isinstance(a, BuildWonder) for a in GAME.legal(s, i)) >= 2
    )
    app = BoardApp(s, seat)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, ActionPicker)
        builds = [a for a in GAME.legal(s, seat) if isinstance(a, BuildWonder)]
        assert [e[0] for e in app.screen.entries] == builds
        # Each line says what the build pays.
        assert all("You pay" in e[1] for e in app.screen.entries)
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [builds[0]]


async def test_an_unaffordable_card_cannot_be_constructed_and_the_reason_is_given() -> None:
    s, seat = find_state(lambda s, i: s.phase == "use" and Construct() not in GAME.legal(s, i))
    app = BoardApp(s, seat)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        # The cursor does not offer the impossible build first.
        assert app.board.cursor_key != ("use", "construct")
        await pilot.press("c")
        assert app.chosen == []
        text = app.board.rendered_text()
        assert "c Build" in text and "d Discard" in text


async def test_the_payment_is_shown_before_a_build_is_confirmed() -> None:
    s, seat = find_state(
        lambda s, i: (
            s.phase == "use"
            and Construct() in GAME.legal(s, i)
            and any("from the bank" in x for x in payment_lines(s, i, card=s.taken))
        )
    )
    pay = payment_lines(s, seat, card=s.taken)
    app = BoardApp(s, seat)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = app.board.rendered_text()
        for line in pay:
            assert line in text
        title, detail = app.details[-1]
        assert title == f"Construct {CARDS[s.taken].name}"
        assert all(line in detail for line in pay)


async def test_focusing_your_wonder_shows_what_it_would_pay() -> None:
    s, seat = find_state(
        lambda s, i: s.phase == "use" and any(isinstance(a, BuildWonder) for a in GAME.legal(s, i))
    )
    w = next(a.wonder for a in GAME.legal(s, seat) if isinstance(a, BuildWonder))
    app = BoardApp(s, seat)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(80):
            if app.board.cursor_key == ("wonder", seat, w):
                break
            await pilot.press("right")
        assert app.board.cursor_key == ("wonder", seat, w)
        title, detail = app.details[-1]
        assert title == WONDERS[w].name
        assert WONDERS[w].text in detail
        for line in payment_lines(s, seat, wonder=w):
            assert line in detail
            # The line under the choices follows the focused build.
            assert line in app.board.rendered_text()
        await pilot.press("enter")
        assert app.chosen == [BuildWonder(w)]


async def test_the_draft_lists_the_revealed_wonders_and_enter_picks_one() -> None:
    s = GAME.setup(GAME.Options(), 2, 5)
    app = BoardApp(s, 0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        text = app.board.rendered_text()
        for w in s.draft_pool:
            assert WONDERS[w].name in text
        await pilot.press("down", "enter")
        assert len(app.chosen) == 1 and isinstance(app.chosen[0], PickWonder)
        assert app.chosen[0].wonder == s.draft_pool[1]


async def test_a_draft_line_too_long_for_the_board_ends_with_the_cut_mark() -> None:
    s = GAME.setup(GAME.Options(), 2, 7)  # Temple of Ares' effect does not fit beside its name
    app = BoardApp(s, 0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        lines = app.board.rendered_text().splitlines()
        cut = 0
        for w in s.draft_pool:
            line = next(x for x in lines if WONDERS[w].name in x).rstrip()
            if wonder_short(w) not in line:
                assert line.endswith("…"), line
                cut += 1
        assert cut >= 1


async def test_a_science_pair_lets_enter_keep_a_token_from_the_board() -> None:
    s, seat = find_state(lambda s, i: s.phase == "token")
    app = BoardApp(s, seat)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        key = app.board.cursor_key
        assert key[0] == "board_tok"
        assert TOKEN_NAMES[key[1]] in app.details[-1][0]
        await pilot.press("right", "enter")
        assert len(app.chosen) == 1 and isinstance(app.chosen[0], PickToken)
        assert app.chosen[0].token in s.board_tokens


async def test_the_library_shows_the_left_out_tokens_only_to_its_builder() -> None:
    s, seat = find_state(lambda s, i: s.phase == "library")
    left_out = [TOKEN_NAMES[t] for t in s.unused_tokens]
    app = BoardApp(s, seat)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = app.board.rendered_text()
        assert "Left out:" in text
        assert all(name in text for name in left_out)
        await pilot.press("enter")
        assert isinstance(app.chosen[0], PickToken) and app.chosen[0].token in s.unused_tokens
    rival = BoardApp(s, 1 - seat)
    async with rival.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = rival.board.rendered_text()
        assert "Left out" not in text
        owned_or_board = {TOKEN_NAMES[t] for t in s.board_tokens + s.tokens[0] + s.tokens[1]}
        for name in set(left_out) - owned_or_board:
            assert not re.search(rf"\b{name}\b", text), name


async def test_destroy_and_steal_list_the_rivals_cards_to_pick() -> None:
    for phase, kind in (("destroy", DestroyCard), ("steal", StealCard)):
        s, seat = find_state(lambda s, i, p=phase: s.phase == p)
        legal = GAME.legal(s, seat)
        app = BoardApp(s, seat)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            text = app.board.rendered_text()
            assert ("Destroy:" if phase == "destroy" else "Take:") in text
            assert app.board.cursor_key[0] == "rival_card"
            await pilot.press("enter")
            assert isinstance(app.chosen[0], kind) and app.chosen[0] in legal


async def test_the_chooser_names_who_begins_the_next_age() -> None:
    s, seat = find_state(lambda s, i: s.phase == "starter")
    app = BoardApp(s, seat)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert "Who begins Age" in app.board.rendered_text()
        await pilot.press("enter", "right", "enter")
        assert app.chosen == [ChooseStarter(0), ChooseStarter(1)]


async def test_the_detail_panel_gives_a_cards_full_text_and_price() -> None:
    s, seat = find_state(lambda s, i: s.phase == "take" and s.age == 2)
    app = BoardApp(s, seat)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        slot = app.board.cursor_key[1]
        card = s.pyramid[slot]
        title, text = app.details[-1]
        assert title == CARDS[card].name
        assert text.startswith("Enter: take this card.")
        assert CARDS[card].text in text
        assert "You would pay:" in text


async def test_cities_show_their_cards_by_colour_coins_and_production() -> None:
    s, seat = find_state(lambda s, i: s.phase == "take" and s.age == 3 and all(len(c) >= 5 for c in s.city))
    app = BoardApp(s, seat)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        text = app.board.rendered_text()
        for i in (0, 1):
            summary = " ".join(f"{COLOUR_CODES[c]}{s.colours[i][c]}" for c in range(7))
            assert f"{s.coins[i]}$ sci" in text
            assert summary in text
        # Tab to the players' area, then find a colour with cards: its detail lists them.
        col = next(c for c in range(7) if s.colours[seat][c])
        for _ in range(120):
            if app.board.cursor_key == ("colour", seat, col):
                break
            await pilot.press("right")
        title, detail = app.details[-1]
        assert COLOURS[col] in title
        for c in s.city[seat]:
            if CARDS[c].colour == col:
                assert CARDS[c].name in detail


def test_the_track_shows_the_pawn_capitals_and_only_the_loot_still_there() -> None:
    s, _seat = find_state(lambda s, i: abs(s.pawn) >= 3 and s.phase == "take")
    signs = "".join(x for x, _p in track_cells(GAME.view(s, 0)))
    assert len(signs) == 19 and signs[0] == "⌂" and signs[-1] == "⌂"
    assert signs[s.pawn + 9] == "●"
    loser = 1 if s.pawn > 0 else 0
    # The pawn passed the 2-coin loot on the loser's side: it is gone from the track.
    small = 9 + (3 if loser == 1 else -3)
    assert not s.loot_small[loser] and signs[small] != "2"
    other = 9 + (-3 if loser == 1 else 3)
    assert signs[other] == ("2" if s.loot_small[1 - loser] else "-")


def flipping_slot(s: RivalistState) -> int | None:
    """An accessible slot whose taking turns a face-down card up, if any."""
    if s.phase != "take":
        return None
    for a in s.access:
        t = GAME.clone(s)
        GAME.apply(t, t.current, Take(a))
        if t.face_up.count(True) > s.face_up.count(True):
            return a
    return None


async def test_a_card_turned_face_up_is_marked_as_new() -> None:
    s, seat = find_state(lambda s, i: s.age == 1 and flipping_slot(s) is not None)
    slot = flipping_slot(s)
    assert slot is not None
    app = BoardApp(s, seat)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        before = list(s.face_up)
        events = GAME.apply(s, seat, Take(slot))
        flipped = [j for j in range(20) if s.face_up[j] and not before[j]]
        assert flipped and any(e.kind == "flip" for e in events)
        app.refresh_board(events)
        await pilot.pause()
        for j in flipped:
            assert ("slot", j) in app.board.changed
            # The card now shows where its back was, and is styled as new.
            table = app.board.table()
            n = next(k for k, it in enumerate(table.items) if it.key == ("slot", j))
            assert table.items[n].title == CARDS[s.pyramid[j]].name
            seg = next(x for line in table.lines for x in line if x.item == n)
            assert "new" in seg.styles and "░" not in seg.text


async def test_a_card_the_rival_turned_up_is_still_marked_when_your_turn_comes() -> None:
    s, rival = find_state(lambda s, i: s.age == 1 and flipping_slot(s) is not None)
    me = 1 - rival
    slot = flipping_slot(s)
    assert slot is not None
    app = BoardApp(s, me)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        before = list(s.face_up)
        app.refresh_board(GAME.apply(s, rival, Take(slot)))
        app.refresh_board(GAME.apply(s, rival, Discard()))
        await pilot.pause()
        assert GAME.to_act(s) == (me,)
        flipped = [j for j in range(20) if s.face_up[j] and not before[j]]
        assert flipped
        for j in flipped:
            assert ("slot", j) in app.board.changed
        # The rival's discard is marked too: their coins and the discard pile.
        assert ("coins", rival) in app.board.changed and ("discard",) in app.board.changed


def secrets(s: RivalistState, seat: int) -> set[str]:
    """Names the seat must not read: face-down pyramid cards, set-aside cards, unrevealed
    wonders, and (outside its own Library choice) the tokens left out of the game."""
    hidden = {CARDS[c].name for i, c in enumerate(s.pyramid) if c >= 0 and not s.face_up[i]}
    hidden |= {CARDS[c].name for c in s.box + s.unseen}
    hidden |= {WONDERS[w].name for w in s.draft_deck}
    if not (s.phase == "library" and s.current == seat):
        hidden |= {TOKEN_NAMES[t] for t in s.unused_tokens}
    # A secret name inside a visible one ("Gardens" in "Babylon Gardens") proves nothing.
    v = GAME.view(s, seat)
    visible = [CARDS[c].name for c in v.pyramid + v.discard + v.city[0] + v.city[1] if c >= 0]
    visible += [WONDERS[w].name for w in v.draft_pool + v.wonders[0] + v.wonders[1] + v.wonders_out]
    visible += [
        TOKEN_NAMES[t] for t in v.board_tokens + v.tokens[0] + v.tokens[1] + v.unused_tokens if t >= 0
    ]
    seen = " / ".join(visible)
    return {n for n in hidden if not re.search(rf"\b{re.escape(n)}\b", seen)}


async def test_face_down_cards_unrevealed_wonders_and_left_out_tokens_are_never_drawn() -> None:
    checked = 0
    for want in (
        lambda s, i: s.phase == "draft" and s.draft_round == 0,
        lambda s, i: s.phase == "take" and s.age == 1,
        lambda s, i: s.phase == "use" and s.age == 2,
        lambda s, i: s.phase == "take" and s.age == 3,
        lambda s, i: s.phase == "library",
    ):
        s, seat = find_state(want)
        for viewer in (seat, 1 - seat):
            secret = secrets(s, viewer)
            assert secret
            app = BoardApp(s, viewer)
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                # Focus every piece so that each full detail text is posted too.
                for n in range(len(app.board.table().items)):
                    app.board._set_cursor(n)
                await pilot.pause()
                text = shown(app)
                for name in secret:
                    assert not re.search(rf"\b{re.escape(name)}\b", text), name
                if s.age:
                    assert "░" in app.board.rendered_text()
                checked += 1
    assert checked == 10


async def test_whole_random_games_fit_the_board_at_80x24() -> None:
    for seed in (11, 12):
        rng = random.Random(seed)
        s = GAME.setup(GAME.Options(), 2, seed)
        app = BoardApp(s, 0)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            steps = 0
            async for _ in random_game(pilot, app, rng, 15, ("down", "right", "tab"), watch="next"):
                assert_fits(app.board)
                steps += 1
            assert GAME.outcome(s) is not None
            assert steps > 60
