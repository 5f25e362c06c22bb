"""Lines of sight on the whole Wildtech: where the line between two hexes runs between two
hexes, both paths count, in every direction, and sight is the same both ways."""

from __future__ import annotations

from engine.rivals.actions import PlayCard, TargetAshak
from engine.rivals.data.board import HEX_INDEX, HEXES
from engine.rivals.game import GAME
from engine.rivals.geometry import DIST, N_HEX, sight_paths
from engine.rivals.queries import has_sight
from tests.engine.rivals.helpers import act, give, hx, put, ready_to_fight

PAIRS = [(a, b) for a in range(N_HEX) for b in range(N_HEX)]


def nearest_centres(a: int, b: int, k: int) -> set[int]:
    """The hexes whose centres are nearest the point k/n of the way from `a` to `b`, by the
    plane's own distance (whole numbers: coordinates scaled by n). Two when the point is the
    midpoint of the edge between them."""
    n = DIST[a][b]
    (q1, r1), (q2, r2) = HEXES[a], HEXES[b]
    x, y = q1 * n + (q2 - q1) * k, r1 * n + (r2 - r1) * k
    best: dict[int, set[int]] = {}
    # The nearest centre lies less than one hex from the point in each coordinate.
    for q in (x // n, x // n + 1):
        for r in (y // n, y // n + 1):
            if (q, r) in HEX_INDEX:
                dq, dr = q * n - x, r * n - y
                d = dq * dq + dq * dr + dr * dr  # a third of the squared distance in the plane, times n^2
                best.setdefault(d, set()).add(HEX_INDEX[(q, r)])
    return best[min(best)]


def side(a: int, b: int, h: int) -> int:
    """Which side of the line from `a` to `b` hex `h` lies on (+1, -1; 0 on the line)."""
    (q1, r1), (q2, r2), (q, r) = HEXES[a], HEXES[b], HEXES[h]
    cross = (q2 - q1) * (r - r1) - (r2 - r1) * (q - q1)
    return (cross > 0) - (cross < 0)


def tie_hexes(a: int, b: int) -> tuple[set[int], set[int]]:
    """The hexes the line from `a` to `b` runs between (the two nearest a sample), on its one
    side and on its other side; empty when it never runs between two hexes."""
    pairs = [c for k in range(1, DIST[a][b]) if len(c := nearest_centres(a, b, k)) == 2]
    ties = set().union(*pairs)
    return {h for h in ties if side(a, b, h) > 0}, {h for h in ties if side(a, b, h) < 0}


def test_a_line_between_two_hexes_has_both_paths_one_per_side_in_every_direction() -> None:
    lines = 0
    for a, b in PAIRS:
        n = DIST[a][b]
        near = [nearest_centres(a, b, k) for k in range(1, n)]
        paths = sight_paths(a, b)
        ties = [k for k, c in enumerate(near) if len(c) == 2]
        assert len(paths) == (2 if ties else 1), (HEXES[a], HEXES[b])
        for path in paths:
            assert all(h in c for h, c in zip(path, near, strict=True)), (HEXES[a], HEXES[b])
        if ties:
            lines += 1
            one, other = paths
            # Each path keeps to one side of the line at every tie, the other to the other side.
            assert len({side(a, b, one[k]) for k in ties}) == 1
            assert {side(a, b, one[k]) for k in ties} == {-side(a, b, other[k]) for k in ties}
    assert lines == 5202  # 3,468 lines with one tie and 1,734 with several


def test_the_paths_back_are_the_paths_there_and_turn_with_the_map() -> None:
    def turn(h: int) -> int:  # a sixth of a turn about the Volcano
        q, r = HEXES[h]
        return HEX_INDEX[(-r, q + r)]

    def mirror(h: int) -> int:
        q, r = HEXES[h]
        return HEX_INDEX[(r, q)]

    for a, b in PAIRS:
        paths = set(sight_paths(a, b))
        assert {p[::-1] for p in sight_paths(b, a)} == paths
        for f in (turn, mirror):
            assert set(sight_paths(f(a), f(b))) == {tuple(f(h) for h in p) for p in paths}


def test_a_line_between_two_hexes_is_blocked_only_when_both_paths_are() -> None:
    """For every such line on the map, both ways: an opposing shield on each hex only one path
    crosses leaves sight by the other path; shields on both paths block it."""
    s = ready_to_fight(("Atmos", "Renko", "Phae"))
    s.ashaks[2].alive = False  # Phae stands nowhere in between; her shields are the blockers
    checked = 0
    for a, b in PAIRS:
        left, right = tie_hexes(a, b)
        if not left:
            continue
        s.ashaks[0].pos, s.ashaks[1].pos = a, b
        for blocked in (left, right, left | right):
            for h in blocked:
                s.shield[h] = 2
            expected = blocked != left | right
            assert has_sight(s, 0, a, b, 1) is expected, (HEXES[a], HEXES[b], blocked)
            assert has_sight(s, 1, b, a, 0) is expected, (HEXES[b], HEXES[a], blocked)
            for h in blocked:
                s.shield[h] = -1
        checked += 1
    assert checked == 5202


def test_the_named_ties_see_past_an_ashak_on_one_of_the_two_hexes() -> None:
    """From (0,1) to (-1,0) the line runs between (0,0) and (-1,1); from (-2,2) to (-1,3)
    between (-1,2) and (-2,3). A rival on one of the two leaves the Blaster its target; an
    opposing shield on the other one too takes it away."""
    for (src, dst), (first, second) in (
        (((0, 1), (-1, 0)), ((0, 0), (-1, 1))),
        (((-1, 0), (0, 1)), ((-1, 1), (0, 0))),
        (((-2, 2), (-1, 3)), ((-1, 2), (-2, 3))),
        (((-1, 3), (-2, 2)), ((-2, 3), (-1, 2))),
    ):
        s = ready_to_fight(("Atmos", "Renko", "Phae"))
        put(s, 0, *src)
        put(s, 1, *dst)
        put(s, 2, *first)
        act(s, 0, PlayCard(give(s, 0, "Blaster")))
        assert TargetAshak(1) in GAME.legal(s, 0), (src, dst)
        s.shield[hx(*second)] = 2
        assert TargetAshak(1) not in GAME.legal(s, 0), (src, dst)
