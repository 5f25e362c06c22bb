"""The Rival Kings layout as text, without an app: done marks after equal ranks (issue 9) and
short names that stay distinguishable."""

from __future__ import annotations

import pytest

from engine.rival_kings.actions import ChooseAction, EndTurn, Settle, Skip, TakeMoney
from engine.rival_kings.data import CARDS, CHARACTERS, MONEY, SETTLE
from engine.rival_kings.game import GAME
from rivals_tui.games.rival_kings.layout import action_states, build_table
from rivals_tui.games.rival_kings.names import card_name, char_name, short_name
from rivals_tui.widgets.linetable import table_text
from tests.engine.rival_kings.helpers import act, new, play
from tests.engine.rival_kings.test_conflicts import char_of


def tied_traders(seats: int):  # type: ignore[no-untyped-def]
    """Seats 0 and 1 play the two Traders (equal rank F); the others play Queen / Count (no theft
    reaches rank F from A or B). Returns the state at the first Trader's turn."""
    s = new(seats, 5)
    others = [char_of("A", True), char_of("B", False)][: seats - 2]
    play(s, [10, 11, *others])
    while GAME.to_act(s) and s.turn >= 0 and not s.tie[s.turn]:
        act(s, Skip() if s.stack else EndTurn())
    assert s.tie[0] and s.tie[1] and s.turn in (0, 1)
    return s


@pytest.mark.parametrize("seats", [3, 4])
def test_each_tied_player_keeps_the_done_mark_of_its_own_action(seats: int) -> None:
    s = tied_traders(seats)
    first = s.turn
    second = 1 - first
    act(s, ChooseAction(MONEY))
    act(s, TakeMoney(0))
    assert s.turn == second  # nothing left to do: the turn passed by itself
    # The first player's row, seen by anyone, after its turn: its action done, the rest unused.
    for seat in range(seats):
        marks = action_states(GAME.view(s, seat), first)
        assert marks[MONEY] == "done"
        assert all(m == "unused" for a, m in marks.items() if a != MONEY)
    act(s, ChooseAction(SETTLE))
    v = GAME.view(s, 2)
    assert action_states(v, first)[MONEY] == "done" and action_states(v, first)[SETTLE] == "unused"
    assert action_states(v, second)[SETTLE] == "now" and action_states(v, second)[MONEY] == "unused"
    act(s, Settle())
    # The Traders were last: the cycle is over and the next one starts with clean rows.
    assert s.phase == "choose" and s.single == [""] * seats
    assert action_states(GAME.view(s, 2), first) == {}


def test_a_tied_player_who_carries_out_nothing_shows_no_done_mark() -> None:
    s = tied_traders(3)
    first = s.turn
    act(s, EndTurn())
    marks = action_states(GAME.view(s, 2), first)
    assert marks and all(m == "unused" for m in marks.values())


LENGTHS = (2, 3, 4, 5, 6, 8)


@pytest.mark.parametrize("n", LENGTHS)
def test_shortened_names_stay_distinct(n: int) -> None:
    # Characters and cards share one set of short names: no two names of the game look alike.
    names = {c.name for c in CHARACTERS} | {c.name for c in CARDS}
    shorts = {short_name(name, n) for name in names}
    assert len(shorts) == len(names), sorted(shorts)
    assert all(len(x) <= n for x in shorts)


def test_the_reported_collisions_are_told_apart() -> None:
    for n in LENGTHS:
        group = {short_name(x, n) for x in ("Count", "Countess", "Court Lady", "Courtier")}
        assert len(group) == 4, (n, group)
    # Short names that fit stay whole, and the other helpers use the same table.
    assert short_name("Count", 5) == "Count" and short_name("Queen", 5) == "Queen"
    countess = next(c.id for c in CHARACTERS if c.name == "Countess")
    assert char_name(countess, 5) == short_name("Countess", 5) != "Count"
    lady = next(c.id for c in CARDS if c.name == "Court Lady")
    assert card_name(lady, 4) == short_name("Court Lady", 4)


@pytest.mark.parametrize("width", [40, 56, 78])
def test_the_list_of_players_still_choosing_wraps_long_names_instead_of_cutting_them(width: int) -> None:
    # Four 20-character names (the longest the new-game form takes) while everyone chooses: every
    # name must be readable whole, whatever the width the board gets.
    names = [f"{c * 15} Ximen" for c in "ABCD"]
    s = new(4, 3)
    assert s.phase == "choose"
    table = build_table(GAME.view(s, 0), 0, GAME.legal(s, 0), names, width, 200, {}, set())
    text = table_text(table)
    assert table.width() <= width
    assert all(name in text for name in names), text


@pytest.mark.parametrize("width", [40, 56, 78])
def test_the_turn_order_tells_apart_seats_whose_names_begin_alike(width: int) -> None:
    # Two browsers that set no name sit as "player (2)" and "player (3)" at a server's table: the
    # turn order, which cuts names short, must not show both as "player (".
    names = ["player", "player (2)", "player (3)"]
    s = new(3, 3)
    play(s, [0, 2, 4])
    assert s.phase != "choose"
    text = table_text(build_table(GAME.view(s, 0), 0, GAME.legal(s, 0), names, width, 200, {}, set()))
    strip = next(line for line in text.splitlines() if line.startswith(("Turns:", "Order")))
    shown = [
        part.strip(" ▶✓").removeprefix("Turns:").removeprefix("Order").strip(" ▶✓")
        for part in strip.split("›")
    ]
    assert len(shown) == 3 and len(set(shown)) == 3, strip
    assert "play (2)" in shown and "play (3)" in shown, strip
