"""Line of sight, movement, scouting, collecting and shields on the Wildtech."""

from __future__ import annotations

from engine.rivals.actions import (
    Collect,
    Consult,
    Install,
    MakeShield,
    Move,
    PlayCard,
    Scout,
    TargetAshak,
)
from engine.rivals.data.board import CRYSTAL, FOREST, INTERFACE, LAKE, TILE_HEXES, TILE_OF
from engine.rivals.game import GAME
from engine.rivals.geometry import sight_paths
from engine.rivals.queries import has_sight
from engine.rivals.rules.board import reachable
from tests.engine.rivals.helpers import (
    act,
    give,
    hx,
    new,
    put,
    ready_to_fight,
    set_type,
)


def trio(names=("Atmos", "Renko", "Phae")):
    return ready_to_fight(names)


def test_an_ashak_in_between_blocks_sight_but_not_the_target() -> None:
    s = trio()
    put(s, 0, 0, 0)
    put(s, 1, 3, 0)
    put(s, 2, 1, 0)
    assert not has_sight(s, 0, s.ashaks[0].pos, s.ashaks[1].pos, 1)
    assert has_sight(s, 0, s.ashaks[0].pos, s.ashaks[2].pos, 2)
    blaster = give(s, 0, "Blaster")
    act(s, 0, PlayCard(blaster))
    assert [a for a in GAME.legal(s, 0) if isinstance(a, TargetAshak)] == [TargetAshak(2)]


def test_two_equal_paths_one_clear_is_sight() -> None:
    s = trio()
    a, b = hx(0, 0), hx(2, -1)
    assert len(sight_paths(a, b)) == 2
    put(s, 0, 0, 0)
    put(s, 1, 2, -1)
    put(s, 2, 1, 0)  # on one of the two paths only
    assert has_sight(s, 0, a, b, 1)
    s.shield[hx(1, -1)] = 2  # the other path is now blocked by an opposing shield
    assert not has_sight(s, 0, a, b, 1)


def test_own_shields_the_void_and_unrevealed_tiles_do_not_block() -> None:
    s = trio()
    put(s, 0, 0, 0)
    put(s, 1, 3, 0)
    put(s, 2, -3, 3)
    s.shield[hx(1, 0)] = 0
    assert has_sight(s, 0, s.ashaks[0].pos, s.ashaks[1].pos, 1)
    s.revealed[TILE_OF[hx(2, 0)]] = False
    s.fallen[TILE_OF[hx(2, 0)]] = True
    assert has_sight(s, 0, s.ashaks[0].pos, s.ashaks[1].pos, 1)
    s.shield[hx(1, 0)] = 2
    assert not has_sight(s, 0, s.ashaks[0].pos, s.ashaks[1].pos, 1)


def test_a_lake_ends_the_move_and_costs_2_hp() -> None:
    s = trio()
    h = put(s, 0, 0, -3)
    lake = hx(0, -4)
    set_type(s, lake, LAKE)
    reach = reachable(s, 0, h, 2)
    assert lake in reach
    assert hx(0, -5) not in reach  # only reachable through the lake, which stops the move
    act(s, 0, Move(lake))
    assert s.ashaks[0].hp == 18 and s.ap == 1


def test_unrevealed_tiles_cannot_be_entered_and_enemy_shields_cost_two() -> None:
    s = trio()
    h = put(s, 0, 0, -3)
    near = hx(1, -3)
    s.revealed[TILE_OF[near]] = False
    assert near not in reachable(s, 0, h, 2)
    set_type(s, near, CRYSTAL)
    s.shield[near] = 1
    assert reachable(s, 0, h, 2)[near] == 0  # entering costs both hexes of the move
    assert near not in reachable(s, 0, h, 1)
    s.shield[near] = 0  # its own shield costs nothing extra
    assert reachable(s, 0, h, 2)[near] == 1


def test_scouting_turns_a_tile_at_random_for_free() -> None:
    orients = set()
    for seed in range(12):
        s = new(("Atmos", "Renko"), seed=seed)
        seat = s.actor
        opts = [a for a in GAME.legal(s, seat) if isinstance(a, Scout)]
        assert opts, "a starting tile touches unrevealed tiles"
        t = opts[0].tile
        ap = s.ap
        act(s, seat, opts[0])
        assert s.revealed[t] and s.ap == ap
        orients.add(s.orient[t])
    assert len(orients) > 1


def test_collect_gathers_every_hex_and_dries_the_tile() -> None:
    s = trio()
    h = put(s, 0, -3, 5)  # tile 12's first hex
    t = TILE_OF[h]
    a, b, c = TILE_HEXES[t]
    set_type(s, a, FOREST)
    # Build the tile as Forest, Crystal, Interface by picking a face with that pattern.
    from engine.rivals.data.board import FACES, face_types

    face = next(f for f in range(6, 42) if FACES[f] == (FOREST, CRYSTAL, INTERFACE))
    other = s.face.index(face)
    s.face[other], s.face[t] = s.face[t], face
    s.orient[t] = 0
    assert face_types(face, 0) == (FOREST, CRYSTAL, INTERFACE)
    s.ashaks[0].pos = a  # enhanced forest
    ev = act(s, 0, Collect())
    assert s.ashaks[0].resins == 2 + 3 and s.ashaks[0].crystals == 1
    assert "Player 1 (Atmos) gains 1 crystal and 3 resins." in [e.text for e in ev]
    assert s.phase == "consult"
    row = list(s.iface_row)
    act(s, 0, Consult(False))
    act(s, 0, Install(row[0]))
    assert row[0] in s.hand[0] and len(s.iface_row) == 2
    assert s.drought[t] == 1
    assert GAME.why_illegal(s, 0, Collect()) == "This tile is dried up."


def test_a_collection_without_crystals_names_only_the_resins() -> None:
    from engine.rivals.data.board import ANTICIPATION, FACES

    s = trio()
    h = put(s, 0, -3, 5)
    t = TILE_OF[h]
    a = TILE_HEXES[t][0]
    face = next(f for f in range(6, 42) if FACES[f] == (FOREST, INTERFACE, ANTICIPATION))
    other = s.face.index(face)
    s.face[other], s.face[t] = s.face[t], face
    s.orient[t] = 0
    s.ashaks[0].pos = a  # the enhanced forest: 3 resins, and no crystal hex on this tile
    before = s.ashaks[0].resins
    texts = [e.text for e in act(s, 0, Collect())]
    assert s.ashaks[0].crystals == 0 and s.ashaks[0].resins == before + 3
    assert "Player 1 (Atmos) gains 3 resins." in texts  # not "0 crystals and 3 resins"


def test_a_third_shield_replaces_one_of_the_first_two() -> None:
    s = trio()
    s.ashaks[0].resins = 6
    put(s, 0, 0, -3)
    act(s, 0, MakeShield())
    put(s, 0, 0, -4)
    act(s, 0, MakeShield())
    put(s, 0, 1, -4)
    act(s, 0, MakeShield())
    assert s.phase == "dropshield"
    from engine.rivals.actions import DropShield

    act(s, 0, DropShield(hx(0, -3)))
    assert sorted(h for h, o in enumerate(s.shield) if o == 0) == sorted([hx(0, -4), hx(1, -4)])
