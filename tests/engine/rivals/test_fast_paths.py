"""The engine's fast paths give what the plain rules give: the turn menu's move list, the border,
the opposing shields; and `apply` judges a move from the state as it is, whatever list it came from."""

from __future__ import annotations

import random

import pytest

from engine.core import IllegalAction, Rng
from engine.core.phases import NOT_NOW
from engine.rivals.actions import EndTurn, Move, StepTo, TargetAshak, Uninstall
from engine.rivals.data.board import TILE_COUNT, TILE_OF, VOLCANO_TILE
from engine.rivals.game import GAME
from engine.rivals.geometry import N_HEX, NEIGHBOURS
from engine.rivals.options import RivalsOptions
from engine.rivals.queries import border_hexes, on_border
from engine.rivals.rules import board, choices
from engine.rivals.rules.targeting import shield_hexes
from engine.rivals.state import RivalsState


def mid_game_states(seats: int, seed: int, every: int = 9) -> list[RivalsState]:
    """Copies of every `every`-th state of a seeded random game."""
    s = GAME.setup(RivalsOptions(), seats, seed)
    rng = Rng.from_seed(seed)
    kept = []
    step = 0
    while GAME.outcome(s) is None:
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, rng.choice(GAME.legal(s, seat)))
        step += 1
        if step % every == 0 and s.round >= 1:
            kept.append(GAME.clone(s))
    return kept


def test_the_move_list_is_what_the_general_search_finds() -> None:
    """Every hex a move of one or two hexes can end on, from where each Ashak stands, by the
    precomputed rings and by the step-by-step search asked about each hex in turn."""
    checked = 0
    for s in mid_game_states(6, 5)[::3]:
        for seat in range(s.seats):
            start = s.ashaks[seat].pos
            if start < 0:
                continue
            for budget in (1, 2):
                by_search = [h for h in range(N_HEX) if h in board.reachable(s, seat, start, budget, goal=h)]
                assert board.move_targets(s, seat, start, budget) == by_search
                checked += 1
    assert checked > 100


def test_whether_one_hex_is_reached_is_what_the_general_search_finds() -> None:
    """The turn's check of one move (`reaches`, through the rings for one or two hexes) against
    the step-by-step search, for every hex from where each Ashak stands, and for longer moves."""
    checked = 0
    for s in mid_game_states(6, 5)[::3]:
        for seat in range(s.seats):
            start = s.ashaks[seat].pos
            if start < 0:
                continue
            for budget in (1, 2, 3):
                by_search = [h for h in range(N_HEX) if h in board.reachable(s, seat, start, budget, goal=h)]
                assert [h for h in range(N_HEX) if board.reaches(s, seat, start, budget, h)] == by_search
                checked += 1
    assert checked > 100


def test_the_border_is_every_standing_hex_at_the_edge_or_beside_a_fallen_tile() -> None:
    def by_definition(fallen: list[bool]) -> list[int]:
        out = [
            h
            for h in range(N_HEX)
            if not fallen[TILE_OF[h]]
            and (len(NEIGHBOURS[h]) < 6 or any(fallen[TILE_OF[n]] for n in NEIGHBOURS[h]))
        ]
        return out or ([0] if not fallen[VOLCANO_TILE] else [])

    s = GAME.setup(RivalsOptions(), 2, 1)
    r = random.Random(7)
    for _ in range(300):
        share = r.random()
        s.fallen = [r.random() < share for _ in range(TILE_COUNT)]
        assert border_hexes(s) == by_definition(s.fallen)
        # the verdict on one re-entry hex agrees with the list
        assert [h for h in range(N_HEX) if on_border(s, h)] == by_definition(s.fallen)


@pytest.mark.parametrize("seat", [-1, 0, 3])
def test_opposing_shields_are_found_in_order(seat: int) -> None:
    r = random.Random(seat)
    for _ in range(300):
        shield = [-1] * N_HEX
        for _ in range(r.randint(0, 12)):
            shield[r.randrange(N_HEX)] = r.randrange(6)
        assert shield_hexes(shield, seat) == [h for h, o in enumerate(shield) if o >= 0 and o != seat]


def turn_with_a_move(seed: int = 3) -> tuple[RivalsState, list[object]]:
    """A 4-seat game at a turn menu that offers a move, with that menu's legal list."""
    s = GAME.setup(RivalsOptions(), 4, seed)
    rng = Rng.from_seed(seed)
    while True:
        seat = GAME.to_act(s)[0]
        legal = list(GAME.legal(s, seat))
        if s.phase == "turn" and s.round >= 2 and any(isinstance(a, Move) for a in legal):
            return s, legal
        GAME.apply(s, seat, rng.choice(legal))


def test_a_listed_move_is_judged_again_once_the_state_has_changed() -> None:
    # Edited by hand after the list was made: the AP are gone, so the listed move is refused.
    s, legal = turn_with_a_move()
    move = next(a for a in legal if isinstance(a, Move))
    s.ap = 0
    with pytest.raises(IllegalAction):
        GAME.apply(s, s.actor, move)
    # Changed by a decision: the turn has ended, so a move from the old list is refused.
    s, legal = turn_with_a_move()
    move = next(a for a in legal if isinstance(a, Move))
    end = next(a for a in legal if isinstance(a, EndTurn))
    seat = s.actor
    GAME.apply(s, seat, end)
    assert GAME.why_illegal(s, seat, move) == "It is not your turn to decide."
    # Unchanged: the listed move is played.
    s, legal = turn_with_a_move()
    move = next(a for a in legal if isinstance(a, Move))
    seat = s.actor
    GAME.apply(s, seat, move)
    assert s.ashaks[seat].pos == move.hex


def test_a_listed_move_is_refused_once_the_resources_it_spends_are_gone() -> None:
    # Uninstalling costs two crystals: listed while they were there, refused once they are
    # gone, with nothing spent (the crystals do not go below zero).
    s, _ = turn_with_a_move()
    seat = s.actor
    s.ashaks[seat].crystals = 2
    uninstall = next(a for a in GAME.legal(s, seat) if isinstance(a, Uninstall))
    s.ashaks[seat].crystals = 0
    before = GAME.clone(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, seat, uninstall)
    assert s == before


def test_a_target_or_a_reentry_hex_is_judged_without_the_lists_it_does_not_need(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An aim at a rival is judged without working out which shields are in sight, and a
    re-entry hex without listing the border; every listed move stays allowed and an unlisted
    one gets the list's sentence."""

    def unneeded(*args: object) -> list[int]:
        raise AssertionError("a list built to judge one move")

    seen = set()
    for seed in range(1, 30):
        s = GAME.setup(RivalsOptions(), 2, seed)
        rng = Rng.from_seed(seed)
        while GAME.outcome(s) is None and len(seen) < 2:
            seat = GAME.to_act(s)[0]
            legal = GAME.legal(s, seat)
            aims = [a for a in legal if isinstance(a, TargetAshak)]
            if s.phase == "reentry" or (s.phase == "target" and aims):
                seen.add(s.phase)
                with monkeypatch.context() as m:
                    m.setattr(choices, "border_hexes", unneeded)
                    m.setattr(choices.targeting, "shield_targets", unneeded)
                    for a in aims if s.phase == "target" else legal:
                        assert GAME.why_illegal(s, seat, a) is None
                    off = next(h for h in range(N_HEX) if StepTo(h) not in legal)
                    if s.phase == "reentry":
                        assert GAME.why_illegal(s, seat, StepTo(off)) == NOT_NOW
            GAME.apply(s, seat, rng.choice(legal))
    assert seen == {"target", "reentry"}
