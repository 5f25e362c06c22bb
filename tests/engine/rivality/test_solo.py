"""Solo against Souramoun: layout, entry, movement, the mirrored magician, spells, end, scoring."""

from __future__ import annotations

from engine.rivality.actions import MoveMagician
from engine.rivality.data import PILE_A, PILE_B, pos_of, xy_of
from engine.rivality.game import GAME
from engine.rivality.options import RivalityOptions
from engine.rivality.queries import solo_reachable
from engine.rivality.state import RivalityState
from tests.engine.rivality.helpers import act, on, set_golems, texts

ME, SOURAMOUN = 0, 1


def solo(level: str = "normal", seed: int = 1) -> RivalityState:
    return GAME.setup(RivalityOptions(solo_level=level), 1, seed)


def cell(s: RivalityState, x: int, y: int) -> int:
    return s.at[pos_of(x, y)]


def place_tile(s: RivalityState, t: int, x: int, y: int) -> None:
    """Swap tile t into (x, y) (it must belong to the same half of the layout)."""
    c = cell(s, x, y)
    other = s.tile.index(t)
    s.tile[c], s.tile[other] = s.tile[other], s.tile[c]


def test_layout_is_three_rows_each_of_face_up_and_face_down_tiles() -> None:
    s = solo()
    assert len(s.pos) == 24 and s.supply == [30, 30] and s.seats == 1
    for c in range(24):
        x, y = xy_of(s.pos[c])
        assert 0 <= x < 4 and 0 <= y < 6
        mine = y >= 3
        assert s.faceup[c] == mine and s.rot[c] == (0 if mine else 2)
        assert s.tile[c] in (PILE_A if mine else PILE_B)
    assert 0 not in s.tile  # the Mana Well stays in the box


def test_entry_through_the_bottom_row_and_the_mirror() -> None:
    s = solo()
    assert sorted(a.pos for a in GAME.legal(s, 0)) == sorted(pos_of(x, 5) for x in range(4))
    assert GAME.why_illegal(s, 0, MoveMagician(pos_of(1, 4))) is not None
    ev = act(s, MoveMagician(pos_of(1, 5)))
    assert s.mage == [cell(s, 1, 5), cell(s, 1, 0)]
    assert s.faceup[cell(s, 1, 0)]  # Souramoun's tile is revealed
    assert any(e.reveal for e in ev)
    assert on(s, 1, 0)[SOURAMOUN] >= 1 and on(s, 1, 5)[ME] >= 1
    assert "Souramoun mirrors you" in texts(ev)


def test_magician_moves_through_own_golems_to_an_empty_tile() -> None:
    s = solo()
    s.mage[ME] = cell(s, 0, 5)
    set_golems(s, cell(s, 0, 5), {ME: 1})
    set_golems(s, cell(s, 0, 4), {ME: 1, SOURAMOUN: 2})  # passable: one of my golems is there
    set_golems(s, cell(s, 1, 5), {SOURAMOUN: 1})  # not passable, not empty
    s.reach = solo_reachable(s)
    reach = {a.pos for a in GAME.legal(s, 0)}
    assert pos_of(0, 3) in reach and pos_of(1, 4) in reach
    assert pos_of(2, 5) not in reach  # beyond Souramoun's tile
    assert pos_of(0, 4) not in reach and pos_of(1, 5) not in reach
    why = GAME.why_illegal(s, 0, MoveMagician(pos_of(2, 5)))
    assert why is not None and "pass through" in why


def test_your_spells_need_your_tile_and_shields_defend_souramoun() -> None:
    s = solo()
    place_tile(s, 18, 0, 2)  # Souramoun's Cottage: front 2x3 south, left 3x2 east
    place_tile(s, 5, 0, 3)  # my Plain: 4 golems north at distance 1
    s.mage[ME] = cell(s, 0, 4)
    set_golems(s, cell(s, 0, 4), {ME: 1})
    s.reach = solo_reachable(s)
    ev = act(s, MoveMagician(pos_of(0, 3)))
    assert s.mage[SOURAMOUN] == cell(s, 0, 2)
    # Souramoun's Cottage gets its golem; my 4 lose one to the shield: 3 against 1.
    assert on(s, 0, 2) == [3, 1, 0]
    assert "shields destroy 1" in texts(ev)


def test_no_spells_after_losing_your_tile() -> None:
    s = solo()
    place_tile(s, 17, 0, 2)  # Souramoun: 4 golems south onto my magician's tile
    place_tile(s, 5, 0, 3)
    s.mage[ME] = cell(s, 0, 4)
    set_golems(s, cell(s, 0, 4), {ME: 1})
    s.reach = solo_reachable(s)
    ev = act(s, MoveMagician(pos_of(0, 3)))
    assert on(s, 0, 3) == [1, 4, 0]
    assert on(s, 0, 2) == [0, 1, 0]  # my 4 golems never came
    assert "spells are not cast" in texts(ev)


def test_game_ends_when_no_empty_tile_is_reachable() -> None:
    ended = 0
    for seed in range(60):
        s = solo(seed=seed)
        while GAME.outcome(s) is None:
            act(s, GAME.legal(s, 0)[0])
        out = GAME.outcome(s)
        assert out is not None
        if "no empty tile" in out.reason:
            ended += 1
            assert solo_reachable(s) == []
        else:
            assert 0 in s.supply
    assert ended > 0


def _scored(level: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    s = solo(level)
    t = s.tile
    plain = next(c for c in range(12, 24) if t[c] in (1, 2, 3, 4, 5))
    cottage = next(c for c in range(12, 24) if t[c] in (6, 7, 8, 9))
    fort = next(c for c in range(12, 24) if t[c] in (10, 11, 12))
    set_golems(s, plain, {ME: 2, SOURAMOUN: 1})
    set_golems(s, cottage, {SOURAMOUN: 1})
    set_golems(s, fort, {ME: 1, SOURAMOUN: 1})
    s.phase = "over"
    out = GAME.outcome(s)
    assert out is not None
    return out.scores, out.winners


def test_solo_scoring_levels() -> None:
    assert _scored("beginner") == ((1,), ())  # 1 against 2
    assert _scored("normal") == ((1,), ())  # Souramoun takes the tied Fortress: 6
    assert _scored("seasoned") == ((0,), ())  # my Plain holds an enemy golem


def test_a_tie_with_souramoun_is_a_loss_and_a_lead_wins() -> None:
    s = solo("beginner")
    plain = next(c for c in range(12, 24) if s.tile[c] in (6, 7, 8, 9))
    cottage = next(c for c in range(0, 12) if s.tile[c] in (18, 19, 20, 21))
    set_golems(s, plain, {ME: 1})
    set_golems(s, cottage, {SOURAMOUN: 1})
    s.faceup[cottage] = True
    s.phase = "over"
    out = GAME.outcome(s)
    assert out is not None and out.scores == (2,) and out.winners == () and "loss" in out.tiebreak
    set_golems(s, cottage, {SOURAMOUN: 0})
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,)


def test_magician_tiles_score_nothing() -> None:
    s = solo("beginner")
    c = next(c for c in range(12, 24) if s.tile[c] in (10, 11, 12))
    set_golems(s, c, {ME: 2})
    s.mage[ME] = c
    s.phase = "over"
    out = GAME.outcome(s)
    assert out is not None and out.scores == (0,)
